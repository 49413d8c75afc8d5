import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { findDealer } from "../../../core/dealers/dealers.server.ts";
import { ReadModels } from "../../../core/shared/read-model.server.ts";
import type { DatabaseHandle } from "../../../db/client.ts";
import { cloneTemplate } from "../../../tests/support/template-db.ts";
import { HOME_OFFER_COUNT, loadHomeData, ownDealsFirst, uniqueByModel } from "./home-data.server.ts";

let database: DatabaseHandle;
let sources: { db: DatabaseHandle["db"]; readModels: ReadModels };
beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  sources = { db: database.db, readModels: new ReadModels(database.db) };
});
afterAll(() => database.close());

describe("the home page's data", () => {
  it("has the home banners, every new car and each motorcycle model once", async () => {
    const home = await loadHomeData(sources, null);
    expect(home.banners.length).toBeGreaterThan(0);
    expect(home.banners.every((banner) => banner.type === "")).toBe(true);
    expect(home.cars.length).toBeGreaterThan(4);
    expect(home.cars.every((car) => car.type === "car" && car.minPrice > 0)).toBe(true);
    const motorcycleKeys = home.motorcycles.map((m) => `${m.make_slug}/${m.model_slug}`);
    expect(home.motorcycles.every((m) => m.type === "motorcycle")).toBe(true);
    expect(new Set(motorcycleKeys).size).toBe(motorcycleKeys.length);
    expect(motorcycleKeys.length).toBeGreaterThan(0);
  });

  it("shows the group's offers for the group and a dealer's own offers first in its scope", async () => {
    const group = await loadHomeData(sources, null);
    expect(group.offers.length).toBeGreaterThan(0);
    expect(group.offers.length).toBeLessThanOrEqual(HOME_OFFER_COUNT);
    expect(group.offers.every((deal) => deal.dealer_slug === null && deal.kind === "special")).toBe(true);

    const sandton = await findDealer(database.db, "honda-sandton");
    const scoped = await loadHomeData(sources, sandton);
    expect(scoped.offers[0]?.dealer_slug).toBe("honda-sandton");
    expect(scoped.offers.every((deal) => deal.dealer_slug === null || deal.dealer_slug === "honda-sandton")).toBe(true);
  });
});

describe("helpers", () => {
  it("keeps the first of each make and model", () => {
    const items = [
      { make_slug: "honda", model_slug: "a", n: 1 },
      { make_slug: "honda", model_slug: "b", n: 2 },
      { make_slug: "honda", model_slug: "a", n: 3 },
    ];
    expect(uniqueByModel(items).map((i) => i.n)).toEqual([1, 2]);
  });

  it("puts a dealer's own deals first and keeps the order otherwise", () => {
    const deals = [
      { dealer_slug: null, n: 1 },
      { dealer_slug: "x", n: 2 },
      { dealer_slug: null, n: 3 },
      { dealer_slug: "x", n: 4 },
    ];
    expect(ownDealsFirst(deals, "x").map((d) => d.n)).toEqual([2, 4, 1, 3]);
    expect(ownDealsFirst(deals, null).map((d) => d.n)).toEqual([1, 2, 3, 4]);
  });
});
