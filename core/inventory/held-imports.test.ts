import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog, dealers, heldStockImports, usedVehicles } from "../../db/schema.ts";
import { createStaffUser } from "../../tests/support/staff.ts";
import { cloneTemplate } from "../../tests/support/template-db.ts";
import { StaffAccessDenied, type StaffActor } from "../staff/roles.ts";
import { feedKeyActor } from "./feed-keys.server.ts";
import { listHeldImports, publishHeldImport } from "./held-imports.server.ts";
import { type DropGuard, importStockFeed } from "./stock-feed.server.ts";
import { parseFeed } from "./stock-feed-format.server.ts";

/**
 * The drop guard at the door: an import that would mark more than the guard's share of a dealer's stock sold
 * changes nothing until someone who may edit that dealer's stock publishes it.
 */

let database: DatabaseHandle;
let dealer: { id: number; slug: string };
let feedKey: StaffActor;
let manager: StaffActor;
let otherManager: StaffActor;
const guard: DropGuard = { maxShare: 0.5, source: "feed" };

/** How many of its file's rows a held import still keeps. */
const keptRows = async (id: number) => {
  const [held] = await database.db
    .select({ rows: sql<number>`jsonb_array_length(${heldStockImports.rows})::int` })
    .from(heldStockImports)
    .where(eq(heldStockImports.id, id));
  return held?.rows;
};

const HEADER = "stockNumber,make,model,variant,year,mileage,price,transmission,fuelType,colour,condition";
const rowsOf = (stockNumbers: readonly string[]) => {
  const lines = stockNumbers.map((stock) =>
    [
      stock,
      "Honda",
      "Jazz",
      "1.5 Elegance CVT",
      "2021",
      "42000",
      "249900",
      "Automatic",
      "Petrol",
      "White",
      "Used",
    ].join(","),
  );
  const parsed = parseFeed([HEADER, ...lines].join("\n"), "csv");
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed;
};
const send = (stockNumbers: readonly string[], as = feedKey) => {
  const parsed = rowsOf(stockNumbers);
  return importStockFeed(database.db, as, dealer.slug, parsed.rows, { columns: parsed.columns, dropGuard: guard });
};
const availableStockNumbers = async () =>
  (
    await database.db
      .select({ stockNumber: usedVehicles.stockNumber })
      .from(usedVehicles)
      .where(and(eq(usedVehicles.dealerId, dealer.id), sql`${usedVehicles.status} <> 'Sold'`))
      .orderBy(usedVehicles.stockNumber)
  ).map((row) => row.stockNumber);

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  const [found] = await database.db
    .select({ id: dealers.id, slug: dealers.slug })
    .from(dealers)
    .where(eq(dealers.slug, "honda-polokwane"));
  dealer = found!;
  feedKey = feedKeyActor({ dealerId: dealer.id, name: "Polokwane DMS" });
  manager = (
    await createStaffUser(database.db, {
      email: "m@polokwane.example",
      role: "dealer_manager",
      dealerSlugs: [dealer.slug],
    })
  ).actor;
  otherManager = (
    await createStaffUser(database.db, {
      email: "m@menlyn.example",
      role: "dealer_manager",
      dealerSlugs: ["honda-menlyn"],
    })
  ).actor;
  // The dealer's stock: ten vehicles of its DMS (its demo stock sold and out of the feed's reach).
  await database.db
    .update(usedVehicles)
    .set({ stockNumber: null, status: "Sold" })
    .where(eq(usedVehicles.dealerId, dealer.id));
  const tenCars = Array.from({ length: 10 }, (_, i) => `POL-${i + 10}`);
  expect((await send(tenCars)).created).toBe(10);
});
afterAll(() => database.close());

describe("an import that would sell more than the guard allows", () => {
  it("changes nothing, says what it would do, and waits for the dealer's staff", async () => {
    const before = await availableStockNumbers();
    const report = await send(["POL-10", "POL-11", "POL-12"]);
    expect(report.held).toMatchObject({ wouldSell: 7, stockCount: before.length });
    expect(report).toMatchObject({ sold: 7, unchanged: 3 });
    expect(await availableStockNumbers()).toEqual(before);
    expect((await listHeldImports(database.db, manager)).map((held) => [held.dealerName, held.received])).toEqual([
      ["Honda Polokwane", 3],
    ]);
    expect(await listHeldImports(database.db, otherManager)).toEqual([]);
  });

  it("is replaced by the dealer's next import, and an import within the share applies at once", async () => {
    const [older] = await listHeldImports(database.db, manager);
    const applied = await send(Array.from({ length: 9 }, (_, i) => `POL-${i + 10}`));
    expect({ held: applied.held, sold: applied.sold }).toEqual({ held: null, sold: 1 });
    const newer = await send(["POL-10"]);
    expect(newer.held).not.toBeNull();
    expect((await listHeldImports(database.db, manager)).map((held) => held.id)).toEqual([newer.held!.id]);
    expect(await publishHeldImport(database.db, manager, older!.id)).toBeNull();
    expect(await keptRows(older!.id)).toBe(0);
  });

  it("may be published by someone who may edit the dealer's stock only; then it applies once, audited under their name", async () => {
    const [waiting] = await listHeldImports(database.db, manager);
    await expect(publishHeldImport(database.db, otherManager, waiting!.id)).rejects.toBeInstanceOf(StaffAccessDenied);
    const report = await publishHeldImport(database.db, manager, waiting!.id);
    expect({ sold: report?.sold, held: report?.held }).toEqual({ sold: 8, held: null });
    expect(await availableStockNumbers()).toEqual(["POL-10"]);
    expect(await listHeldImports(database.db, manager)).toEqual([]);
    expect(await publishHeldImport(database.db, manager, waiting!.id)).toBeNull();
    expect(await keptRows(waiting!.id)).toBe(0);
    const audits = await database.db
      .select({ action: auditLog.action, actor: auditLog.actorLabel })
      .from(auditLog)
      .where(
        and(eq(auditLog.dealerId, dealer.id), inArray(auditLog.action, ["stock_import.hold", "stock_import.publish"])),
      )
      .orderBy(desc(auditLog.id))
      .limit(2);
    expect(audits).toEqual([
      { action: "stock_import.publish", actor: manager.label },
      { action: "stock_import.hold", actor: feedKey.label },
    ]);
  });
});
