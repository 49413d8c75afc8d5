import { describe, expect, it } from "vitest";
import { usedVehicles } from "../../db/schema.ts";
import { stockColumnValues, stockFieldColumns, storedStockFields } from "./stock-columns.server.ts";
import { parseStockVehicle } from "./stock-schema.ts";

const parsed = parseStockVehicle({
  make: "Honda",
  model: "CR-V",
  variant: "1.5T EX",
  year: "2021",
  mileage: "48 500",
  price: "R 489 900",
  transmission: "Manual",
  fuelType: "Petrol",
  colour: "Platinum White",
  condition: "Used",
  dealer: "honda-sandton",
});
if (!parsed.ok) throw new Error("the example vehicle must parse");
const input = parsed.value;

describe("the stock vehicle's columns", () => {
  it("selects each field from its column, under the field's name", () => {
    expect(stockFieldColumns.mileage).toBe(usedVehicles.mileageKm);
    expect(stockFieldColumns.colour).toBe(usedVehicles.exteriorColor);
    expect(stockFieldColumns.condition).toBe(usedVehicles.state);
    expect(stockFieldColumns.variant).toBe(usedVehicles.variant);
  });

  it("stores a parsed vehicle's fields in their columns, an optional field left out as null", () => {
    expect(stockColumnValues({ ...storedStockFields(input), bodyType: "SUV" })).toEqual({
      variant: "1.5T EX",
      year: 2021,
      mileageKm: 48_500,
      price: 489_900,
      transmission: "Manual",
      fuelType: "Petrol",
      exteriorColor: "Platinum White",
      state: "Used",
      bodyType: "SUV",
      vin: null,
      mmCode: null,
      registration: null,
      description: null,
      features: null,
      status: "Available",
    });
  });

  it("leaves the body type unset when the vehicle does not give one", () => {
    expect(storedStockFields(input).bodyType).toBeUndefined();
    expect(stockColumnValues(storedStockFields(input))).not.toHaveProperty("bodyType");
  });
});
