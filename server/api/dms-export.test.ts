import fs from "node:fs";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { takeDemoStockOffFeed } from "../../tests/support/demo-stock.ts";
import { mergeMakes } from "../../core/catalogue/catalogue-admin.server.ts";
import { nameKey } from "../../core/catalogue/make-names.ts";
import { createFeedKey } from "../../core/inventory/feed-keys.server.ts";
import { parseFeedProfile, saveFeedProfile } from "../../core/inventory/feed-profiles.server.ts";
import { MemoryRateLimiter } from "../../core/shared/rate-limiter.ts";
import type { StaffActor } from "../../core/staff/roles.ts";
import { dealerFeedKeys, dealers, makes, models, usedVehicles } from "../../db/schema.ts";
import { builtSite } from "../../tests/support/page-server.ts";
import { createStaffUser, signIn, type StaffHttpSession, TEST_STAFF_PASSWORD } from "../../tests/support/staff.ts";
import { startTestServer, type TestServer } from "../../tests/support/test-server.ts";

/**
 * A dealer's DMS export, unedited (AutoSLM-style headers, twenty cars of makes South Africans trade
 * in), through the back office's upload and through the feed API with a saved column profile: every car is
 * listed with its make, model, fuel, gearbox and body, only genuinely bad rows are refused, aliases never make
 * a second make, and a merge moves vehicles and redirects the old listing address.
 */

const EXPORT = fs.readFileSync(new URL("../../tests/fixtures/autoslm-used-stock.csv", import.meta.url), "utf8");
/** Makes the demo catalogue knows, taken out here so that the export brings a dozen it does not know. */
const UNKNOWN_MAKES = [
  "Audi",
  "Haval",
  "GWM",
  "Land Rover",
  "Jeep",
  "Isuzu",
  "Mahindra",
  "BYD",
  "Chery",
  "Omoda",
  "Proton",
  "Jetour",
  "Tata",
];
const admin: StaffActor = { id: null, label: "admin@dms.example", role: "group_admin", dealerIds: [] };

let server: TestServer;
let session: StaffHttpSession;
let key: string;

beforeAll(async () => {
  server = await startTestServer({ ...(await builtSite()), rateLimiter: new MemoryRateLimiter(10_000, 600_000) });
  const db = server.database.db;
  const unknown = await db.select({ id: makes.id }).from(makes).where(inArray(makes.name, UNKNOWN_MAKES));
  expect(unknown).toHaveLength(UNKNOWN_MAKES.length);
  await db.delete(models).where(
    inArray(
      models.makeId,
      unknown.map((m) => m.id),
    ),
  );
  await db.delete(makes).where(
    inArray(
      makes.id,
      unknown.map((m) => m.id),
    ),
  );
  // The exports are these dealers' first real stock: their demo stock is taken out of the feed's reach, or the
  // drop guard would hold each import for marking it all sold (tested in core/inventory/held-imports.test.ts).
  await takeDemoStockOffFeed(db, ["honda-menlyn", "honda-umhlanga"]);
  await createStaffUser(db, { email: "admin@dms.example", role: "group_admin", password: TEST_STAFF_PASSWORD });
  session = await signIn(server.baseUrl, "admin@dms.example", TEST_STAFF_PASSWORD);
  const [umhlanga] = await db.select({ id: dealers.id }).from(dealers).where(eq(dealers.slug, "honda-umhlanga"));
  key = (await createFeedKey(db, admin, umhlanga!.id, "Umhlanga AutoSLM")).key;
});
afterAll(() => server.close());

function upload(dealer: string, csv: string) {
  const form = new FormData();
  form.set("csrf", session.csrfToken);
  form.set("dealer", dealer);
  form.set("feed", new Blob([csv], { type: "text/csv" }), "autoslm-export.csv");
  return fetch(`${server.baseUrl}/staff/stock/import`, {
    method: "POST",
    headers: { Cookie: session.cookie },
    body: form,
  });
}

/** The dealer's vehicles that came from this test's exports (stock numbers U240nn and UMH0nn; the seed's own stock has others). */
async function dealerStock(slug: string) {
  return server.database.db
    .select({
      stockNumber: usedVehicles.stockNumber,
      make: makes.name,
      model: models.name,
      variant: usedVehicles.variant,
      fuel: usedVehicles.fuelType,
      transmission: usedVehicles.transmission,
      body: usedVehicles.bodyType,
      condition: usedVehicles.state,
      mmCode: usedVehicles.mmCode,
      registration: usedVehicles.registration,
    })
    .from(usedVehicles)
    .innerJoin(makes, eq(makes.id, usedVehicles.makeId))
    .innerJoin(models, eq(models.id, usedVehicles.modelId))
    .innerJoin(dealers, eq(dealers.id, usedVehicles.dealerId))
    .where(sql`${dealers.slug} = ${slug} and ${usedVehicles.stockNumber} ~ '^(U24|UMH)0[0-9]{2}$'`)
    .orderBy(usedVehicles.stockNumber);
}

const makesNamed = async () => (await server.database.db.select({ name: makes.name }).from(makes)).map((m) => m.name);

describe("a DMS's own used-stock export", () => {
  it("is imported unedited through the back office: every car listed, only the genuinely bad rows refused", async () => {
    const response = await upload("honda-menlyn", EXPORT);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain("Import report");
    // The report names the columns it read and the ones it ignored.
    expect(page).toMatch(/StockNo<\/td><td[^>]*>stockNumber/);
    expect(page).toMatch(/Branch<\/td><td[^>]*>Ignored: not a column the site knows/);
    expect(page).toMatch(/Days In Stock<\/td><td[^>]*>Ignored/);
    const stock = await dealerStock("honda-menlyn");
    expect(stock.map((v) => v.stockNumber)).toEqual(
      Array.from({ length: 20 }, (_, i) => `U240${String(i + 1).padStart(2, "0")}`),
    );
    expect(page).toContain("Year cannot be in the future");
    expect(page).toContain("Condition must be one of: Used, Demo");
    const by = new Map(stock.map((v) => [v.stockNumber, v]));
    expect(by.get("U24001")).toMatchObject({
      make: "Audi",
      model: "A3",
      transmission: "Automatic",
      variant: "Sportback 35 TFSI S tronic",
      mmCode: "04080371",
      registration: "CA 123-401",
    });
    expect(by.get("U24003")).toMatchObject({ make: "GWM", model: "P-Series", fuel: "Diesel", body: "Bakkie" });
    expect(by.get("U24004")).toMatchObject({ make: "GWM", model: "Steed 5", body: "Bakkie" });
    expect(by.get("U24007")).toMatchObject({ make: "Isuzu", body: "Bakkie", transmission: "Manual" });
    expect(by.get("U24008")).toMatchObject({ make: "Mahindra", model: "Scorpio-N" });
    expect(by.get("U24009")).toMatchObject({
      make: "BYD",
      model: "Atto 3",
      fuel: "Electric",
      transmission: "Automatic",
      condition: "Demo",
    });
    expect(by.get("U24010")).toMatchObject({ make: "Nissan", model: "NP200", body: "Bakkie", fuel: "Petrol" });
    expect(by.get("U24011")).toMatchObject({
      make: "Honda",
      model: "BR-V",
      transmission: "Automatic",
      variant: "1.5 Comfort CVT",
      body: "MPV",
    });
    expect(by.get("U24012")).toMatchObject({ make: "Toyota", model: "Hilux", body: "Bakkie" });
    expect(by.get("U24013")).toMatchObject({ make: "Volkswagen", model: "Polo Vivo", body: "Hatchback" });
    expect(by.get("U24014")).toMatchObject({ make: "Mercedes-Benz", transmission: "Automatic" });
    expect(by.get("U24019")).toMatchObject({ make: "Tata", transmission: "Automatic", variant: "1.2T XZ+ AMT" });
    // Aliases and spellings never make a second make; the rejected Lada made none.
    const names = await makesNamed();
    for (const make of ["GWM", "Volkswagen", "Mercedes-Benz", "Mahindra", "Audi"])
      expect(
        names.filter((n) => nameKey(n) === nameKey(make)),
        make,
      ).toHaveLength(1);
    for (const absent of ["Great Wall", "VW", "Mercedes", "MAHINDRA", "AUDI", "Lada"])
      expect(names).not.toContain(absent);
  });
});

describe("a DMS's export through the feed API, and the stock it lists", () => {
  it("is imported through the feed API with the key's saved column profile", async () => {
    const profile = parseFeedProfile(
      new Map<string, string>([
        ["column.stockNumber", "Veh Ref"],
        ["column.price", "Retail Incl"],
        ["valueMaps", "Body type: DBL CAB HR = Bakkie\nFuel type: Elec = Electric"],
      ]),
    );
    if (!profile.ok) throw new Error(JSON.stringify(profile.violations));
    const [row] = await server.database.db
      .select({ id: dealerFeedKeys.id })
      .from(dealerFeedKeys)
      .where(eq(dealerFeedKeys.name, "Umhlanga AutoSLM"));
    await saveFeedProfile(server.database.db, admin, row!.id, profile.value);
    // The same DMS at another branch: its own headers and words, other VINs and stock numbers.
    const csv = EXPORT.replace("StockNo,", "Veh Ref,")
      .replace(",Price,", ",Retail Incl,")
      .replaceAll("Double Cab", "DBL CAB HR")
      .replace(",Electric,", ",Elec,")
      .replace(/([A-HJ-NPR-Z0-9]{11})000(\d{3})/g, "$1999$2")
      .replace(/\nU240/g, "\nUMH0");
    const response = await fetch(`${server.baseUrl}/api/staff/dealers/honda-umhlanga/stock`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "text/csv" },
      body: csv,
    });
    expect(response.status).toBe(200);
    const report = await response.json();
    expect(report).toMatchObject({ received: 22, created: 20, rejected: 2, catalogue: { makes: [] } });
    expect(report.columns.used).toContainEqual({ header: "Veh Ref", column: "stockNumber" });
    expect(report.columns.used).toContainEqual({ header: "Retail Incl", column: "price" });
    expect(report.columns.ignored.map((i: { header: string }) => i.header)).toEqual(["Branch", "Days In Stock"]);
    const stock = await dealerStock("honda-umhlanga");
    expect(stock).toHaveLength(20);
    expect(stock.find((v) => v.stockNumber === "UMH003")).toMatchObject({ make: "GWM", body: "Bakkie" });
    expect(stock.find((v) => v.stockNumber === "UMH009")).toMatchObject({ make: "BYD", fuel: "Electric" });
  });

  it("lists the new stock in the filters and facet counts: Electric where stock has it, bakkies, one GWM", async () => {
    await expect
      .poll(async () => (await server.get("/api/vehicles?fuelType[]=Electric")).body["hydra:totalItems"])
      .toBe(2);
    const filters = (await server.get("/api/filters")).body;
    expect(filters.fuelTypes).toContainEqual({ value: "Electric", count: 2 });
    expect(filters.makes.filter((m: { name: string }) => nameKey(m.name) === "gwm")).toEqual([
      expect.objectContaining({ name: "GWM", slug: "gwm", count: 4 }),
    ]);
    expect(filters.makes.map((m: { name: string }) => m.name)).not.toContain("Great Wall");
    const bakkies = (await server.get("/api/vehicles?bodyType[]=Bakkie&make_slug=gwm")).body;
    expect(bakkies["hydra:totalItems"]).toBe(4);
    const listing = await (await fetch(`${server.baseUrl}/used?fuelType=Electric`)).text();
    expect(listing).toMatch(/value="Electric"/);
    // The export sends no photos: each card says so, and no picture has an empty address.
    expect(listing.match(/role="img" aria-label="[^"]*: photos to follow"/g)).toHaveLength(2);
    expect(listing).not.toMatch(/\s(src|href)=""/);
  });

  it("merges a make into another: every vehicle moves and the old listing address redirects", async () => {
    const db = server.database.db;
    const [haval] = await db.select().from(makes).where(eq(makes.name, "Haval"));
    const [gwm] = await db.select().from(makes).where(eq(makes.name, "GWM"));
    expect(await mergeMakes(db, admin, haval!.id, gwm!.id)).toEqual({ ok: true });
    expect((await dealerStock("honda-menlyn")).find((v) => v.stockNumber === "U24002")).toMatchObject({
      make: "GWM",
      model: "Jolion",
    });
    const redirected = await fetch(`${server.baseUrl}/used/haval`, { redirect: "manual" });
    expect(redirected.status).toBe(301);
    expect(redirected.headers.get("location")).toBe("/used/gwm");
    const model = await fetch(`${server.baseUrl}/used/haval/jolion`, { redirect: "manual" });
    expect(model.headers.get("location")).toBe("/used/gwm/jolion");
    // A feed that still says Haval finds GWM.
    const again = await upload("honda-menlyn", EXPORT);
    expect(await again.text()).toContain("Import report");
    expect(await makesNamed()).not.toContain("Haval");
  });
});
