import { dealerCalendar, listFreeSlots } from "../../core/appointments/appointments.server.ts";
import {
  type AppointmentKind,
  isIsoDate,
  lastBookableDate,
  saDateOf,
  saTimeOf,
} from "../../core/appointments/calendar.ts";
import type { Database } from "../../db/client.ts";
import type { AppointmentChoice } from "./appointment.ts";

/**
 * The times a form offers for a dealer on a date (the first date with a free time when none is chosen or the
 * chosen one is outside the window), from the same calendar as GET /api/dealers/{slug}/slots.
 */
export async function appointmentChoice(
  db: Database,
  kind: AppointmentKind,
  dealerSlug: string | null | undefined,
  wantedDate: string | null | undefined,
  now = new Date(),
): Promise<AppointmentChoice> {
  const min = saDateOf(now);
  const max = lastBookableDate(now);
  const inWindow = wantedDate && isIsoDate(wantedDate) && wantedDate >= min && wantedDate <= max ? wantedDate : null;
  const calendar = dealerSlug ? await dealerCalendar(db, dealerSlug) : null;
  if (!calendar) return { kind, dealerSlug: null, date: inWindow ?? min, min, max, times: [], nextFreeDate: null };
  const slots = await listFreeSlots(db, calendar, kind, { now });
  const date = inWindow ?? (slots[0] ? saDateOf(slots[0].start) : min);
  const times = slots
    .filter((slot) => saDateOf(slot.start) === date)
    .map((slot) => ({ time: saTimeOf(slot.start), placesLeft: slot.placesLeft }));
  const later = slots.find((slot) => saDateOf(slot.start) > date);
  return { kind, dealerSlug: calendar.slug, date, min, max, times, nextFreeDate: later ? saDateOf(later.start) : null };
}
