import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { appointments, dealers } from "../../db/schema.ts";
import {
  type AppointmentKind,
  addDays,
  BOOKING_DAYS,
  type FreeSlot,
  freeSlots,
  isBookable,
  type IsoDate,
  saDateOf,
  saInstant,
  SLOT_MINUTES,
  slotsOn,
  type WeeklyHours,
  weeklyHours,
} from "./calendar.ts";

/** What the visitor is told when another booking took the last place first (answered with 409). */
export const SLOT_TAKEN_MESSAGE = "That time has just been taken, please pick another";

/** Thrown inside a booking transaction when the slot is full, so that nothing of the lead is stored. */
export class SlotTaken extends Error {
  constructor() {
    super(SLOT_TAKEN_MESSAGE);
  }
}

type Executor = Pick<Database, "select" | "insert" | "update" | "execute">;

export type DealerCalendar = {
  dealerId: number;
  slug: string;
  dealerName: string;
  schedule: WeeklyHours;
  capacity: Record<AppointmentKind, number>;
};

const calendarColumns = {
  id: dealers.id,
  slug: dealers.slug,
  dealerName: dealers.dealerName,
  businessHours: dealers.businessHours,
  testDriveCapacity: dealers.testDriveCapacity,
  serviceCapacity: dealers.serviceCapacity,
};

function toCalendar(row: {
  id: number;
  slug: string;
  dealerName: string;
  businessHours: Parameters<typeof weeklyHours>[0];
  testDriveCapacity: number;
  serviceCapacity: number;
}): DealerCalendar {
  return {
    dealerId: row.id,
    slug: row.slug,
    dealerName: row.dealerName,
    schedule: weeklyHours(row.businessHours),
    capacity: { "test-drive": row.testDriveCapacity, service: row.serviceCapacity },
  };
}

/** A dealer's hours and capacities, read from the dealers table (so that edited hours change the slots at once). */
export async function dealerCalendar(db: Executor, slug: string): Promise<DealerCalendar | null> {
  const [row] = await db.select(calendarColumns).from(dealers).where(eq(dealers.slug, slug)).limit(1);
  return row ? toCalendar(row) : null;
}

/** Booked appointments per slot start (epoch ms) of one dealer and kind, in [from, to). */
async function bookedCounts(
  db: Executor,
  dealerId: number,
  kind: AppointmentKind,
  from: Date,
  to: Date,
): Promise<Map<number, number>> {
  const rows = await db
    .select({ startsAt: appointments.startsAt, booked: sql<number>`count(*)::int` })
    .from(appointments)
    .where(
      and(
        eq(appointments.dealerId, dealerId),
        eq(appointments.kind, kind),
        eq(appointments.status, "booked"),
        gte(appointments.startsAt, from),
        lt(appointments.startsAt, to),
      ),
    )
    .groupBy(appointments.startsAt);
  return new Map(rows.map((row) => [new Date(row.startsAt).getTime(), Number(row.booked)]));
}

/** The free slots of a dealer from a date to the end of the booking window (14 days from today). */
export async function listFreeSlots(
  db: Executor,
  calendar: DealerCalendar,
  kind: AppointmentKind,
  options: { now: Date; from?: IsoDate; days?: number },
): Promise<FreeSlot[]> {
  const today = saDateOf(options.now);
  const windowStart = saInstant(today, "00:00");
  const windowEnd = saInstant(addDays(today, BOOKING_DAYS), "00:00");
  const booked = await bookedCounts(db, calendar.dealerId, kind, windowStart, windowEnd);
  return freeSlots({
    schedule: calendar.schedule,
    capacity: calendar.capacity[kind],
    booked,
    now: options.now,
    from: options.from,
    days: options.days,
  });
}

/**
 * Why a start time cannot be booked at this dealer (not one of its slots, past, too soon or too far ahead),
 * or null when it can (capacity is checked when booking).
 */
export function slotProblem(calendar: DealerCalendar, start: Date, now: Date): string | null {
  const date = saDateOf(start);
  const isSlot = slotsOn(calendar.schedule, date).some((slot) => slot.start.getTime() === start.getTime());
  if (!isSlot)
    return `${calendar.dealerName} does not take bookings at that time; please choose one of the times offered`;
  if (!isBookable(start, now)) return `Please choose a time from an hour from now up to ${BOOKING_DAYS} days ahead`;
  return null;
}

/**
 * Takes a place in a slot, inside the caller's transaction: the dealer's row is locked (FOR NO KEY UPDATE,
 * so that enquiries referencing it are not blocked) so that bookings at one dealer are counted one at a
 * time, then the slot's bookings are counted against the capacity. Throws SlotTaken when it is full: of two
 * visitors racing for the last place exactly one wins, on PostgreSQL and PGlite alike.
 */
export async function reserveSlot(
  tx: Executor,
  booking: { dealerId: number; kind: AppointmentKind; start: Date },
): Promise<void> {
  const [row] = await tx
    .select(calendarColumns)
    .from(dealers)
    .where(eq(dealers.id, booking.dealerId))
    .for("no key update");
  if (!row) throw new SlotTaken();
  const capacity = toCalendar(row).capacity[booking.kind];
  const end = new Date(booking.start.getTime() + SLOT_MINUTES * 60_000);
  const booked =
    (await bookedCounts(tx, booking.dealerId, booking.kind, booking.start, end)).get(booking.start.getTime()) ?? 0;
  if (booked >= capacity) throw new SlotTaken();
}

/** Stores the appointment of an enquiry, in the transaction that reserved its slot (reserveSlot). */
export async function insertAppointment(
  tx: Executor,
  booking: { dealerId: number; kind: AppointmentKind; start: Date; enquiryId: string },
): Promise<void> {
  await tx.insert(appointments).values({
    enquiryId: booking.enquiryId,
    dealerId: booking.dealerId,
    kind: booking.kind,
    startsAt: booking.start,
    endsAt: new Date(booking.start.getTime() + SLOT_MINUTES * 60_000),
  });
}

export type AppointmentView = {
  id: string;
  enquiryId: string;
  dealerId: number;
  kind: AppointmentKind;
  start: Date;
  end: Date;
  status: "booked" | "cancelled";
  version: number;
};

const toView = (row: typeof appointments.$inferSelect): AppointmentView => ({
  id: row.id,
  enquiryId: row.enquiryId,
  dealerId: row.dealerId,
  kind: row.kind as AppointmentKind,
  start: row.startsAt,
  end: row.endsAt,
  status: row.status as AppointmentView["status"],
  version: row.version,
});

export async function findAppointment(db: Executor, id: string): Promise<AppointmentView | null> {
  const [row] = await db.select().from(appointments).where(eq(appointments.id, id)).limit(1);
  return row ? toView(row) : null;
}

export async function appointmentOfEnquiry(db: Executor, enquiryId: string): Promise<AppointmentView | null> {
  const [row] = await db.select().from(appointments).where(eq(appointments.enquiryId, enquiryId)).limit(1);
  return row ? toView(row) : null;
}

/** Cancels a booked appointment (its place is free at once); answers false when it was not booked. */
export async function cancelAppointment(tx: Executor, id: string, now: Date): Promise<boolean> {
  const changed = await tx
    .update(appointments)
    .set({ status: "cancelled", version: sql`${appointments.version} + 1`, updatedAt: now })
    .where(and(eq(appointments.id, id), eq(appointments.status, "booked")))
    .returning({ id: appointments.id });
  return changed.length > 0;
}

/**
 * Moves a booked appointment to another slot of the same dealer and kind, in the caller's transaction;
 * throws SlotTaken when the new slot is full (its own place in the old slot does not count).
 */
export async function moveAppointment(
  tx: Executor,
  appointment: AppointmentView,
  start: Date,
  now: Date,
): Promise<void> {
  if (start.getTime() !== appointment.start.getTime()) {
    await reserveSlot(tx, { dealerId: appointment.dealerId, kind: appointment.kind, start });
  }
  await tx
    .update(appointments)
    .set({
      startsAt: start,
      endsAt: new Date(start.getTime() + SLOT_MINUTES * 60_000),
      version: sql`${appointments.version} + 1`,
      updatedAt: now,
    })
    .where(and(eq(appointments.id, appointment.id), eq(appointments.status, "booked")));
}
