import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nearestInPrice } from "./used-stock-index.server.ts";

/** What `similar` answered before it searched a sorted list: every row filtered, sorted by distance, then highest id. */
function bySorting(rows: { id: number; price: number }[], target: number, low: number, high: number, except: number) {
  return rows
    .filter((row) => row.price >= low && row.price <= high && row.id !== except)
    .sort((a, b) => Math.abs(a.price - target) - Math.abs(b.price - target) || b.id - a.id);
}

describe("nearestInPrice", () => {
  it("answers as sorting every row would, ties on both sides and on one price included", () => {
    fc.assert(
      fc.property(
        // Few distinct prices, so that equal distances below and above, and equal prices, are common.
        fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 500 }), price: fc.integer({ min: 90, max: 110 }) }), {
          selector: (row) => row.id,
          maxLength: 40,
        }),
        fc.integer({ min: 85, max: 115 }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 500 }),
        (rows, target, spread, limit, except) => {
          const low = target - spread;
          const high = target + spread + 1;
          const byPrice = [...rows].sort((a, b) => a.price - b.price);
          expect(nearestInPrice(byPrice, target, { low, high, except, limit })).toEqual(
            bySorting(rows, target, low, high, except).slice(0, limit),
          );
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it("leaves out the vehicle itself and whatever is outside the bounds", () => {
    const rows = [
      { id: 1, price: 80 },
      { id: 2, price: 100 },
      { id: 3, price: 100 },
      { id: 4, price: 95 },
      { id: 5, price: 105 },
      { id: 6, price: 121 },
    ];
    expect(
      nearestInPrice(
        rows.sort((a, b) => a.price - b.price),
        100,
        { low: 81, high: 120, except: 3, limit: 4 },
      ),
    ).toEqual([
      { id: 2, price: 100 },
      { id: 5, price: 105 },
      { id: 4, price: 95 },
    ]);
  });
});
