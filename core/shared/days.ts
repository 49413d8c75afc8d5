/** South African calendar days (SAST, UTC+2 all year), as YYYY-MM-DD: the days the daily aggregates and staff reports count in. */

const SA_DAY = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Africa/Johannesburg",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The South African calendar day of a moment, as YYYY-MM-DD. */
export function southAfricanDay(at: Date): string {
  return SA_DAY.format(at);
}

/** The day `days` days before `day` (YYYY-MM-DD); a negative `days` counts forward. */
export function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** Days from `from` to `to` (YYYY-MM-DD), both counted: 1 for one day, 0 when `to` is before `from`. */
export function daysInclusive(from: string, to: string): number {
  return Math.max(0, Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1);
}
