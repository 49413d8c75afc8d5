import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { dealers } from "../../db/schema.ts";
import { mulberry32 } from "../../seed/used-stock.ts";
import { cloneTemplate } from "../../tests/support/template-db.ts";
import { BODY_TYPES, parseUsedVehicleQuery, PROVINCES, type UsedVehicleQuery } from "./used-query.ts";
import { UsedStockIndex } from "./used-stock-index.server.ts";
import { listUsedVehicles, loadUsedStock, type UsedFilters, usedFilters } from "./used-vehicles.server.ts";

/**
 * The refinements (ranges, body type, colour, province, dealer, keywords) answered by the
 * in-memory index and by SQL: each filter is checked against the stock itself, and both must agree.
 */
let database: DatabaseHandle;
let index: UsedStockIndex;
type Row = {
  id: number;
  make: string;
  model: string;
  variant: string;
  colour: string;
  body: string;
  province: string;
  dealer: string;
  price: number;
  year: number;
  mileage: number;
  fuel: string;
  transmission: string;
};
let stock: Row[];

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  index = new UsedStockIndex(await loadUsedStock(database.db));
  const result = await database.db.execute(sql`
    select v.id, mk.name as make, md.name as model, v.variant, v.exterior_color as colour, v.body_type as body,
           d.province, d.slug as dealer, v.price, v.year, v.mileage_km as mileage, v.fuel_type as fuel, v.transmission
    from used_vehicles v join makes mk on mk.id = v.make_id join models md on md.id = v.model_id join dealers d on d.id = v.dealer_id`);
  stock = (result as unknown as { rows: Row[] }).rows;
});
afterAll(() => database.close());

const query = (search: string): UsedVehicleQuery => {
  const parsed = parseUsedVehicleQuery(new URLSearchParams(search));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.violations));
  return parsed.value;
};

/** Every id a query lists, page after page, from memory; and the same from SQL. */
function allIdsFromMemory(q: UsedVehicleQuery): number[] {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const { members } = index.list({ ...q, page });
    if (members.length === 0) return ids;
    ids.push(...members.map((v) => v.id));
  }
}

async function expectAgreement(search: string, expected: (row: Row) => boolean) {
  const q = query(search);
  const wanted = stock.filter(expected).map((row) => row.id);
  const fromMemory = index.list(q);
  expect(fromMemory.total, search).toBe(wanted.length);
  expect(new Set(allIdsFromMemory(q)), search).toEqual(new Set(wanted));
  for (const page of [1, 2])
    expect(index.list({ ...q, page }), search).toEqual(await listUsedVehicles(database.db, { ...q, page }));
  return wanted.length;
}

/** Options with vehicles, in a fixed order, so that SQL and memory compare whatever order each lists them in. */
function comparable(filters: UsedFilters) {
  const sorted = <T extends { count: number }>(options: T[]) =>
    options.filter((o) => o.count > 0).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  return Object.fromEntries(
    Object.entries(filters).map(([key, value]) => [
      key,
      Array.isArray(value) ? sorted(value as { count: number }[]) : value,
    ]),
  );
}

describe("each new filter, in memory and in SQL", () => {
  it("price[gte] and price[lte] keep the prices within the range, bounds included", async () => {
    const [a, b] = [stock[3]!.price, stock[7]!.price].sort((x, y) => x - y);
    expect(
      await expectAgreement(`price[gte]=${a}&price[lte]=${b}`, (r) => r.price >= a! && r.price <= b!),
    ).toBeGreaterThan(0);
  });

  it("year[gte], year[lte] and mileage[lte]", async () => {
    expect(
      await expectAgreement("year[gte]=2020&year[lte]=2024", (r) => r.year >= 2020 && r.year <= 2024),
    ).toBeGreaterThan(0);
    expect(await expectAgreement("mileage[lte]=40000", (r) => r.mileage <= 40_000)).toBeGreaterThan(0);
  });

  it("bodyType[], colour[] (any case), province[] and dealer[] each keep any of their values", async () => {
    expect(
      await expectAgreement("bodyType[]=SUV&bodyType[]=bakkie", (r) => r.body === "SUV" || r.body === "Bakkie"),
    ).toBeGreaterThan(0);
    expect(
      await expectAgreement("colour[]=white&colour[]=RED", (r) => ["white", "red"].includes(r.colour.toLowerCase())),
    ).toBeGreaterThan(0);
    expect(await expectAgreement("province[]=Gauteng", (r) => r.province === "Gauteng")).toBeGreaterThan(0);
    const dealer = stock[0]!.dealer;
    expect(await expectAgreement(`dealer[]=${dealer}`, (r) => r.dealer === dealer)).toBeGreaterThan(0);
  });

  it("the seed gives every vehicle a body type of the list", () => {
    expect(stock.every((r) => (BODY_TYPES as readonly string[]).includes(r.body) && r.body !== "Other")).toBe(true);
    expect(new Set(stock.map((r) => r.body))).toEqual(
      new Set(["Hatchback", "Sedan", "SUV", "Bakkie", "MPV", "Motorcycle"]),
    );
  });

  it("all of them together: SUV under R 350 000, 2019 or newer, under 80 000 km, in Gauteng", async () => {
    await expectAgreement(
      "bodyType[]=SUV&price[lte]=350000&year[gte]=2019&mileage[lte]=80000&province[]=Gauteng",
      (r) =>
        r.body === "SUV" && r.price <= 350_000 && r.year >= 2019 && r.mileage <= 80_000 && r.province === "Gauteng",
    );
  });
});

describe("keyword search (q)", () => {
  const has = (r: Row, word: string) => `${r.make} ${r.model} ${r.variant} ${r.colour}`.toLowerCase().includes(word);

  it("'jazz auto' finds automatic Honda Jazzes only", async () => {
    const count = await expectAgreement("q=jazz auto", (r) => r.model === "Jazz" && r.transmission === "Automatic");
    expect(count).toBeGreaterThan(0);
  });

  it("forgives typos in make and model names: 'jzaz', 'hodna civc', 'corola'", async () => {
    expect(await expectAgreement("q=jzaz", (r) => r.model === "Jazz")).toBeGreaterThan(0);
    expect(
      await expectAgreement(
        "q=hodna civc",
        (r) => r.make === "Honda" && (r.model === "Civic" || r.model === "Civic Type R"),
      ),
    ).toBeGreaterThan(0);
    expect(await expectAgreement("q=corola", (r) => r.model.startsWith("Corolla"))).toBeGreaterThan(0);
  });

  it("'cr-v 2021 diesel': model without punctuation rules, the year, the fuel", async () => {
    await expectAgreement("q=cr-v 2021 diesel", (r) => r.model === "CR-V" && r.year === 2021 && r.fuel === "Diesel");
    expect(await expectAgreement("q=crv", (r) => r.model === "CR-V")).toBeGreaterThan(0);
  });

  it("matches the variant and colour text, and every word must match", async () => {
    expect(await expectAgreement("q=elegance", (r) => has(r, "elegance"))).toBeGreaterThan(0);
    expect(
      await expectAgreement("q=red honda", (r) => r.colour.toLowerCase().includes("red") && r.make === "Honda"),
    ).toBeGreaterThan(0);
    expect(await expectAgreement("q=zzzzqqq", () => false)).toBe(0);
  });
});

describe("the counts of every option, from memory and from SQL", () => {
  it("agree on random combinations of filters", async () => {
    const random = mulberry32(17);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const dealerSlugs = (await database.db.select({ slug: dealers.slug }).from(dealers)).map((d) => d.slug);
    for (let n = 0; n < 25; n++) {
      const parts: string[] = [];
      if (random() < 0.5) parts.push(`price[lte]=${pick([150_000, 350_000, 600_000])}`);
      if (random() < 0.3) parts.push(`price[gte]=${pick([50_000, 100_000])}`);
      if (random() < 0.4) parts.push(`year[gte]=${pick([2016, 2019, 2023])}`);
      if (random() < 0.4) parts.push(`mileage[lte]=${pick([20_000, 80_000, 150_000])}`);
      if (random() < 0.4) parts.push(`bodyType[]=${pick(BODY_TYPES)}`);
      if (random() < 0.3) parts.push(`province[]=${pick(PROVINCES)}`);
      if (random() < 0.2) parts.push(`dealer[]=${pick(dealerSlugs)}`);
      if (random() < 0.2) parts.push(`colour[]=${pick(["white", "grey", "black"])}`);
      if (random() < 0.3) parts.push(`make_slug=${pick(["honda", "toyota"])}`);
      if (random() < 0.3) parts.push(`fuelType[]=${pick(["Petrol", "Diesel"])}`);
      if (random() < 0.2) parts.push(`q=${pick(["auto", "honda", "2022", "white"])}`);
      const q = query(parts.join("&"));
      expect(comparable(index.filters(q)), parts.join("&")).toEqual(comparable(await usedFilters(database.db, q)));
    }
  });

  it("are kept per choice of filters: another page or order of it shares them, another dealer's scope does not", async () => {
    const dealerIds = (await database.db.select({ id: dealers.id }).from(dealers)).map((d) => d.id);
    const choice = query("bodyType[]=SUV&price[lte]=600000");
    const asked = index.filters(choice);
    expect(index.filters({ ...choice, page: 3, order: [{ field: "price", direction: "desc" }] })).toEqual(asked);
    let scopesWithOtherCounts = 0;
    for (const dealerId of dealerIds) {
      const scoped = index.filters(choice, { dealerId });
      expect(comparable(scoped), `dealer ${dealerId}`).toEqual(
        comparable(await usedFilters(database.db, choice, { dealerId })),
      );
      if (scoped.total !== asked.total) scopesWithOtherCounts += 1;
    }
    expect(scopesWithOtherCounts).toBeGreaterThan(0);
    // Asked again after the other scopes, the group's counts are still the group's.
    expect(comparable(index.filters(choice))).toEqual(comparable(await usedFilters(database.db, choice)));
  });

  it("count an option as if chosen alone in its group, with the other filters in force", () => {
    const filters = index.filters(query("bodyType[]=SUV&province[]=Gauteng"));
    const gautengSuvs = stock.filter((r) => r.body === "SUV" && r.province === "Gauteng").length;
    expect(filters.total).toBe(gautengSuvs);
    expect(filters.bodyTypes.find((o) => o.value === "Sedan")!.count).toBe(
      stock.filter((r) => r.body === "Sedan" && r.province === "Gauteng").length,
    );
    expect(filters.provinces.find((o) => o.value === "Western Cape")!.count).toBe(
      stock.filter((r) => r.body === "SUV" && r.province === "Western Cape").length,
    );
    expect(filters.priceMax.find((o) => o.value === 350_000)!.count).toBe(
      stock.filter((r) => r.body === "SUV" && r.province === "Gauteng" && r.price <= 350_000).length,
    );
  });
});
