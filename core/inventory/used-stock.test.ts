import { eq, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { adminSelect } from "../../db/admin.ts";
import { dealers, makes, models, usedVehicles } from "../../db/schema.ts";
import { mulberry32 } from "../../seed/used-stock.ts";
import { cloneTemplate, postgresServerUrl } from "../../tests/support/template-db.ts";
import { FUEL_TYPES, ORDER_FIELDS, TRANSMISSIONS, type UsedVehicleQuery, VEHICLE_STATES } from "./used-query.ts";
import { ChangeNotifications } from "../shared/change-notifications.ts";
import { UsedStock } from "./used-stock.server.ts";
import { UsedStockIndex } from "./used-stock-index.server.ts";
import {
  findUsedVehicle,
  findUsedVehicles,
  listUsedVehicles,
  loadUsedStock,
  priceHistory,
  similarUsedVehicles,
} from "./used-vehicles.server.ts";

let database: DatabaseHandle & { url?: string };
beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  // Thousands of vehicles, many sharing a price, year or mileage with another (ties the id must break).
  await database.db.execute(
    sql.raw(`insert into used_vehicles (dealer_id, make_id, model_id, variant, year, mileage_km, price, transmission, fuel_type, state, exterior_color)
      select dealer_id, make_id, model_id, variant, year, mileage_km + (copy % 3) * 1000, price + (copy % 2) * 5000, transmission, fuel_type, state, exterior_color
      from used_vehicles, generate_series(1, 12) as copy`),
  );
  // Some of it not public (drafts and sold vehicles) and some reserved: the index must leave out what the SQL does.
  await database.db.execute(
    sql.raw(
      `update used_vehicles set status = case when id % 7 = 0 then 'Sold' when id % 11 = 0 then 'Draft' when id % 5 = 0 then 'Reserved' else status end`,
    ),
  );
});
afterAll(() => database.close());

/** Random listing queries as clients send them, including slugs that name nothing and pages past the end. */
async function randomQueries(count: number, seed: number): Promise<{ query: UsedVehicleQuery; dealerId?: number }[]> {
  const random = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const subset = <T>(items: readonly T[]): T[] => (random() < 0.5 ? [] : items.filter(() => random() < 0.5));
  // Makes and models that have stock (the open catalogue also names many that have none yet), and a few that name nothing.
  const makeSlugs = (
    await database.db
      .selectDistinct({ slug: makes.slug })
      .from(makes)
      .innerJoin(usedVehicles, eq(usedVehicles.makeId, makes.id))
  ).map((row) => row.slug);
  const modelSlugs = (
    await database.db
      .selectDistinct({ slug: models.slug })
      .from(models)
      .innerJoin(usedVehicles, eq(usedVehicles.modelId, models.id))
  ).map((row) => row.slug);
  const dealerIds = (await database.db.select({ id: dealers.id }).from(dealers)).map((row) => row.id);
  return Array.from({ length: count }, () => {
    const order = ORDER_FIELDS.filter(() => random() < 0.4).map((field) => ({
      field,
      direction: pick(["asc", "desc"] as const),
    }));
    const roll = random();
    return {
      query: {
        page: roll < 0.5 ? 1 : roll < 0.8 ? 2 + Math.floor(random() * 5) : 1 + Math.floor(random() * 200),
        makeSlug: random() < 0.4 ? pick([...makeSlugs, "no-such-make"]) : undefined,
        modelSlug: random() < 0.3 ? pick([...modelSlugs, "no-such-model"]) : undefined,
        fuelTypes: subset(FUEL_TYPES),
        transmissions: subset(TRANSMISSIONS),
        states: subset(VEHICLE_STATES),
        order: random() < 0.5 ? order.reverse() : order,
      },
      dealerId: random() < 0.2 ? pick([...dealerIds, 999_999]) : undefined,
    };
  });
}

describe("the in-memory index of the used stock", () => {
  it("answers every query exactly as the SQL listing does: the same vehicles, in the same order, and the same total", async () => {
    const index = new UsedStockIndex(await loadUsedStock(database.db));
    expect(index.size).toBeGreaterThan(1000);
    let nonEmpty = 0;
    for (const { query, dealerId } of await randomQueries(400, 11)) {
      const expected = await listUsedVehicles(database.db, query, { dealerId });
      expect(index.list(query, { dealerId }), JSON.stringify({ query, dealerId })).toEqual(expected);
      if (expected.members.length > 0) nonEmpty += 1;
    }
    // The comparison means something only if most queries find vehicles.
    expect(nonEmpty).toBeGreaterThan(150);
  });
});

describe("the stock's make and model", () => {
  it("agree: the database refuses a vehicle whose model is another make's (the index matches make and model by slug)", async () => {
    const [vehicle] = await database.db.select().from(usedVehicles).limit(1);
    const [otherMakesModel] = await database.db
      .select({ id: models.id })
      .from(models)
      .where(ne(models.makeId, vehicle!.makeId))
      .limit(1);
    expect(otherMakesModel).toBeDefined();
    const { id: _id, ...copy } = vehicle!;
    await expect(database.db.insert(usedVehicles).values({ ...copy, modelId: otherMakesModel!.id })).rejects.toThrow();
    await expect(
      database.db.update(usedVehicles).set({ modelId: otherMakesModel!.id }).where(eq(usedVehicles.id, vehicle!.id)),
    ).rejects.toThrow();
  });
});

const everything: UsedVehicleQuery = { page: 1, fuelTypes: [], transmissions: [], states: [], order: [] };

/** A UsedStock that reads the database's change notifications, once it has the whole stock in memory. */
async function startWatching() {
  const usedStock = new UsedStock(database.db);
  expect(usedStock.state).toBe("database");
  const changes = new ChangeNotifications();
  await changes.start(database);
  usedStock.watch(changes);
  await vi.waitFor(() => expect(usedStock.state).toBe("current"), { timeout: 20_000, interval: 20 });
  const stop = async () => {
    await usedStock.stop();
    await changes.stop();
  };
  return { usedStock, stop };
}

describe("UsedStock, watching the database", () => {
  let usedStock: UsedStock;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ usedStock, stop } = await startWatching());
  });
  afterAll(() => stop());

  it("answers from memory what the database answers", async () => {
    const query = {
      ...everything,
      makeSlug: "honda",
      order: [{ field: "price" as const, direction: "asc" as const }],
      page: 3,
    };
    expect(await usedStock.list(query)).toEqual(await listUsedVehicles(database.db, query));
  });

  it("answers a vehicle, its price changes and vehicles like it from memory as the database does", async () => {
    const [reduced] = await database.db
      .select()
      .from(usedVehicles)
      .where(eq(usedVehicles.status, "Available"))
      .limit(1);
    await database.db
      .update(usedVehicles)
      .set({ price: reduced!.price - 15_000 })
      .where(eq(usedVehicles.id, reduced!.id));
    await database.db
      .update(usedVehicles)
      .set({ price: reduced!.price - 20_000 })
      .where(eq(usedVehicles.id, reduced!.id));
    await vi.waitFor(async () => expect((await usedStock.vehicle(reduced!.id))?.price).toBe(reduced!.price - 20_000), {
      timeout: 10_000,
      interval: 20,
    });
    await vi.waitFor(() => expect(usedStock.state).toBe("current"), { timeout: 10_000, interval: 20 });
    const sample = await database.db
      .select({ id: usedVehicles.id })
      .from(usedVehicles)
      .orderBy(sql`random()`)
      .limit(25);
    for (const id of [reduced!.id, ...sample.map((row) => row.id), 999_999_999]) {
      const vehicle = await findUsedVehicle(database.db, id);
      expect(await usedStock.vehicle(id)).toEqual(vehicle);
      expect(await usedStock.priceHistory(id)).toEqual(await priceHistory(database.db, id));
      if (vehicle) expect(await usedStock.similar(vehicle)).toEqual(await similarUsedVehicles(database.db, vehicle));
    }
    expect((await usedStock.priceHistory(reduced!.id)).map((change) => change.newPrice)).toEqual([
      reduced!.price - 15_000,
      reduced!.price - 20_000,
    ]);
    const ids = sample.map((row) => row.id);
    expect(await usedStock.vehicles(ids)).toEqual(await findUsedVehicles(database.db, ids));
  });

  it("answers an order of several fields the same before and after it is sorted in memory", async () => {
    const query: UsedVehicleQuery = {
      ...everything,
      page: 2,
      order: [
        { field: "year", direction: "desc" },
        { field: "price", direction: "asc" },
      ],
    };
    const expected = await listUsedVehicles(database.db, query);
    expect(await usedStock.list(query)).toEqual(expected);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await usedStock.list(query)).toEqual(expected);
  });
});

describe("UsedStock, following the database's changes", () => {
  let usedStock: UsedStock;
  let stop: () => Promise<void>;
  const newestFirstIds = async () => (await usedStock.list(everything)).members.map((vehicle) => vehicle.id);
  beforeAll(async () => {
    ({ usedStock, stop } = await startWatching());
  });
  afterAll(() => stop());

  it("no longer lists a vehicle once it is sold, and lists one as soon as it is added", async () => {
    const [newest] = await newestFirstIds();
    await database.db.delete(usedVehicles).where(eq(usedVehicles.id, newest!));
    await vi.waitFor(async () => expect(await newestFirstIds()).not.toContain(newest), {
      timeout: 10_000,
      interval: 20,
    });

    const [template] = await database.db.select().from(usedVehicles).limit(1);
    const { id: _id, ...copy } = template!;
    const [added] = await database.db
      .insert(usedVehicles)
      .values({ ...copy, status: "Available" })
      .returning({ id: usedVehicles.id });
    await vi.waitFor(async () => expect((await newestFirstIds())[0]).toBe(added!.id), {
      timeout: 10_000,
      interval: 20,
    });
    await vi.waitFor(() => expect(usedStock.state).toBe("current"), { timeout: 10_000, interval: 20 });
    expect((await newestFirstIds())[0]).toBe(added!.id);
  });

  // Embedded PGlite listens inside the process, where the listener cannot be lost: PostgreSQL only.
  it.runIf(postgresServerUrl() !== undefined)(
    "answers with queries while its connection for notifications is lost, and from memory again once it is back",
    async () => {
      const listeners = () =>
        adminSelect(
          database.url!,
          "select pid from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'",
          [],
        );
      const [listener] = await listeners();
      await database.db.execute(sql`select pg_terminate_backend(${Number(listener!.pid)})`);
      await vi.waitFor(() => expect(usedStock.state).toBe("loading"), { timeout: 10_000, interval: 10 });

      // A change while nobody listens is still seen: the listing is a query until memory is read again.
      const [newest] = await newestFirstIds();
      await database.db.delete(usedVehicles).where(eq(usedVehicles.id, newest!));
      expect(await newestFirstIds()).not.toContain(newest);
      await vi.waitFor(() => expect(usedStock.state).toBe("current"), { timeout: 20_000, interval: 20 });
      expect(await newestFirstIds()).not.toContain(newest);
    },
  );
});
