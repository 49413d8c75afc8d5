import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { dealers } from "../../db/schema.ts";
import { requeueDeliveries } from "../delivery/outbox.server.ts";
import {
  type AppointmentView,
  cancelAppointment,
  dealerCalendar,
  moveAppointment,
  SlotTaken,
  SLOT_TAKEN_MESSAGE,
  slotProblem,
} from "./appointments.server.ts";

/**
 * A buyer's changes to their appointment through the signed link. Each change and the lead's
 * delivery again are one transaction: the dealer's channels get the lead as it now is (subject "Appointment
 * cancelled" or "moved") and the buyer a new confirmation whose .ics updates or removes the calendar entry.
 */

export async function cancelBooking(
  db: Database,
  appointment: AppointmentView,
  now: Date,
): Promise<"cancelled" | "not-booked"> {
  return db.transaction(async (tx) => {
    if (!(await cancelAppointment(tx, appointment.id, now))) return "not-booked" as const;
    await requeueDeliveries(tx, appointment.enquiryId, { all: true });
    return "cancelled" as const;
  });
}

export type MoveOutcome =
  | { kind: "moved" }
  | { kind: "invalid"; message: string }
  | { kind: "slot-taken"; message: string };

export async function moveBooking(
  db: Database,
  appointment: AppointmentView,
  start: Date,
  now: Date,
): Promise<MoveOutcome> {
  if (appointment.status !== "booked")
    return { kind: "invalid", message: "This appointment is cancelled; please book a new one" };
  if (start.getTime() === appointment.start.getTime())
    return { kind: "invalid", message: "That is the time you have booked; please choose another" };
  const [dealer] = await db.select({ slug: dealers.slug }).from(dealers).where(eq(dealers.id, appointment.dealerId));
  const calendar = dealer ? await dealerCalendar(db, dealer.slug) : null;
  const problem = calendar ? slotProblem(calendar, start, now) : "This dealership no longer takes bookings";
  if (problem) return { kind: "invalid", message: problem };
  try {
    await db.transaction(async (tx) => {
      await moveAppointment(tx, appointment, start, now);
      await requeueDeliveries(tx, appointment.enquiryId, { all: true });
    });
    return { kind: "moved" };
  } catch (error) {
    if (error instanceof SlotTaken) return { kind: "slot-taken", message: SLOT_TAKEN_MESSAGE };
    throw error;
  }
}
