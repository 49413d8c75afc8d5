import { count } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryRateLimiter } from "../../core/shared/rate-limiter.ts";
import { enquiries, financeApplications } from "../../db/schema.ts";
import { markedEnquiry } from "../../tests/support/enquiry-traffic.ts";
import { validFinanceApplication } from "../../tests/support/finance-fixture.ts";
import { startTestServer, type TestServer } from "../../tests/support/test-server.ts";

/**
 * Property-based fuzzing (fast-check) of every POST endpoint and every query parameter of the read API:
 * arbitrary and near-valid input never gets a 5xx, and a refused payload stores nothing. Each property is
 * bounded (RUNS cases, a fixed-length time budget per test) and reports how many cases it tried.
 */
const RUNS = 200;
const TIMEOUT_MS = 180_000;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ rateLimiter: new MemoryRateLimiter(1_000_000_000, 600_000) });
});
afterAll(() => server.close());

/** Text a client might send: printable, any Unicode (controls, NUL, surrogates), or values near the valid ones. */
const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "0",
    "-1",
    "1e3",
    "1.5",
    "99999999999999999999",
    "NaN",
    "null",
    "any",
    "Any",
    "ASC",
    "desc ",
    "Petrol",
    "Manual",
    "Demo",
    "honda",
    "cr-v",
    "honda-sandton",
    "car",
    "motorcycle",
    "Car",
    "new",
    "honda-wing",
    "'; drop table enquiries; --",
    "<script>alert(1)</script>",
    "%00",
    "\u0000",
    "../../etc/passwd",
    "x".repeat(5_000),
  ),
);

/** Any JSON value a client could send, and a valid payload with one field replaced, removed or added. */
function payloads(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const fields = Object.keys(valid);
  const anyJson = fc.jsonValue({ maxDepth: 3 });
  const replaced = fc
    .tuple(fc.constantFrom(...fields), fc.oneof(anyJson, hostileText))
    .map(([field, value]) => ({ ...valid, [field]: value }));
  const removed = fc
    .constantFrom(...fields)
    .map((field) => Object.fromEntries(Object.entries(valid).filter(([key]) => key !== field)));
  const added = fc.tuple(fc.string({ maxLength: 20 }), anyJson).map(([field, value]) => ({ ...valid, [field]: value }));
  const twoReplaced = fc
    .tuple(fc.constantFrom(...fields), hostileText, fc.constantFrom(...fields), anyJson)
    .map(([a, x, b, y]) => ({ ...valid, [a]: x, [b]: y }));
  return fc.oneof(anyJson, replaced, removed, added, twoReplaced);
}

/** A JSON text, or raw bytes that are almost or not at all JSON. */
function bodies(valid: Record<string, unknown>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: payloads(valid).map((value) => JSON.stringify(value) ?? "null") },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 200 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "",
        "{",
        "[]",
        "{}",
        '{"a":',
        JSON.stringify(valid).slice(0, -1),
        `${JSON.stringify(valid)}x`,
      ),
    },
  );
}

async function post(path: string, body: string): Promise<number> {
  const response = await fetch(server.baseUrl + path, {
    method: "POST",
    headers: { "Content-Type": "application/ld+json", Accept: "application/ld+json" },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

async function rows(table: typeof enquiries | typeof financeApplications): Promise<number> {
  return (await server.database.db.select({ n: count() }).from(table))[0]!.n;
}

describe.each([
  ["/api/customer_enquiries", enquiries, markedEnquiry("fuzz")],
  ["/api/finance_applications", financeApplications, validFinanceApplication()],
] as const)("fuzzing POST %s", (path, table, valid) => {
  it(`never answers 5xx and stores nothing it refuses (${RUNS} payloads)`, { timeout: TIMEOUT_MS }, async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(bodies(valid), async (body) => {
        const before = await rows(table);
        const status = await post(path, body);
        const added = (await rows(table)) - before;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        expect(status).toBeLessThan(500);
        expect(added).toBe(status === 201 ? Math.min(added, 1) : 0);
      }),
      { numRuns: RUNS },
    );
    console.log(`fuzz POST ${path}: ${RUNS} payloads, answers ${JSON.stringify(Object.fromEntries(statuses))}`);
  });
});

/** Every query parameter the read API takes, as its endpoints name them, plus a few it does not. */
const QUERY_KEYS: Record<string, string[]> = {
  "/api/vehicles": [
    "page",
    "make_slug",
    "model_slug",
    "fuelType",
    "fuelType[]",
    "transmissionType",
    "transmissionType[]",
    "vehicle_state",
    "vehicle_state[]",
    "order[price]",
    "order[year]",
    "order[mileage]",
    "order[colour]",
    "order[]",
    "dealer",
  ],
  "/api/dealers/honda-sandton/vehicles": [
    "page",
    "make_slug",
    "model_slug",
    "fuelType[]",
    "transmissionType[]",
    "vehicle_state[]",
    "order[price]",
    "order[year]",
  ],
  "/api/filters": ["dealer", "make_slug", "model_slug", "fuelType[]", "transmissionType", "vehicle_state[]", "page"],
  "/api/filters/honda": ["dealer", "model_slug", "fuelType", "transmissionType[]", "vehicle_state"],
  "/api/filters/honda/cr-v": ["dealer", "fuelType[]", "transmissionType[]", "vehicle_state[]"],
  "/api/blog": ["page"],
  "/api/banners": ["type"],
  "/api/renault_ranges": ["page", "type", "model_slug", "variant_slug", "model", "variant"],
  "/api/specials": ["deal"],
  "/api/specials/honda-sandton": ["deal"],
  "/api/special-deals/honda-sandton": ["deal"],
  "/api/service-deals/honda-sandton": ["deal"],
};

describe.each(Object.entries(QUERY_KEYS))("fuzzing GET %s", (path, keys) => {
  it(`never answers 5xx to any mix of its query parameters (${RUNS} queries)`, { timeout: TIMEOUT_MS }, async () => {
    const key = fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom(...keys) },
      { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
    );
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(key, hostileText), { maxLength: 6 }), async (pairs) => {
        const query = new URLSearchParams(pairs).toString();
        const { status } = await server.get(`${path}?${query}`);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        expect(status, query).toBeLessThan(500);
        expect([200, 400, 404], query).toContain(status);
      }),
      { numRuns: RUNS },
    );
    console.log(`fuzz GET ${path}: ${RUNS} queries, answers ${JSON.stringify(Object.fromEntries(statuses))}`);
  });
});

/** Path segments: ids and slugs the client chooses. */
const PATH_TEMPLATES = [
  "/api/vehicles/",
  "/api/dealers/",
  "/api/deals/",
  "/api/blog/",
  "/api/vehicle_range/",
  "/api/dealer-list/",
  "/api/special-deals/",
  "/api/service-deals/",
  "/api/specials/",
  "/api/filters/",
  "/media/blog/",
  "/uploads/",
  "/media/brochures/honda/",
];

describe("fuzzing the read API's path segments", () => {
  it(`never answers 5xx to any id or slug (${RUNS} paths)`, { timeout: TIMEOUT_MS }, async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PATH_TEMPLATES), hostileText, async (prefix, segment) => {
        const path = prefix + encodeURIComponent(segment);
        const { status } = await server.get(path);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        expect(status, path).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
    console.log(`fuzz GET path segments: ${RUNS} paths, answers ${JSON.stringify(Object.fromEntries(statuses))}`);
  });
});

describe("a NUL character in the address (found by the fuzz: PostgreSQL refused it as a 500)", () => {
  it.each([
    "/api/specials?deal=%00",
    "/api/filters?dealer=a%00b",
    "/api/renault_ranges?model_slug=%00",
    "/api/specials/%00",
    "/api/blog/x%00",
  ])("answers 400 JSON to %s", async (path) => {
    const { status, body } = await server.get(path);
    expect(status).toBe(400);
    expect(body).toMatchObject({ "@type": "Error", status: 400 });
  });

  it("answers a page address with %00 with 400 too", async () => {
    const { status, body } = await server.get("/used/honda%00");
    expect(status).toBe(400);
    expect(body).toBe("This address is not valid.");
  });
});
