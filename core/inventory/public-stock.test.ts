import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { usedVehicles } from "../../db/schema.ts";
import { cloneTemplate } from "../../tests/support/template-db.ts";
import { ChangeNotifications } from "../shared/change-notifications.ts";
import { usedVehicleCount, usedVehicleUrls } from "../seo/sitemap.server.ts";
import type { StockStatus } from "./stock-schema.ts";
import type { UsedVehicleQuery } from "./used-query.ts";
import { UsedStock } from "./used-stock.server.ts";
import { findUsedVehicle, listUsedVehicles, usedFilters } from "./used-vehicles.server.ts";

/** Only Available and Reserved vehicles are public: the listing, its counts, the in-memory index and the sitemap. */
let database: DatabaseHandle;
let usedStock: UsedStock;
/** A second instance's in-memory listing over the same database. */
let otherInstance: UsedStock;
let changes: ChangeNotifications;
let otherChanges: ChangeNotifications;
const everything: UsedVehicleQuery = { page: 1, fuelTypes: [], transmissions: [], states: [], order: [] };
const newestFirst: UsedVehicleQuery = { ...everything, order: [{ field: "price", direction: "desc" }] };

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  changes = new ChangeNotifications();
  await changes.start(database);
  otherChanges = new ChangeNotifications();
  await otherChanges.start(database);
  usedStock = new UsedStock(database.db);
  usedStock.watch(changes);
  otherInstance = new UsedStock(database.db);
  otherInstance.watch(otherChanges);
  await vi.waitFor(() => expect([usedStock.state, otherInstance.state]).toEqual(["current", "current"]), {
    timeout: 20_000,
    interval: 20,
  });
});
afterAll(async () => {
  await otherInstance.stop();
  await usedStock.stop();
  await otherChanges.stop();
  await changes.stop();
  await database.close();
});

async function publicCount(): Promise<number> {
  const result = await database.db.execute(
    sql`select count(*)::int as n from used_vehicles where status in ('Available', 'Reserved')`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

/** The most expensive vehicle: first on the listing's first page, in memory and in SQL. */
async function mostExpensive(): Promise<number> {
  const [row] = await database.db
    .select({ id: usedVehicles.id })
    .from(usedVehicles)
    .where(sql`status in ('Available', 'Reserved')`)
    .orderBy(sql`price desc, id desc`)
    .limit(1);
  return row!.id;
}

const setStatus = (id: number, status: StockStatus) =>
  database.db.update(usedVehicles).set({ status }).where(eq(usedVehicles.id, id));

/** The listing as memory answers it (a waitFor retries while the stock is being read again and answers are queries). */
const fromMemory = async (query: UsedVehicleQuery, instance = usedStock) => {
  expect(instance.state).toBe("current");
  return instance.list(query);
};
const inMemoryIds = async () => (await fromMemory(newestFirst)).members.map((vehicle) => vehicle.id);

describe("a vehicle's status on the public side", () => {
  it("leaves Draft and Sold vehicles out of the listing, its total and its filter counts, and keeps Reserved ones in", async () => {
    const id = await mostExpensive();
    const before = await usedFilters(database.db, everything);
    expect(before.total).toBe(await publicCount());

    await setStatus(id, "Reserved");
    expect((await listUsedVehicles(database.db, newestFirst)).members[0]).toMatchObject({ id, status: "Reserved" });
    expect((await usedFilters(database.db, everything)).total).toBe(before.total);

    for (const status of ["Sold", "Draft"] as const) {
      await setStatus(id, status);
      const list = await listUsedVehicles(database.db, newestFirst);
      expect(list.members.map((vehicle) => vehicle.id)).not.toContain(id);
      expect(list.total).toBe(before.total - 1);
      expect((await usedFilters(database.db, everything)).total).toBe(before.total - 1);
      expect(await publicCount()).toBe(before.total - 1);
    }

    await setStatus(id, "Available");
    expect(await usedFilters(database.db, everything)).toEqual(before);
  });

  it("reaches the in-memory listing of every instance: a sold vehicle leaves it, a reserved one shows as reserved, a new price is re-read", async () => {
    const id = await mostExpensive();
    await vi.waitFor(async () => expect((await inMemoryIds())[0]).toBe(id), { timeout: 5_000, interval: 20 });

    await setStatus(id, "Sold");
    await vi.waitFor(async () => expect(await inMemoryIds()).not.toContain(id), { timeout: 5_000, interval: 20 });
    await vi.waitFor(
      async () => expect((await fromMemory(newestFirst, otherInstance)).members.map((v) => v.id)).not.toContain(id),
      {
        timeout: 5_000,
        interval: 20,
      },
    );
    expect((await fromMemory(everything)).total).toBe(await publicCount());

    await setStatus(id, "Reserved");
    await vi.waitFor(
      async () => expect((await fromMemory(newestFirst)).members[0]).toMatchObject({ id, status: "Reserved" }),
      {
        timeout: 5_000,
        interval: 20,
      },
    );

    const [{ price }] = (await database.db
      .select({ price: usedVehicles.price })
      .from(usedVehicles)
      .where(eq(usedVehicles.id, id))) as [{ price: number }];
    await database.db
      .update(usedVehicles)
      .set({ price: price + 1_000 })
      .where(eq(usedVehicles.id, id));
    for (const instance of [usedStock, otherInstance]) {
      await vi.waitFor(
        async () =>
          expect((await fromMemory(newestFirst, instance)).members[0]).toMatchObject({ id, price: price + 1_000 }),
        {
          timeout: 5_000,
          interval: 20,
        },
      );
    }
    await setStatus(id, "Available");
  });

  it("is told by a look-up by id, for the detail page and the API to answer 410 (sold) or 404 (draft)", async () => {
    const id = await mostExpensive();
    await setStatus(id, "Sold");
    expect(await findUsedVehicle(database.db, id)).toMatchObject({ id, status: "Sold" });
    await setStatus(id, "Available");
    expect(await findUsedVehicle(database.db, id)).toMatchObject({ id, status: "Available" });
  });

  it("keeps Draft and Sold vehicles out of the sitemap, whose lastmod is the vehicle's last change", async () => {
    const id = await mostExpensive();
    const urlOf = async () => (await usedVehicleUrls(database.db, 1)).find((url) => url.path.endsWith(`/${id}`));
    const before = await urlOf();
    expect(before).toBeDefined();
    const count = await usedVehicleCount(database.db);

    await setStatus(id, "Sold");
    expect(await urlOf()).toBeUndefined();
    expect(await usedVehicleCount(database.db)).toBe(count - 1);

    await setStatus(id, "Available");
    const after = await urlOf();
    expect(after).toBeDefined();
    expect(Date.parse(after!.lastModified!)).toBeGreaterThan(Date.parse(before!.lastModified!));
    expect(await usedVehicleCount(database.db)).toBe(count);
  });
});
