import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { models, rangeModels, rangeVariants, usedVehicles } from "../../db/schema.ts";
import { type AppProcess, STARTUP_TIMEOUT_MS, startAppProcess } from "../support/app-process.ts";
import { createScratchDatabase } from "../support/scratch-postgres.ts";

/**
 * Decisions 034 and 040: two server processes on one PostgreSQL, each holding the range and
 * the used stock in memory. A change written to the database (as the back office or a feed on any instance
 * would write it) reaches the pages of both within seconds, through the one change notification.
 */
describe("a change in the database, with two instances on one PostgreSQL", () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let database: DatabaseHandle;
  let first: AppProcess;
  let second: AppProcess;
  const env = () => ({ DATABASE_URL: scratch.url, LEAD_DELIVERY: "off", JOBS: "off" });

  beforeAll(async () => {
    scratch = await createScratchDatabase("readmodels");
    // One after the other: the first migrates and seeds the empty database.
    first = await startAppProcess(env(), STARTUP_TIMEOUT_MS);
    second = await startAppProcess(env(), STARTUP_TIMEOUT_MS);
    database = await openDatabase({ databaseUrl: scratch.url });
    for (const app of [first, second]) await inMemory(app);
  });
  afterAll(async () => {
    await first?.stop();
    await second?.stop();
    await database?.close();
    await scratch?.drop();
  });

  /** Waits until the instance answers the range and the used stock from memory. */
  async function inMemory(app: AppProcess): Promise<void> {
    await vi.waitFor(
      async () => {
        const ready = await (await fetch(`${app.baseUrl}/readyz`)).json();
        expect(ready).toMatchObject({ status: "ready", usedStock: "current", readModels: { range: "current" } });
      },
      { timeout: 60_000, interval: 100 },
    );
  }

  const page = async (app: AppProcess, path: string) => (await fetch(app.baseUrl + path)).text();

  it("shows a renamed model and a new variant price on the other instance's model page", async () => {
    const before = await page(second, "/new/honda/cr-v");
    expect(before).toContain("<title>Honda CR-V |");
    const [crv] = await database.db.select({ id: models.id }).from(models).where(eq(models.slug, "cr-v"));
    const [range] = await database.db
      .select({ id: rangeModels.id })
      .from(rangeModels)
      .where(eq(rangeModels.modelId, crv!.id));
    const [variant] = await database.db
      .select()
      .from(rangeVariants)
      .where(eq(rangeVariants.rangeModelId, range!.id))
      .limit(1);
    expect(before).not.toContain("777777");

    await database.db.transaction(async (tx) => {
      await tx.update(models).set({ name: "CR-V Renamed" }).where(eq(models.id, crv!.id));
      await tx.update(rangeVariants).set({ price: 777_777 }).where(eq(rangeVariants.id, variant!.id));
    });

    for (const app of [second, first]) {
      await vi.waitFor(
        async () => {
          const html = await page(app, "/new/honda/cr-v");
          expect(html).toContain("<title>Honda CR-V Renamed |");
          expect(html).toContain("777777");
        },
        { timeout: 10_000, interval: 100 },
      );
      // And from memory again once it has read the change.
      await inMemory(app);
      const html = await page(app, "/new/honda/cr-v");
      expect(html).toContain("<title>Honda CR-V Renamed |");
    }
  });

  it("shows a used vehicle's new price on the other instance's listing", async () => {
    const cheapestFirst = async (app: AppProcess) =>
      (await (await fetch(`${app.baseUrl}/api/vehicles?order[price]=asc`)).json())["hydra:member"][0] as {
        id: number;
        price: number;
      };
    const [dearest] = await database.db
      .select({ id: usedVehicles.id })
      .from(usedVehicles)
      .where(eq(usedVehicles.status, "Available"))
      .orderBy(desc(usedVehicles.price))
      .limit(1);
    const target = dearest!.id;
    expect((await cheapestFirst(second)).id).not.toBe(target);
    await database.db.update(usedVehicles).set({ price: 1_000 }).where(eq(usedVehicles.id, target));
    for (const app of [second, first]) {
      await vi.waitFor(async () => expect(await cheapestFirst(app)).toMatchObject({ id: target, price: 1_000 }), {
        timeout: 10_000,
        interval: 100,
      });
      await inMemory(app);
      expect(await cheapestFirst(app)).toMatchObject({ id: target, price: 1_000 });
    }
  });
});
