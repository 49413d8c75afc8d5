import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { encodeVisit, sourceOfLanding, VISIT_COOKIE } from "../core/attribution/visit.ts";
import { PageCountsAggregator } from "../core/insights/counts.server.ts";
import { MemoryRateLimiter } from "../core/shared/rate-limiter.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { dealers, pageCountsDaily, usedVehicles } from "../db/schema.ts";
import { type InMemoryReads, keepPublicReadsInMemory } from "../tests/support/in-memory-reads.ts";
import { builtSite } from "../tests/support/page-server.ts";
import { createStaffUser, signIn, TEST_STAFF_PASSWORD } from "../tests/support/staff.ts";
import { cloneTemplate } from "../tests/support/template-db.ts";
import { startTestServer, type TestServer } from "../tests/support/test-server.ts";
import { PageCache } from "./page-cache.ts";

/**
 * Counts, not tracking (decision 057), over real HTTP on the built site: which answers count as a
 * view, a visit or a click, by the source of the visit, and which do not (crawlers, staff, HEAD, errors,
 * prefetches, a data request that does not load the page); the /go/ redirects and the call links' ping.
 */
let database: DatabaseHandle;
let reads: InMemoryReads;
let pageCache: PageCache;
let site: TestServer;
let counts: PageCountsAggregator;
let staffCookie: string;
let vehicle: { id: number; path: string; dealerId: number; dealerSlug: string };
let ids: Record<string, number>;

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const MODEL_PAGE = "/new/honda/cr-v";
const VEHICLE_ROUTE = "group:used/:make/:model/:id";
const LAYOUT_ROUTE = "routes/site/layout";

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  reads = await keepPublicReadsInMemory(database);
  pageCache = new PageCache({ maxAgeMs: 60_000 });
  pageCache.watch(reads.changes);
  counts = new PageCountsAggregator(database.db);
  site = await startTestServer(
    {
      ...(await builtSite()),
      usedStock: reads.usedStock,
      readModels: reads.readModels,
      pageCache,
      rateLimiter: new MemoryRateLimiter(10_000, 600_000),
      pingAllowance: new MemoryRateLimiter(5, 600_000),
      recordPageCount: (count) => counts.record(count),
    },
    { database },
  );
  ids = Object.fromEntries(
    (await database.db.select({ id: dealers.id, slug: dealers.slug }).from(dealers)).map((row) => [row.slug, row.id]),
  );
  const [row] = await database.db
    .select({ id: usedVehicles.id, dealerId: usedVehicles.dealerId })
    .from(usedVehicles)
    .where(and(eq(usedVehicles.status, "Available"), eq(usedVehicles.dealerId, ids["honda-sandton"]!)))
    .limit(1);
  const view = (await reads.usedStock.vehicle(row!.id))!;
  vehicle = { id: row!.id, path: view.uri, dealerId: row!.dealerId, dealerSlug: view.dealer_slug };
  await createStaffUser(database.db, {
    email: "counts@staff.example",
    role: "group_admin",
    password: TEST_STAFF_PASSWORD,
  });
  staffCookie = (await signIn(site.baseUrl, "counts@staff.example", TEST_STAFF_PASSWORD)).cookie;
});
afterAll(async () => {
  await site?.close();
  pageCache?.stop();
  await reads?.stop();
  await database?.close();
});
beforeEach(async () => {
  await counts.flush();
  await database.db.delete(pageCountsDaily);
});

function visit(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Response> {
  return fetch(site.baseUrl + path, {
    method,
    redirect: "manual",
    headers: { "User-Agent": BROWSER, ...headers },
  }).then(async (response) => {
    await response.arrayBuffer();
    return response;
  });
}

/** A live visit's cookie, as the first page of the visit would have set it. */
function visitCookie(landing: string, referrer: string | null): string {
  const now = Math.floor(Date.now() / 1000);
  const source = sourceOfLanding(new URL(landing, site.baseUrl), referrer);
  return `${VISIT_COOKIE}=${encodeVisit({ source, startedAt: now - 60, lastSeenAt: now - 30 })}`;
}

/** What the counts added to the database, as kind, subject, dealer id, source / medium / campaign and count. */
async function counted(): Promise<[string, string, number, string, number][]> {
  await counts.flush();
  const rows = await database.db.select().from(pageCountsDaily);
  return rows
    .map(
      (row) =>
        [row.kind, row.subject, row.dealerId, [row.source, row.medium, row.campaign].join(" / "), row.count] as [
          string,
          string,
          number,
          string,
          number,
        ],
    )
    .sort((a, b) => a.join().localeCompare(b.join()));
}

describe("page views", () => {
  it("counts a used vehicle's page, and the visit a campaign link starts, by the campaign, at the vehicle's dealer", async () => {
    const response = await visit(
      `${vehicle.path}?utm_source=facebook&utm_medium=cpc&utm_campaign=spring-sale&fbclid=abc`,
    );
    expect(response.status).toBe(200);
    expect(await counted()).toEqual([
      ["used-vehicle-view", String(vehicle.id), vehicle.dealerId, "facebook / cpc / spring-sale", 1],
      ["visit", "", vehicle.dealerId, "facebook / cpc / spring-sale", 1],
    ]);
  });

  it("counts a model page arrived at from a search engine", async () => {
    expect((await visit(MODEL_PAGE, { Referer: "https://www.google.co.za/" })).status).toBe(200);
    expect(await counted()).toEqual([
      ["model-view", "honda/cr-v", 0, "google / organic / ", 1],
      ["visit", "", 0, "google / organic / ", 1],
    ]);
  });

  it("counts an enquiry form's page within a live visit by the visit's source, and no new visit", async () => {
    const cookie = visitCookie("/?utm_source=tiktok&utm_medium=video&utm_campaign=jazz", null);
    expect(
      (
        await visit("/dealer/honda-sandton/service", {
          Cookie: cookie,
          Referer: `${site.baseUrl}/dealer/honda-sandton`,
        })
      ).status,
    ).toBe(200);
    expect((await visit("/parts", { Cookie: cookie })).status).toBe(200);
    expect(await counted()).toEqual([
      ["form-view", "Book Service", ids["honda-sandton"]!, "tiktok / video / jazz", 1],
      ["form-view", "Parts Enquiry", 0, "tiktok / video / jazz", 1],
    ]);
  });

  it("counts a page served from the page cache like a rendered one", async () => {
    const hits = pageCache.counts.hits;
    // The cache keeps a page from its second ask (decision 067), so the third comes from it whatever ran before.
    for (let ask = 0; ask < 3; ask++) expect((await visit(MODEL_PAGE)).status).toBe(200);
    expect(pageCache.counts.hits - hits).toBeGreaterThanOrEqual(1);
    expect(await counted()).toEqual([
      ["model-view", "honda/cr-v", 0, "direct / (none) / ", 3],
      ["visit", "", 0, "direct / (none) / ", 3],
    ]);
  });
});

describe("page views by the router's data, and the requests that are not views", () => {
  it("counts the router's data for a page as a view of it, and a data request that does not load the page not at all", async () => {
    const cookie = visitCookie("/", null);
    // A client-side navigation fetches the page's data instead of its document: one view, as the document is.
    expect(
      (
        await visit(`${vehicle.path}.data?_routes=${encodeURIComponent(`${LAYOUT_ROUTE},${VEHICLE_ROUTE}`)}`, {
          Cookie: cookie,
          Referer: site.baseUrl,
        })
      ).status,
    ).toBe(200);
    expect((await visit(`${MODEL_PAGE}.data`, { Cookie: cookie, Referer: site.baseUrl })).status).toBe(200);
    // A revalidation of the layout alone is not a view of the page.
    expect(
      (await visit(`${vehicle.path}.data?_routes=${encodeURIComponent(LAYOUT_ROUTE)}`, { Cookie: cookie })).status,
    ).toBe(200);
    expect(await counted()).toEqual([
      ["model-view", "honda/cr-v", 0, "direct / (none) / ", 1],
      ["used-vehicle-view", String(vehicle.id), vehicle.dealerId, "direct / (none) / ", 1],
    ]);
  });

  it("counts a document and the data of the next page once each: never both for one view", async () => {
    const cookie = visitCookie("/", null);
    await visit(vehicle.path, { Cookie: cookie });
    await visit(`${MODEL_PAGE}.data`, { Cookie: cookie, Referer: `${site.baseUrl}${vehicle.path}` });
    const rows = await counted();
    expect(rows.map(([kind, , , , count]) => [kind, count])).toEqual([
      ["model-view", 1],
      ["used-vehicle-view", 1],
    ]);
  });

  it("does not count crawlers, clients without a User-Agent, signed-in staff, HEAD, prefetches or pages that are not found", async () => {
    expect((await visit(vehicle.path, { "User-Agent": GOOGLEBOT })).status).toBe(200);
    expect((await visit(vehicle.path, { "User-Agent": "" })).status).toBe(200);
    expect((await visit(vehicle.path, { Cookie: staffCookie })).status).toBe(200);
    expect((await visit(vehicle.path, {}, "HEAD")).status).toBe(200);
    expect((await visit(`${MODEL_PAGE}.data`, { "Sec-Purpose": "prefetch" })).status).toBe(200);
    expect((await visit("/used/honda/jazz/999999999")).status).toBe(404);
    expect((await visit("/new/honda/no-such-model")).status).toBe(404);
    expect((await visit("/staff/login")).status).toBe(200);
    expect(await counted()).toEqual([]);
  });
});

describe("the /go/ links", () => {
  it("count a WhatsApp click by the visit's source and open the chat about the vehicle, at its dealer", async () => {
    const response = await visit(`/go/whatsapp/${vehicle.dealerSlug}?vehicle=${vehicle.id}`, {
      Cookie: visitCookie("/?utm_source=newsletter&utm_medium=email", null),
    });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("Location")!);
    expect(`${location.origin}${location.pathname}`).toBe("https://wa.me/27115550123");
    expect(location.searchParams.get("text")).toMatch(
      new RegExp(
        `^Hi Honda Dealer Group, I'd like some help with the \\d{4} .+ \\(ref\\. ${vehicle.id}\\) at Honda Sandton\\.$`,
      ),
    );
    expect(response.headers.get("Cache-Control")).toMatch(/no-store/);
    expect(await counted()).toEqual([
      ["whatsapp-click", String(vehicle.id), vehicle.dealerId, "newsletter / email / ", 1],
    ]);
  });

  it("open a chat about a model of the new range when the link names one, and ignore a model that is not sold", async () => {
    const group = await visit("/go/whatsapp/head-office?model=honda/cr-v");
    expect(new URL(group.headers.get("Location")!).searchParams.get("text")).toBe(
      "Hi Honda Dealer Group, I'd like some help with the new Honda CR-V.",
    );
    const dealer = await visit("/go/whatsapp/honda-menlyn?model=honda/cr-v");
    expect(new URL(dealer.headers.get("Location")!).searchParams.get("text")).toBe(
      "Hi Honda Dealer Group, I'd like some help with the new Honda CR-V at Honda Menlyn.",
    );
    for (const model of ["honda/no-such-model", "honda", "../honda/cr-v", "https://evil.example/x"]) {
      const response = await visit(`/go/whatsapp/head-office?model=${encodeURIComponent(model)}`);
      expect(response.status, model).toBe(302);
      expect(response.headers.get("Location"), model).toBe(
        `https://wa.me/27115550123?text=${encodeURIComponent("Hi Honda Dealer Group, I'd like some help with a vehicle.")}`,
      );
    }
    expect(await counted()).toEqual(
      [
        ["whatsapp-click", "", 0, "direct / (none) / ", 5],
        ["whatsapp-click", "", ids["honda-menlyn"]!, "direct / (none) / ", 1],
      ].sort((a, b) => a.join().localeCompare(b.join())),
    );
  });

  it("open the group's chat, and directions to a dealer's address", async () => {
    const chat = await visit("/go/whatsapp/head-office");
    expect(chat.headers.get("Location")).toBe(
      `https://wa.me/27115550123?text=${encodeURIComponent("Hi Honda Dealer Group, I'd like some help with a vehicle.")}`,
    );
    const directions = await visit("/go/directions/honda-kimberley");
    expect(directions.status).toBe(302);
    expect(directions.headers.get("Location")).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent("Honda Kimberley, 17 Bultfontein Road, Kimberley, 8301")}`,
    );
    expect(await counted()).toEqual([
      ["directions-click", "", ids["honda-kimberley"]!, "direct / (none) / ", 1],
      ["whatsapp-click", "", 0, "direct / (none) / ", 1],
    ]);
  });
});

describe("the /go/ links' refusals, the call ping, and the links on the pages", () => {
  it("answer 404 for a dealer that does not exist, and never send anyone where the address says", async () => {
    expect((await visit("/go/whatsapp/no-such-dealer")).status).toBe(404);
    expect((await visit("/go/directions/head-office")).status).toBe(404);
    for (const path of [
      "/go/directions/honda-sandton?to=https://evil.example&url=https://evil.example&next=//evil.example",
      `/go/whatsapp/honda-sandton?vehicle=https://evil.example`,
      "/go/directions//evil.example",
      "/go/directions/https%3A%2F%2Fevil.example",
      "/go/whatsapp/%2F%2Fevil.example",
      "/go/evil.example",
    ]) {
      const response = await visit(path);
      const location = response.headers.get("Location") ?? "";
      expect(location, path).not.toContain("evil.example/");
      expect(/^(?:https:\/\/(?:wa\.me|www\.google\.com)\/|\/|$)/.test(location), `${path} -> ${location}`).toBe(true);
      expect(response.status, path).toBeLessThan(500);
    }
    // A vehicle of another dealer is left out of the greeting (and the count).
    const other = await visit(`/go/whatsapp/honda-menlyn?vehicle=${vehicle.id}`);
    expect(new URL(other.headers.get("Location")!).searchParams.get("text")).toBe(
      "Hi Honda Dealer Group, I'd like some help with a vehicle at Honda Menlyn.",
    );
    expect((await counted()).filter(([kind]) => kind !== "whatsapp-click" && kind !== "directions-click")).toEqual([]);
  });

  it("count a call from the link's ping (204), and refuse a ping sent otherwise", async () => {
    const ping = (path: string, headers: Record<string, string> = {}) =>
      fetch(site.baseUrl + path, {
        method: "POST",
        headers: {
          "User-Agent": BROWSER,
          "Content-Type": "text/ping",
          Origin: site.baseUrl,
          "Sec-Fetch-Site": "same-origin",
          ...headers,
        },
        body: "PING",
      });
    expect((await ping(`/go/ping/call/honda-sandton?vehicle=${vehicle.id}`)).status).toBe(204);
    expect((await ping("/go/ping/call/no-such-dealer")).status).toBe(404);
    expect(
      (await ping("/go/ping/call/honda-sandton", { "Content-Type": "application/x-www-form-urlencoded" })).status,
    ).toBe(415);
    expect(
      (await ping("/go/ping/call/honda-sandton", { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" }))
        .status,
    ).toBe(403);
    expect((await visit("/go/ping/call/honda-sandton")).status).toBe(405);
    expect((await ping("/go/ping/call/honda-sandton", { "User-Agent": GOOGLEBOT })).status).toBe(204);
    expect(await counted()).toEqual([["call-click", String(vehicle.id), vehicle.dealerId, "direct / (none) / ", 1]]);
    // Its own allowance (5 here; the refusals before it, 415 and 403, used none): a sixth ping in the window is refused.
    expect((await ping("/go/ping/call/honda-sandton")).status).toBe(204);
    expect((await ping("/go/ping/call/honda-sandton")).status).toBe(204);
    expect((await ping("/go/ping/call/honda-sandton")).status).toBe(429);
  });

  it("are what the pages link to, and the CSP lets the ping through", async () => {
    const page = await fetch(site.baseUrl + vehicle.path, { headers: { "User-Agent": BROWSER } });
    const html = await page.text();
    // Absolute on the site's public address (SITE_URL; here the app's default): the HTML standard wants an http(s) URL there.
    expect(html).toContain(`ping="http://localhost:3000/go/ping/call/${vehicle.dealerSlug}?vehicle=${vehicle.id}"`);
    expect(html).toContain(`href="/go/directions/${vehicle.dealerSlug}?vehicle=${vehicle.id}"`);
    expect(html).toContain(`href="/go/whatsapp/head-office?vehicle=${vehicle.id}"`);
    expect(html).not.toContain("wa.me");
    expect(page.headers.get("Content-Security-Policy")).toMatch(/connect-src 'self'/);
    const dealerPage = await (
      await fetch(`${site.baseUrl}/dealer/honda-sandton`, { headers: { "User-Agent": BROWSER } })
    ).text();
    expect(dealerPage).toContain('href="/go/directions/honda-sandton"');
    expect(dealerPage).toContain('ping="http://localhost:3000/go/ping/call/honda-sandton"');
    expect(dealerPage).toContain('href="/go/whatsapp/honda-sandton"');
    expect(dealerPage).not.toContain("google.com/maps");
    expect((await site.get("/robots.txt")).body).toContain("Disallow: /go/\n");
    await counts.flush();
  });
});
