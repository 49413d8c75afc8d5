import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { appointmentOfEnquiry, dealerCalendar, listFreeSlots } from "../core/appointments/appointments.server.ts";
import { saIso } from "../core/appointments/calendar.ts";
import { LinkSigner, manageAppointmentPath } from "../core/appointments/links.server.ts";
import { submitEnquiry } from "../core/leads/enquiries.server.ts";
import { FORM_PRESETS } from "../core/leads/presets.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { capturingLogger } from "../tests/support/log-capture.ts";
import { builtSite, serveOverHttp } from "../tests/support/page-server.ts";
import { cloneTemplate } from "../tests/support/template-db.ts";
import { createApp } from "./app.ts";

/**
 * The buyer's move-or-cancel page over HTTP: moving the appointment revokes the link it was opened
 * with, which then answers 410 with a message saying so, while the link to the new time works. Needs `npm run build`.
 */
let database: DatabaseHandle;
let site: Awaited<ReturnType<typeof serveOverHttp>>;
const linkSigner = LinkSigner.ephemeral();

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  site = await serveOverHttp(
    createApp({ db: database.db, logger: capturingLogger("warn").logger, linkSigner, ...(await builtSite()) }),
  );
});
afterAll(async () => {
  await site?.close();
  await database?.close();
});

async function bookTestDrive(start: Date) {
  const outcome = await submitEnquiry(
    database.db,
    {
      form_name: FORM_PRESETS.testDrive.formName,
      first_name: "Sizwe",
      last_name: "Ndlovu",
      email: "sizwe.moves@example.co.za",
      cell_phone: "082 555 0456",
      terms: true,
      dealer_slug: "honda-sandton",
      model: "Jazz",
      uri: "/book-test-drive/honda/jazz",
      appointment_start: saIso(start),
    },
    { requireAppointment: true },
  );
  if (outcome.kind !== "stored") throw new Error(JSON.stringify(outcome));
  return (await appointmentOfEnquiry(database.db, outcome.id))!;
}

describe("moving an appointment", () => {
  it("revokes the link it was moved with: that link answers 410 'replaced', the new one opens the appointment", async () => {
    const calendar = (await dealerCalendar(database.db, "honda-sandton"))!;
    const [first, second] = (await listFreeSlots(database.db, calendar, "test-drive", { now: new Date() })).map(
      (slot) => slot.start,
    );
    const appointment = await bookTestDrive(first!);
    const oldLink = manageAppointmentPath(linkSigner, appointment);
    expect((await fetch(site.baseUrl + oldLink)).status).toBe(200);

    const newTime = saIso(second!);
    const oldQuery = new URL(oldLink, site.baseUrl).searchParams;
    const move = await fetch(site.baseUrl + new URL(oldLink, site.baseUrl).pathname, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.baseUrl },
      body: new URLSearchParams({
        expires: oldQuery.get("expires")!,
        signature: oldQuery.get("signature")!,
        intent: "move",
        appointment_date: newTime.slice(0, 10),
        appointment_time: newTime.slice(11, 16),
      }),
    });
    expect(move.status).toBe(303);
    const newLink = move.headers.get("location")!;
    expect(newLink).toMatch(/^\/appointments\/[0-9a-f-]{36}\?expires=\d+&signature=[\w-]+&changed=moved$/);

    const revoked = await fetch(site.baseUrl + oldLink);
    expect(revoked.status).toBe(410);
    const revokedPage = await revoked.text();
    expect(revokedPage).toContain("This link has been replaced");
    expect(revokedPage).toContain(
      "The appointment was moved or cancelled after this link was sent, so it no longer works.",
    );

    // Nor can the old link act: a cancellation sent with it is refused and the appointment stays at the new time.
    const cancel = await fetch(site.baseUrl + new URL(oldLink, site.baseUrl).pathname, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.baseUrl },
      body: new URLSearchParams({
        expires: oldQuery.get("expires")!,
        signature: oldQuery.get("signature")!,
        intent: "cancel",
      }),
    });
    expect(cancel.status).toBe(410);
    expect(await appointmentOfEnquiry(database.db, appointment.enquiryId)).toMatchObject({
      status: "booked",
      start: second,
      version: 2,
    });

    const current = await fetch(site.baseUrl + newLink);
    expect(current.status).toBe(200);
    expect(await current.text()).toContain("Moved. We have e-mailed you the new time for your calendar");
  });
});
