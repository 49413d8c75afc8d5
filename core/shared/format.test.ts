import { describe, expect, it } from "vitest";
import { formatDate, formatKm, formatRand, horsepower } from "./format.ts";

const spaces = (text: string) => text.replace(/\s/g, " ");

describe("formatting for South Africa", () => {
  it("formats rand without cents, grouped by thousands", () => {
    expect(spaces(formatRand(459_900))).toBe("R 459 900");
  });
  it("formats km and dates", () => {
    expect(spaces(formatKm(45_300))).toBe("45 300 km");
    expect(formatDate("2026-03-07")).toBe("07.03.2026");
  });
  it("converts kW to HP with one decimal", () => {
    expect(horsepower(110)).toBe("147.5");
    expect(horsepower(89)).toBe("119.4");
  });
});
