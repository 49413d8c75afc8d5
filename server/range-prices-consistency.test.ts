import { setTimeout as sleepUntil } from "node:timers/promises";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { nextRangePriceChange } from "../core/catalogue/ranges.server.ts";
import { scheduleVariantPrice } from "../core/catalogue/range-prices.server.ts";
import { sastDate } from "../core/content/schedule.ts";
import { formatRand } from "../core/shared/format.ts";
import type { StaffActor } from "../core/staff/roles.ts";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import { models, rangeModels, rangeVariants } from "../db/schema.ts";
import { SEEDED_RISE } from "../seed/seed.ts";
import { type InMemoryReads, keepPublicReadsInMemory } from "../tests/support/in-memory-reads.ts";
import { builtSite } from "../tests/support/page-server.ts";
import { createStaffUser } from "../tests/support/staff.ts";
import { cloneTemplate, postgresServerUrl } from "../tests/support/template-db.ts";
import { startTestServer, type TestServer } from "../tests/support/test-server.ts";
import { PageCache } from "./page-cache.ts";

/**
 * Prices on a date: a variant's price change scheduled a few seconds ahead shows nowhere before its instant and
 * everywhere from it (the model page and its variant chooser, the JSON-LD offer, compare, the finance calculator's
 * default, the /new card, both range endpoints of the API, the sitemap's lastmod), with the rendered pages kept in
 * memory for an hour: a kept page expires at the instant. On PostgreSQL also with two instances on one database,
 * the change made through one.
 */

const SITE = "https://cars.example.co.za";
const CHANGE_REACHES_MEMORY_MS = 20_000;
/** Far longer than the test: a page showing the new price shows it because its entry expired at the instant. */
const PAGE_CACHE_LIFETIME_MS = 60 * 60_000;
/** How far ahead the change is scheduled: time enough to see the old price everywhere, on each instance, first. */
const LEAD_MS = 15_000;

type Instance = { name: string; server: TestServer; reads: InMemoryReads; pageCache: PageCache };
type Target = { variantId: number; make: string; model: string; variant: string; modelPath: string };

let database: DatabaseHandle & { url?: string };
let admin: StaffActor;
let first: Instance;
let secondHandle: DatabaseHandle | null = null;
let second: Instance | null = null;
let site: Awaited<ReturnType<typeof builtSite>>;

async function startInstance(name: string, handle: DatabaseHandle): Promise<Instance> {
  const reads = await keepPublicReadsInMemory(handle);
  const pageCache = new PageCache({
    maxAgeMs: PAGE_CACHE_LIFETIME_MS,
    nextScheduledChange: (after) => nextRangePriceChange(reads.readModels, after),
  });
  pageCache.watch(reads.changes);
  const server = await startTestServer(
    { ...site, usedStock: reads.usedStock, readModels: reads.readModels, pageCache, siteUrl: SITE },
    { database: handle },
  );
  await vi.waitFor(() => expect(reads.readModels.states().range).toBe("current"), {
    timeout: CHANGE_REACHES_MEMORY_MS,
    interval: 50,
  });
  return { name, server, reads, pageCache };
}

async function stopInstance(instance: Instance | null): Promise<void> {
  if (!instance) return;
  await instance.server.close();
  instance.pageCache.stop();
  await instance.reads.stop();
}

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  site = await builtSite();
  admin = (await createStaffUser(database.db, { email: "admin@range-prices.example", role: "group_admin" })).actor;
  first = await startInstance("A", database);
});

afterAll(async () => {
  await stopInstance(second);
  await secondHandle?.close();
  await stopInstance(first);
  await database?.close();
});

type ApiVariant = {
  model: string;
  model_slug: string;
  make_slug: string;
  variant: string;
  variant_slug: string;
  modelPrice: number;
  minPrice: number;
  scheduledPrice: number | null;
  scheduledPriceFrom: string | null;
};

async function json<T>(instance: Instance, path: string): Promise<T> {
  const response = await fetch(instance.server.baseUrl + path);
  expect(response.status, `${instance.name}: ${path}`).toBe(200);
  return (await response.json()) as T;
}

/** The cheapest variant of the nth car model other than the one the demo's scheduled rise is for. */
async function targetOf(instance: Instance, nth: number): Promise<Target & { price: number; minPrice: number }> {
  const { "hydra:member": cars } = await json<{ "hydra:member": (ApiVariant & { variants: ApiVariant[] })[] }>(
    instance,
    "/api/vehicle_range/car",
  );
  const model = cars.filter((car) => car.model_slug !== SEEDED_RISE.modelSlug && car.variants.length > 1)[nth]!;
  const cheapest = model.variants[0]!;
  const { "hydra:member": found } = await json<{ "hydra:member": (ApiVariant & { id?: number })[] }>(
    instance,
    `/api/renault_ranges?model_slug=${model.model_slug}&variant_slug=${cheapest.variant_slug}`,
  );
  const [row] = await database.db
    .select({ id: rangeVariants.id })
    .from(rangeVariants)
    .innerJoin(rangeModels, eq(rangeModels.id, rangeVariants.rangeModelId))
    .innerJoin(models, eq(models.id, rangeModels.modelId))
    .where(and(eq(models.slug, model.model_slug), eq(rangeVariants.slug, cheapest.variant_slug)));
  return {
    variantId: row!.id,
    make: model.make_slug,
    model: model.model_slug,
    variant: cheapest.variant_slug,
    modelPath: `/new/${model.make_slug}/${model.model_slug}`,
    price: found[0]!.modelPrice,
    minPrice: model.minPrice,
  };
}

/** What every public place of the instance says of the variant's price now. */
type Shown = {
  page: number;
  offer: { price: number; priceValidUntil?: string };
  compare: boolean;
  finance: number;
  newCard: boolean;
  apiVariant: { modelPrice: number; scheduledPrice: number | null; scheduledPriceFrom: string | null };
  apiModelMin: number;
  lastmod: string | null;
};

const digits = (text: string) => Number(text.replace(/\D/g, ""));

async function html(instance: Instance, path: string): Promise<string> {
  const response = await fetch(instance.server.baseUrl + path);
  expect(response.status, `${instance.name}: ${path}`).toBe(200);
  return response.text();
}

async function shownBy(instance: Instance, target: Target, price: number): Promise<Shown> {
  const page = await html(instance, `${target.modelPath}?variant=${target.variant}`);
  const car = [...page.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => JSON.parse(match[1]!))
    .find((data) => data["@type"] === "Car");
  const offer = car.offers.find((o: { url: string }) => o.url.endsWith(`?variant=${target.variant}`));
  const compare = await html(instance, `/compare?variants=${target.make}.${target.model}.${target.variant}`);
  const finance = await html(instance, `/finance?model=${target.model}`);
  const newPage = await html(instance, "/new");
  const { "hydra:member": variants } = await json<{ "hydra:member": ApiVariant[] }>(
    instance,
    `/api/renault_ranges?model_slug=${target.model}&variant_slug=${target.variant}`,
  );
  const { "hydra:member": cars } = await json<{ "hydra:member": ApiVariant[] }>(instance, "/api/vehicle_range/car");
  const sitemap = await (await fetch(`${instance.server.baseUrl}/sitemap-pages.xml`)).text();
  const lastmod = new RegExp(`<loc>${SITE}${target.modelPath}</loc>(?:<lastmod>([^<]+)</lastmod>)?`).exec(sitemap);
  const { modelPrice, scheduledPrice, scheduledPriceFrom } = variants[0]!;
  return {
    page: digits(/data-testid="variant-price"[^>]*>([^<]+)</.exec(page)![1]!),
    offer: { price: offer.price, ...(offer.priceValidUntil ? { priceValidUntil: offer.priceValidUntil } : {}) },
    compare: compare.includes(formatRand(price)),
    finance: Number(
      /name="price"[^>]*value="(\d+)"|value="(\d+)"[^>]*name="price"/.exec(finance)!.slice(1).find(Boolean),
    ),
    newCard: newPage.includes(formatRand(price)),
    apiVariant: { modelPrice, scheduledPrice, scheduledPriceFrom },
    apiModelMin: cars.find((car) => car.model_slug === target.model)!.minPrice,
    lastmod: lastmod?.[1] ?? null,
  };
}

/** How long a shared cache (a CDN) may serve the instance's range API answer asked now, stale copies included. */
async function sharedCacheMs(instance: Instance): Promise<number> {
  const response = await fetch(`${instance.server.baseUrl}/api/vehicle_range/car`);
  expect(response.status).toBe(200);
  const control = response.headers.get("Cache-Control") ?? "";
  expect(control).toMatch(/^public, max-age=0, s-maxage=\d+/);
  const seconds = (directive: string) => Number(new RegExp(`${directive}=(\\d+)`).exec(control)?.[1] ?? 0);
  return 1000 * (seconds("s-maxage") + seconds("stale-while-revalidate"));
}

/** Each page asked twice, so that the page cache keeps it (decision 067): what follows is answered from memory. */
async function keepPages(instance: Instance, target: Target): Promise<void> {
  for (const path of [
    `${target.modelPath}?variant=${target.variant}`,
    `/compare?variants=${target.make}.${target.model}.${target.variant}`,
    "/new",
  ])
    for (let ask = 0; ask < 2; ask++) await html(instance, path);
}

async function scheduledChangeEverywhere(writer: DatabaseHandle, instances: Instance[], nth: number): Promise<void> {
  const target = await targetOf(instances[0]!, nth);
  const newPrice = target.price - 10_000;
  const effectiveAt = new Date(Date.now() + LEAD_MS);
  await scheduleVariantPrice(writer.db, admin, target.variantId, { price: newPrice, effectiveAt });
  const before: Shown = {
    page: target.price,
    offer: { price: target.price, priceValidUntil: sastDate(effectiveAt, { endExclusive: true }) },
    compare: true,
    finance: target.minPrice,
    newCard: true,
    apiVariant: { modelPrice: target.price, scheduledPrice: newPrice, scheduledPriceFrom: effectiveAt.toISOString() },
    apiModelMin: target.minPrice,
    lastmod: null,
  };
  for (const instance of instances) {
    // The change reaches the instance's memory through the change notification.
    await vi.waitFor(
      async () => expect((await shownBy(instance, target, target.price)).apiVariant).toEqual(before.apiVariant),
      {
        timeout: CHANGE_REACHES_MEMORY_MS,
        interval: 100,
      },
    );
    await keepPages(instance, target);
    expect(await shownBy(instance, target, target.price), `${instance.name}: before the instant`).toEqual(before);
    expect(instance.pageCache.size, `${instance.name}: pages are kept`).toBeGreaterThan(0);
    const asked = Date.now();
    expect(
      asked + (await sharedCacheMs(instance)),
      `${instance.name}: no CDN copy outlives the instant`,
    ).toBeLessThanOrEqual(effectiveAt.getTime());
  }
  expect(Date.now(), "the old price was seen everywhere before the instant").toBeLessThan(effectiveAt.getTime());

  // What is tested is the passing of the instant itself: the clock is waited for, to one second after it.
  await sleepUntil(effectiveAt.getTime() + 1_000 - Date.now());
  const after: Shown = {
    page: newPrice,
    offer: { price: newPrice },
    compare: true,
    finance: newPrice,
    newCard: true,
    apiVariant: { modelPrice: newPrice, scheduledPrice: null, scheduledPriceFrom: null },
    apiModelMin: newPrice,
    lastmod: effectiveAt.toISOString(),
  };
  for (const instance of instances)
    expect(await shownBy(instance, target, newPrice), `${instance.name}: one second after the instant`).toEqual(after);
}

describe("a price scheduled for an instant", () => {
  it("shows the old price everywhere before it and the new one everywhere one second after, kept pages included", async () => {
    await scheduledChangeEverywhere(database, [first], 0);
  }, 90_000);

  // Two instances need two processes' worth of connections to one database: PGlite's data directory belongs to
  // the one process that opened it, so this exists on PostgreSQL only.
  it.runIf(postgresServerUrl() !== undefined)(
    "scheduled through one instance, changes at its instant on both (two instances on one PostgreSQL)",
    async () => {
      secondHandle = await openDatabase({ databaseUrl: database.url! });
      second = await startInstance("B", secondHandle);
      await scheduledChangeEverywhere(database, [second, first], 1);
    },
    120_000,
  );
});
