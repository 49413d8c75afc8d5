import { describe, expect, it } from "vitest";
import { monthlyRepayment } from "./repayment.ts";

describe("monthlyRepayment", () => {
  it("matches a hand-worked balloon annuity with the spec's defaults", () => {
    // R300 000, 0 deposit, 40% balloon (R120 000), 12% a year (1% a month), 72 months:
    // 1.01^72 = 2.0470993; (300000 - 120000 / 2.0470993) * 0.01 / (1 - 1 / 2.0470993)
    // = 2413.80 / 0.511498 = 4 719.03
    expect(monthlyRepayment({ price: 300_000 })).toBeCloseTo(4719.03, 2);
  });

  it("is a plain annuity without a balloon", () => {
    // R100 000 over 12 months at 12%: 100000 * 0.01 / (1 - 1.01^-12) = 8 884.88
    expect(monthlyRepayment({ price: 100_000, balloonPercent: 0, termMonths: 12 })).toBeCloseTo(8884.88, 2);
  });

  it("divides evenly at a zero rate and subtracts the deposit", () => {
    expect(
      monthlyRepayment({ price: 120_000, depositRand: 20_000, balloonPercent: 0, annualRatePercent: 0, termMonths: 10 }),
    ).toBe(10_000);
  });

  it("never answers a negative instalment", () => {
    expect(monthlyRepayment({ price: 100_000, depositRand: 100_000 })).toBe(0);
  });
});
