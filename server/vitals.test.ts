import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MemoryRateLimiter, type RateLimiter } from "../core/shared/rate-limiter.ts";
import { readVitalsSummary, VitalsAggregator, type VitalsVisit } from "../core/vitals/store.server.ts";
import { webVitalsDaily } from "../db/schema.ts";
import { startTestServer, type TestServer } from "../tests/support/test-server.ts";

/** The page routes a built site would match (server/pages.ts pageRoutePatternOf), for the paths used here. */
const PATTERNS: Record<string, string> = {
  "/": "/",
  "/used/honda/jazz/42": "/used/:make/:model/:id",
  "/dealer/honda-east/used": "/dealer/:dealerName/used",
};

const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
const DESKTOP_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

let server: TestServer;
let aggregator: VitalsAggregator;
let recorded: VitalsVisit[] = [];
let formWrites = 0;
const formAllowance: RateLimiter = {
  hit: async () => {
    formWrites += 1;
    return { allowed: true };
  },
};

beforeAll(async () => {
  server = await startTestServer({
    rateLimiter: formAllowance,
    vitalsAllowance: new MemoryRateLimiter(20, 600_000),
    pageRoutePattern: (path) => PATTERNS[path],
    recordVitals: (visit) => {
      recorded.push(visit);
      aggregator.record(visit);
    },
  });
  aggregator = new VitalsAggregator(server.database.db);
});
afterAll(() => server.close());
beforeEach(() => {
  recorded = [];
});

const beacon = {
  page: "/used/honda/jazz/42",
  metrics: [
    { name: "LCP", value: 2210.5 },
    { name: "CLS", value: 0.031 },
    { name: "TTFB", value: 180 },
  ],
};

function send(body: string | object, headers: Record<string, string> = {}) {
  return fetch(`${server.baseUrl}/vitals`, {
    method: "POST",
    headers: { "Content-Type": "text/plain;charset=UTF-8", "User-Agent": DESKTOP_UA, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

describe("POST /vitals", () => {
  it("counts a beacon sent as sendBeacon sends it (text/plain) by page type and device class, and answers 204", async () => {
    const response = await send(beacon, {
      "User-Agent": PHONE_UA,
      Origin: server.baseUrl,
      "Sec-Fetch-Site": "same-origin",
    });
    expect(response.status).toBe(204);
    expect(recorded).toEqual([{ pageType: "used-vehicle", device: "mobile", metrics: beacon.metrics }]);
  });

  it("takes JSON too, the page under a dealer as the same type, and the client hint before the User-Agent", async () => {
    const response = await send(
      { page: "/dealer/honda-east/used?make=honda#top", metrics: [{ name: "INP", value: 96 }] },
      { "Content-Type": "application/json", "Sec-CH-UA-Mobile": "?1" },
    );
    expect(response.status).toBe(204);
    expect(recorded).toEqual([{ pageType: "used-listing", device: "mobile", metrics: [{ name: "INP", value: 96 }] }]);
  });

  it("classes a page no route matches as other", async () => {
    expect((await send({ page: "/no/such/page", metrics: [{ name: "FCP", value: 800 }] })).status).toBe(204);
    expect(recorded).toEqual([{ pageType: "other", device: "desktop", metrics: [{ name: "FCP", value: 800 }] }]);
  });

  it("stores nothing but counts per day, page type, device class, vital and bucket", async () => {
    await send(beacon, { "User-Agent": PHONE_UA });
    await aggregator.flush();
    const stored = JSON.stringify(await server.database.db.select().from(webVitalsDaily));
    expect(stored).not.toContain("jazz");
    expect(stored).not.toContain("Android");
    expect(stored).not.toContain("127.0.0.1");
    const summary = await readVitalsSummary(
      server.database.db,
      { id: 1, label: "admin", role: "group_admin", dealerIds: [] },
      7,
    );
    expect(
      summary.rows.find((row) => row.pageType === "used-vehicle" && row.device === "mobile")?.vitals.LCP,
    ).toMatchObject({ value: 2250, rating: "good" });
  });
});

describe("POST /vitals refused", () => {
  it("answers 400 for a body that is not JSON", async () => {
    const response = await send('{"page": "/", ');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ title: "The beacon is not JSON" });
    expect(recorded).toEqual([]);
  });

  it.each([
    ["an unknown vital", { page: "/", metrics: [{ name: "FID", value: 10 }] }, "metrics.0.name"],
    ["a negative value", { page: "/", metrics: [{ name: "LCP", value: -1 }] }, "metrics.0.value"],
    ["a value past any measurement", { page: "/", metrics: [{ name: "CLS", value: 1e9 }] }, "metrics.0.value"],
    ["a value that is not a number", { page: "/", metrics: [{ name: "LCP", value: "fast" }] }, "metrics.0.value"],
    [
      "a vital twice",
      {
        page: "/",
        metrics: [
          { name: "LCP", value: 1 },
          { name: "LCP", value: 2 },
        ],
      },
      "metrics.1.name",
    ],
    ["no vitals", { page: "/", metrics: [] }, "metrics"],
    [
      "an address instead of a path",
      { page: "https://elsewhere.example/", metrics: [{ name: "LCP", value: 1 }] },
      "page",
    ],
    ["a field of its own", { page: "/", metrics: [{ name: "LCP", value: 1 }], visitor: "abc" }, "visitor"],
    ["a back-office page", { page: "/staff/leads", metrics: [{ name: "LCP", value: 1 }] }, "page"],
    ["not an object", [1, 2, 3], ""],
  ])("answers 422 with the field at fault for %s", async (_, body, propertyPath) => {
    const response = await send(body);
    expect(response.status).toBe(422);
    const answer = await response.json();
    expect(answer.title).toBe("The beacon is not valid");
    expect(answer.violations.map((violation: { propertyPath: string }) => violation.propertyPath)).toContain(
      propertyPath,
    );
    expect(recorded).toEqual([]);
  });

  it("answers 413 for a beacon over 2 KB, before reading it", async () => {
    const response = await send({ page: `/${"a".repeat(3000)}`, metrics: [{ name: "LCP", value: 1 }] });
    expect(response.status).toBe(413);
    expect(await response.text()).toMatch(/too long/);
    expect(recorded).toEqual([]);
  });

  it("answers 413 for an oversized beacon sent without a length (chunked)", async () => {
    const chunks = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 4; i += 1) controller.enqueue(new TextEncoder().encode("x".repeat(1024)));
        controller.close();
      },
    });
    const response = await fetch(`${server.baseUrl}/vitals`, {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: chunks,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
  });

  it("answers 415 for a body type it does not take, naming the ones it does", async () => {
    const response = await send("page=/", { "Content-Type": "application/x-www-form-urlencoded" });
    expect(response.status).toBe(415);
    expect(await response.text()).toBe("Send the body as application/json, application/ld+json or text/plain");
  });

  it("answers 403 to a beacon from another site, and 405 with Allow to a GET", async () => {
    expect((await send(beacon, { Origin: "https://elsewhere.example", "Sec-Fetch-Site": "cross-site" })).status).toBe(
      403,
    );
    const read = await fetch(`${server.baseUrl}/vitals`);
    expect(read.status).toBe(405);
    expect(read.headers.get("Allow")).toBe("POST");
  });

  it("counts beacons against an allowance of their own, not the forms' one", async () => {
    const before = formWrites;
    const statuses: number[] = [];
    for (let i = 0; i < 22; i += 1) statuses.push((await send(beacon, { "X-Forwarded-For": "203.0.113.9" })).status);
    expect(formWrites).toBe(before);
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status === 204).length).toBeLessThan(21);
  });
});
