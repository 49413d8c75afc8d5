import { monitorEventLoopDelay } from "node:perf_hooks";
import { count, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { LinkSigner } from "../core/appointments/links.server.ts";
import { listChannelSettings } from "../core/channels/channel-settings.server.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { dealers, usedVehicles } from "../db/schema.ts";
import { addUsedVehicles } from "../seed/seed.ts";
import { type InMemoryReads, keepPublicReadsInMemory } from "../tests/support/in-memory-reads.ts";
import { createStaffUser } from "../tests/support/staff.ts";
import { cloneTemplate } from "../tests/support/template-db.ts";
import { startTestServer, type TestServer } from "../tests/support/test-server.ts";

/**
 * A catalogue feed built over a large stock does not hold up the server. The first fetch after a
 * change builds the channels' view of the whole stock and the dealer's file (seconds at 100 000 vehicles);
 * a buyer's request that arrives meanwhile is answered at once, not after the build.
 */

/** Enough stock that building a feed takes a noticeable time (one to three seconds on a busy two-CPU machine). */
const LARGE_STOCK = 20_000;

let database: DatabaseHandle;
let reads: InMemoryReads;
let site: TestServer;
let feedUrl: string;
const signer = LinkSigner.ephemeral();

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  // A seed of its own: the template's demo stock was generated with the default one, and VINs are unique.
  await database.db.transaction((tx) => addUsedVehicles(tx, LARGE_STOCK, 34_034));
  reads = await keepPublicReadsInMemory(database);
  await vi.waitFor(() => expect(reads.usedStock.state).toBe("current"), { timeout: 90_000, interval: 50 });
  site = await startTestServer(
    { usedStock: reads.usedStock, readModels: reads.readModels, linkSigner: signer },
    { database },
  );
  const { actor } = await createStaffUser(database.db, { email: "admin@large-stock.example", role: "group_admin" });
  const [largest] = await database.db
    .select({ id: dealers.id })
    .from(usedVehicles)
    .innerJoin(dealers, eq(dealers.id, usedVehicles.dealerId))
    .where(sql`${dealers.dealerName} not ilike '%wing%'`)
    .groupBy(dealers.id)
    .orderBy(desc(count()))
    .limit(1);
  const setting = (await listChannelSettings(database.db, signer, actor)).find(
    (s) => s.dealerId === largest!.id && s.channel === "marketplace",
  )!;
  feedUrl = `${site.baseUrl}/feeds/marketplace/${setting.dealerSlug}.json?key=${encodeURIComponent(setting.key!)}`;
}, 180_000);

afterAll(async () => {
  await site?.close();
  await reads?.stop();
  await database?.close();
});

describe("a feed of a large stock", () => {
  it("is built while the server keeps answering the used listing, each answer within a small part of the build's time", async () => {
    const listingPath = `${site.baseUrl}/api/vehicles?page=1`;
    // Once before, so that what is timed is the build's effect, not the listing's first (cold) answer.
    expect((await fetch(listingPath)).status).toBe(200);
    const stalls = monitorEventLoopDelay({ resolution: 5 });
    stalls.enable();
    const started = performance.now();
    let feedDoneAt: number | null = null;
    const feed = fetch(feedUrl).then(async (response) => {
      const items = (await response.json()) as unknown[];
      feedDoneAt = performance.now();
      return { status: response.status, items };
    });
    const listing: { ms: number; beforeFeed: boolean }[] = [];
    while (feedDoneAt === null) {
      const asked = performance.now();
      const response = await fetch(listingPath);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      listing.push({ ms: performance.now() - asked, beforeFeed: feedDoneAt === null });
    }
    const { status, items } = await feed;
    stalls.disable();
    const buildMs = feedDoneAt! - started;

    expect(status).toBe(200);
    expect(items.length).toBeGreaterThan(1_000);
    const duringBuild = listing.filter((answer) => answer.beforeFeed);
    const slowest = Math.max(...listing.map((answer) => answer.ms));
    const longestStall = stalls.max / 1e6;
    console.info(
      `feed of ${items.length} items built in ${Math.round(buildMs)} ms; ${duringBuild.length} listing answers meanwhile, the slowest in ${Math.round(slowest)} ms; longest event-loop stall ${Math.round(longestStall)} ms`,
    );
    // Before the build yielded, the event loop stood still for most of the build, and a listing request that
    // arrived then waited for all of it. Now an answer takes a few turns of the loop, each after one slice.
    expect(duringBuild.length).toBeGreaterThanOrEqual(5);
    expect(longestStall).toBeLessThan(buildMs / 4);
    expect(slowest).toBeLessThan(buildMs / 2);
  });
});
