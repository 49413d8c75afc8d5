import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDayMonth,
  formatKm,
  formatNumber,
  formatRand,
  formatRandCents,
  formatWhole,
  horsepower,
} from "./format.ts";

const spaces = (text: string) => text.replace(/\s/g, " ");

describe("formatting for South Africa", () => {
  it("formats rand without cents, grouped by thousands", () => {
    expect(spaces(formatRand(459_900))).toBe("R 459 900");
    expect(spaces(formatRand(999.5))).toBe("R 1 000");
  });
  it("formats rand with cents after a decimal comma", () => {
    expect(spaces(formatRandCents(4_719.025))).toBe("R 4 719,03");
    expect(spaces(formatRandCents(0.005))).toBe("R 0,01");
    expect(spaces(formatRandCents(12))).toBe("R 12,00");
  });
  it("formats km, counts and dates", () => {
    expect(spaces(formatKm(45_300))).toBe("45 300 km");
    expect(spaces(formatWhole(1_234_567))).toBe("1 234 567");
    expect(spaces(formatNumber(1_234.5678))).toBe("1 234,568");
    expect(formatDate("2026-03-07")).toBe("07.03.2026");
  });
  it("gives a moment's day and month in South African time", () => {
    expect(formatDayMonth("2026-11-03T08:00:00Z")).toBe("3 Nov");
    expect(formatDayMonth("2026-03-05T22:30:00Z")).toBe("6 Mar"); // 00:30 on the 6th in Johannesburg
    expect(formatDayMonth("2026-09-30T21:59:59Z")).toBe("30 Sep");
  });
  it("converts kW to HP with one decimal", () => {
    expect(horsepower(110)).toBe("147.5");
    expect(horsepower(89)).toBe("119.4");
  });
});

describe("numbers as Intl's en-ZA formatters write them", () => {
  const rand = new Intl.NumberFormat("en-ZA", { style: "currency", currency: "ZAR", maximumFractionDigits: 0 });
  const randCents = new Intl.NumberFormat("en-ZA", { style: "currency", currency: "ZAR", minimumFractionDigits: 2 });
  const whole = new Intl.NumberFormat("en-ZA", { maximumFractionDigits: 0 });
  const amounts = fc.oneof(
    fc.integer({ min: -10_000_000, max: 100_000_000 }),
    fc.double({ min: -1e7, max: 1e9, noNaN: true }),
    fc.integer({ min: 0, max: 10_000_000 }).map((cents) => cents / 1000), // half cents and thirds of them
  );

  it("writes every amount as Intl does", () => {
    fc.assert(
      fc.property(amounts, (amount) => {
        expect(formatRand(amount)).toBe(rand.format(amount));
        expect(formatRandCents(amount)).toBe(randCents.format(amount));
        expect(formatWhole(amount)).toBe(whole.format(amount));
        expect(formatNumber(amount)).toBe(amount.toLocaleString("en-ZA"));
      }),
      { numRuns: 5_000 },
    );
  });
});
