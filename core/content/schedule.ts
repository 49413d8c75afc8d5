/**
 * When scheduled content (specials, service deals, banners) is on the public site: decided at read time from
 * the row and the current moment (decision 035), so the same rule answers from a read model in memory and
 * from SQL, and a schedule passing needs neither a job nor a notification.
 */

/** South African Standard Time has no daylight saving: one offset all year. */
const SAST_OFFSET = "+02:00";

export type Schedule = {
  /** Shown from this moment; null: from the start. */
  startsAt: Date | null;
  /** Shown until this moment (exclusive); null: no end. */
  endsAt: Date | null;
};

export type ScheduleState = "upcoming" | "current" | "ended";

export function scheduleState(schedule: Schedule, now: Date): ScheduleState {
  if (schedule.startsAt && now.getTime() < schedule.startsAt.getTime()) return "upcoming";
  if (schedule.endsAt && now.getTime() >= schedule.endsAt.getTime()) return "ended";
  return "current";
}

/** Whether a piece of content with drafts (a deal) is meant for the public site; a banner has no drafts. */
export type PublicationStatus = "draft" | "published";

/**
 * Where scheduled content stands: a draft is never shown; otherwise it is scheduled before its start, live
 * from its start and ended from its end. THE rule for banners and deals alike.
 */
export type PublicationState = "draft" | "scheduled" | "live" | "ended";

export function publicationState(content: Schedule & { status?: string }, now: Date): PublicationState {
  if (content.status !== undefined && content.status !== "published") return "draft";
  const state = scheduleState(content, now);
  if (state === "upcoming") return "scheduled";
  return state === "current" ? "live" : "ended";
}

/** The first moment after a South African date (YYYY-MM-DD): the end of a "valid until" day. */
export function endOfSastDay(isoDate: string): Date {
  const day = new Date(`${isoDate}T00:00:00${SAST_OFFSET}`);
  return new Date(day.getTime() + 24 * 60 * 60 * 1000);
}

/** The South African date (YYYY-MM-DD) of a moment: a special ending at 00:00 on the 1st was valid until the 31st. */
export function sastDate(moment: Date, { endExclusive = false } = {}): string {
  const shifted = new Date(moment.getTime() + 2 * 60 * 60 * 1000 - (endExclusive ? 1 : 0));
  return shifted.toISOString().slice(0, 10);
}

/** The years a schedule may name: anything else is a typing mistake (and years before 1 are no date at all). */
const SCHEDULE_YEARS = { first: 2000, last: 2100 };

/**
 * A `datetime-local` value ("2026-11-27T16:00") read as South African time; null when it is not one, names a
 * day the calendar does not have (31 February), or a year outside SCHEDULE_YEARS.
 */
export function parseSastDateTime(value: string): Date | null {
  const match = /^((\d{4})-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2})?$/.exec(value.trim());
  if (!match) return null;
  const year = Number(match[2]);
  if (year < SCHEDULE_YEARS.first || year > SCHEDULE_YEARS.last) return null;
  const written = `${match[1]}T${match[3]}${match[4] ?? ""}`;
  const moment = new Date(`${match[1]}T${match[3]}${match[4] ?? ":00"}${SAST_OFFSET}`);
  if (Number.isNaN(moment.getTime())) return null;
  // Date rolls 31 February over into March: a moment that does not read back as written is not a real one.
  const readBack = toSastDateTime(moment);
  return readBack === written || readBack === written.replace(/:00$/, "") ? moment : null;
}

/** A moment as a `datetime-local` value in South African time (seconds only when there are any). */
export function toSastDateTime(moment: Date): string {
  const text = new Date(moment.getTime() + 2 * 60 * 60 * 1000).toISOString().slice(0, 19);
  return text.endsWith(":00") ? text.slice(0, 16) : text;
}
