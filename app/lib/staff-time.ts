/** Times in the back office: South African time, day month year and 24-hour clock ("25 Nov 2026, 09:12"). */
const DATE_TIME = new Intl.DateTimeFormat("en-ZA", {
  timeZone: "Africa/Johannesburg",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

export function formatDateTime(date: Date | string): string {
  return DATE_TIME.format(new Date(date));
}

/** A duration in minutes as people say it: "45 min", "3 h 20 min", "2 d 4 h". */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ""}`;
  const hours = Math.round(minutes / 60);
  return `${Math.floor(hours / 24)} d${hours % 24 ? ` ${hours % 24} h` : ""}`;
}
