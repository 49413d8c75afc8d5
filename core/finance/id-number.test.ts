import { describe, expect, it } from "vitest";
import { idNumberBirthDate, idNumberProblem, luhnCheckDigit } from "./id-number.ts";

const today = new Date("2026-06-01T00:00:00Z");

describe("South African identity numbers", () => {
  it("computes the Luhn check digit by hand", () => {
    // 800101500908 read from the right: 8 0 9 0 0 5 1 0 1 0 0 8. Double every other digit starting with the
    // first (8 9 0 1 1 0 -> 16 18 0 2 2 0 -> digit sums 7 9 0 2 2 0 = 20); add the rest (0 0 5 0 0 8 = 13).
    // 20 + 13 = 33, so the check digit is 10 - 3 = 7.
    expect(luhnCheckDigit("800101500908")).toBe(7);
  });

  it.each(["8001015009087", "9202204720083", "0001010000089", "8001 0150 0908 7"])("accepts %s", (id) => {
    expect(idNumberProblem(id, today)).toBeNull();
  });

  it.each([
    ["", "format"],
    ["800101500908", "format"],
    ["80010150090871", "format"],
    ["80010150090a7", "format"],
    ["8013015009087", "date"],
    ["8002305009087", "date"],
    ["8100290009083", "date"],
    ["8001015009287", "citizenship"],
    ["8001015009088", "checkDigit"],
    ["8001015009080", "checkDigit"],
  ])("rejects %s (%s)", (id, problem) => {
    expect(idNumberProblem(id, today)).toBe(problem);
  });

  it("accepts 29 February only in a leap year", () => {
    const leap = "0002290000" + "08";
    expect(idNumberProblem(leap + luhnCheckDigit(leap), today)).toBeNull();
    const notLeap = "0102290000" + "08";
    expect(idNumberProblem(notLeap + luhnCheckDigit(notLeap), today)).toBe("date");
  });

  it("reads the date of birth in the right century", () => {
    expect(idNumberBirthDate("8001015009087", today)?.toISOString().slice(0, 10)).toBe("1980-01-01");
    expect(idNumberBirthDate("0001010000089", today)?.toISOString().slice(0, 10)).toBe("2000-01-01");
  });
});
