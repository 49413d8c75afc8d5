import { describe, expect, it } from "vitest";
import { BODY_TYPES } from "../../core/inventory/used-query.ts";
import { bodyTypeOf, generateUsedVehicles, stockNumberOf, USED_MAKES } from "./used-stock.ts";
import { isWingDealerName } from "../../core/dealers/dealers.ts";
import { DEALERS } from "./dealers.ts";

/** Issue 17: "The seed gives every vehicle a body type", for every model it can draw, not only those a sample picked. */
describe("the seed's body types", () => {
  it("gives every make and model of the used stock a body type of the list, never 'Other'", () => {
    for (const make of USED_MAKES) {
      for (const model of make.models) {
        const body = bodyTypeOf(model);
        expect(BODY_TYPES, `${make.name} ${model.name}`).toContain(body);
        expect(body, `${make.name} ${model.name}`).not.toBe("Other");
      }
    }
  });

  it("names motorcycles and bakkies by what they are, cars by their shape", () => {
    const model = (makeName: string, modelName: string) =>
      USED_MAKES.find((m) => m.name === makeName)!.models.find((m) => m.name === modelName)!;
    expect(bodyTypeOf(model("Honda", "NC750X"))).toBe("Motorcycle");
    expect(bodyTypeOf(model("Toyota", "Hilux"))).toBe("Bakkie");
    expect(bodyTypeOf(model("Honda", "Jazz"))).toBe("Hatchback");
    expect(bodyTypeOf(model("Honda", "CR-V"))).toBe("SUV");
    expect(bodyTypeOf(model("Honda", "BR-V"))).toBe("MPV");
    expect(bodyTypeOf(model("Honda", "Ballade"))).toBe("Sedan");
  });
});

/** Issue 34, item 5: every demo vehicle has what a DMS sends, a stock number among them, unique within its dealer. */
describe("the seed's identifiers", () => {
  const dealers = DEALERS.map((dealer) => ({
    slug: dealer.slug,
    isWing: isWingDealerName(dealer.dealerName),
    province: dealer.province,
  }));

  it("gives every vehicle a 17-character VIN, a registration, an M&M code and a stock number unique within its dealer", () => {
    const seen = new Set<string>();
    for (const vehicle of generateUsedVehicles(20_000, dealers)) {
      expect(vehicle.vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
      expect(vehicle.registration).not.toBe("");
      expect(vehicle.mmCode).toMatch(/^\d{8}$/);
      const key = `${vehicle.dealerSlug} ${vehicle.stockNumber}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
  });

  it("makes the stock number from the branch, used or demo, and the VIN's last eight characters", () => {
    expect(stockNumberOf("honda-menlyn", false, "MRHABCDE1P2FGHJ34")).toBe("MENU-P2FGHJ34");
    expect(stockNumberOf("honda-cape-town", true, "MRHABCDE1P2FGHJ34")).toBe("CAPD-P2FGHJ34");
    expect(stockNumberOf("honda-wing-durban", false, "MRHABCDE1P2FGHJ34")).toBe("WDUU-P2FGHJ34");
  });
});
