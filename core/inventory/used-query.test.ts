import { describe, expect, it } from "vitest";
import { parseUsedVehicleQuery } from "./used-query.ts";

const parse = (query: string) => parseUsedVehicleQuery(new URLSearchParams(query));

describe("parseUsedVehicleQuery", () => {
  it("defaults to page 1, no filters and the default order", () => {
    expect(parse("")).toEqual({
      ok: true,
      value: {
        page: 1,
        makeSlug: undefined,
        modelSlug: undefined,
        fuelTypes: [],
        transmissions: [],
        states: [],
        order: [],
      },
    });
  });

  it("reads repeated options with or without [], case-insensitively, once each", () => {
    const parsed = parse(
      "fuelType[]=diesel&fuelType=Hybrid&fuelType[]=DIESEL&transmissionType[]=manual&vehicle_state[]=demo",
    );
    expect(parsed).toMatchObject({
      ok: true,
      value: { fuelTypes: ["Diesel", "Hybrid"], transmissions: ["Manual"], states: ["Demo"] },
    });
  });

  it("reads dealers as their documented pattern does: an empty value is no choice, a blank or unlike one is refused", () => {
    expect(parse("dealer[]=&dealer[]=honda-sandton&colour[]=")).toMatchObject({
      ok: true,
      value: { dealerSlugs: ["honda-sandton"] },
    });
    const refused = parse("dealer[]=%20&dealer[]=%20honda-sandton&dealer[]=Honda-Sandton");
    expect(refused.ok).toBe(false);
    if (!refused.ok)
      expect(refused.violations.map((v) => v.propertyPath)).toEqual(["dealer[]", "dealer[]", "dealer[]"]);
  });

  it("keeps the order of the order[] keys and ignores empty ones", () => {
    const parsed = parse("order[year]=desc&order[price]=ASC&order[mileage]=");
    expect(parsed).toMatchObject({
      ok: true,
      value: {
        order: [
          { field: "year", direction: "desc" },
          { field: "price", direction: "asc" },
        ],
      },
    });
  });

  it("lists every parameter at fault at once", () => {
    const parsed = parse("page=2.5&order[colour]=asc&vehicle_state[]=Stolen");
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.violations.map((v) => v.propertyPath)).toEqual(["page", "vehicle_state[]", "order[colour]"]);
    }
  });
});

describe("'Any' and the page count", () => {
  it("'Any' clears its group even beside other values of the group, and only that group", () => {
    expect(parse("fuelType[]=Diesel&fuelType[]=Any&transmissionType=Manual")).toMatchObject({
      ok: true,
      value: { fuelTypes: [], transmissions: ["Manual"] },
    });
    expect(parse("vehicle_state=any&vehicle_state=Demo")).toMatchObject({ ok: true, value: { states: [] } });
  });

  it("rounds the page count up so that the last partial page is reachable (decision 004)", async () => {
    const { usedPageCount } = await import("./used-query.ts");
    expect([0, 1, 12, 13, 24, 25, 100_000].map(usedPageCount)).toEqual([0, 1, 1, 2, 2, 3, 8334]);
  });
});
