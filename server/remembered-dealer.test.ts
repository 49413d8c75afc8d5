import { VISIT_COOKIE } from "../core/attribution/visit.ts";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { MemoryRateLimiter } from "../core/shared/rate-limiter.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { type InMemoryReads, keepPublicReadsInMemory } from "../tests/support/in-memory-reads.ts";
import { builtSite } from "../tests/support/page-server.ts";
import { cloneTemplate } from "../tests/support/template-db.ts";
import { startTestServer, type TestServer } from "../tests/support/test-server.ts";
import { PageCache } from "./page-cache.ts";

/**
 * The remembered dealer (product.md §1) is set and cleared by the server's answers, so it holds without
 * scripts; an answer sets the cookie only when the request's cookie says otherwise, so the anonymous home page stays
 * one the rendered-page cache keeps.
 */
let database: DatabaseHandle;
let reads: InMemoryReads;
let pageCache: PageCache;
let site: TestServer;

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  reads = await keepPublicReadsInMemory(database);
  pageCache = new PageCache({ maxAgeMs: 60_000 });
  pageCache.watch(reads.changes);
  const pages = { ...(await builtSite()), rateLimiter: new MemoryRateLimiter(10_000, 600_000) };
  site = await startTestServer(
    { ...pages, usedStock: reads.usedStock, readModels: reads.readModels, pageCache },
    { database },
  );
});
afterAll(async () => {
  await site?.close();
  pageCache?.stop();
  await reads?.stop();
  await database?.close();
});

/** The remembered dealer's Set-Cookie of a page (the visit's own cookie beside it is not this test's). */
async function setCookieOf(path: string, cookie?: string): Promise<string | null> {
  const response = await fetch(site.baseUrl + path, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  expect(response.status, path).toBe(200);
  await response.arrayBuffer();
  return dealerCookieOf(response);
}

function dealerCookieOf(response: Response): string | null {
  return response.headers.getSetCookie().find((cookie) => !cookie.startsWith(`${VISIT_COOKIE}=`)) ?? null;
}

describe("the home page", () => {
  it("forgets a remembered dealer", async () => {
    const cookie = await setCookieOf("/", "theme=dark; dealer_slug=honda-sandton");
    expect(cookie).toMatch(/^dealer_slug=; Path=\/; Max-Age=0; SameSite=Lax$/);
  });

  it("sets no cookie for a visitor who has none, and is then answered from the page cache", async () => {
    // Twice, as the cache keeps a page from its second ask (decision 067); the third is answered from it.
    expect(await setCookieOf("/")).toBeNull();
    expect(await setCookieOf("/")).toBeNull();
    const hits = pageCache.counts.hits;
    expect(await setCookieOf("/")).toBeNull();
    expect(pageCache.counts.hits - hits).toBe(1);
  });

  it("forgets it in the data of a client-side navigation too", async () => {
    const response = await fetch(`${site.baseUrl}/_.data`, { headers: { Cookie: "dealer_slug=honda-sandton" } });
    await response.arrayBuffer();
    expect(dealerCookieOf(response)).toMatch(/^dealer_slug=; .*Max-Age=0/);
  });
});

describe("a dealer's page", () => {
  it("remembers its dealer for a visitor who has none or another", async () => {
    for (const cookie of [undefined, "dealer_slug=honda-menlyn", "dealer_slug=%E0"]) {
      expect(await setCookieOf("/dealer/honda-sandton/used", cookie), String(cookie)).toBe(
        "dealer_slug=honda-sandton; Path=/; Max-Age=31536000; SameSite=Lax",
      );
    }
  });

  it("sets nothing when the visitor already has that dealer, nor does a page outside /dealer", async () => {
    expect(await setCookieOf("/dealer/honda-sandton", "dealer_slug=honda-sandton")).toBeNull();
    expect(await setCookieOf("/used", "dealer_slug=honda-sandton")).toBeNull();
    expect(await setCookieOf("/used")).toBeNull();
  });
});
