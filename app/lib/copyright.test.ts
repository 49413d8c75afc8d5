import { describe, expect, it } from "vitest";
import { copyrightYears } from "./copyright.ts";

describe("copyrightYears", () => {
  it("runs from 2024 to the year of the clock", () => {
    expect(copyrightYears(new Date("2026-12-02T09:00:00Z"))).toBe("2024–2026");
    expect(copyrightYears(new Date("2031-06-30T12:00:00Z"))).toBe("2024–2031");
  });

  it("is 2024 alone in 2024", () => {
    expect(copyrightYears(new Date("2024-03-01T00:00:00Z"))).toBe("2024");
  });

  it("turns the year at midnight in South Africa, two hours before UTC", () => {
    expect(copyrightYears(new Date("2026-12-31T21:59:59Z"))).toBe("2024–2026");
    expect(copyrightYears(new Date("2026-12-31T22:00:00Z"))).toBe("2024–2027");
  });
});
