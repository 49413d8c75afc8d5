import { describe, expect, it } from "vitest";
import { BODY_TYPES } from "../core/inventory/used-query.ts";
import { bodyTypeOf, CURRENT_YEAR, generateUsedVehicles, stockNumberOf, USED_MAKES, variantsOf } from "./used-stock.ts";
import { DEFAULT_USED_COUNT } from "./seed.ts";
import { isWingDealerName } from "../core/dealers/dealers.server.ts";
import { DEALERS } from "./dealers.ts";

/** "The seed gives every vehicle a body type", for every model it can draw, not only those a sample picked. */
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

/** Every demo vehicle has what a DMS sends, a stock number among them, unique within its dealer. */
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

/**
 * The model years each model of the seed was sold new in South Africa (the last one absent: still on sale), kept
 * here apart from the seed's own list so that a model year the seed gets wrong shows up as a failure.
 */
const SOUTH_AFRICAN_MODEL_YEARS: Record<string, [first: number, last?: number]> = {
  "Honda Amaze": [2018],
  "Honda Fit": [2021],
  "Honda City Hatch": [2024],
  "Honda WR-V": [2023],
  "Honda BR-V": [2017],
  "Honda HR-V": [2015],
  "Honda ZR-V": [2023],
  "Honda CR-V": [2014],
  "Honda Civic Type R": [2017],
  "Honda Ballade": [2014, 2024],
  "Honda Jazz": [2014, 2020],
  "Honda Brio": [2014, 2019],
  "Honda Civic": [2014, 2021],
  "Honda Accord": [2014, 2021],
  "Honda CRF1100L Africa Twin": [2020],
  "Honda NC750X": [2014],
  "Honda CB650R": [2019],
  "Honda CBR650R": [2019],
  "Honda Rebel 500": [2017],
  "Honda PCX125": [2014],
  "Honda CRF300L": [2021],
  "Honda GL1800 Gold Wing Tour": [2018],
  "Toyota Corolla Cross": [2021],
  "Toyota Fortuner": [2016],
  "Toyota Hilux": [2016],
  "Toyota Starlet": [2020],
  "Toyota Urban Cruiser": [2021],
  "Toyota RAV4": [2019],
  "Volkswagen Polo Vivo": [2014],
  "Volkswagen Polo": [2018],
  "Volkswagen T-Cross": [2019],
  "Volkswagen Tiguan": [2016],
  "Volkswagen Golf GTI": [2014],
  "Ford Ranger": [2014],
  "Ford Everest": [2016],
  "Ford EcoSport": [2014, 2022],
  "Ford Fiesta": [2014, 2022],
  "Hyundai Grand i10": [2014],
  "Hyundai i20": [2015],
  "Hyundai Creta": [2017],
  "Hyundai Tucson": [2016],
  "Kia Picanto": [2014],
  "Kia Sonet": [2021],
  "Kia Seltos": [2020],
  "Kia Sportage": [2016],
  "Nissan Magnite": [2021],
  "Nissan Almera": [2014, 2021],
  "Nissan Qashqai": [2014],
  "Nissan Navara": [2016],
  "Mazda Mazda2": [2015],
  "Mazda CX-3": [2015],
  "Mazda CX-5": [2014],
  "Suzuki Swift": [2018],
  "Suzuki Jimny": [2019],
  "Suzuki Ertiga": [2019],
  "BMW 3 Series": [2014],
  "BMW X1": [2016],
  "BMW X3": [2018],
  "Mercedes-Benz A-Class": [2018],
  "Mercedes-Benz C-Class": [2014],
  "Mercedes-Benz GLC": [2016],
  "Renault Kwid": [2016],
  "Renault Kiger": [2021],
  "Renault Duster": [2014],
};

describe("the seed's used stock is believable", () => {
  const dealers = DEALERS.map((dealer) => ({ slug: dealer.slug, isWing: isWingDealerName(dealer.dealerName) }));
  const nameOf = (makeSlug: string, modelSlug: string) => {
    const make = USED_MAKES.find((entry) => entry.slug === makeSlug)!;
    return { make, model: make.models.find((entry) => entry.slug === modelSlug)! };
  };
  const stock = [...generateUsedVehicles(DEFAULT_USED_COUNT, dealers), ...generateUsedVehicles(5_000, dealers, 7)];

  it("knows the South African model years of every model it can draw", () => {
    const drawable = USED_MAKES.flatMap((make) => make.models.map((model) => `${make.name} ${model.name}`));
    expect(drawable.sort()).toEqual(Object.keys(SOUTH_AFRICAN_MODEL_YEARS).sort());
  });

  it("dates every vehicle within the years its model was sold new in South Africa", () => {
    for (const vehicle of stock) {
      const { make, model } = nameOf(vehicle.makeSlug, vehicle.modelSlug);
      const [first, last = CURRENT_YEAR] = SOUTH_AFRICAN_MODEL_YEARS[`${make.name} ${model.name}`]!;
      const label = `${vehicle.year} ${make.name} ${model.name} ${vehicle.variant}`;
      expect(vehicle.year, label).toBeGreaterThanOrEqual(first);
      expect(vehicle.year, label).toBeLessThanOrEqual(last);
    }
  });

  it("gives every vehicle the gearbox and fuel of a variant sold in its model year", () => {
    for (const vehicle of stock) {
      const { make, model } = nameOf(vehicle.makeSlug, vehicle.modelSlug);
      const sold = variantsOf(model, vehicle.year).map((v) => `${v.name}, ${v.transmission}, ${v.fuel}`);
      expect(sold, `${vehicle.year} ${make.name} ${model.name}`).toContain(
        `${vehicle.variant}, ${vehicle.transmission}, ${vehicle.fuelType}`,
      );
    }
  });

  it("has none of the vehicles a buyer would not believe", () => {
    const described = stock.map(
      (v) => `${v.year} ${nameOf(v.makeSlug, v.modelSlug).model.name} ${v.variant} ${v.transmission} ${v.fuelType}`,
    );
    expect(described.filter((text) => /^201\d (WR-V|Corolla Cross|ZR-V) /.test(text))).toEqual([]);
    expect(described.filter((text) => /CR-V .*AWD.* Manual/.test(text))).toEqual([]);
    expect(described.filter((text) => /Type R .* Automatic/.test(text))).toEqual([]);
    expect(described.filter((text) => /(e:HEV|Hybrid).* (Petrol|Diesel)$/.test(text))).toEqual([]);
  });

  it("runs as demonstrators only Honda models on sale this year or last", () => {
    for (const vehicle of stock.filter((v) => v.state === "Demo")) {
      expect(vehicle.makeSlug).toBe("honda");
      expect(vehicle.year).toBeGreaterThanOrEqual(CURRENT_YEAR - 1);
    }
  });
});
