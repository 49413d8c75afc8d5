// biome-ignore lint/style/noRestrictedImports: types only, which the browser's script does not carry
import type { BusinessHours } from "../../db/schema.ts";

/**
 * The appointment calendar: the 30-minute slots a dealer offers, from the same opening hours the
 * dealer pages show (dealers.business_hours), in South African time (Africa/Johannesburg, +02:00 all year:
 * South Africa has no daylight saving, so a fixed offset is exact) with the public holidays computed.
 */

export const SLOT_MINUTES = 30;
/** Slots are offered this many days ahead, today included. */
export const BOOKING_DAYS = 14;
/** Nothing starting sooner than this is offered: the dealer needs time to prepare. */
const MIN_NOTICE_MS = 60 * 60_000;
const SA_OFFSET = "+02:00";
const OFFSET_MS = 2 * 3_600_000;

export type AppointmentKind = "test-drive" | "service";
export const APPOINTMENT_KINDS: readonly AppointmentKind[] = ["test-drive", "service"];

/** Opening and closing as minutes after midnight; null when closed. */
type DayHours = { opens: number; closes: number } | null;
/** Index 0 is Sunday, as Date.getUTCDay counts; `holiday` applies on public holidays whatever the weekday. */
export type WeeklyHours = { days: DayHours[]; holiday: DayHours };

const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

const minutesOf = (time: string) => {
  const [hours, minutes] = time.split(":").map(Number);
  return hours! * 60 + minutes!;
};

/** A weekday's index from its name or an abbreviation of at least three letters: "Saturday", "Sat", "Thurs". */
function weekdayIndex(word: string): number {
  const lower = word.toLowerCase().replace(/s$/, "");
  return lower.length >= 3 ? WEEKDAYS.findIndex((name) => name.startsWith(lower) || name === `${lower}day`) : -1;
}

/**
 * The weekdays (and whether public holidays) a line of business hours covers: "Monday to Friday",
 * "Mon-Fri", "Saturday and public holidays", "Sundays".
 */
function daysOfLine(label: string): { weekdays: number[]; holidays: boolean } {
  const text = label.toLowerCase();
  const weekdays = new Set<number>();
  for (const range of text.matchAll(/([a-z]+)\.?\s*(?:to|-|–|until)\s*([a-z]+)/g)) {
    const from = weekdayIndex(range[1]!);
    const to = weekdayIndex(range[2]!);
    if (from < 0 || to < 0) continue;
    for (let day = from; ; day = (day + 1) % 7) {
      weekdays.add(day);
      if (day === to) break;
    }
  }
  for (const word of text.match(/[a-z]+/g) ?? []) {
    const day = weekdayIndex(word);
    if (day >= 0) weekdays.add(day);
  }
  return { weekdays: [...weekdays], holidays: /public holiday/.test(text) };
}

/** A dealer's opening hours, as stored, read into a weekly schedule; days no line mentions are closed. */
export function weeklyHours(lines: BusinessHours[]): WeeklyHours {
  const schedule: WeeklyHours = { days: Array<DayHours>(7).fill(null), holiday: null };
  for (const line of lines) {
    const hours = line.opens && line.closes ? { opens: minutesOf(line.opens), closes: minutesOf(line.closes) } : null;
    const { weekdays, holidays } = daysOfLine(line.days);
    for (const day of weekdays) schedule.days[day] = hours;
    if (holidays) schedule.holiday = hours;
  }
  return schedule;
}

/** A calendar date as YYYY-MM-DD. */
export type IsoDate = string;

const isoDateOfUtc = (date: Date): IsoDate => date.toISOString().slice(0, 10);
const utcDate = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day));

export function addDays(date: IsoDate, days: number): IsoDate {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return isoDateOfUtc(d);
}

export const weekdayOf = (date: IsoDate) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** Is the text a real calendar date written YYYY-MM-DD (not 2026-02-30)? */
export function isIsoDate(text: string): text is IsoDate {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && isoDateOfUtc(date) === text;
}

/** The date in South Africa at an instant. */
export const saDateOf = (instant: Date): IsoDate => isoDateOfUtc(new Date(instant.getTime() + OFFSET_MS));

/** Easter Sunday (Gregorian; the anonymous algorithm of Meeus, Jones and Butcher). */
export function easterSunday(year: number): IsoDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDateOfUtc(utcDate(year, month, day));
}

/** The fixed-date public holidays of the Public Holidays Act 36 of 1994 (month, day). */
const FIXED_HOLIDAYS: [number, number, string][] = [
  [1, 1, "New Year's Day"],
  [3, 21, "Human Rights Day"],
  [4, 27, "Freedom Day"],
  [5, 1, "Workers' Day"],
  [6, 16, "Youth Day"],
  [8, 9, "National Women's Day"],
  [9, 24, "Heritage Day"],
  [12, 16, "Day of Reconciliation"],
  [12, 25, "Christmas Day"],
  [12, 26, "Day of Goodwill"],
];

/**
 * South Africa's public holidays in a year, by date: the fixed ones, Good Friday and Family Day (the Monday
 * after Easter), and the Monday after any holiday that falls on a Sunday (section 2(1) of the Act). Holidays
 * the President declares ad hoc (elections) are not computable and are not included.
 */
export function publicHolidays(year: number): Map<IsoDate, string> {
  const holidays = new Map<IsoDate, string>();
  const easter = easterSunday(year);
  const listed: [IsoDate, string][] = [
    ...FIXED_HOLIDAYS.map(([month, day, name]): [IsoDate, string] => [isoDateOfUtc(utcDate(year, month, day)), name]),
    [addDays(easter, -2), "Good Friday"],
    [addDays(easter, 1), "Family Day"],
  ];
  for (const [date, name] of listed) holidays.set(date, name);
  for (const [date, name] of listed) {
    if (weekdayOf(date) !== 0) continue;
    const monday = addDays(date, 1);
    if (!holidays.has(monday)) holidays.set(monday, `${name} (observed)`);
  }
  return holidays;
}

const isPublicHoliday = (date: IsoDate) => publicHolidays(Number(date.slice(0, 4))).has(date);

/** The hours a dealer is open on a date: its holiday hours on a public holiday, else the weekday's. */
export function hoursOn(schedule: WeeklyHours, date: IsoDate): DayHours {
  return isPublicHoliday(date) ? schedule.holiday : schedule.days[weekdayOf(date)]!;
}

/** An instant written in South African time: 2026-11-28T09:30:00+02:00. */
export function saIso(instant: Date): string {
  return `${new Date(instant.getTime() + OFFSET_MS).toISOString().slice(0, 19)}${SA_OFFSET}`;
}

/** The instant of a South African date and time of day (HH:MM). */
export const saInstant = (date: IsoDate, time: string) => new Date(`${date}T${time}:00${SA_OFFSET}`);

/** "09:30" of an instant, in South African time. */
export const saTimeOf = (instant: Date) => saIso(instant).slice(11, 16);

export type Slot = { start: Date; end: Date };

/** Every 30-minute slot a dealer is open on a date, the last ending at closing time. */
export function slotsOn(schedule: WeeklyHours, date: IsoDate): Slot[] {
  const hours = hoursOn(schedule, date);
  if (!hours) return [];
  const slots: Slot[] = [];
  for (let minute = hours.opens; minute + SLOT_MINUTES <= hours.closes; minute += SLOT_MINUTES) {
    const start = new Date(saInstant(date, "00:00").getTime() + minute * 60_000);
    slots.push({ start, end: new Date(start.getTime() + SLOT_MINUTES * 60_000) });
  }
  return slots;
}

/** A slot is bookable from now on if it starts at least an hour from now and within the booking window. */
export function isBookable(start: Date, now: Date): boolean {
  if (start.getTime() < now.getTime() + MIN_NOTICE_MS) return false;
  const lastDay = addDays(saDateOf(now), BOOKING_DAYS - 1);
  return saDateOf(start) <= lastDay;
}

export type FreeSlot = Slot & { placesLeft: number };

/**
 * The slots offered from `from` (a date; today when earlier) to the end of the booking window: open hours,
 * not past nor within the next hour, with places left given the capacity and the bookings per start time.
 */
export function freeSlots(options: {
  schedule: WeeklyHours;
  capacity: number;
  /** Booked appointments per slot start (epoch ms). */
  booked: ReadonlyMap<number, number>;
  now: Date;
  from?: IsoDate;
  days?: number;
}): FreeSlot[] {
  const today = saDateOf(options.now);
  const first = options.from && options.from > today ? options.from : today;
  const last = addDays(today, BOOKING_DAYS - 1);
  const free: FreeSlot[] = [];
  for (let date = first, n = 0; date <= last && n < (options.days ?? BOOKING_DAYS); date = addDays(date, 1), n++) {
    for (const slot of slotsOn(options.schedule, date)) {
      if (!isBookable(slot.start, options.now)) continue;
      const placesLeft = options.capacity - (options.booked.get(slot.start.getTime()) ?? 0);
      if (placesLeft > 0) free.push({ ...slot, placesLeft });
    }
  }
  return free;
}

/** The last date of the booking window that starts today. */
export const lastBookableDate = (now: Date) => addDays(saDateOf(now), BOOKING_DAYS - 1);

const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "Saturday 28 November 2026" */
export function describeDate(date: IsoDate): string {
  const [year, month, day] = date.split("-").map(Number);
  return `${DAY_NAMES[weekdayOf(date)]} ${day} ${MONTH_NAMES[month! - 1]} ${year}`;
}

/** "Saturday 28 November 2026 at 09:30", in South African time. */
export const describeSlotStart = (start: Date) => `${describeDate(saDateOf(start))} at ${saTimeOf(start)}`;
