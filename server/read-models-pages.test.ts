import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import type { UsedStock } from "../core/inventory/used-stock.server.ts";
import type { ReadModels } from "../core/shared/read-model.server.ts";
import { MemoryRateLimiter } from "../core/shared/rate-limiter.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { type InMemoryReads, keepPublicReadsInMemory } from "../tests/support/in-memory-reads.ts";
import { builtSite } from "../tests/support/page-server.ts";
import { recordQueries } from "../tests/support/query-log.ts";
import { cloneTemplate } from "../tests/support/template-db.ts";
import { startTestServer, type TestServer } from "../tests/support/test-server.ts";

/**
 * Decision 040: public pages read what the server holds in memory. One site keeps the read
 * models and the used stock in memory (as server/site.ts does), another over the same database answers every
 * read with SQL (no change notifications). Both render the same markup; in the steady state the first makes
 * no database statement for a page it answers from memory.
 */
let database: DatabaseHandle;
let reads: InMemoryReads;
let usedStock: UsedStock;
let readModels: ReadModels;
let fromMemory: TestServer;
let fromSql: TestServer;

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  reads = await keepPublicReadsInMemory(database);
  ({ usedStock, readModels } = reads);
  const site = { ...(await builtSite()), rateLimiter: new MemoryRateLimiter(10_000, 600_000) };
  fromMemory = await startTestServer({ ...site, usedStock, readModels }, { database });
  fromSql = await startTestServer(site, { database });
  const [vehicle, other] = (await fromSql.get("/api/vehicles")).body["hydra:member"] as { id: number; uri: string }[];
  FROM_MEMORY.push(
    `/saved?ids=${vehicle!.id},${other!.id},999999999`,
    `/compare?ids=${vehicle!.id},${other!.id}&from=Gauteng`,
    `${vehicle!.uri}/enquire`,
  );
  FROM_MEMORY.push(vehicle!.uri, `/sell-your-car?vehicle=${vehicle!.id}`);
  const special = ((await fromSql.get("/api/specials")).body["hydra:member"] as { slug: string; kind: string }[]).find(
    (deal) => deal.kind === "special",
  );
  const [post] = (await fromSql.get("/api/blog")).body["hydra:member"] as { slug: string }[];
  FROM_MEMORY.push(`/specials/${special!.slug}`, `/blog/${post!.slug}`);
  await vi.waitFor(
    async () =>
      expect((await fromMemory.get("/readyz")).body).toMatchObject({
        usedStock: "current",
        readModels: {
          range: "current",
          makes: "current",
          dealers: "current",
          deals: "current",
          banners: "current",
          "blog-posts": "current",
        },
      }),
    { timeout: 30_000, interval: 50 },
  );
});
afterAll(async () => {
  await fromMemory?.close();
  await fromSql?.close();
  await reads?.stop();
  await database?.close();
});

/** The page's HTML without what differs on every answer: the CSP nonce, a form's idempotency key and render time. */
async function markup(site: TestServer, path: string): Promise<{ status: number; html: string }> {
  const response = await fetch(site.baseUrl + path, { redirect: "manual" });
  const html = (await response.text())
    .replace(/nonce="[^"]*"/g, 'nonce=""')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "(uuid)")
    .replace(/\b1[7-9]\d{11}\b/g, "(milliseconds since 1970)")
    // The loader data as streamed to the browser: memory may hand two loaders one object (the layout's and the
    // dealer page's dealer), which the stream then writes once and refers to; the same data, written differently.
    .replace(/streamController\.enqueue\("(?:[^"\\]|\\.)*"\)/g, "streamController.enqueue(loader data)");
  return { status: response.status, html };
}

/** Pages (and API answers) whose every read is held in memory, as the group sees them (no dealer chosen). */
const FROM_MEMORY = [
  "/new/honda/cr-v",
  "/new/honda/cr-v?variant=1-5t-comfort-cvt",
  "/honda-wing/honda/nx500",
  "/used",
  "/used/honda",
  "/used/honda/jazz",
  "/used?fuelType=Petrol&transmissionType=Automatic",
  "/used?page=2&order[price]=asc",
  "/api/renault_ranges",
  "/api/renault_ranges?model_slug=cr-v",
  "/api/vehicle_range/motorcycle",
  "/api/makes",
  "/api/vehicles?make_slug=honda&order[price]=desc",
  "/api/filters?fuelType[]=Petrol",
  "/",
  "/new",
  "/new/honda",
  "/honda-wing",
  "/finance",
  "/new/honda/cr-v/1-5t-comfort-cvt/enquire",
  "/book-test-drive/honda/cr-v",
  "/dealer",
  "/dealer/honda-sandton",
  "/dealer/honda-sandton/new/honda/cr-v",
  "/dealer/honda-sandton/used",
  "/dealer/honda-sandton/specials",
  "/contact",
  "/specials",
  "/blog",
  "/api/dealers",
  "/api/specials",
  "/api/special-deals/honda-sandton",
  "/api/banners?type=new",
  "/api/blog",
];

describe("pages answered from memory", () => {
  it("render the same markup as pages answered with SQL", async () => {
    for (const path of FROM_MEMORY) {
      const [memory, sql] = await Promise.all([markup(fromMemory, path), markup(fromSql, path)]);
      expect(memory.status, path).toBe(200);
      expect(memory.html.length, path).toBeGreaterThan(100);
      expect(memory, path).toEqual(sql);
    }
  });

  it("make no database statement in the steady state", async () => {
    const queries = recordQueries(database.db);
    try {
      for (const path of FROM_MEMORY) {
        // Twice: the first may sort an order the stock in memory had not sorted yet (answered by a query meanwhile).
        await fetch(fromMemory.baseUrl + path).then((r) => r.text());
        await new Promise((resolve) => setImmediate(resolve));
        const { result: status, statements } = await queries.during(() =>
          fetch(fromMemory.baseUrl + path).then(async (r) => {
            await r.text();
            return r.status;
          }),
        );
        expect({ path, status, statements }).toEqual({ path, status: 200, statements: [] });
        // The same page from the site that reads with SQL: the record does see a page's statements.
        const control = await queries.during(() => fetch(fromSql.baseUrl + path).then((r) => r.text()));
        expect(control.statements.length, path).toBeGreaterThan(0);
      }
    } finally {
      queries.restore();
    }
  });
});
