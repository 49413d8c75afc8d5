import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { appointments, dealers, enquiries } from "../../db/schema.ts";
import { cloneTemplate } from "../../tests/support/template-db.ts";
import { submitEnquiry } from "../leads/enquiries.server.ts";
import { FORM_PRESETS } from "../leads/presets.ts";
import { cancelAppointment, dealerCalendar, listFreeSlots, SLOT_TAKEN_MESSAGE } from "./appointments.server.ts";
import { saIso } from "./calendar.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
});
afterAll(() => database.close());

/** Friday 27 November 2026, noon in South Africa: Saturday 28th is bookable. */
const NOW = new Date("2026-11-27T12:00:00+02:00").getTime();
const SATURDAY_0930 = "2026-11-28T09:30:00+02:00";

let serial = 0;
function booking(form: "testDrive" | "service", dealer: string, start: string) {
  serial += 1;
  return {
    form_name: FORM_PRESETS[form].formName,
    first_name: "Lindiwe",
    last_name: "Khumalo",
    email: `lindiwe.${serial}@example.co.za`,
    cell_phone: "083 555 0101",
    terms: true,
    dealer_slug: dealer,
    uri: form === "testDrive" ? "/book-test-drive/honda/hr-v" : "/service",
    make: "Honda",
    model: "HR-V",
    year: 2019,
    appointment_start: start,
  };
}
const submit = (raw: unknown) => submitEnquiry(database.db, raw, { now: () => NOW, requireAppointment: true });

async function setCapacity(slug: string, testDrives: number, services: number) {
  await database.db
    .update(dealers)
    .set({ testDriveCapacity: testDrives, serviceCapacity: services })
    .where(eq(dealers.slug, slug));
}

/** The free slots of Saturday 28th, seen on Friday at noon. */
const saturdaySlots = (calendar: Parameters<typeof listFreeSlots>[1], kind: Parameters<typeof listFreeSlots>[2]) =>
  listFreeSlots(database.db, calendar, kind, { now: new Date(NOW), from: "2026-11-28", days: 1 });

describe("booking a slot with the enquiry", () => {
  it("stores the appointment with the lead, and the slot shows one place fewer", async () => {
    const calendar = (await dealerCalendar(database.db, "honda-menlyn"))!;
    const before = await saturdaySlots(calendar, "test-drive");
    expect(before.find((slot) => saIso(slot.start) === SATURDAY_0930)?.placesLeft).toBe(2);
    const outcome = await submit(booking("testDrive", "honda-menlyn", SATURDAY_0930));
    expect(outcome.kind).toBe("stored");
    const [stored] = await database.db
      .select({ start: appointments.startsAt, kind: appointments.kind, status: appointments.status })
      .from(appointments)
      .where(eq(appointments.enquiryId, outcome.kind === "stored" ? outcome.id : ""));
    expect(stored).toMatchObject({ kind: "test-drive", status: "booked" });
    expect(saIso(stored!.start)).toBe(SATURDAY_0930);
    const after = await saturdaySlots(calendar, "test-drive");
    expect(after.find((slot) => saIso(slot.start) === SATURDAY_0930)?.placesLeft).toBe(1);
  });

  it("refuses a time the dealer is closed, one too soon, and a form that books no slot; requires one on the pages", async () => {
    const sunday = await submit(booking("testDrive", "honda-menlyn", "2026-11-29T09:30:00+02:00"));
    expect(sunday).toMatchObject({ kind: "invalid", violations: [{ propertyPath: "appointment_start" }] });
    const soon = await submit(booking("testDrive", "honda-menlyn", "2026-11-27T12:30:00+02:00"));
    expect(soon).toMatchObject({
      kind: "invalid",
      violations: [{ propertyPath: "appointment_start", message: expect.stringContaining("an hour from now") }],
    });
    const kimberleySaturday = await submit(booking("service", "honda-kimberley", SATURDAY_0930));
    expect(kimberleySaturday.kind).toBe("invalid");
    const none = await submit({ ...booking("service", "honda-menlyn", SATURDAY_0930), appointment_start: "" });
    expect(none).toMatchObject({
      kind: "invalid",
      violations: [{ propertyPath: "appointment_start", message: "Please choose a date and time" }],
    });
    const parts = await submit({ ...booking("service", "honda-menlyn", SATURDAY_0930), form_name: "Parts Enquiry" });
    expect(parts).toMatchObject({ kind: "invalid", violations: [{ propertyPath: "appointment_start" }] });
  });
});

describe("the last places in a slot", () => {
  it("does not offer a full slot, and answers a booking for it with the slot-taken message", async () => {
    await setCapacity("honda-umhlanga", 1, 1);
    const start = "2026-11-28T10:00:00+02:00";
    expect((await submit(booking("service", "honda-umhlanga", start))).kind).toBe("stored");
    const calendar = (await dealerCalendar(database.db, "honda-umhlanga"))!;
    const slots = await saturdaySlots(calendar, "service");
    expect(slots.map((slot) => saIso(slot.start))).not.toContain(start);
    // Test drives have their own capacity.
    const drives = await saturdaySlots(calendar, "test-drive");
    expect(drives.map((slot) => saIso(slot.start))).toContain(start);
    expect(await submit(booking("service", "honda-umhlanga", start))).toEqual({
      kind: "slot-taken",
      message: SLOT_TAKEN_MESSAGE,
    });
  });

  it("two visitors racing for the last place: exactly one wins, the other stores nothing", async () => {
    await setCapacity("honda-gqeberha", 1, 4);
    const start = "2026-11-30T08:00:00+02:00";
    const leadsBefore = (await database.db.select({ n: count() }).from(enquiries))[0]!.n;
    const outcomes = await Promise.all([
      submit(booking("testDrive", "honda-gqeberha", start)),
      submit(booking("testDrive", "honda-gqeberha", start)),
      submit(booking("testDrive", "honda-gqeberha", start)),
    ]);
    expect(outcomes.filter((o) => o.kind === "stored")).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === "slot-taken")).toHaveLength(2);
    const leadsAfter = (await database.db.select({ n: count() }).from(enquiries))[0]!.n;
    expect(leadsAfter - leadsBefore).toBe(1);
    const dealerId = (await dealerCalendar(database.db, "honda-gqeberha"))!.dealerId;
    const [booked] = await database.db
      .select({ n: count() })
      .from(appointments)
      .where(
        and(
          eq(appointments.dealerId, dealerId),
          eq(appointments.startsAt, new Date(start)),
          eq(appointments.status, "booked"),
        ),
      );
    expect(booked!.n).toBe(1);
  });

  it("cancelling frees the place", async () => {
    await setCapacity("honda-polokwane", 1, 4);
    const start = "2026-11-30T09:00:00+02:00";
    const first = await submit(booking("testDrive", "honda-polokwane", start));
    expect((await submit(booking("testDrive", "honda-polokwane", start))).kind).toBe("slot-taken");
    const [appointment] = await database.db
      .select()
      .from(appointments)
      .where(eq(appointments.enquiryId, first.kind === "stored" ? first.id : ""));
    expect(await cancelAppointment(database.db, appointment!.id, new Date(NOW))).toBe(true);
    expect(await cancelAppointment(database.db, appointment!.id, new Date(NOW))).toBe(false);
    expect((await submit(booking("testDrive", "honda-polokwane", start))).kind).toBe("stored");
  });
});
