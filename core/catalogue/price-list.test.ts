import { describe, expect, it } from "vitest";
import { columnsByHeader, readPriceRows } from "./price-list.server.ts";
import { lastChangeAt, nextChange, priceAt, quietWindow } from "./price-timeline.ts";
import { parseEffectiveAt, parseRandPrice } from "./range-prices.server.ts";

describe("a price as makers and staff write it", () => {
  it("reads rand with spaces, thousands separators and cents, and refuses what is not a price", () => {
    expect(parseRandPrice("R 479 900,00", "price")).toEqual({ ok: true, value: 479_900 });
    expect(parseRandPrice("479,900.00", "price")).toEqual({ ok: true, value: 479_900 });
    expect(parseRandPrice("479.900,50", "price")).toEqual({ ok: true, value: 479_901 });
    expect(parseRandPrice("ZAR479900", "price")).toEqual({ ok: true, value: 479_900 });
    expect(parseRandPrice("POA", "row 3: price")).toEqual({
      ok: false,
      violations: [{ propertyPath: "row 3: price", message: '"POA" is not a price in rand' }],
    });
    expect(parseRandPrice("0", "price").ok).toBe(false);
    expect(parseRandPrice("-5 000", "price").ok).toBe(false);
  });
});

describe("the date and time a price takes effect", () => {
  const now = new Date("2026-12-02T10:00:00Z");
  it("reads South African time; both empty is now; a moment past or a time alone is refused", () => {
    expect(parseEffectiveAt("2027-01-01", "08:00", now)).toEqual({ ok: true, value: new Date("2027-01-01T06:00:00Z") });
    expect(parseEffectiveAt("2027-01-01", "", now)).toEqual({ ok: true, value: new Date("2026-12-31T22:00:00Z") });
    expect(parseEffectiveAt("", "", now)).toEqual({ ok: true, value: now });
    expect(parseEffectiveAt("", "08:00", now)).toMatchObject({ ok: false, violations: [{ propertyPath: "date" }] });
    expect(parseEffectiveAt("2026-12-01", "08:00", now)).toMatchObject({
      ok: false,
      violations: [{ propertyPath: "date" }],
    });
    expect(parseEffectiveAt("2027-02-31", "08:00", now)).toMatchObject({
      ok: false,
      violations: [{ propertyPath: "time" }],
    });
  });
});

describe("the columns of a maker's list", () => {
  it("finds the code and the price by their headers, preferring the price including VAT", () => {
    expect(columnsByHeader(["Model Description", "M&M Code", "RRP (excl VAT)", "RRP (incl VAT)"])).toEqual({
      code: 1,
      price: 3,
      description: 0,
    });
    expect(columnsByHeader(["MMCode", "Retail Price"])).toEqual({ code: 0, price: 1, description: null });
    expect(columnsByHeader(["Code", "Amount"])).toEqual({ code: null, price: null, description: null });
    expect(columnsByHeader(["M & M", "Dealer Nett", "Retail excl VAT"])).toEqual({
      code: 0,
      price: null,
      description: null,
    });
  });

  it("names each row and field at fault: a code that is not eight digits, a price that is not a number, a code twice", () => {
    const records = [
      ["M&M Code", "Price"],
      ["22013011", "289 900"],
      ["2201301", "299 900"],
      ["22013021", "TBA"],
      ["22013011", "289 900"],
      ["", ""],
    ];
    expect(readPriceRows(records, { code: 0, price: 1, description: null })).toEqual({
      rows: [{ row: 2, code: "22013011", price: 289_900, description: "" }],
      violations: [
        { propertyPath: "row 3: M&M code", message: '"2201301" is not an eight-digit M&M code' },
        { propertyPath: "row 4: price", message: '"TBA" is not a price in rand' },
        { propertyPath: "row 5: M&M code", message: "22013011 is also on row 2" },
      ],
    });
  });
});

describe("a price timeline", () => {
  const rise = new Date("2027-01-01T06:00:00Z");
  const timeline = { base: 300_000, changes: [{ price: 310_000, effectiveAt: rise }] };
  it("holds the old price until the instant and the new one from it", () => {
    expect(priceAt(timeline, new Date(rise.getTime() - 1))).toBe(300_000);
    expect(priceAt(timeline, rise)).toBe(310_000);
    expect(nextChange(timeline, new Date(rise.getTime() - 1))).toEqual({ price: 310_000, effectiveAt: rise });
    expect(nextChange(timeline, rise)).toBeNull();
    expect(lastChangeAt(timeline, new Date(rise.getTime() - 1))).toBeNull();
    expect(lastChangeAt(timeline, rise)).toEqual(rise);
    expect(quietWindow([timeline], new Date(rise.getTime() - 1))).toEqual({
      from: Number.NEGATIVE_INFINITY,
      until: rise.getTime(),
    });
  });
});
