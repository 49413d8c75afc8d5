// biome-ignore lint/style/noRestrictedImports: types only, which the browser's script does not carry
import type { BusinessHours } from "../../db/schema.ts";

export type { BusinessHours };
import { weeklyHours } from "../appointments/calendar.ts";
import type { Violation } from "../shared/violations.ts";

/**
 * A dealer's business hours as the back office edits them: opening and closing per day of the
 * week and for public holidays (product.md §9: Kimberley's differ). They are stored as the lines the
 * pages show ("Monday to Friday 07:30-17:30", "Saturday and public holidays 08:00-13:00", "Sunday closed"),
 * which the appointment calendar and the JSON-LD read back (core/appointments/calendar.ts weeklyHours).
 */

export const HOURS_DAYS = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
  "holiday",
] as const;
export type HoursDay = (typeof HOURS_DAYS)[number];

export const HOURS_DAY_LABELS: Record<HoursDay, string> = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
  holiday: "Public holidays",
};

/** One day's hours, HH:MM each; null when closed. */
export type DayOpening = { opens: string; closes: string } | null;
export type WeekOpening = Record<HoursDay, DayOpening>;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** The stored lines as a day-by-day week, for the form. */
export function weekFromLines(lines: BusinessHours[]): WeekOpening {
  const schedule = weeklyHours(lines);
  const day = (hours: { opens: number; closes: number } | null): DayOpening =>
    hours ? { opens: hhmm(hours.opens), closes: hhmm(hours.closes) } : null;
  // weeklyHours counts from Sunday (0), as Date does.
  const week = Object.fromEntries(
    HOURS_DAYS.slice(0, 7).map((name, index) => [name, day(schedule.days[(index + 1) % 7] ?? null)]),
  ) as WeekOpening;
  week.holiday = day(schedule.holiday);
  return week;
}

/** The form's `opens_<day>` and `closes_<day>` fields as a week; both blank is closed. */
export function parseWeek(
  field: (name: string) => string,
): { ok: true; week: WeekOpening } | { ok: false; violations: Violation[] } {
  const violations: Violation[] = [];
  const week = {} as WeekOpening;
  for (const day of HOURS_DAYS) {
    const opens = field(`opens_${day}`).trim();
    const closes = field(`closes_${day}`).trim();
    const label = HOURS_DAY_LABELS[day];
    week[day] = null;
    if (!opens && !closes) continue;
    if (!TIME.test(opens))
      violations.push({
        propertyPath: `opens_${day}`,
        message: `${label}: opening time must be a time like 07:30, or leave both times empty for closed`,
      });
    if (!TIME.test(closes))
      violations.push({
        propertyPath: `closes_${day}`,
        message: `${label}: closing time must be a time like 17:30, or leave both times empty for closed`,
      });
    else if (TIME.test(opens) && closes <= opens)
      violations.push({
        propertyPath: `closes_${day}`,
        message: `${label}: closing time must be after the opening time`,
      });
    week[day] = { opens, closes };
  }
  return violations.length > 0 ? { ok: false, violations } : { ok: true, week };
}

const same = (a: DayOpening, b: DayOpening) =>
  a === null ? b === null : b !== null && a.opens === b.opens && a.closes === b.closes;

/**
 * The week as the lines pages show: runs of days with the same hours ("Monday to Friday"), the public
 * holidays joined to the last run with the same hours ("Saturday and public holidays") or a line of their own.
 */
export function linesFromWeek(week: WeekOpening): BusinessHours[] {
  const days = HOURS_DAYS.slice(0, 7);
  const runs: { from: number; to: number; hours: DayOpening }[] = [];
  days.forEach((day, index) => {
    const last = runs.at(-1);
    if (last && same(last.hours, week[day])) last.to = index;
    else runs.push({ from: index, to: index, hours: week[day] });
  });
  const holidayRun = runs.findLastIndex((run) => same(run.hours, week.holiday));
  const lines = runs.map((run, index) => {
    const names = days.slice(run.from, run.to + 1).map((day) => HOURS_DAY_LABELS[day]);
    const withHolidays = index === holidayRun;
    const label = names.length > 2 ? `${names[0]} to ${names.at(-1)}` : names.join(withHolidays ? ", " : " and ");
    return {
      days: withHolidays ? `${label} and public holidays` : label,
      opens: run.hours?.opens ?? null,
      closes: run.hours?.closes ?? null,
    };
  });
  if (holidayRun < 0)
    lines.push({ days: "Public holidays", opens: week.holiday?.opens ?? null, closes: week.holiday?.closes ?? null });
  return lines;
}
