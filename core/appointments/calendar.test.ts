import { describe, expect, it } from "vitest";
import { KIMBERLEY_HOURS, STANDARD_HOURS } from "../../seed/dealers.ts";
import {
  addDays,
  easterSunday,
  freeSlots,
  hoursOn,
  isIsoDate,
  publicHolidays,
  saIso,
  saTimeOf,
  slotsOn,
  weekdayOf,
  weeklyHours,
} from "./calendar.ts";

const standard = weeklyHours(STANDARD_HOURS);
const kimberley = weeklyHours(KIMBERLEY_HOURS);
const times = (slots: { start: Date }[]) => slots.map((slot) => saTimeOf(slot.start));
const sa = (text: string) => new Date(`${text}+02:00`);

describe("each dealer's hours, from the dealers table's business hours", () => {
  it("offers 30-minute slots Monday to Friday 07:30-17:30, the last ending at closing", () => {
    const wednesday = slotsOn(standard, "2026-11-25");
    expect(times(wednesday)[0]).toBe("07:30");
    expect(times(wednesday).at(-1)).toBe("17:00");
    expect(wednesday).toHaveLength(20);
    expect(saIso(wednesday.at(-1)!.end)).toBe("2026-11-25T17:30:00+02:00");
  });

  it("offers Saturday 08:00-13:00 and nothing on Sunday", () => {
    expect(times(slotsOn(standard, "2026-11-28"))).toEqual([
      "08:00",
      "08:30",
      "09:00",
      "09:30",
      "10:00",
      "10:30",
      "11:00",
      "11:30",
      "12:00",
      "12:30",
    ]);
    expect(slotsOn(standard, "2026-11-29")).toEqual([]);
  });

  it("opens public holidays on Saturday hours, even on a weekday", () => {
    // Day of Reconciliation, a Wednesday in 2026.
    expect(times(slotsOn(standard, "2026-12-16"))).toEqual(times(slotsOn(standard, "2026-11-28")));
  });

  it("the Kimberley dealer: 07:15-17:15 on weekdays, closed on Saturdays, Sundays and public holidays", () => {
    const weekday = times(slotsOn(kimberley, "2026-11-25"));
    expect(weekday[0]).toBe("07:15");
    expect(weekday.at(-1)).toBe("16:45");
    expect(slotsOn(kimberley, "2026-11-28")).toEqual([]);
    expect(slotsOn(kimberley, "2026-11-29")).toEqual([]);
    expect(slotsOn(kimberley, "2026-12-16")).toEqual([]);
  });

  it("reads the hours as a back office may write them: abbreviations and ranges", () => {
    const short = weeklyHours([
      { days: "Mon-Fri", opens: "08:00", closes: "17:00" },
      { days: "Sat", opens: "08:00", closes: "12:00" },
      { days: "Sun and public holidays", opens: null, closes: null },
    ]);
    expect(short.days.map((day) => day?.opens ?? null)).toEqual([null, 480, 480, 480, 480, 480, 480]);
    expect(short.days[6]).toEqual({ opens: 480, closes: 720 });
    expect(short.holiday).toBeNull();
    // "to", "and", "public" and "holidays" are not weekdays.
    expect(weeklyHours([{ days: "Thursday to Saturday", opens: "09:00", closes: "10:00" }]).days.map(Boolean)).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
      true,
    ]);
  });

  it("follows the stored hours: a dealer that opens on Sundays gets Sunday slots", () => {
    const sundays = weeklyHours([...STANDARD_HOURS.slice(0, 2), { days: "Sunday", opens: "09:00", closes: "11:00" }]);
    expect(times(slotsOn(sundays, "2026-11-29"))).toEqual(["09:00", "09:30", "10:00", "10:30"]);
    expect(hoursOn(sundays, "2026-11-29")).toEqual({ opens: 540, closes: 660 });
  });
});

describe("South African public holidays", () => {
  it("computes Easter, hence Good Friday and Family Day", () => {
    expect(easterSunday(2026)).toBe("2026-04-05");
    expect(easterSunday(2025)).toBe("2025-04-20");
    expect(easterSunday(2027)).toBe("2027-03-28");
    const y2026 = publicHolidays(2026);
    expect(y2026.get("2026-04-03")).toBe("Good Friday");
    expect(y2026.get("2026-04-06")).toBe("Family Day");
  });

  it("lists a year's twelve holidays, and moves one on a Sunday to the Monday", () => {
    const y2026 = publicHolidays(2026);
    expect([...y2026.keys()].sort()).toEqual([
      "2026-01-01",
      "2026-03-21",
      "2026-04-03",
      "2026-04-06",
      "2026-04-27",
      "2026-05-01",
      "2026-06-16",
      "2026-08-09",
      "2026-08-10",
      "2026-09-24",
      "2026-12-16",
      "2026-12-25",
      "2026-12-26",
    ]);
    // National Women's Day 2026 is a Sunday: Monday 10 August is the holiday.
    expect(y2026.get("2026-08-10")).toBe("National Women's Day (observed)");
    expect(slotsOn(standard, "2026-08-10").map((slot) => saTimeOf(slot.start))[0]).toBe("08:00");
    expect(slotsOn(kimberley, "2026-08-10")).toEqual([]);
    // Freedom Day 2025 and New Year's Day 2023 were Sundays.
    expect(publicHolidays(2025).has("2025-04-28")).toBe(true);
    expect(publicHolidays(2023).has("2023-01-02")).toBe(true);
    // Christmas 2022 on a Sunday: Monday 26th is already the Day of Goodwill; 27th is not added (no double move).
    expect(publicHolidays(2022).has("2022-12-26")).toBe(true);
    expect(publicHolidays(2022).has("2022-12-27")).toBe(false);
  });

  it("every day of a year is open or closed as the hours say", () => {
    const holidays = publicHolidays(2027);
    for (let date = "2027-01-01"; date <= "2027-12-31"; date = addDays(date, 1)) {
      const day = weekdayOf(date);
      const first = times(slotsOn(standard, date))[0];
      if (holidays.has(date)) expect(first, date).toBe("08:00");
      else if (day === 0) expect(first, date).toBeUndefined();
      else if (day === 6) expect(first, date).toBe("08:00");
      else expect(first, date).toBe("07:30");
    }
  });
});

describe("free slots", () => {
  const none = new Map<number, number>();

  it("offers 14 days from today, never the past nor the next hour", () => {
    const now = sa("2026-11-25T10:10:00");
    const slots = freeSlots({ schedule: standard, capacity: 2, booked: none, now });
    expect(saIso(slots[0]!.start)).toBe("2026-11-25T11:30:00+02:00");
    expect(slots.every((slot) => slot.start.getTime() >= now.getTime() + 3_600_000)).toBe(true);
    expect(saIso(slots.at(-1)!.start).slice(0, 10)).toBe("2026-12-08");
    expect(slots.some((slot) => weekdayOf(saIso(slot.start).slice(0, 10)) === 0)).toBe(false);
  });

  it("counts capacity: a full slot is not offered, a part-booked one shows the places left", () => {
    const now = sa("2026-11-27T12:00:00");
    const nineThirty = sa("2026-11-28T09:30:00").getTime();
    const ten = sa("2026-11-28T10:00:00").getTime();
    const booked = new Map([
      [nineThirty, 2],
      [ten, 1],
    ]);
    const slots = freeSlots({ schedule: standard, capacity: 2, booked, now, from: "2026-11-28", days: 1 });
    expect(slots.map((slot) => saTimeOf(slot.start))).not.toContain("09:30");
    expect(slots.find((slot) => slot.start.getTime() === ten)?.placesLeft).toBe(1);
    expect(slots.find((slot) => saTimeOf(slot.start) === "08:00")?.placesLeft).toBe(2);
  });

  it("starts from today when `from` is in the past", () => {
    const now = sa("2026-11-25T06:00:00");
    const slots = freeSlots({ schedule: standard, capacity: 4, booked: none, now, from: "2026-01-01", days: 1 });
    expect(saIso(slots[0]!.start)).toBe("2026-11-25T07:30:00+02:00");
  });

  it("reads only real dates", () => {
    expect(isIsoDate("2026-02-28")).toBe(true);
    expect(isIsoDate("2026-02-30")).toBe(false);
    expect(isIsoDate("28/02/2026")).toBe(false);
  });
});
