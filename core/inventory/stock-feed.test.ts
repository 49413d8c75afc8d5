import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog, dealers, usedVehicles } from "../../db/schema.ts";
import { cloneTemplate } from "../../tests/support/template-db.ts";
import { takeDemoStockOffFeed } from "../../tests/support/demo-stock.ts";
import { StaffAccessDenied, type StaffActor } from "../staff/roles.ts";
import { feedKeyActor } from "./feed-keys.server.ts";
import { importStockFeed } from "./stock-feed.server.ts";
import { parseFeed } from "./stock-feed-format.server.ts";

let database: DatabaseHandle;
let menlynId: number;
let actor: StaffActor;
beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  const [menlyn] = await database.db.select({ id: dealers.id }).from(dealers).where(eq(dealers.slug, "honda-menlyn"));
  menlynId = menlyn!.id;
  actor = feedKeyActor({ dealerId: menlynId, name: "Menlyn DMS" });
  await takeDemoStockOffFeed(database.db, ["honda-menlyn", "honda-sandton", "honda-gqeberha"]);
});
afterAll(() => database.close());

const HEADER = "stockNumber,make,model,variant,year,mileage,price,transmission,fuelType,colour,condition,vin,status";
const line = (
  stock: string,
  overrides: Partial<Record<"model" | "price" | "mileage" | "vin" | "status" | "make" | "year", string>> = {},
) =>
  [
    stock,
    overrides.make ?? "Honda",
    overrides.model ?? "Jazz",
    "1.5 Elegance CVT",
    overrides.year ?? "2021",
    overrides.mileage ?? "42000",
    overrides.price ?? "249900",
    "Automatic",
    "Petrol",
    "White",
    "Used",
    overrides.vin ?? "",
    overrides.status ?? "",
  ].join(",");

function rowsOf(...lines: string[]) {
  const parsed = parseFeed([HEADER, ...lines].join("\n"), "csv");
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.rows;
}

const feed = (lines: string[], options: { dryRun?: boolean; slug?: string; as?: StaffActor } = {}) =>
  importStockFeed(database.db, options.as ?? actor, options.slug ?? "honda-menlyn", rowsOf(...lines), {
    dryRun: options.dryRun,
  });

async function vehicle(stockNumber: string) {
  const [row] = await database.db
    .select()
    .from(usedVehicles)
    .where(and(eq(usedVehicles.dealerId, menlynId), eq(usedVehicles.stockNumber, stockNumber)));
  return row;
}

async function stockSnapshot() {
  const result = await database.db.execute(
    sql`select md5(string_agg(u::text, ',' order by id)) as h, count(*)::int as n from used_vehicles u`,
  );
  const audits = await database.db.execute(sql`select count(*)::int as n from audit_log`);
  return {
    stock: (result as unknown as { rows: unknown[] }).rows[0],
    audits: (audits as unknown as { rows: unknown[] }).rows[0],
  };
}

describe("importing a dealer's stock feed", () => {
  it("retires the dealer's demo stock at its first real feed: each seeded vehicle carries a DMS stock number", async () => {
    const [bloemfontein] = await database.db
      .select({ id: dealers.id })
      .from(dealers)
      .where(eq(dealers.slug, "honda-bloemfontein"));
    const demoStock = () =>
      database.db
        .select({ stockNumber: usedVehicles.stockNumber, status: usedVehicles.status })
        .from(usedVehicles)
        .where(
          and(
            eq(usedVehicles.dealerId, bloemfontein!.id),
            sql`(${usedVehicles.stockNumber} like 'BLOU-%' or ${usedVehicles.stockNumber} like 'BLOD-%')`,
          ),
        );
    const before = await demoStock();
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((vehicle) => vehicle.status === "Available")).toBe(true);

    const report = await feed([line("BLM-1")], {
      slug: "honda-bloemfontein",
      as: feedKeyActor({ dealerId: bloemfontein!.id, name: "Bloemfontein DMS" }),
    });
    expect(report).toMatchObject({ created: 1, sold: before.length, rejected: 0 });
    expect((await demoStock()).map((vehicle) => vehicle.status)).toEqual(before.map(() => "Sold"));
  });

  it("creates new vehicles under the feed's dealer, resolving make and model to the catalogue, audited as the feed key", async () => {
    const report = await feed([
      line("MEN-1", { model: "jazz" }),
      line("MEN-2", { model: "CR-V", price: "R 489 900", vin: "JHMGK5830HS000001" }),
    ]);
    expect(report).toMatchObject({
      dealer: "honda-menlyn",
      dryRun: false,
      received: 2,
      created: 2,
      updated: 0,
      unchanged: 0,
      sold: 0,
      rejected: 0,
      errors: [],
    });
    const crv = await vehicle("MEN-2");
    expect(crv).toMatchObject({
      dealerId: menlynId,
      price: 489_900,
      vin: "JHMGK5830HS000001",
      status: "Available",
      state: "Used",
      mileageKm: 42_000,
    });
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "used_vehicle"), eq(auditLog.entityId, String(crv!.id))));
    expect(entry).toMatchObject({
      actorLabel: "feed key Menlyn DMS",
      actorId: null,
      action: "used_vehicle.create",
      dealerId: menlynId,
    });
    expect(entry!.changes).toMatchObject({ model: { from: null, to: "CR-V" }, price: { from: null, to: 489_900 } });
  });
});

describe("a stock feed updating and selling the dealer's vehicles", () => {
  it("leaves vehicles that did not change untouched and updates the rest, auditing old and new values", async () => {
    const before = await vehicle("MEN-1");
    const report = await feed([
      line("MEN-1"),
      line("MEN-2", { model: "CR-V", price: "479900", vin: "JHMGK5830HS000001", status: "Reserved" }),
    ]);
    expect(report).toMatchObject({ created: 0, updated: 1, unchanged: 1, sold: 0, rejected: 0 });
    expect(report.changes).toEqual([
      {
        action: "updated",
        row: 2,
        stockNumber: "MEN-2",
        changes: { price: { from: 489_900, to: 479_900 }, status: { from: "Available", to: "Reserved" } },
      },
    ]);
    expect((await vehicle("MEN-1"))!.updatedAt).toEqual(before!.updatedAt);
    const crv = await vehicle("MEN-2");
    expect(crv).toMatchObject({ price: 479_900, status: "Reserved" });
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "used_vehicle.update"), eq(auditLog.entityId, String(crv!.id))))
      .orderBy(desc(auditLog.id));
    expect(entry!.changes).toEqual({
      price: { from: 489_900, to: 479_900 },
      status: { from: "Available", to: "Reserved" },
    });
  });

  it("marks Sold the dealer's vehicles with a stock number the feed no longer names, and only those", async () => {
    const [otherDealersCount] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(usedVehicles)
      .where(sql`dealer_id <> ${menlynId} and status = 'Sold'`);
    const report = await feed([
      line("MEN-2", { model: "CR-V", price: "479900", vin: "JHMGK5830HS000001", status: "Reserved" }),
      line("MEN-3"),
    ]);
    expect(report).toMatchObject({ created: 1, unchanged: 1, sold: 1 });
    expect(report.changes).toContainEqual({
      action: "sold",
      stockNumber: "MEN-1",
      changes: { status: { from: "Available", to: "Sold" } },
    });
    expect((await vehicle("MEN-1"))!.status).toBe("Sold");
    // Seeded stock (no stock number) and other dealers' stock are not the feed's to sell.
    const [seeded] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(usedVehicles)
      .where(sql`dealer_id = ${menlynId} and stock_number is null and status = 'Sold'`);
    expect(seeded!.n).toBe(0);
    const [otherDealersAfter] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(usedVehicles)
      .where(sql`dealer_id <> ${menlynId} and status = 'Sold'`);
    expect(otherDealersAfter!.n).toBe(otherDealersCount!.n);
    // Sold once is not sold again by the next feed.
    expect(
      (
        await feed([
          line("MEN-2", { model: "CR-V", price: "479900", vin: "JHMGK5830HS000001", status: "Reserved" }),
          line("MEN-3"),
        ])
      ).sold,
    ).toBe(0);
  });
});

describe("the status of a vehicle a stock feed names", () => {
  it("keeps the status staff gave a vehicle when the feed leaves it blank, and brings a sold vehicle back as Available", async () => {
    await database.db
      .update(usedVehicles)
      .set({ status: "Reserved" })
      .where(and(eq(usedVehicles.dealerId, menlynId), eq(usedVehicles.stockNumber, "MEN-3")));
    const report = await feed([
      line("MEN-1"),
      line("MEN-2", { model: "CR-V", price: "479900", vin: "JHMGK5830HS000001", status: "Reserved" }),
      line("MEN-3"),
    ]);
    expect(report).toMatchObject({ created: 0, updated: 1, unchanged: 2, sold: 0 });
    expect(report.changes).toEqual([
      { action: "updated", row: 1, stockNumber: "MEN-1", changes: { status: { from: "Sold", to: "Available" } } },
    ]);
    expect((await vehicle("MEN-3"))!.status).toBe("Reserved");
    // Gone again, as the next tests expect.
    expect(
      (
        await feed([
          line("MEN-2", { model: "CR-V", price: "479900", vin: "JHMGK5830HS000001", status: "Reserved" }),
          line("MEN-3", { status: "Available" }),
        ])
      ).sold,
    ).toBe(1);
  });
});

describe("rows a stock feed rejects", () => {
  it("skips and reports rows with errors (row, column, message) while the valid rows apply; a make or model not yet known is added", async () => {
    const report = await feed([
      line("MEN-2", { model: "CR-V", price: "479900", vin: "JHMGK5830HS000001", status: "Reserved" }),
      line("MEN-3"),
      line("MEN-4", { price: "12", year: "2999" }),
      line("MEN-5", { make: "Lada" }),
      line("MEN-6", { model: "Corolla" }),
      line("", {}),
      line("MEN-3", { price: "199900" }),
      line("MEN-7", { vin: "JHMGK5830HS000001" }),
      line("MEN-8"),
      "MEN-9,Honda,Jazz,1.5 Elegance, CVT,2021,42000,249900,Automatic,Petrol,White,Used,,",
    ]);
    expect(report).toMatchObject({
      received: 10,
      created: 3,
      unchanged: 2,
      sold: 0,
      rejected: 5,
      catalogue: { makes: ["Lada"], models: ["Lada Jazz", "Honda Corolla"] },
    });
    expect(report.errors).toEqual([
      { row: 3, column: "year", message: "Year cannot be in the future" },
      // en-ZA groups thousands with a no-break space.
      { row: 3, column: "price", message: expect.stringMatching(/^Price must be at least R\s1\s000$/) },
      {
        row: 6,
        column: "stockNumber",
        message: "Stock number is required in a feed: it matches the vehicle from one feed to the next",
      },
      { row: 7, column: "stockNumber", message: "Stock number MEN-3 is also on row 2; each vehicle may appear once" },
      { row: 8, column: "vin", message: "VIN JHMGK5830HS000001 is also on row 1" },
      {
        row: 10,
        column: "",
        message: 'The row has 14 cells but the header has 13 columns (a separator in a value must be inside "quotes")',
      },
    ]);
    expect(await vehicle("MEN-8")).toBeDefined();
    expect(await vehicle("MEN-4")).toBeUndefined();
  });

  it("does not sell a vehicle whose row was rejected: it is still in the dealer's stock", async () => {
    const report = await feed([
      line("MEN-2", { model: "CR-V", price: "479900", vin: "JHMGK5830HS000001", status: "Reserved" }),
      line("MEN-3"),
      line("MEN-8", { price: "not a price" }),
    ]);
    expect(report).toMatchObject({
      rejected: 1,
      errors: [{ row: 3, column: "price", message: "Price must be a whole number" }],
    });
    // Only the vehicles the feed no longer names (the Lada and the Corolla of the test before) are sold.
    expect(report.changes.filter((change) => change.action === "sold").map((change) => change.stockNumber)).toEqual([
      "MEN-5",
      "MEN-6",
    ]);
    expect((await vehicle("MEN-8"))!.status).toBe("Available");
  });
});

describe("rows naming another dealer's stock", () => {
  it("rejects a row naming another dealer, and a VIN another dealer's vehicle has", async () => {
    await importStockFeed(
      database.db,
      feedKeyActor({ dealerId: 1, name: "Sandton DMS" }),
      "honda-sandton",
      rowsOf(line("SND-1", { vin: "JHMGK5830HS000009" })),
      {},
    );
    const rows = rowsOf(
      line("MEN-2", { model: "CR-V", price: "479900", vin: "JHMGK5830HS000001", status: "Reserved" }),
      line("MEN-3"),
      line("MEN-8"),
      line("MEN-9", { vin: "JHMGK5830HS000009" }),
    );
    rows.push({ row: 5, values: { ...rows[1]!.values, stockNumber: "MEN-10", dealer: "honda-sandton" } });
    const report = await importStockFeed(database.db, actor, "honda-menlyn", rows, {});
    expect(report.errors).toEqual([
      { row: 4, column: "vin", message: "VIN JHMGK5830HS000009 already belongs to another vehicle of the group" },
      {
        row: 5,
        column: "dealer",
        message: "This feed is honda-menlyn's stock; the row names another dealer (honda-sandton)",
      },
    ]);
  });
});

describe("a JSON feed, a dry run, and a feed for another dealer", () => {
  it("takes a JSON feed's numbers as numbers, stock numbers included", async () => {
    const parsed = parseFeed(
      JSON.stringify([
        {
          stockNumber: 10412,
          make: "honda",
          model: "cr-v",
          variant: "1.5T Executive CVT",
          year: 2021,
          mileage: 48000,
          price: 489900,
          transmission: "automatic",
          fuelType: "petrol",
          colour: "White",
          condition: "used",
        },
      ]),
      "json",
    );
    if (!parsed.ok) throw new Error(parsed.reason);
    const report = await importStockFeed(
      database.db,
      feedKeyActor({ dealerId: 5, name: "Gqeberha DMS" }),
      "honda-gqeberha",
      parsed.rows,
      { dryRun: true },
    );
    expect(report).toMatchObject({
      created: 1,
      rejected: 0,
      changes: [{ action: "created", row: 1, stockNumber: "10412" }],
    });
  });

  it("in a dry run, reports exactly what would change and changes nothing", async () => {
    const before = await stockSnapshot();
    const report = await feed(
      [
        line("MEN-2", { model: "CR-V", price: "459900", vin: "JHMGK5830HS000001", status: "Reserved" }),
        line("MEN-11"),
        line("MEN-12", { year: "1900" }),
      ],
      { dryRun: true },
    );
    expect(report).toMatchObject({ dryRun: true, created: 1, updated: 1, unchanged: 0, sold: 2, rejected: 1 });
    expect(report.changes).toEqual([
      { action: "created", row: 2, stockNumber: "MEN-11" },
      { action: "updated", row: 1, stockNumber: "MEN-2", changes: { price: { from: 479_900, to: 459_900 } } },
      { action: "sold", stockNumber: "MEN-3", changes: { status: { from: "Available", to: "Sold" } } },
      { action: "sold", stockNumber: "MEN-8", changes: { status: { from: "Available", to: "Sold" } } },
    ]);
    expect(await stockSnapshot()).toEqual(before);
  });

  it("refuses a feed for another dealer as not found, as if that dealer did not exist, and changes nothing", async () => {
    const before = await stockSnapshot();
    const refusal = await feed([line("SND-2")], { slug: "honda-sandton" }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(StaffAccessDenied);
    expect((refusal as StaffAccessDenied).kind).toBe("not-found");
    const unknown = await feed([line("X-1")], { slug: "honda-nowhere" }).catch((error: unknown) => error);
    expect((unknown as StaffAccessDenied).kind).toBe("not-found");
    const editor: StaffActor = { id: null, label: "editor@example.co.za", role: "content_editor", dealerIds: [] };
    expect(
      ((await feed([line("X-1")], { as: editor }).catch((error: unknown) => error)) as StaffAccessDenied).kind,
    ).toBe("forbidden");
    expect(await stockSnapshot()).toEqual(before);
  });
});
