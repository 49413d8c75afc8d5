import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import writeExcelFile from "write-excel-file/node";
import { createFeedKey } from "../../core/inventory/feed-keys.server.ts";
import { MemoryRateLimiter } from "../../core/shared/rate-limiter.ts";
import type { StaffActor } from "../../core/staff/roles.ts";
import { auditLog, dealerFeedPhotoHosts, dealers, usedVehicles } from "../../db/schema.ts";
import { builtSite } from "../../tests/support/page-server.ts";
import { createStaffUser, signIn, type StaffHttpSession, TEST_STAFF_PASSWORD } from "../../tests/support/staff.ts";
import { startTestServer, type TestServer } from "../../tests/support/test-server.ts";
import { takeDemoStockOffFeed } from "../../tests/support/demo-stock.ts";

/**
 * Stock files as DMSs write them (decision 076): a semicolon-separated Windows-1252 export with CRLF, mapped once
 * on the upload page and then read with that mapping by the upload and the feed API alike; comma UTF-8 with
 * prices in cents and comma-separated photo URLs; tab-separated UTF-16; an Excel workbook. Each car is checked
 * on the public API and its page. Then the files that must be refused whole, while the site answers others.
 */

const admin: StaffActor = { id: null, label: "admin@layouts.example", role: "group_admin", dealerIds: [] };
let server: TestServer;
let session: StaffHttpSession;
let key: string;

beforeAll(async () => {
  server = await startTestServer({ ...(await builtSite()), rateLimiter: new MemoryRateLimiter(10_000, 600_000) });
  await createStaffUser(server.database.db, {
    email: "admin@layouts.example",
    role: "group_admin",
    password: TEST_STAFF_PASSWORD,
  });
  session = await signIn(server.baseUrl, "admin@layouts.example", TEST_STAFF_PASSWORD);
  // These files are the dealer's first real stock: its demo stock is taken out of the feed's reach, or the drop
  // guard would hold each import for marking it all sold (tested in core/inventory/held-imports.test.ts).
  await takeDemoStockOffFeed(server.database.db, ["honda-menlyn"]);
  const [pretoria] = await server.database.db
    .select({ id: dealers.id })
    .from(dealers)
    .where(eq(dealers.slug, "honda-menlyn"));
  key = (await createFeedKey(server.database.db, admin, pretoria!.id, "Menlyn DMS")).key;
});
afterAll(() => server.close());

const SEMICOLON_HEADER =
  "Stock Code;Chassis No;M&M Code;Manufacturer;Range;Derivative;Year Model;Odometer;Selling Price;Type;Fuel;Gearbox;Colour;Body;Comments;Image URLs";
const SEMICOLON_ROWS = [
  'SC-001;AHTKB3CD502012345;60045120;TOYOTA;Hilux;2.8 GD-6 Legend 4x4 A/T;2022;78 500 km;R 529 900;U;D;Automatic;Glacier White;D/Cab;"Caf\u00e9 owner; one careful driver";',
  "SC-002;;04060410;VW;Polo;1.0 TSI Comfortline;2021;42 000 km;489900.00;U;P;Manual;Reflex Silver;Hatch;Goed versorg, na\u00efve prys;",
  "SC-003;;;ISUZU;D-Max;1.9 Ddi L S/Cab;2020;120 300 km;R 329 900;D;D;Manual;Mercury Silver;S/Cab;;",
  "SC-004;;;TOYOTA;Corolla Cross;1.8 XS Hybrid;2023;15 000 km;R 469 900;U;Hybrid;CVT;Celestite Grey;SUV;;",
  "SC-005;;;BMW;iX3;M Sport;2022;21 000 km;R 899 900;U;EV;Auto;Black Sapphire;SUV;;",
];
const semicolonFile = (rows = SEMICOLON_ROWS) =>
  new Uint8Array(Buffer.from(`${[SEMICOLON_HEADER, ...rows].join("\r\n")}\r\n`, "latin1"));

function upload(fields: Record<string, string>, file?: { bytes: Uint8Array<ArrayBuffer>; name: string }) {
  const form = new FormData();
  form.set("csrf", session.csrfToken);
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file) form.set("feed", new Blob([file.bytes]), file.name);
  return fetch(`${server.baseUrl}/staff/stock/import`, {
    method: "POST",
    headers: { Cookie: session.cookie },
    body: form,
  });
}

function put(body: Uint8Array<ArrayBuffer> | string, contentType: string) {
  return fetch(`${server.baseUrl}/api/staff/dealers/honda-menlyn/stock`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": contentType },
    body,
  });
}

/** The public API's vehicle and its page, by stock number. */
async function published(stockNumber: string) {
  const [row] = await server.database.db
    .select({ id: usedVehicles.id })
    .from(usedVehicles)
    .where(eq(usedVehicles.stockNumber, stockNumber));
  const vehicle = await (await fetch(`${server.baseUrl}/api/vehicles/${row!.id}`)).json();
  const page = await (await fetch(new URL(vehicle.uri, server.baseUrl))).text();
  return { vehicle, page };
}

describe("a semicolon-separated Windows-1252 export with CRLF", () => {
  it("shows its columns beside the fields they fill, with a preview, and imports once mapped", async () => {
    const first = await upload({ dealer: "honda-menlyn" }, { bytes: semicolonFile(), name: "stock.csv" });
    expect(first.status).toBe(200);
    const page = await first.text();
    expect(page).toContain("Match the file&#x27;s columns to the site&#x27;s fields");
    expect(page).toContain("The header row lacks required columns: condition");
    const token = /name="staged" value="([^"]+)"/.exec(page)![1]!;
    // The columns the site placed by itself are chosen already; "Type" is the one to map.
    const typeIndex = SEMICOLON_HEADER.split(";").indexOf("Type");
    const mapping: Record<string, string> = { dealer: "honda-menlyn", staged: token, intent: "map" };
    SEMICOLON_HEADER.split(";").forEach((_, i) => {
      const chosen = new RegExp(
        `name="map\\.${i}"[^>]*>(?:(?!</select>).)*?<option value="([^"]*)" selected`,
        "s",
      ).exec(page);
      mapping[`map.${i}`] = chosen?.[1] ?? "";
    });
    mapping[`map.${typeIndex}`] = "condition";
    // Staff choose not to read the M&M codes, though the site would place that column by its name.
    expect(mapping["map.2"]).toBe("mmCode");
    mapping["map.2"] = "";
    mapping.valueMaps = "fuelType: D = Diesel";
    const done = await upload(mapping);
    expect(done.status).toBe(200);
    const report = await done.text();
    expect(report).toContain("Import report");
    expect(report).toMatch(/Created<\/th><td[^>]*>5</);
  });

  it("lands every value: prices, odometers, makes, fuels, bodies and the description's accents", async () => {
    const hilux = await published("SC-001");
    expect(hilux.vehicle).toMatchObject({
      make: "Toyota",
      model: "Hilux",
      price: 529900,
      mileage: { value: 78500, unit: "km" },
      fuel_type: "Diesel",
      transmission: "Automatic",
      body_type: "Bakkie",
      state_of_vehicle: "Used",
      year: 2022,
      exterior_color: "Glacier White",
    });
    expect(hilux.page).toContain("R 529 900");
    expect((await published("SC-002")).vehicle).toMatchObject({
      make: "Volkswagen",
      price: 489900,
      fuel_type: "Petrol",
      body_type: "Hatchback",
      transmission: "Manual",
    });
    expect((await published("SC-003")).vehicle).toMatchObject({ body_type: "Bakkie", state_of_vehicle: "Demo" });
    expect((await published("SC-004")).vehicle).toMatchObject({ fuel_type: "Hybrid", transmission: "Automatic" });
    expect((await published("SC-005")).vehicle).toMatchObject({ fuel_type: "Electric", make: "BMW" });
    const [stored] = await server.database.db
      .select({ description: usedVehicles.description })
      .from(usedVehicles)
      .where(eq(usedVehicles.stockNumber, "SC-001"));
    expect(stored!.description).toBe("Caf\u00e9 owner; one careful driver");
    const [polo] = await server.database.db
      .select({ mmCode: usedVehicles.mmCode })
      .from(usedVehicles)
      .where(eq(usedVehicles.stockNumber, "SC-002"));
    expect(polo!.mmCode).toBeNull();
  });

  it("reads the next file of that layout with the saved mapping, uploaded or sent to the feed API, with no clicks", async () => {
    const next = semicolonFile(SEMICOLON_ROWS.map((row) => row.replace("R 529 900", "R 519 900")));
    const uploaded = await upload({ dealer: "honda-menlyn" }, { bytes: next, name: "stock-2.csv" });
    expect(await uploaded.text()).toMatch(/Updated<\/th><td[^>]*>1</);
    const fed = await put(
      semicolonFile(SEMICOLON_ROWS.map((row) => row.replace("R 529 900", "R 509 900"))),
      "text/csv",
    );
    expect(fed.status).toBe(200);
    expect(await fed.json()).toMatchObject({ updated: 1, rejected: 0 });
    expect((await published("SC-001")).vehicle.price).toBe(509900);
  });
});

describe("other DMS layouts", () => {
  it("reads comma UTF-8 with prices in cents, dates for years and photo URLs separated by commas", async () => {
    const csv = [
      "\ufeffStock Number,Make,Model,Variant,Year,Kilometres,Price,Transmission,Fuel Type,Colour,Condition,Photos",
      'CM-001,Honda,Jazz,1.5 Elegance CVT,15/03/2021,"9 500","R529,900.00",CVT,Petrol,Meteoroid Grey,Used,"https://img.unlisted.example/1.jpg,https://img.unlisted.example/2.jpg"',
    ].join("\n");
    const response = await put(`${SEMICOLON_ROWS.length ? csv : ""}`, "text/csv");
    expect(response.status).toBe(200);
    const report = await response.json();
    // The semicolon export's cars are not in this file: they are marked sold.
    expect(report).toMatchObject({ created: 1, rejected: 0, sold: 5 });
    expect(report.photos.hostsNotAllowed).toEqual(["img.unlisted.example"]);
    expect(report.photos.results.map((r: { url: string }) => r.url)).toEqual([
      "https://img.unlisted.example/1.jpg",
      "https://img.unlisted.example/2.jpg",
    ]);
    expect((await published("CM-001")).vehicle).toMatchObject({ price: 529900, year: 2021, mileage: { value: 9500 } });
  });

  it("lists the photo hosts not allowed yet on the upload's report, and allows one with a click, audited", async () => {
    const csv = [
      "Stock Number,Make,Model,Variant,Year,Kilometres,Price,Transmission,Fuel Type,Colour,Condition,Photos",
      "CM-001,Honda,Jazz,1.5 Elegance CVT,2021,9500,529900,CVT,Petrol,Meteoroid Grey,Used,https://img.unlisted.example/1.jpg;https://img.unlisted.example/2.jpg",
    ].join("\n");
    const dry = await upload(
      { dealer: "honda-menlyn", dryRun: "on" },
      { bytes: new Uint8Array(Buffer.from(csv)), name: "stock.csv" },
    );
    const report = await dry.text();
    expect(report).toContain("Photo hosts not allowed yet");
    expect(report).toContain("Allow photos from img.unlisted.example");
    const forged = await upload({
      intent: "allow-host",
      dealer: "honda-menlyn",
      host: "img.unlisted.example",
      csrf: "x",
    });
    expect(forged.status).toBe(403);
    const allowed = await upload({ intent: "allow-host", dealer: "honda-menlyn", host: "img.unlisted.example" });
    expect(await allowed.text()).toContain("Photos from img.unlisted.example are allowed for this dealer now");
    const [dealer] = await server.database.db
      .select({ id: dealers.id })
      .from(dealers)
      .where(eq(dealers.slug, "honda-menlyn"));
    expect(
      await server.database.db
        .select({ host: dealerFeedPhotoHosts.host })
        .from(dealerFeedPhotoHosts)
        .where(eq(dealerFeedPhotoHosts.dealerId, dealer!.id)),
    ).toEqual([{ host: "img.unlisted.example" }]);
    const [audit] = await server.database.db
      .select({ actor: auditLog.actorLabel, changes: auditLog.changes })
      .from(auditLog)
      .where(eq(auditLog.action, "feed_photo_host.add"));
    expect(audit).toEqual({
      actor: "admin@layouts.example",
      changes: { photoHost: { from: null, to: "img.unlisted.example" } },
    });
  });
});

describe("other DMS file formats", () => {
  it("reads tab-separated UTF-16 with its byte-order mark", async () => {
    const tsv = [
      "StockNo\tMake\tModel\tVariant\tModelYear\tMileage\tPrice\tTransmission\tFuel\tColour\tNewUsed",
      "TB-001\tMercedes\tC-Class\tC200 Avantgarde\t2019\t61 000\t489 900,00\t9G-Tronic\tPetrol\tObsidian Black\tUsed",
    ].join("\r\n");
    const bytes = new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(tsv, "utf16le")]));
    const response = await put(bytes, "text/tab-separated-values");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ created: 1, rejected: 0 });
    const { vehicle, page } = await published("TB-001");
    expect(vehicle).toMatchObject({ make: "Mercedes-Benz", price: 489900, transmission: "Automatic" });
    expect(page).toContain("R 489 900");
  });

  it("reads an Excel workbook uploaded on the page", async () => {
    const blob = await writeExcelFile([
      [
        "Stock Number",
        "Make",
        "Model",
        "Variant",
        "Year",
        "Mileage",
        "Price",
        "Transmission",
        "Fuel",
        "Colour",
        "Condition",
      ].map((value) => ({ value })),
      [
        { value: "XL-001" },
        { value: "Honda" },
        { value: "Civic" },
        { value: "1.5T RS" },
        { value: 2022 },
        { value: 18000 },
        { value: 559900 },
        { value: "CVT" },
        { value: "Petrol" },
        { value: "Ignite Red" },
        { value: "Demo" },
      ],
    ]).toBuffer();
    const response = await upload({ dealer: "honda-menlyn" }, { bytes: new Uint8Array(blob), name: "stock.xlsx" });
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/Created<\/th><td[^>]*>1</);
    expect((await published("XL-001")).vehicle).toMatchObject({
      model: "Civic",
      year: 2022,
      price: 559900,
      mileage: { value: 18000 },
      state_of_vehicle: "Demo",
    });
  });
});

describe("files refused whole", () => {
  const stockOfMenlyn = async () =>
    server.database.db.$count(
      usedVehicles,
      and(inArray(usedVehicles.stockNumber, ["XL-001", "TB-001", "CM-001"]), eq(usedVehicles.status, "Available")),
    );

  it("a million one-character rows: 422 naming the limit, while /healthz answers at once", async () => {
    const audits = await server.database.db.$count(auditLog);
    const before = await stockOfMenlyn();
    let settled = false;
    const refused = put(`h\n${"x\n".repeat(1_000_000)}`, "text/csv").finally(() => {
      settled = true;
    });
    // Other visitors are answered while the file is read: each health check in the meantime is quick.
    const healthTimes: number[] = [];
    while (!settled) {
      const started = performance.now();
      const health = await fetch(`${server.baseUrl}/healthz`);
      await health.arrayBuffer();
      expect(health.status).toBe(200);
      healthTimes.push(performance.now() - started);
    }
    expect(Math.max(...healthTimes)).toBeLessThan(1_000);
    const response = await refused;
    expect(response.status).toBe(422);
    expect((await response.json()).title).toMatch(/^The file has more than 20\s000 vehicle rows/);
    expect(await server.database.db.$count(auditLog)).toBe(audits);
    expect(await stockOfMenlyn()).toBe(before);
  });

  it("a row of 200 columns and a separator that changes mid-file: 422 naming the row", async () => {
    const wide = await put(`${SEMICOLON_HEADER}\r\n${"x;".repeat(199)}x\r\n`, "text/csv");
    expect(wide.status).toBe(422);
    expect((await wide.json()).title).toBe("Row 1 has 200 columns; a stock list may have at most 150.");
    const changed = await put(semicolonFile([SEMICOLON_ROWS[1]!, SEMICOLON_ROWS[2]!.replaceAll(";", ",")]), "text/csv");
    expect(changed.status).toBe(422);
    expect((await changed.json()).title).toMatch(
      /^The columns are separated by semicolons, but from row 2 they are separated by commas/,
    );
  });

  it("a file over 50 MB: 413; a binary file on the page: 415 in the dealer's words", async () => {
    const huge = await put(new Uint8Array(50 * 1024 * 1024 + 1).fill(0x41), "text/csv");
    expect(huge.status).toBe(413);
    const binary = await upload(
      { dealer: "honda-menlyn" },
      { bytes: new Uint8Array(2048).map((_, i) => i % 7), name: "photo.csv" },
    );
    expect(binary.status).toBe(415);
    expect(await binary.text()).toContain("This file is binary data");
  });
});
