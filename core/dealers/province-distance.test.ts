import { describe, expect, it } from "vitest";
import { isProvince, provinceDistanceKm } from "./province-distance.ts";

describe("provinceDistanceKm", () => {
  it("is 0 within a province, symmetric, and about the road distance between the main cities", () => {
    expect(provinceDistanceKm("Gauteng", "Gauteng")).toBe(0);
    expect(provinceDistanceKm("Gauteng", "Western Cape")).toBe(provinceDistanceKm("Western Cape", "Gauteng"));
    // Johannesburg to Cape Town is about 1 400 km by road; to Durban about 570 km.
    expect(provinceDistanceKm("Gauteng", "Western Cape")).toBeGreaterThan(1_300);
    expect(provinceDistanceKm("Gauteng", "Western Cape")).toBeLessThan(1_700);
    expect(provinceDistanceKm("Gauteng", "KwaZulu-Natal")).toBeGreaterThan(450);
    expect(provinceDistanceKm("Gauteng", "KwaZulu-Natal")).toBeLessThan(700);
  });

  it("knows the nine provinces only", () => {
    expect(isProvince("Limpopo")).toBe(true);
    expect(isProvince("Atlantis")).toBe(false);
    expect(isProvince(null)).toBe(false);
  });
});
