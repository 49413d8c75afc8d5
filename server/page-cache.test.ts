import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { MemoryRateLimiter } from "../core/shared/rate-limiter.ts";
import { decodeVisit, VISIT_COOKIE } from "../core/attribution/visit.ts";
import type { DatabaseHandle } from "../db/client.ts";
import type { UsedStock } from "../core/inventory/used-stock.server.ts";
import type { ReadModels } from "../core/shared/read-model.server.ts";
import { type InMemoryReads, keepPublicReadsInMemory } from "../tests/support/in-memory-reads.ts";
import { builtSite, serveOverHttp } from "../tests/support/page-server.ts";
import { liveVisitCookie } from "../tests/support/visit.ts";
import { cloneTemplate } from "../tests/support/template-db.ts";
import { startTestServer, type TestServer } from "../tests/support/test-server.ts";
import { Metrics } from "./metrics.ts";
import { cacheKeyOf, PageCache } from "./page-cache.ts";
import { type PageRouteRules, projectRoot } from "./pages.ts";

/**
 * Decision 047: rendered public pages kept in memory. Each visitor gets the page with a nonce
 * of their own, the next visitor after a change sees the change, and nothing personal or per-dealer is mixed up.
 */
let database: DatabaseHandle;
let reads: InMemoryReads;
let usedStock: UsedStock;
let readModels: ReadModels;
let pageCache: PageCache;
let site: TestServer;
let routes: PageRouteRules;
/**
 * The kept pages' lifetime: far longer than any wait here, so that the next visitor sees a change because it emptied
 * the cache, never because the entry expired meanwhile. Expiry itself is tested on a controlled clock.
 */
const LIFETIME_MS = 60 * 60_000;

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  reads = await keepPublicReadsInMemory(database);
  ({ usedStock, readModels } = reads);
  pageCache = new PageCache({ maxAgeMs: LIFETIME_MS });
  pageCache.watch(reads.changes);
  const pages = {
    ...(await builtSite()),
    rateLimiter: new MemoryRateLimiter(10_000, 600_000),
  };
  routes = pages.pageRouteRules;
  site = await startTestServer({ ...pages, usedStock, readModels, pageCache }, { database });
});
afterAll(async () => {
  await site?.close();
  pageCache?.stop();
  await reads?.stop();
  await database?.close();
});

type Answer = { status: number; headers: Headers; html: string; bytes: number };

/**
 * A GET as a browser sends it in the middle of a visit (with the visit's cookie, unless the test sends a Cookie
 * header of its own), over node:http (fetch would decode the body), decoded here so the coding on the wire is seen.
 */
function get(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = { "Accept-Encoding": "br, gzip", Cookie: liveVisitCookie(), ...headers };
    const request = http.request(site.baseUrl + path, { method, headers: sent }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const raw = Buffer.concat(chunks);
        const coding = response.headers["content-encoding"];
        const html = (
          raw.byteLength === 0
            ? raw
            : coding === "gzip"
              ? zlib.gunzipSync(raw)
              : coding === "br"
                ? zlib.brotliDecompressSync(raw)
                : raw
        ).toString("utf8");
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (typeof value === "string") answerHeaders.set(name, value);
          else for (const each of value ?? []) answerHeaders.append(name, each);
        }
        resolve({
          status: response.statusCode ?? 0,
          headers: answerHeaders,
          html,
          bytes: raw.byteLength,
        });
      });
    });
    request.on("error", reject);
    request.end();
  });
}

/** Asks for a page as two visitors would, one after the other: a page is kept from its second ask (decision 067). */
async function askedTwice(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  await get(path, headers);
  return get(path, headers);
}

function noncesIn(html: string): Set<string> {
  return new Set([...html.matchAll(/nonce="([^"]*)"/g)].map((match) => match[1]!));
}

function cspNonce(headers: Headers): string | undefined {
  return /'nonce-([^']+)'/.exec(headers.get("Content-Security-Policy") ?? "")?.[1];
}

describe("a public page kept in memory", () => {
  it("is rendered once, and every visitor gets it with a nonce of their own that the CSP header names", async () => {
    await get("/used");
    const misses = pageCache.counts.misses;
    const answers = [await get("/used"), await get("/used"), await get("/used", { "Accept-Encoding": "identity" })];
    expect(pageCache.counts.misses - misses).toBe(1);
    const nonces = answers.map(({ html, headers }) => {
      expect([...noncesIn(html)]).toEqual([cspNonce(headers)]);
      return cspNonce(headers);
    });
    expect(new Set(nonces).size).toBe(3);
    const withoutNonce = answers.map(({ html }) => html.replace(/nonce="[^"]*"/g, ""));
    expect(withoutNonce[1]).toBe(withoutNonce[0]);
    expect(withoutNonce[2]).toBe(withoutNonce[0]);
    expect(answers[1]!.headers.get("Content-Encoding")).toBe("gzip");
    expect(answers[2]!.headers.get("Content-Encoding")).toBeNull();
    expect(answers.map((answer) => answer.headers.get("ETag"))).toEqual(Array(3).fill(answers[0]!.headers.get("ETag")));
    expect(answers[1]!.headers.get("Vary")).toContain("Accept-Encoding");
    expect(answers[1]!.headers.get("Cache-Control")).toBe("private, no-cache");
  });

  it("answers 304 to a visitor whose copy is current, and HEAD with the GET's headers", async () => {
    await askedTwice("/new");
    const first = await get("/new");
    const again = await get("/new", {
      "If-None-Match": first.headers.get("ETag")!,
    });
    expect({
      status: again.status,
      etag: again.headers.get("ETag"),
      bytes: again.bytes,
    }).toEqual({ status: 304, etag: first.headers.get("ETag"), bytes: 0 });
    const head = await get("/new", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("ETag")).toBe(first.headers.get("ETag"));
    expect(head.headers.get("Content-Length")).toBe(first.headers.get("Content-Length"));
    expect(head.bytes).toBe(0);
  });

  it("is rendered once for visitors who ask for it at the same moment", async () => {
    await get("/honda-wing");
    const misses = pageCache.counts.misses;
    const answers = await Promise.all(Array.from({ length: 8 }, () => get("/honda-wing")));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(pageCache.counts.misses - misses).toBe(1);
    expect(new Set(answers.map((answer) => cspNonce(answer.headers))).size).toBe(8);
  });
});

describe("a public page kept in memory, once changed or out of date", () => {
  it("shows the next visitor what changed in the database, on any page that shows it", async () => {
    const [post] = (await site.get("/api/blog")).body["hydra:member"] as {
      slug: string;
      title: string;
    }[];
    expect((await askedTwice("/blog")).html).toContain(post!.title);
    expect((await askedTwice(`/blog/${post!.slug}`)).html).toContain(post!.title);
    const hits = pageCache.counts.hits;
    expect((await get("/blog")).html).toContain(post!.title);
    expect(pageCache.counts.hits - hits).toBe(1);
    await database.db.execute(
      sql`UPDATE blog_posts SET title = 'Winter service: what to check' WHERE slug = ${post!.slug}`,
    );
    await vi.waitFor(async () => expect((await get("/blog")).html).toContain("Winter service: what to check"), {
      timeout: 10_000,
      interval: 50,
    });
    expect((await get(`/blog/${post!.slug}`)).html).toContain("Winter service: what to check");
  });

  it("is rendered again once it has been kept its lifetime, on the clock, though nothing changed", async () => {
    // Only Date is faked: the server's timers and sockets run as usual, and the cache reads the time from Date.now().
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      await askedTwice("/specials");
      const misses = pageCache.counts.misses;
      vi.setSystemTime(Date.now() + LIFETIME_MS);
      expect((await get("/specials")).status).toBe(200);
      expect(pageCache.counts.misses - misses).toBe(0);
      vi.setSystemTime(Date.now() + 1);
      expect((await get("/specials")).status).toBe(200);
      expect(pageCache.counts.misses - misses).toBe(1);
      // Rendered anew, it is kept anew.
      await get("/specials");
      expect(pageCache.counts.misses - misses).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows a special scheduled ahead once its start has passed, at most a lifetime late, on the clock", async () => {
    const title = "Scheduled flash special";
    const slug = "scheduled-flash-special";
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      const before = Date.now();
      const startsAt = new Date(before + 60_000);
      const endsAt = new Date(before + 7 * 24 * 60 * 60_000);
      await database.db.execute(sql`INSERT INTO deals (slug, kind, title, summary, thumbnail, image, valid_until, status, starts_at, ends_at)
        SELECT ${slug}, kind, ${title}, summary, thumbnail, image, ${endsAt.toISOString().slice(0, 10)}::date + 1, 'published', ${startsAt.toISOString()}, ${endsAt.toISOString()}
        FROM deals WHERE dealer_id IS NULL ORDER BY id LIMIT 1`);
      // The special has reached the memory the pages read (the API decides by the same clock, and is not kept).
      vi.setSystemTime(startsAt.getTime() + 1_000);
      await vi.waitFor(async () => expect((await site.get(`/api/deals/${slug}`)).status).toBe(200), {
        timeout: 10_000,
        interval: 50,
      });
      vi.setSystemTime(before);
      expect((await askedTwice("/specials")).html).not.toContain(title);
      // Its start has passed, but the page kept before it is still within its lifetime.
      vi.setSystemTime(startsAt.getTime() + 1_000);
      expect((await get("/specials")).html).not.toContain(title);
      vi.setSystemTime(before + LIFETIME_MS + 1);
      expect((await get("/specials")).html).toContain(title);
    } finally {
      vi.useRealTimers();
    }
  });

  it("is kept apart for each remembered dealer on pages rendered in the visitor's dealer", async () => {
    const group = await askedTwice("/used");
    const sandton = await askedTwice("/used", { Cookie: "dealer_slug=honda-sandton" });
    const hits = pageCache.counts.hits;
    const again = await get("/used", { Cookie: "dealer_slug=honda-sandton" });
    expect(pageCache.counts.hits - hits).toBe(1);
    expect(sandton.html).not.toBe(group.html.replace(/nonce="[^"]*"/g, ""));
    expect(again.html.replace(/nonce="[^"]*"/g, "")).toBe(sandton.html.replace(/nonce="[^"]*"/g, ""));
    expect(sandton.html).toContain("Honda Sandton");
    expect(group.html.replace(/nonce="[^"]*"/g, "")).not.toBe(sandton.html.replace(/nonce="[^"]*"/g, ""));
  });
});

describe("the visit's cookie and the cache", () => {
  it("does not keep a visitor with the visit's cookie from the cache, and adds none to a visit that is not due", async () => {
    await askedTwice("/used?page=2");
    const hits = pageCache.counts.hits;
    const answer = await get("/used?page=2");
    expect(pageCache.counts.hits - hits).toBe(1);
    expect(answer.headers.get("Set-Cookie")).toBeNull();
    expect(answer.headers.get("Cache-Control")).toBe("private, no-cache");
  });

  it("sets it on a page answered from the cache to the first page of a visit, never keeps it there, and says no-store", async () => {
    const landing = "/new/honda?utm_source=facebook&utm_campaign=spring";
    const hits = pageCache.counts.hits;
    const answers = [];
    for (let ask = 0; ask < 3; ask++) answers.push(await get(landing, { Cookie: "" }));
    // The first two render it (its query is new to the cache, and a page is kept from its second ask); the third is
    // answered from the cache, with a cookie of its own.
    expect(pageCache.counts.hits - hits).toBe(1);
    for (const answer of answers) {
      const cookie = answer.headers.get("Set-Cookie") ?? "";
      expect(cookie).toMatch(new RegExp(`^${VISIT_COOKIE}=[\\w-]+; Path=/; Max-Age=1800; HttpOnly; SameSite=Lax$`));
      const visit = decodeVisit(cookie.split(";")[0]!.split("=")[1], Math.floor(Date.now() / 1000));
      expect(visit?.source).toMatchObject({ source: "facebook", campaign: "spring", landingPath: "/new/honda" });
      // Neither a shared cache's nor the browser's to keep: the next page of the visit carries the cookie and is kept as usual.
      expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    }
    // The kept page holds no cookie: the next visitor, already in a visit, gets the same page and none.
    const direct = await askedTwice("/new/honda", { Cookie: "" });
    expect(direct.headers.get("Set-Cookie")).toMatch(new RegExp(`^${VISIT_COOKIE}=`));
    const before = pageCache.counts.hits;
    const within = await get("/new/honda");
    expect(pageCache.counts.hits - before).toBe(1);
    expect(within.headers.get("Set-Cookie")).toBeNull();
    expect(within.html.replace(/nonce="[^"]*"/g, "")).toBe(direct.html.replace(/nonce="[^"]*"/g, ""));
  });

  it("keys a public page alike with or without it, and never keeps a back-office page for it", () => {
    const key = (path: string, headers: Record<string, string> = {}) =>
      cacheKeyOf(routes, new Request(`http://127.0.0.1${path}`, { headers }));
    const visit = liveVisitCookie();
    expect(key("/used", { Cookie: visit })).toBe(key("/used"));
    expect(key("/used", { Cookie: `dealer_slug=honda-sandton; ${visit}` })).toBe(
      key("/used", { Cookie: "dealer_slug=honda-sandton" }),
    );
    for (const path of ["/staff", "/staff/leads", "/staff/login", "/finance"])
      expect(key(path, { Cookie: visit }), path).toBeNull();
    // Any other cookie beside it still makes the page the request's own.
    expect(key("/used", { Cookie: `${visit}; staff=abcdefghijklmnopqrstuvwxyz` })).toBeNull();
  });
});

describe("which pages it keeps (decision 067)", () => {
  it("keeps a page from its second ask: the first render is only answered, the second is kept, the third is not rendered", async () => {
    const page = "/used?order=price_desc&page=2";
    const before = { ...pageCache.counts, size: pageCache.size };
    const first = await get(page);
    expect({ misses: pageCache.counts.misses - before.misses, size: pageCache.size }).toEqual({
      misses: 1,
      size: before.size,
    });
    const second = await get(page);
    expect({ misses: pageCache.counts.misses - before.misses, size: pageCache.size }).toEqual({
      misses: 2,
      size: before.size + 1,
    });
    const third = await get(page);
    expect(pageCache.counts.misses - before.misses).toBe(2);
    expect(pageCache.counts.hits - before.hits).toBe(1);
    const withoutNonce = [first, second, third].map(({ html }) => html.replace(/nonce="[^"]*"/g, ""));
    expect(new Set(withoutNonce).size).toBe(1);
    expect(new Set([first, second, third].map((answer) => answer.headers.get("ETag"))).size).toBe(1);
  });

  /** A server whose pages render only when `release` is called, with a cache of its own over the test's database. */
  async function gatedServer(options: ConstructorParameters<typeof PageCache>[0]) {
    const cache = new PageCache(options);
    cache.watch(reads.changes);
    const renders: string[] = [];
    const arrivals: string[] = [];
    let release: () => void = () => {};
    let gate = Promise.resolve();
    const app = new Hono();
    // Each request is recorded as it enters the cache's middleware, which reaches the render under way in the same turn.
    app.use(async (c, next) => {
      arrivals.push(c.req.path);
      await next();
    });
    app.use(cache.middleware({ spelling: (path) => path, isPublic: () => true }));
    app.get("*", async (c) => {
      renders.push(c.req.path);
      await gate;
      return c.html(`<!doctype html><title>${c.req.path}</title><p>${c.req.path}</p>`);
    });
    const { baseUrl, close } = await serveOverHttp(app);
    return {
      cache,
      renders,
      arrivals,
      ask: async (path: string) => (await fetch(baseUrl + path)).text(),
      hold: () => (gate = new Promise<void>((resolve) => (release = resolve))),
      release: () => release(),
      close: () => {
        cache.stop();
        return close();
      },
    };
  }

  it("keeps a page at its first render when another visitor asks for it meanwhile, and renders it once for both", async () => {
    const server = await gatedServer({});
    try {
      server.hold();
      const first = server.ask("/a");
      await vi.waitFor(() => expect(server.renders).toEqual(["/a"]));
      const meanwhile = server.ask("/a");
      await vi.waitFor(() => expect(server.arrivals).toEqual(["/a", "/a"]));
      server.release();
      expect(await Promise.all([first, meanwhile])).toEqual(Array(2).fill(expect.stringContaining("<p>/a</p>")));
      expect(server.renders).toEqual(["/a"]);
      expect(server.cache.size).toBe(1);
      await server.ask("/a");
      expect(server.renders).toEqual(["/a"]);
    } finally {
      await server.close();
    }
  });

  it("keeps a page visitors share while a flood of pages asked for once goes by, and forgets asks beyond its memory", async () => {
    const server = await gatedServer({ maxPages: 3, askedKeys: 4 });
    try {
      await server.ask("/shared");
      await server.ask("/shared");
      for (let page = 0; page < 20; page++) await server.ask(`/once?page=${page}`);
      await server.ask("/shared");
      expect(server.renders.filter((path) => path === "/shared")).toHaveLength(2);
      expect(server.cache.size).toBe(1);
      // Four other pages asked since: its first ask is forgotten, so its second is only answered.
      await server.ask("/another");
      for (let page = 0; page < 4; page++) await server.ask(`/other?page=${page}`);
      await server.ask("/another");
      await server.ask("/another");
      expect(server.renders.filter((path) => path === "/another")).toHaveLength(3);
    } finally {
      await server.close();
    }
  });
});

describe("the page cache's metrics", () => {
  it("count answers from it and renders for it, and the pages it holds, in Prometheus' format", async () => {
    await get("/new/honda");
    await get("/new/honda");
    const metrics = new Metrics({ db: database.db, pageCache }, { processMetrics: false });
    const body = (await metrics.exposition()).body;
    const value = (series: string) =>
      Number(new RegExp(`^${series.replace(/[{}"]/g, "\\$&")} (\\S+)$`, "m").exec(body)?.[1]);
    expect(value('honda_page_cache_answers_total{result="hit"}')).toBe(pageCache.counts.hits);
    expect(value('honda_page_cache_answers_total{result="miss"}')).toBe(pageCache.counts.misses);
    expect(pageCache.counts.hits).toBeGreaterThanOrEqual(1);
    expect(value("honda_page_cache_pages")).toBe(pageCache.size);
    expect(pageCache.size).toBeGreaterThanOrEqual(1);
  });
});

describe("what is never kept", () => {
  it("forms, the back office, writes and anything but a page read", () => {
    const request = (path: string, init: RequestInit = {}) => new Request(`http://127.0.0.1${path}`, init);
    expect(cacheKeyOf(routes, request("/finance"))).toBeNull();
    expect(cacheKeyOf(routes, request("/dealer/honda-sandton/service"))).toBeNull();
    expect(cacheKeyOf(routes, request("/used/honda/jazz/1/enquire"))).toBeNull();
    expect(cacheKeyOf(routes, request("/staff/stock"))).toBeNull();
    expect(cacheKeyOf(routes, request("/STAFF/leads"))).toBeNull();
    expect(cacheKeyOf(routes, request("/used", { method: "POST" }))).toBeNull();
    expect(cacheKeyOf(routes, request("/used"))).not.toBeNull();
  });

  it("decides after routing: only the one spelling of a page whose routes all declare it public, without any cookie but the dealer", () => {
    const key = (path: string, headers: Record<string, string> = {}) =>
      cacheKeyOf(routes, new Request(`http://127.0.0.1${path}`, { headers }));
    expect(key("/used")).not.toBeNull();
    expect(key("/")).not.toBeNull();
    expect(key("/staff")).toBeNull();
    // Spellings the router reads as the back office's or a form's page, or as /used: never a key of their own.
    for (const path of [
      "/st%61ff/leads",
      "/st%61ff/leads.data",
      "/Staff/audit",
      "/%66inance",
      "/%73ervice",
      "/Used",
      "/used/",
      "//used",
      "/us%65d",
    ]) {
      expect(key(path), path).toBeNull();
    }
    // A staff session, or any cookie a page is not keyed by, is rendered for that request alone.
    expect(key("/used", { Cookie: "staff=abcdefghijklmnopqrstuvwxyz" })).toBeNull();
    expect(key("/used", { Cookie: "dealer_slug=honda-sandton; __Host-staff=abcdefghijklmnopqrstuvwxyz" })).toBeNull();
    expect(key("/used", { Cookie: "theme=dark" })).toBeNull();
    // Pages whose routes do not declare themselves public: a saved-search alert's, an appointment's, not-found.
    expect(key("/alerts/new")).toBeNull();
    expect(key("/appointments/1")).toBeNull();
    expect(key("/no-such-page")).toBeNull();
  });

  it("keys a page by what its render reads: path and query, and the remembered dealer", () => {
    const key = (path: string, headers: Record<string, string> = {}) =>
      cacheKeyOf(routes, new Request(`http://127.0.0.1${path}`, { headers }));
    const sandton = { Cookie: "dealer_slug=honda-sandton" };
    expect(key("/used", sandton)).not.toBe(key("/used"));
    expect(key("/used?page=2")).not.toBe(key("/used"));
    // The dealer list at /dealer renders in the remembered dealer's layout like any page outside /dealer/{slug}.
    expect(key("/dealer", sandton)).not.toBe(key("/dealer"));
    expect(key("/dealer")).not.toBeNull();
    // A crawler is rendered the page a browser is, whole (decision 064).
    expect(
      key("/used", { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }),
    ).toBe(key("/used"));
    // No page renders the host it was asked at: another Host header is not another page.
    expect(cacheKeyOf(routes, new Request("http://attacker.example/used"))).toBe(key("/used"));
    // A cookie that cannot be read, or one longer than any slug, is rendered but never kept.
    expect(key("/used", { Cookie: "dealer_slug=%E0" })).toBeNull();
    expect(key("/used", { Cookie: `dealer_slug=${"x".repeat(101)}` })).toBeNull();
  });

  it("the router's own answers other than pages and their data, and a saved-search alert's pages", async () => {
    const build = (await import(pathToFileURL(path.join(projectRoot, "build/server/index.js")).href)) as ServerBuild;
    const manifestPath = `/__manifest?version=${build.assets.version}&paths=%2Fused`;
    const counts = { ...pageCache.counts };
    const answers = [await get(manifestPath), await get(manifestPath)];
    expect(answers.map((answer) => [answer.status, answer.headers.get("Content-Type")])).toEqual(
      Array(2).fill([200, "application/json"]),
    );
    // No route declares /__manifest a public page: the cache neither answers nor renders for it.
    expect(pageCache.counts).toEqual(counts);
    expect(cacheKeyOf(routes, new Request("http://127.0.0.1/alerts/manage/some-token"))).toBeNull();
  });

  it("an answer that sets a cookie, or a page while change notifications are not flowing", async () => {
    const unwatched = new PageCache();
    const other = await startTestServer(
      { ...(await builtSite()), usedStock, readModels, pageCache: unwatched },
      { database },
    );
    try {
      await fetch(`${other.baseUrl}/new`).then((r) => r.text());
      await fetch(`${other.baseUrl}/new`).then((r) => r.text());
      expect(unwatched.counts).toEqual({ hits: 0, misses: 0 });
      expect(unwatched.size).toBe(0);
    } finally {
      await other.close();
    }
  });
});
