import { describe, expect, it } from "vitest";
import { CAR_BODY_TYPES, defaultBodyTypes, listingNoun } from "./used-kind.ts";

describe("what a used listing shows", () => {
  it("shows cars unless motorcycles are asked for", () => {
    expect(defaultBodyTypes({}, null)).toEqual(CAR_BODY_TYPES);
    expect(CAR_BODY_TYPES).not.toContain("Motorcycle");
    expect(defaultBodyTypes({ bodyTypes: ["Motorcycle"] }, null)).toEqual(["Motorcycle"]);
    expect(defaultBodyTypes({ bodyTypes: ["SUV", "Motorcycle"] }, { is_wing: false })).toEqual(["SUV", "Motorcycle"]);
  });

  it("shows a Honda Wing dealer's motorcycles, and a chosen model whatever it is", () => {
    expect(defaultBodyTypes({}, { is_wing: true })).toEqual(["Motorcycle"]);
    expect(defaultBodyTypes({}, { is_wing: false })).toEqual(CAR_BODY_TYPES);
    expect(defaultBodyTypes({ modelSlug: "nc750x" }, null)).toBeUndefined();
  });

  it("names what the list holds: cars, motorcycles, or vehicles when both", () => {
    const inView = [
      { value: "SUV", count: 3 },
      { value: "Motorcycle", count: 0 },
    ];
    expect(listingNoun(CAR_BODY_TYPES, inView)).toBe("Cars");
    expect(listingNoun(["Motorcycle"], inView)).toBe("Motorcycles");
    expect(listingNoun(["SUV", "Motorcycle"], inView)).toBe("Vehicles");
    expect(listingNoun(undefined, inView)).toBe("Cars");
    expect(listingNoun(undefined, [{ value: "Motorcycle", count: 2 }])).toBe("Motorcycles");
    expect(listingNoun(undefined, [])).toBe("Cars");
  });
});
