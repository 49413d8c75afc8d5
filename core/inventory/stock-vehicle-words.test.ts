import { describe, expect, it } from "vitest";
import { parseStockVehicle } from "./stock-schema.ts";
import { bodyTypeOf, conditionOf, fuelTypeOf, transmissionOf } from "./stock-vehicle-words.ts";

const vehicle = {
  make: "Toyota",
  model: "Hilux",
  variant: "2.8 GD-6 Raider",
  year: "2021",
  mileage: "48 500",
  price: "R 489 900",
  transmission: "Automatic",
  fuelType: "Diesel",
  colour: "White",
  condition: "Used",
  dealer: "honda-sandton",
};

const parsed = (fields: Record<string, unknown>) => {
  const result = parseStockVehicle({ ...vehicle, ...fields });
  if (!result.ok) throw new Error(JSON.stringify(result.violations));
  return result.value;
};

describe("the words a dealer's system uses for fuel, gearbox, body and condition", () => {
  it("reads the five fuels South African stock runs on, in the words exports use", () => {
    expect(
      [
        "Petrol",
        "unleaded",
        "Diesel",
        "Turbo Diesel",
        "hybrid",
        "PHEV",
        "Plug-in Hybrid",
        "plug in hybrid",
        "EV",
        "Electric",
        "BEV",
      ].map(fuelTypeOf),
    ).toEqual([
      "Petrol",
      "Petrol",
      "Diesel",
      "Diesel",
      "Hybrid",
      "Plug-in hybrid",
      "Plug-in hybrid",
      "Plug-in hybrid",
      "Electric",
      "Electric",
      "Electric",
    ]);
    expect(parsed({ fuelType: "electric" }).fuelType).toBe("Electric");
    expect(parsed({ fuelType: "PHEV" }).fuelType).toBe("Plug-in hybrid");
  });

  it("takes CVT, DCT, AMT and DSG as automatic gearboxes and keeps the kind in the variant", () => {
    for (const kind of ["CVT", "DCT", "AMT", "DSG"])
      expect(transmissionOf(kind)).toEqual({ transmission: "Automatic", kind });
    expect(transmissionOf("7-speed DSG")).toEqual({ transmission: "Automatic", kind: "DSG" });
    expect(transmissionOf("6-speed manual")).toEqual({ transmission: "Manual" });
    expect(transmissionOf("Auto")).toEqual({ transmission: "Automatic" });
    expect(parsed({ variant: "1.5 Comfort", transmission: "CVT" })).toMatchObject({
      transmission: "Automatic",
      variant: "1.5 Comfort CVT",
    });
    expect(parsed({ variant: "1.5 Comfort CVT", transmission: "cvt" })).toMatchObject({
      transmission: "Automatic",
      variant: "1.5 Comfort CVT",
    });
    expect(parsed({ transmission: "Manual" })).toMatchObject({ transmission: "Manual", variant: "2.8 GD-6 Raider" });
  });

  it("takes single, extended, club and double cabs as bakkies", () => {
    expect(
      ["Single Cab", "Extended Cab", "Club Cab", "Double Cab", "D/Cab", "Xtra Cab", "Pick-up", "LDV"].map(bodyTypeOf),
    ).toEqual(Array(8).fill("Bakkie"));
    expect(["Hatch", "Sedan", "SUV", "Crossover", "Coupé", "Convertible", "Minibus"].map(bodyTypeOf)).toEqual([
      "Hatchback",
      "Sedan",
      "SUV",
      "SUV",
      "Coupe",
      "Coupe",
      "MPV",
    ]);
    expect(parsed({ bodyType: "Double Cab" }).bodyType).toBe("Bakkie");
    expect(parsed({}).bodyType).toBeUndefined();
  });

  it("reads U and D as Used and Demo, and still refuses a new car, a fuel or gearbox it does not know, with the options", () => {
    expect(["U", "used", "Pre-owned", "D", "Demo"].map(conditionOf)).toEqual(["Used", "Used", "Used", "Demo", "Demo"]);
    const refused = parseStockVehicle({
      ...vehicle,
      condition: "New",
      fuelType: "Steam",
      transmission: "Pedals",
      bodyType: "Spaceship",
    });
    expect(refused.ok ? [] : refused.violations).toEqual([
      { propertyPath: "transmission", message: "Transmission must be one of: Automatic, Manual" },
      {
        propertyPath: "fuelType",
        message: "Fuel type must be one of: Petrol, Diesel, Hybrid, Plug-in hybrid, Electric",
      },
      { propertyPath: "condition", message: "Condition must be one of: Used, Demo" },
      {
        propertyPath: "bodyType",
        message: "Body type must be one of: Hatchback, Sedan, SUV, Bakkie, MPV, Coupe, Motorcycle, Other",
      },
    ]);
  });
});
