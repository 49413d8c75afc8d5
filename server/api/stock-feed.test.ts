import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFeedKey, listFeedKeys, revokeFeedKey } from "../../core/inventory/feed-keys.server.ts";
import { listHeldImports } from "../../core/inventory/held-imports.server.ts";
import { MemoryRateLimiter } from "../../core/shared/rate-limiter.ts";
import type { StaffActor } from "../../core/staff/roles.ts";
import { auditLog, dealerFeedKeys, dealers, usedVehicles } from "../../db/schema.ts";
import { takeDemoStockOffFeed } from "../../tests/support/demo-stock.ts";
import { startTestServer, type TestServer } from "../../tests/support/test-server.ts";

let server: TestServer;
let umhlangaId: number;
let key: string;
const admin: StaffActor = { id: null, label: "admin@hondagroup.example", role: "group_admin", dealerIds: [] };

beforeAll(async () => {
  server = await startTestServer({ rateLimiter: new MemoryRateLimiter(10_000, 600_000) });
  const [umhlanga] = await server.database.db
    .select({ id: dealers.id })
    .from(dealers)
    .where(eq(dealers.slug, "honda-umhlanga"));
  umhlangaId = umhlanga!.id;
  await takeDemoStockOffFeed(server.database.db, ["honda-umhlanga", "honda-sandton"]);
  key = (await createFeedKey(server.database.db, admin, umhlangaId, "Umhlanga DMS")).key;
});
afterAll(() => server.close());

const CSV = [
  "stockNumber,make,model,variant,year,mileage,price,transmission,fuelType,colour,condition",
  "UMH-1,Honda,Civic,1.5T Sport CVT,2022,18000,439900,Automatic,Petrol,Red,Demo",
  "UMH-2,Honda,HR-V,1.5 Comfort CVT,2019,77000,319900,Automatic,Petrol,Grey,Used",
  "UMH-3,Honda,Pegasus,1.0,2019,77000,319900,Automatic,Steam,Grey,Used",
].join("\n");

function put(
  body: string | Uint8Array<ArrayBuffer>,
  init: { slug?: string; auth?: string | null; contentType?: string; query?: string } = {},
) {
  const headers: Record<string, string> = { "Content-Type": init.contentType ?? "text/csv" };
  if (init.auth !== null) headers.Authorization = init.auth ?? `Bearer ${key}`;
  return fetch(`${server.baseUrl}/api/staff/dealers/${init.slug ?? "honda-umhlanga"}/stock${init.query ?? ""}`, {
    method: "PUT",
    headers,
    body,
  });
}

async function stockOf(dealerId: number) {
  return server.database.db
    .select({ stockNumber: usedVehicles.stockNumber, price: usedVehicles.price, status: usedVehicles.status })
    .from(usedVehicles)
    .where(and(eq(usedVehicles.dealerId, dealerId), sql`${usedVehicles.stockNumber} is not null`))
    .orderBy(usedVehicles.stockNumber);
}

describe("PUT /api/staff/dealers/{slug}/stock", () => {
  it("answers 401 without a key, with an unknown key, and with a malformed header", async () => {
    const withoutKey = await put(CSV, { auth: null });
    expect(withoutKey.status).toBe(401);
    expect(withoutKey.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
    expect(await withoutKey.json()).toMatchObject({ title: "Sign in to the back office or send a feed key" });
    for (const auth of ["Bearer hdf_not-a-real-key", "Basic dXNlcjpwYXNz", "Bearer"]) {
      const response = await put(CSV, { auth });
      expect(response.status, auth).toBe(401);
      expect(response.headers.get("WWW-Authenticate")).toMatch(/^Bearer .*invalid_token/);
      expect(await response.json()).toMatchObject({ title: "The feed key is not valid or has been revoked" });
    }
    expect(await stockOf(umhlangaId)).toEqual([]);
  });

  it("lets a feed key do nothing but send its dealer's feed", async () => {
    const response = await fetch(`${server.baseUrl}/api/staff/me`, { headers: { Authorization: `Bearer ${key}` } });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ title: "A feed key may only send its dealer's stock feed" });
  });

  it("imports a CSV feed and answers the summary with each rejected row's errors", async () => {
    const response = await put(CSV);
    expect(response.status).toBe(200);
    const report = await response.json();
    expect(report).toMatchObject({
      dealer: "honda-umhlanga",
      dryRun: false,
      received: 3,
      created: 2,
      updated: 0,
      unchanged: 0,
      sold: 0,
      rejected: 1,
    });
    expect(report.errors).toEqual([
      {
        row: 3,
        column: "fuelType",
        message: "Fuel type must be one of: Petrol, Diesel, Hybrid, Plug-in hybrid, Electric",
      },
    ]);
    // A rejected row adds nothing to the catalogue.
    expect(report.catalogue).toEqual({ makes: [], models: [] });
    expect(await stockOf(umhlangaId)).toEqual([
      { stockNumber: "UMH-1", price: 439_900, status: "Available" },
      { stockNumber: "UMH-2", price: 319_900, status: "Available" },
    ]);
    const [used] = (await listFeedKeys(server.database.db, admin)).filter((k) => k.dealerId === umhlangaId);
    expect(used!.lastUsedAt).not.toBeNull();
  });
});

describe("PUT /api/staff/dealers/{slug}/stock: JSON, dry runs and feeds held", () => {
  it("takes JSON too, and a dry run answers what would change and changes nothing", async () => {
    const vehicles = [
      {
        stockNumber: "UMH-1",
        make: "Honda",
        model: "Civic",
        variant: "1.5T Sport CVT",
        year: 2022,
        mileage: 18000,
        price: 429900,
        transmission: "Automatic",
        fuelType: "Petrol",
        colour: "Red",
        condition: "Demo",
      },
    ];
    const dry = await put(JSON.stringify({ vehicles }), { contentType: "application/json", query: "?dry_run=1" });
    expect(dry.status).toBe(200);
    expect(await dry.json()).toMatchObject({
      dryRun: true,
      updated: 1,
      sold: 1,
      changes: [
        { action: "updated", stockNumber: "UMH-1", changes: { price: { from: 439_900, to: 429_900 } } },
        { action: "sold", stockNumber: "UMH-2" },
      ],
    });
    expect((await stockOf(umhlangaId)).map((v) => [v.price, v.status])).toEqual([
      [439_900, "Available"],
      [319_900, "Available"],
    ]);
    const real = await put(JSON.stringify(vehicles), { contentType: "application/json" });
    expect(await real.json()).toMatchObject({ dryRun: false, updated: 1, sold: 1 });
    expect((await stockOf(umhlangaId)).map((v) => [v.price, v.status])).toEqual([
      [429_900, "Available"],
      [319_900, "Sold"],
    ]);
  });

  it("holds a feed that would mark more than half the dealer's stock sold: 202, nothing changed, waiting to be published", async () => {
    const [kimberley] = await server.database.db
      .select({ id: dealers.id })
      .from(dealers)
      .where(eq(dealers.slug, "honda-kimberley"));
    const kimberleyKey = (await createFeedKey(server.database.db, admin, kimberley!.id, "Kimberley DMS")).key;
    const before = await stockOf(kimberley!.id);
    expect(before.length).toBeGreaterThan(2);
    // The dealer's first real feed names one car: every demo vehicle would be marked sold.
    const response = await put(CSV.split("\n").slice(0, 2).join("\n").replace("UMH-1", "KIM-1"), {
      slug: "honda-kimberley",
      auth: `Bearer ${kimberleyKey}`,
    });
    expect(response.status).toBe(202);
    const report = await response.json();
    expect(report).toMatchObject({
      created: 1,
      sold: before.length,
      held: { wouldSell: before.length, stockCount: before.length },
    });
    expect(await stockOf(kimberley!.id)).toEqual(before);
    expect(await listHeldImports(server.database.db, admin)).toEqual([
      expect.objectContaining({ id: report.held.id, dealerSlug: "honda-kimberley", source: "feed", received: 1 }),
    ]);
  });
});

describe("PUT /api/staff/dealers/{slug}/stock: the bodies and keys it refuses", () => {
  it("answers 400 with the reason for a feed that cannot be read, and changes nothing", async () => {
    const before = await stockOf(umhlangaId);
    const audits = await server.database.db.$count(auditLog);
    for (const [body, contentType, reason] of [
      ["UMH-1,Honda,Civic\n", "text/csv", /lacks required columns/],
      ['{"vehicles": [', "application/json", /^The JSON cannot be read/],
    ] as const) {
      const response = await put(body, { contentType });
      expect(response.status).toBe(400);
      expect((await response.json()).title).toMatch(reason);
    }
    const unclosed = await put(`${CSV}\n"UMH-4,Honda`, { contentType: "text/csv" });
    expect(unclosed.status).toBe(422);
    expect((await unclosed.json()).title).toMatch(
      /^The columns are separated by commas, but row \d+ has a quote \("\) that is never closed/,
    );
    expect(await stockOf(umhlangaId)).toEqual(before);
    expect(await server.database.db.$count(auditLog)).toBe(audits);
  });

  it("answers 415 for a body that is neither a table nor JSON, by its type or by its bytes", async () => {
    const typed = await put(CSV, { contentType: "application/pdf" });
    expect(typed.status).toBe(415);
    expect((await typed.json()).title).toMatch(/^Send the body as application\/json, .*text\/csv/);
    const binary = await put(new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]), {
      contentType: "text/csv",
    });
    expect(binary.status).toBe(415);
    expect((await binary.json()).title).toMatch(/^This file is binary data/);
  });

  it("answers 404 when a key is used for another dealer, as for a dealer that does not exist", async () => {
    for (const slug of ["honda-sandton", "honda-nowhere"]) {
      const response = await put(CSV, { slug });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ title: "Dealer not found" });
    }
    const [sandton] = await server.database.db
      .select({ id: dealers.id })
      .from(dealers)
      .where(eq(dealers.slug, "honda-sandton"));
    expect(await stockOf(sandton!.id)).toEqual([]);
  });

  it("answers 401 once the key is revoked", async () => {
    const [row] = await server.database.db
      .select({ id: dealerFeedKeys.id })
      .from(dealerFeedKeys)
      .where(eq(dealerFeedKeys.dealerId, umhlangaId));
    await revokeFeedKey(server.database.db, admin, row!.id);
    expect((await put(CSV)).status).toBe(401);
  });

  it("never stores the key itself, only its hash", async () => {
    const stored = await server.database.db.select().from(dealerFeedKeys);
    expect(JSON.stringify(stored)).not.toContain(key);
    expect(JSON.stringify(await server.database.db.select().from(auditLog))).not.toContain(key);
  });
});
