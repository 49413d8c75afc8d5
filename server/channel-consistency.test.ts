import { parse } from "csv-parse/sync";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { LinkSigner } from "../core/appointments/links.server.ts";
import { listChannelSettings, setChannelEnabled } from "../core/channels/channel-settings.server.ts";
import { changeStockStatus, getStockVehicle, updateStockVehicle } from "../core/inventory/stock-admin.server.ts";
import type { StockStatus } from "../core/inventory/stock-schema.ts";
import type { StaffActor } from "../core/staff/roles.ts";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import { dealers, usedVehicles } from "../db/schema.ts";
import { type InMemoryReads, keepPublicReadsInMemory } from "../tests/support/in-memory-reads.ts";
import { builtSite } from "../tests/support/page-server.ts";
import { createStaffUser } from "../tests/support/staff.ts";
import { cloneTemplate, postgresServerUrl } from "../tests/support/template-db.ts";
import { startTestServer, type TestServer } from "../tests/support/test-server.ts";
import { PageCache } from "./page-cache.ts";

/**
 * The vehicle page, its JSON-LD, the sitemap and every channel's feed never disagree. A price change,
 * a reservation and a sale made in the back office (core/inventory/stock-admin.server.ts) reach all of them at the next
 * fetch, through the one change notification to the in-memory stock (core/shared/change-notifications.ts), as
 * server/site.ts wires it: in-memory stock and read models, the rendered-page cache. On PostgreSQL also with
 * two instances on one database: a change made through one reaches the other's feeds, sitemap and page.
 */

const SITE = "https://cars.example.co.za";
/** One link key for every instance, as production configures it: the same feed URLs open on each. */
const signer = LinkSigner.ephemeral();
/** How long a change may take to reach an instance's memory (it settles for 200 ms, then reads the stock again). */
const CHANGE_REACHES_MEMORY_MS = 20_000;
/**
 * The kept pages' lifetime: far longer than any wait here, so that a page showing a change shows it because the
 * change emptied the cache, never because its entry expired meanwhile.
 */
const PAGE_CACHE_LIFETIME_MS = 60 * 60_000;

type Instance = { name: string; server: TestServer; reads: InMemoryReads; pageCache: PageCache };
type Vehicle = {
  id: number;
  vin: string;
  kind: "car" | "motorcycle";
  dealerId: number;
  dealerSlug: string;
  path: string;
};
type Expected = { status: StockStatus; price: number };

let database: DatabaseHandle & { url?: string };
let admin: StaffActor;
let first: Instance;
/** The second instance's own connections (PostgreSQL only): its own pool and its own LISTEN. */
let secondHandle: DatabaseHandle | null = null;
let second: Instance | null = null;
let site: Awaited<ReturnType<typeof builtSite>>;
/** Each dealer's feed keys by channel. */
const keys = new Map<string, string>();

async function startInstance(name: string, handle: DatabaseHandle): Promise<Instance> {
  const reads = await keepPublicReadsInMemory(handle);
  const pageCache = new PageCache({ maxAgeMs: PAGE_CACHE_LIFETIME_MS });
  pageCache.watch(reads.changes);
  const server = await startTestServer(
    { ...site, usedStock: reads.usedStock, readModels: reads.readModels, pageCache, linkSigner: signer, siteUrl: SITE },
    { database: handle },
  );
  await vi.waitFor(() => expect(reads.usedStock.state).toBe("current"), {
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
  admin = (await createStaffUser(database.db, { email: "admin@consistency.example", role: "group_admin" })).actor;
  // Every channel of every dealer, those the demo leaves off included (a car dealer's motorcycle catalogue):
  // each file must agree with the site, whether or not it lists the vehicle.
  for (const setting of await listChannelSettings(database.db, signer, admin)) {
    await setChannelEnabled(database.db, admin, setting.dealerId, setting.channel, true);
    keys.set(`${setting.dealerId}/${setting.channel}`, setting.key!);
  }
  first = await startInstance("A", database);
});

afterAll(async () => {
  await stopInstance(second);
  await secondHandle?.close();
  await stopInstance(first);
  await database?.close();
});

/** Available vehicles of the demo stock not used yet by an earlier test: a car at a car dealer, and a motorcycle. */
const taken = new Set<number>();
async function vehicleOf(kind: Vehicle["kind"]): Promise<Vehicle> {
  const rows = await database.db
    .select({ id: usedVehicles.id, vin: usedVehicles.vin, dealerId: usedVehicles.dealerId, dealerSlug: dealers.slug })
    .from(usedVehicles)
    .innerJoin(dealers, eq(dealers.id, usedVehicles.dealerId))
    .where(
      and(
        eq(usedVehicles.status, "Available"),
        kind === "motorcycle" ? eq(usedVehicles.bodyType, "Motorcycle") : sql`${usedVehicles.bodyType} <> 'Motorcycle'`,
      ),
    )
    .orderBy(asc(usedVehicles.id));
  const row = rows.find((candidate) => !taken.has(candidate.id))!;
  taken.add(row.id);
  const { publicPath } = await getStockVehicle(database.db, admin, row.id);
  return { id: row.id, vin: row.vin!, kind, dealerId: row.dealerId, dealerSlug: row.dealerSlug, path: publicPath };
}

// ---- What each public place says of a vehicle ----

/** A feed's row of the vehicle as the comparison needs it: price in rand, availability word ("" where the channel has none), page URL. */
type FeedItem = { price: number; availability: string; url: string };

type Feed = {
  channel: string;
  format: "csv" | "json";
  /** The row of this VIN, read into a FeedItem. */
  item(rows: Record<string, unknown>[], vin: string): FeedItem | undefined;
  /** What the channel should hold of a vehicle of this kind and status (docs/channels.md): its availability word, or absent. */
  holds(kind: Vehicle["kind"], status: StockStatus): string | false;
};

/** "575900 ZAR": the price Meta and TikTok take; anything else fails the comparison. */
const zar = (text: unknown) =>
  typeof text === "string" && /^\d+ ZAR$/.test(text) ? Number(text.split(" ")[0]) : Number.NaN;
const rand = (value: unknown) =>
  typeof value === "number" ? value : /^\d+$/.test(String(value)) ? Number(value) : Number.NaN;
const rowOf = (rows: Record<string, unknown>[], column: string, vin: string) => rows.find((row) => row[column] === vin);

const FEEDS: Feed[] = [
  {
    channel: "meta-vehicles",
    format: "csv",
    item: (rows, vin) => {
      const row = rowOf(rows, "vin", vin);
      return row && { price: zar(row.price), availability: String(row.availability), url: String(row.url) };
    },
    holds: (kind, status) =>
      kind === "car" && status === "Available"
        ? "AVAILABLE"
        : kind === "car" && status === "Reserved"
          ? "PENDING"
          : false,
  },
  {
    channel: "meta-products",
    format: "csv",
    item: (rows, vin) => {
      const row = rowOf(rows, "id", vin);
      return row && { price: zar(row.price), availability: String(row.availability), url: String(row.link) };
    },
    // Meta's products have no pending state: a reserved motorcycle is absent.
    holds: (kind, status) => (kind === "motorcycle" && status === "Available" ? "in stock" : false),
  },
  {
    channel: "tiktok-vehicles",
    format: "csv",
    item: (rows, vin) => {
      const row = rowOf(rows, "vin", vin);
      return row && { price: zar(row.price), availability: "", url: String(row.url) };
    },
    holds: (kind, status) => (kind === "car" && status === "Available" ? "" : false),
  },
  ...(["csv", "json"] as const).map(
    (format): Feed => ({
      channel: "marketplace",
      format,
      item: (rows, vin) => {
        const row = rowOf(rows, "VinNo", vin);
        return row && { price: rand(row.Price), availability: "", url: String(row.Url) };
      },
      holds: (_kind, status) => (status === "Available" ? "" : false),
    }),
  ),
];

async function feedRows(instance: Instance, feed: Feed, vehicle: Vehicle): Promise<Record<string, unknown>[]> {
  const key = keys.get(`${vehicle.dealerId}/${feed.channel}`)!;
  const response = await fetch(
    `${instance.server.baseUrl}/feeds/${feed.channel}/${vehicle.dealerSlug}.${feed.format}?key=${encodeURIComponent(key)}`,
  );
  expect(response.status, `${instance.name}: ${feed.channel}.${feed.format}`).toBe(200);
  const text = await response.text();
  return feed.format === "json"
    ? (JSON.parse(text) as Record<string, unknown>[])
    : parse(text, { columns: true, skip_empty_lines: true });
}

/** The vehicle page: its status, the price it shows a buyer, and its JSON-LD offer. */
type PageView = {
  status: number;
  shownPrice: number | null;
  offer: { price: number; availability: string; url: string } | null;
};

async function pageOf(instance: Instance, vehicle: Vehicle): Promise<PageView> {
  const response = await fetch(instance.server.baseUrl + vehicle.path);
  const html = await response.text();
  const heading = html.indexOf("<h1");
  // The first paragraph after the heading that is a rand amount and nothing else: the price under the title.
  const shown = /<p[^>]*>R\u00a0([\d\u00a0]+)<\/p>/.exec(html.slice(heading));
  const scripts = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) =>
    JSON.parse(match[1]!),
  );
  const car = scripts.find((data) => data["@type"] === "Car");
  return {
    status: response.status,
    shownPrice: shown ? Number(shown[1]!.replace(/\u00a0/g, "")) : null,
    offer: car ? { price: car.offers.price, availability: car.offers.availability, url: car.url } : null,
  };
}

/** The sitemap's <lastmod> of every used vehicle it lists, by URL. */
async function sitemapOf(instance: Instance): Promise<Map<string, string>> {
  const index = await (await fetch(`${instance.server.baseUrl}/sitemap.xml`)).text();
  const files = [...index.matchAll(/<loc>[^<]*(\/sitemap-used-\d+\.xml)<\/loc>/g)].map((match) => match[1]!);
  const entries = new Map<string, string>();
  for (const file of files) {
    const xml = await (await fetch(instance.server.baseUrl + file)).text();
    for (const [, loc, lastmod] of xml.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/url>/g))
      entries.set(loc!, lastmod!);
  }
  return entries;
}

const AVAILABILITY: Partial<Record<StockStatus, string>> = {
  Available: "https://schema.org/InStock",
  Reserved: "https://schema.org/LimitedAvailability",
};

/** Waits until the instance's page shows the change: it reached the instance's memory through the change notification. */
async function pageShows(instance: Instance, vehicle: Vehicle, expected: Expected): Promise<void> {
  await vi.waitFor(
    async () => {
      const page = await pageOf(instance, vehicle);
      if (expected.status === "Sold") expect(page.status).toBe(410);
      else expect(page.offer).toMatchObject({ price: expected.price, availability: AVAILABILITY[expected.status] });
    },
    { timeout: CHANGE_REACHES_MEMORY_MS, interval: 100 },
  );
}

/**
 * Everything public says the same of the vehicle, on this instance, now: the page (the price it shows and its
 * JSON-LD), every feed and the sitemap. Answers the sitemap's lastmod (null when the vehicle is not listed).
 */
async function everywhereAgrees(
  instance: Instance,
  vehicle: Vehicle,
  expected: Expected,
  lastmodBefore: string | null,
): Promise<string | null> {
  const url = SITE + vehicle.path;
  const page = await pageOf(instance, vehicle);
  if (expected.status === "Sold") {
    expect(page).toMatchObject({ status: 410, offer: null });
  } else {
    expect(page).toEqual({
      status: 200,
      shownPrice: expected.price,
      offer: { price: expected.price, availability: AVAILABILITY[expected.status], url },
    });
  }

  for (const feed of FEEDS) {
    const item = feed.item(await feedRows(instance, feed, vehicle), vehicle.vin);
    const holds = feed.holds(vehicle.kind, expected.status);
    const what = `${instance.name}: ${feed.channel}.${feed.format}, ${vehicle.kind} ${expected.status}`;
    if (holds === false) expect(item, what).toBeUndefined();
    else expect(item, what).toEqual({ price: page.shownPrice, availability: holds, url });
  }

  const lastmod = (await sitemapOf(instance)).get(url) ?? null;
  if (expected.status === "Sold") {
    expect(lastmod, `${instance.name}: a sold vehicle has no URL in the sitemap`).toBeNull();
  } else {
    expect(lastmod, `${instance.name}: the sitemap lists ${url}`).not.toBeNull();
    if (lastmodBefore)
      expect(Date.parse(lastmod!), `${instance.name}: the sitemap's lastmod moves forward`).toBeGreaterThan(
        Date.parse(lastmodBefore),
      );
  }
  return lastmod;
}

/**
 * A vehicle's price change, reservation and sale, each made through the back office's core service on the
 * writer's database connection; after each, every instance in turn is waited for until its page shows the
 * change (it has reached that instance's memory), and then everything public on it must agree at once.
 */
async function priceReservationAndSale(vehicle: Vehicle, writer: DatabaseHandle, instances: Instance[]): Promise<void> {
  const { values } = await getStockVehicle(writer.db, admin, vehicle.id);
  let expected: Expected = { status: "Available", price: Number(values.price) };
  const lastmods = new Map<string, string | null>();
  for (const instance of instances)
    lastmods.set(instance.name, await everywhereAgrees(instance, vehicle, expected, null));

  const steps: { change: () => Promise<unknown>; after: Expected }[] = [
    {
      change: () =>
        updateStockVehicle(writer.db, admin, vehicle.id, { ...values, price: String(expected.price - 10_100) }),
      after: { status: "Available", price: expected.price - 10_100 },
    },
    {
      change: () => changeStockStatus(writer.db, admin, vehicle.id, "Reserved"),
      after: { status: "Reserved", price: expected.price - 10_100 },
    },
    {
      change: () => changeStockStatus(writer.db, admin, vehicle.id, "Sold"),
      after: { status: "Sold", price: expected.price - 10_100 },
    },
  ];
  for (const step of steps) {
    expect(await step.change()).toEqual({ ok: true, id: vehicle.id });
    expected = step.after;
    for (const instance of instances) {
      await pageShows(instance, vehicle, expected);
      lastmods.set(
        instance.name,
        await everywhereAgrees(instance, vehicle, expected, lastmods.get(instance.name) ?? null),
      );
    }
  }
}

describe("a price change, a reservation and a sale", () => {
  it("reach the page, its JSON-LD, the sitemap and every channel's feed at the next fetch: a car", async () => {
    await priceReservationAndSale(await vehicleOf("car"), database, [first]);
  }, 90_000);

  it("reach the page, its JSON-LD, the sitemap and every channel's feed at the next fetch: a motorcycle (Meta's product catalogue)", async () => {
    await priceReservationAndSale(await vehicleOf("motorcycle"), database, [first]);
  }, 90_000);

  // Two instances need two processes' worth of connections to one database: PGlite's data directory belongs to
  // the one process that opened it (it has no server to connect to), so this exists on PostgreSQL only.
  it.runIf(postgresServerUrl() !== undefined)(
    "made through one instance, reach the other instance's page, JSON-LD, sitemap and feeds (two instances on one PostgreSQL)",
    async () => {
      secondHandle = await openDatabase({ databaseUrl: database.url! });
      second = await startInstance("B", secondHandle);
      for (const kind of ["car", "motorcycle"] as const)
        await priceReservationAndSale(await vehicleOf(kind), database, [second, first]);
    },
    180_000,
  );
});
