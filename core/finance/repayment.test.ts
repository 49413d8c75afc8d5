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
      monthlyRepayment({
        price: 120_000,
        depositRand: 20_000,
        balloonPercent: 0,
        annualRatePercent: 0,
        termMonths: 10,
      }),
    ).toBe(10_000);
  });

  it("never answers a negative instalment", () => {
    expect(monthlyRepayment({ price: 100_000, depositRand: 100_000 })).toBe(0);
  });

  it("matches a hand-worked figure with a deposit, a 30% balloon, 10% a year over 60 months", () => {
    // R200 000 less R20 000 deposit = R180 000 financed; balloon 30% of the price = R60 000.
    // r = 0.10 / 12 = 0.0083333; (1 + r)^60 = 1.6453089; balloon today 60000 / 1.6453089 = 36 467.32
    // (180000 - 36467.32) * 0.0083333 / (1 - 1 / 1.6453089) = 1196.106 / 0.392211 = 3 049.65
    expect(
      monthlyRepayment({
        price: 200_000,
        depositRand: 20_000,
        balloonPercent: 30,
        annualRatePercent: 10,
        termMonths: 60,
      }),
    ).toBe(3049.65);
  });

  it("matches a hand-worked figure for a R459 900 car at 11.5% with the default balloon and term", () => {
    // r = 0.115 / 12 = 0.0095833; (1 + r)^72 = 1.9871764; balloon R183 960 today = 92 573.56
    // (459900 - 92573.56) * 0.0095833 / (1 - 1 / 1.9871764) = 3520.21 / 0.496773 = 7 086.15
    expect(monthlyRepayment({ price: 459_900, annualRatePercent: 11.5 })).toBe(7086.15);
  });

  it("matches a hand-worked 36-month plain annuity at 12%", () => {
    // 150000 * 0.01 / (1 - 1.01^-36) = 1500 / 0.301075 = 4 982.15
    expect(monthlyRepayment({ price: 150_000, balloonPercent: 0, termMonths: 36 })).toBe(4982.15);
  });

  it("costs more each month for a shorter term and less for a larger deposit", () => {
    const base = monthlyRepayment({ price: 300_000 });
    expect(monthlyRepayment({ price: 300_000, termMonths: 48 })).toBeGreaterThan(base);
    expect(monthlyRepayment({ price: 300_000, depositRand: 50_000 })).toBeLessThan(base);
  });
});
