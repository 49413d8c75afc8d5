import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { usedVehicles } from "../../db/schema.ts";
import { cloneTemplate } from "../../tests/support/template-db.ts";
import { parseUsedVehicleQuery, type UsedVehicleQuery } from "./used-query.ts";
import { listUsedVehicles, usedFilters, usedListingPageSql } from "./used-vehicles.server.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
});
afterAll(() => database.close());

const query = (qs: string): UsedVehicleQuery => {
  const parsed = parseUsedVehicleQuery(new URLSearchParams(qs));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.violations));
  return parsed.value;
};

/** Counts straight from the stock table, to compare with the counts table. */
async function liveCount(where: string): Promise<number> {
  const result = await database.db.execute(sql.raw(`select count(*)::int as n from used_vehicles where ${where}`));
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

describe("the filter counts (used_vehicle_counts, kept by triggers)", () => {
  it("match the stock, and the listing's total, for a mix of filters", async () => {
    const filters = await usedFilters(database.db, query("fuelType=Petrol&transmissionType=Manual"));
    expect(filters.total).toBe(await liveCount("fuel_type = 'Petrol' and transmission = 'Manual'"));
    expect(filters.fuelTypes.find((f) => f.value === "Diesel")!.count).toBe(
      await liveCount("fuel_type = 'Diesel' and transmission = 'Manual'"),
    );
    expect(filters.transmissionTypes.find((f) => f.value === "Automatic")!.count).toBe(
      await liveCount("fuel_type = 'Petrol' and transmission = 'Automatic'"),
    );
    const list = await listUsedVehicles(database.db, query("fuelType=Petrol&transmissionType=Manual"));
    expect(list.total).toBe(filters.total);
  });

  it("stay exact when vehicles are added, changed and removed", async () => {
    const before = await usedFilters(database.db, query(""));
    const [template] = await database.db.select().from(usedVehicles).limit(1);
    // Not its VIN, unique across the group, nor its stock number, unique at the dealer.
    const { id: _id, vin: _vin, stockNumber: _stockNumber, ...copy } = template!;
    const inserted = await database.db
      .insert(usedVehicles)
      .values([
        { ...copy, fuelType: "Hybrid", state: "Demo" },
        { ...copy, fuelType: "Hybrid", state: "Demo" },
      ])
      .returning({ id: usedVehicles.id });
    const hybrid = (f: Awaited<ReturnType<typeof usedFilters>>) => f.fuelTypes.find((o) => o.value === "Hybrid")!.count;
    const afterInsert = await usedFilters(database.db, query(""));
    expect(afterInsert.total).toBe(before.total + 2);
    expect(hybrid(afterInsert)).toBe(hybrid(before) + 2);

    await database.db.update(usedVehicles).set({ fuelType: "Diesel" }).where(eq(usedVehicles.id, inserted[0]!.id));
    const afterUpdate = await usedFilters(database.db, query(""));
    expect(hybrid(afterUpdate)).toBe(hybrid(before) + 1);
    expect(afterUpdate.total).toBe(before.total + 2);

    for (const { id } of inserted) await database.db.delete(usedVehicles).where(eq(usedVehicles.id, id));
    const afterDelete = await usedFilters(database.db, query(""));
    expect(afterDelete).toEqual(before);
    expect(afterDelete.total).toBe(await liveCount("true"));
  });

  it("count models of the chosen make only, and keep them when the model slug names nothing", async () => {
    const filters = await usedFilters(database.db, query("make_slug=honda&model_slug=no-such-model"));
    expect(filters.total).toBe(0);
    expect(filters.models.length).toBeGreaterThan(3);
    const sum = filters.models.reduce((total, model) => total + model.count, 0);
    expect(sum).toBe(await liveCount("make_id = (select id from makes where slug = 'honda')"));
  });
});

describe("the listing's page query", () => {
  it("breaks ties by id in the order's direction, so one index scan gives the order", async () => {
    expect((await usedListingPageSql(database.db, query("order[price]=asc")))!.sql).toMatch(
      /order by "used_vehicles"."price" asc, "used_vehicles"."id" asc/,
    );
    expect((await usedListingPageSql(database.db, query("order[mileage]=desc")))!.sql).toMatch(
      /order by "used_vehicles"."mileage_km" desc, "used_vehicles"."id" desc/,
    );
  });

  it("answers an unknown make or model with an empty list", async () => {
    expect(await listUsedVehicles(database.db, query("make_slug=trabant"))).toEqual({ members: [], total: 0 });
    expect(await listUsedVehicles(database.db, query("make_slug=honda&model_slug=no-such-model&page=2"))).toEqual({
      members: [],
      total: 0,
    });
  });

  it("keeps the members in the page's order after fetching them by id", async () => {
    const { members } = await listUsedVehicles(database.db, query("order[price]=desc&page=2"));
    const prices = members.map((v) => v.price);
    expect(prices.length).toBe(12);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });
});

describe("pages near the end", () => {
  beforeAll(async () => {
    // Deep pages are read differently from early ones (ONE_STATEMENT_MAX_OFFSET): a stock of thousands.
    await database.db.execute(
      sql.raw(`insert into used_vehicles (dealer_id, make_id, model_id, variant, year, mileage_km, price, transmission, fuel_type, state, exterior_color)
        select dealer_id, make_id, model_id, variant, year, mileage_km + copy, price, transmission, fuel_type, state, exterior_color
        from used_vehicles, generate_series(1, 24) as copy`),
    );
  });

  it("are read from the far end and give exactly the vehicles of a front-to-back walk", async () => {
    const all = await database.db.execute(
      sql.raw("select id from used_vehicles where transmission = 'Manual' order by mileage_km desc, id desc"),
    );
    const ordered = (all as unknown as { rows: { id: number }[] }).rows.map((row) => row.id);
    const pages = Math.ceil(ordered.length / 12);
    for (const page of [1, Math.ceil(pages / 2), pages - 1, pages]) {
      const { members, total } = await listUsedVehicles(
        database.db,
        query(`transmissionType=Manual&order[mileage]=desc&page=${page}`),
      );
      expect(total).toBe(ordered.length);
      expect(members.map((v) => v.id)).toEqual(ordered.slice((page - 1) * 12, page * 12));
    }
    const far = await usedListingPageSql(
      database.db,
      query(`transmissionType=Manual&order[mileage]=desc&page=${pages}`),
    );
    expect(far!.sql).toMatch(/order by "used_vehicles"."mileage_km" asc, "used_vehicles"."id" asc/);
    expect(await usedListingPageSql(database.db, query(`transmissionType=Manual&page=${pages + 1}`))).toBeNull();
  });

  it("give the same vehicles for a make and model, whose ids a deep page looks up first", async () => {
    // The model the demo stock holds most of, so that its listing is deep enough to be read the deep way.
    const [top] = (
      (await database.db.execute(
        sql.raw(`select m.slug as make, d.slug as model from used_vehicles v join makes m on m.id = v.make_id
          join models d on d.id = v.model_id group by 1, 2 order by count(*) desc, 1, 2 limit 1`),
      )) as unknown as { rows: { make: string; model: string }[] }
    ).rows;
    const { make, model } = top!;
    const all = await database.db.execute(
      sql`select v.id from used_vehicles v join makes m on m.id = v.make_id join models d on d.id = v.model_id
        where m.slug = ${make} and d.slug = ${model} order by v.price asc, v.id asc`,
    );
    const ordered = (all as unknown as { rows: { id: number }[] }).rows.map((row) => row.id);
    const pages = Math.ceil(ordered.length / 12);
    expect(pages).toBeGreaterThan(13);
    for (const page of [1, 11, 12, Math.ceil(pages / 2) + 1, pages]) {
      const { members, total } = await listUsedVehicles(
        database.db,
        query(`make_slug=${make}&model_slug=${model}&order[price]=asc&page=${page}`),
      );
      expect(total).toBe(ordered.length);
      expect(members.map((v) => v.id)).toEqual(ordered.slice((page - 1) * 12, page * 12));
      expect(members.every((v) => v.make_slug === make && v.model_slug === model)).toBe(true);
    }
    expect(
      await listUsedVehicles(database.db, query(`make_slug=${make}&model_slug=${model}&page=${pages + 1}`)),
    ).toEqual({
      members: [],
      total: ordered.length,
    });
  });
});
