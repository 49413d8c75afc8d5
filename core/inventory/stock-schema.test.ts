import { describe, expect, it } from "vitest";
import { newestStockYear, parseStockVehicle } from "./stock-schema.ts";

const valid = {
  make: "Honda",
  model: "CR-V",
  variant: "1.5T EX AWD CVT",
  year: "2021",
  mileage: "48 500",
  price: "R 489 900",
  transmission: "automatic",
  fuelType: "Petrol",
  colour: "Platinum White",
  condition: "Used",
  stockNumber: "HS-10442",
  vin: "shhrw2850mu000123",
  dealer: "honda-sandton",
};

const messages = (input: Record<string, unknown>) => {
  const parsed = parseStockVehicle(input);
  return parsed.ok ? {} : Object.fromEntries(parsed.violations.map((v) => [v.propertyPath, v.message]));
};

describe("a stock vehicle's fields", () => {
  it("reads form strings, CSV cells and JSON numbers alike, and defaults the status to Available", () => {
    const parsed = parseStockVehicle(valid);
    expect(parsed).toEqual({
      ok: true,
      value: expect.objectContaining({
        year: 2021,
        mileage: 48_500,
        price: 489_900,
        transmission: "Automatic",
        vin: "SHHRW2850MU000123",
        status: "Available",
      }),
    });
    expect(parseStockVehicle({ ...valid, year: 2021, mileage: 48500, price: 489900 }).ok).toBe(true);
  });

  it("names every missing field", () => {
    expect(Object.keys(messages({}))).toEqual([
      "make",
      "model",
      "variant",
      "year",
      "mileage",
      "price",
      "transmission",
      "fuelType",
      "colour",
      "condition",
      "dealer",
    ]);
    expect(messages({}).price).toBe("Price is required");
  });

  it("refuses a VIN with I, O or Q or of the wrong length, a future year and insane prices and mileages", () => {
    expect(
      messages({
        ...valid,
        vin: "SHHRW2850MU00012O",
        year: String(newestStockYear() + 1),
        price: "5",
        mileage: "9999999",
      }),
    ).toEqual({
      vin: "VIN must be 17 letters and digits, without I, O or Q",
      year: "Year cannot be in the future",
      price: "Price must be at least R 1\u00a0000",
      mileage: "Mileage must be at most 1\u00a0500\u00a0000 km",
    });
  });

  it("refuses an unknown status or condition with the options", () => {
    expect(messages({ ...valid, status: "Gone", condition: "New" })).toEqual({
      status: "Status must be one of: Draft, Available, Reserved, Sold",
      condition: "Condition must be one of: Used, Demo",
    });
  });
});
