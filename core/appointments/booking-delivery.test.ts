import { sql } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { createLogger } from "../../server/logger.ts";
import { startSmtpPeer, type SmtpPeer } from "../../tests/support/smtp-peer.ts";
import { cloneTemplate } from "../../tests/support/template-db.ts";
import { dtdViolations, xpath } from "../../tests/support/xmllint.ts";
import { createMailer } from "../delivery/email.server.ts";
import { FinanceCipher } from "../finance/encryption.server.ts";
import { LeadDeliveryWorker } from "../delivery/worker.server.ts";
import { submitEnquiry } from "../leads/enquiries.server.ts";
import { FORM_PRESETS } from "../leads/presets.ts";
import { appointmentOfEnquiry, dealerCalendar, listFreeSlots } from "./appointments.server.ts";
import { saIso } from "./calendar.ts";
import { cancelBooking, moveBooking } from "./changes.server.ts";
import { LinkSigner, manageAppointmentLinkState, manageAppointmentPath } from "./links.server.ts";

let database: DatabaseHandle;
let smtp: SmtpPeer;
const signer = LinkSigner.ephemeral();
const SITE = "https://www.honda-group.example";

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  smtp = await startSmtpPeer();
});
afterAll(async () => {
  await smtp.close();
  await database.close();
});
beforeEach(() => {
  smtp.messages.length = 0;
});

const worker = () =>
  new LeadDeliveryWorker({
    db: database.db,
    logger: createLogger("silent"),
    mailer: createMailer({ smtpUrl: smtp.url, outboxDir: "/nonexistent", from: "Leads <leads@group.example>" }),
    siteUrl: SITE,
    financeCipher: FinanceCipher.ephemeral(),
    linkSigner: signer,
  });

async function deliverAll(): Promise<ParsedMail[]> {
  const w = worker();
  while ((await w.runOnce()) > 0);
  return [...smtp.messages];
}
const to = (mails: ParsedMail[], address: string) =>
  mails.filter((mail) => !Array.isArray(mail.to) && mail.to?.text === address);

/** The dealer's first free test-drive slots now (the worker and the links use the real clock). */
async function freeStarts(slug: string) {
  const calendar = (await dealerCalendar(database.db, slug))!;
  return (await listFreeSlots(database.db, calendar, "test-drive", { now: new Date() })).map((slot) => slot.start);
}

async function bookTestDrive(email: string, start: Date) {
  const outcome = await submitEnquiry(
    database.db,
    {
      form_name: FORM_PRESETS.testDrive.formName,
      first_name: "Naledi",
      last_name: "Dube",
      email,
      cell_phone: "082 555 0123",
      terms: true,
      dealer_slug: "honda-cape-town",
      model: "HR-V",
      uri: "/book-test-drive/honda/hr-v",
      appointment_start: saIso(start),
    },
    { requireAppointment: true },
  );
  if (outcome.kind !== "stored") throw new Error(JSON.stringify(outcome));
  return (await appointmentOfEnquiry(database.db, outcome.id))!;
}

describe("an appointment in the lead and the buyer's confirmation", () => {
  it("carries the time in the ADF and the dealer's e-mail, and sends the buyer an .ics with a signed link", async () => {
    const [start] = await freeStarts("honda-cape-town");
    const appointment = await bookTestDrive("naledi.booked@example.co.za", start!);
    const mails = await deliverAll();

    const crm = to(mails, "crm@honda-cape-town.example.co.za")[0]!;
    expect(await dtdViolations(crm.text!)).toBe("");
    const adfTime = async (element: string) =>
      (await xpath(crm.text!, `string(//customer/timeframe/${element})`)).trim();
    expect(await adfTime("earliestdate")).toBe(saIso(start!));
    expect(await adfTime("latestdate")).toBe(saIso(new Date(start!.getTime() + 30 * 60_000)));
    expect(await adfTime("description")).toMatch(
      /^Test drive on \w+day \d{1,2} \w+ \d{4} at \d{2}:\d{2} to \d{2}:\d{2}$/,
    );
    expect(await xpath(crm.text!, "string(//vehicle/@interest)")).toContain("test-drive");
    expect((await xpath(crm.text!, "string(/adf/prospect/@status)")).trim()).toBe("new");

    const people = to(mails, "leads@honda-cape-town.example.co.za")[0]!;
    expect(people.text).toMatch(/Appointment: Test drive on \w+day .* at \d{2}:\d{2}/);

    const confirmation = to(mails, "naledi.booked@example.co.za")[0]!;
    expect(confirmation.subject).toMatch(
      /^Booked: your test drive of the Honda HR-V at Honda Cape Town, \w+day .* at \d{2}:\d{2} \(HDG-[0-9A-F]{8}\)$/,
    );
    const link = /https:\/\/www\.honda-group\.example(\/appointments\/[^\s]+)/.exec(confirmation.text!)![1]!;
    expect(link).toBe(manageAppointmentPath(signer, appointment));
    // The dealer's phone and opening hours, as every confirmation gives them.
    expect(confirmation.text).toContain("Honda Cape Town: 0");
    expect(confirmation.text).toMatch(/\n\nOpening hours:\nMonday to Friday: \d{2}:\d{2} – \d{2}:\d{2}\n/);
    expect(confirmation.html).toContain("<p>Opening hours:</p><ul><li>Monday to Friday: ");
    const ics = confirmation.attachments.find((file) => file.filename === "appointment.ics")!;
    expect(ics.contentType).toBe("text/calendar");
    const calendar = ics.content.toString("utf8");
    expect(calendar).toContain("METHOD:REQUEST");
    expect(calendar).toContain(`UID:${appointment.id}@honda-dealer-group`);
    expect(calendar).toContain(`DTSTART:${start!.toISOString().replace(/[-:]|\.\d{3}/g, "")}`);
    expect(calendar).toContain("STATUS:CONFIRMED");
  });
});

describe("an appointment cancelled or moved by the buyer", () => {
  it("cancelling frees the slot, tells the dealer and sends the buyer a cancelling .ics", async () => {
    await database.db.execute(sql`update dealers set test_drive_capacity = 1 where slug = 'honda-cape-town'`);
    const [, start] = await freeStarts("honda-cape-town");
    const appointment = await bookTestDrive("naledi.cancels@example.co.za", start!);
    expect((await freeStarts("honda-cape-town")).map(Number)).not.toContain(start!.getTime());
    await deliverAll();
    smtp.messages.length = 0;

    expect(await cancelBooking(database.db, appointment, new Date())).toBe("cancelled");
    expect((await freeStarts("honda-cape-town")).map(Number)).toContain(start!.getTime());
    const mails = await deliverAll();
    const people = to(mails, "leads@honda-cape-town.example.co.za")[0]!;
    expect(people.subject).toMatch(/^Appointment cancelled: New lead: Book Test Drive - Naledi Dube/);
    expect(people.text).toMatch(/Appointment: Test drive on .* \(cancelled by the buyer\)/);
    const crm = to(mails, "crm@honda-cape-town.example.co.za")[0]!;
    expect(crm.subject).toMatch(/^Appointment cancelled: Honda Cape Town: Book Test Drive lead/);
    expect(await dtdViolations(crm.text!)).toBe("");
    expect((await xpath(crm.text!, "string(/adf/prospect/@status)")).trim()).toBe("resend");
    expect((await xpath(crm.text!, "string(//customer/timeframe/description)")).trim()).toMatch(
      /^Test drive on .* \(cancelled by the buyer\)$/,
    );
    expect((await xpath(crm.text!, "string(//vehicle/year)")).trim()).toMatch(/^\d{4}$/);
    const buyer = to(mails, "naledi.cancels@example.co.za")[0]!;
    expect(buyer.subject).toMatch(/^Cancelled: your test drive/);
    expect(buyer.text).toContain("Opening hours:\nMonday to Friday: ");
    const calendar = buyer.attachments[0]!.content.toString("utf8");
    expect(calendar).toContain("METHOD:CANCEL");
    expect(calendar).toContain("SEQUENCE:1");
    expect(await cancelBooking(database.db, appointment, new Date())).toBe("not-booked");
    await database.db.execute(sql`update dealers set test_drive_capacity = 2 where slug = 'honda-cape-town'`);
  });

  it("moving takes the new slot (409-style refusal when full) and sends the new time", async () => {
    const [first, second] = await freeStarts("honda-cape-town");
    const appointment = await bookTestDrive("naledi.moves@example.co.za", first!);
    await deliverAll();
    smtp.messages.length = 0;
    expect(await moveBooking(database.db, appointment, first!, new Date())).toMatchObject({ kind: "invalid" });
    expect(
      await moveBooking(database.db, appointment, new Date("2020-01-01T08:00:00+02:00"), new Date()),
    ).toMatchObject({ kind: "invalid" });
    await database.db.execute(sql`update dealers set test_drive_capacity = 0 where slug = 'honda-cape-town'`);
    expect(await moveBooking(database.db, appointment, second!, new Date())).toMatchObject({ kind: "slot-taken" });
    await database.db.execute(sql`update dealers set test_drive_capacity = 2 where slug = 'honda-cape-town'`);
    expect(await moveBooking(database.db, appointment, second!, new Date())).toEqual({ kind: "moved" });
    const moved = (await appointmentOfEnquiry(database.db, appointment.enquiryId))!;
    expect(moved.start.getTime()).toBe(second!.getTime());
    const mails = await deliverAll();
    expect(to(mails, "leads@honda-cape-town.example.co.za")[0]!.subject).toMatch(/^Appointment moved: /);
    const crm = to(mails, "crm@honda-cape-town.example.co.za")[0]!;
    expect(crm.subject).toMatch(/^Appointment moved: Honda Cape Town: Book Test Drive lead HDG-[0-9A-F]{8}$/);
    expect(await dtdViolations(crm.text!)).toBe("");
    expect((await xpath(crm.text!, "string(/adf/prospect/@status)")).trim()).toBe("resend");
    expect((await xpath(crm.text!, "string(//customer/timeframe/earliestdate)")).trim()).toBe(saIso(second!));
    const buyer = to(mails, "naledi.moves@example.co.za")[0]!;
    expect(buyer.attachments[0]!.content.toString("utf8")).toContain(
      `DTSTART:${second!.toISOString().replace(/[-:]|\.\d{3}/g, "")}`,
    );
    expect(buyer.messageId).toContain("-v2@");
  });
});

describe("signed links to move or cancel", () => {
  const id = "5b4f0c4e-8f0e-4d8a-9a55-3f1d2c7b9e10";
  const start = new Date(Date.now() + 86_400_000);
  const query = (path: string) => {
    const params = new URL(path, SITE).searchParams;
    return { expires: params.get("expires")!, signature: params.get("signature")! };
  };

  it("accept the link as signed until the appointment starts", () => {
    const link = query(manageAppointmentPath(signer, { id, start, version: 1 }));
    expect(manageAppointmentLinkState(signer, { id, version: 1 }, link, new Date())).toBe("valid");
    expect(manageAppointmentLinkState(signer, { id, version: 1 }, link, new Date(start.getTime() + 1000))).toBe(
      "expired",
    );
  });

  it("refuse a tampered link: another appointment, a later expiry, a changed signature, another key", () => {
    const link = query(manageAppointmentPath(signer, { id, start, version: 1 }));
    const state = (appointmentId: string, given: { expires: unknown; signature: unknown }, key = signer) =>
      manageAppointmentLinkState(key, { id: appointmentId, version: 1 }, given, new Date());
    expect(state("6b4f0c4e-8f0e-4d8a-9a55-3f1d2c7b9e10", link)).toBe("invalid");
    expect(state(id, { ...link, expires: String(Number(link.expires) + 86_400) })).toBe("invalid");
    const flipped = link.signature!.slice(0, -1) + (link.signature!.endsWith("A") ? "B" : "A");
    expect(state(id, { ...link, signature: flipped })).toBe("invalid");
    expect(state(id, link, LinkSigner.ephemeral())).toBe("invalid");
    expect(state(id, { expires: "soon", signature: link.signature })).toBe("invalid");
    expect(state(id, { expires: null, signature: null })).toBe("invalid");
  });

  it("are revoked by a move: the link e-mailed before it answers revoked, the one e-mailed after it works", async () => {
    const [first, second] = await freeStarts("honda-cape-town");
    const appointment = await bookTestDrive("naledi.relinked@example.co.za", first!);
    const linkIn = (mails: ParsedMail[]) =>
      query(
        /https:\/\/www\.honda-group\.example(\/appointments\/[^\s]+)/.exec(
          to(mails, "naledi.relinked@example.co.za")[0]!.text!,
        )![1]!,
      );
    const booked = linkIn(await deliverAll());
    smtp.messages.length = 0;
    expect(manageAppointmentLinkState(signer, appointment, booked, new Date())).toBe("valid");

    expect(await moveBooking(database.db, appointment, second!, new Date())).toEqual({ kind: "moved" });
    const moved = (await appointmentOfEnquiry(database.db, appointment.enquiryId))!;
    const movedLink = linkIn(await deliverAll());
    expect(manageAppointmentLinkState(signer, moved, booked, new Date())).toBe("revoked");
    expect(manageAppointmentLinkState(signer, moved, movedLink, new Date())).toBe("valid");

    // Moving back to the first time does not bring the first link back.
    smtp.messages.length = 0;
    expect(await moveBooking(database.db, moved, first!, new Date())).toEqual({ kind: "moved" });
    const movedBack = (await appointmentOfEnquiry(database.db, appointment.enquiryId))!;
    expect(manageAppointmentLinkState(signer, movedBack, booked, new Date())).toBe("revoked");
    expect(manageAppointmentLinkState(signer, movedBack, movedLink, new Date())).toBe("revoked");
    expect(manageAppointmentLinkState(signer, movedBack, linkIn(await deliverAll()), new Date())).toBe("valid");
  });
});
