import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { webVitalsDaily } from "../../db/schema.ts";
import { cloneTemplate } from "../../tests/support/template-db.ts";
import { StaffAccessDenied, type StaffActor } from "../staff/roles.ts";
import { purgeOldVitals, readVitalsSummary, VitalsAggregator, type VitalsVisit } from "./store.server.ts";

const admin: StaffActor = { id: 1, label: "admin@example.co.za", role: "group_admin", dealerIds: [] };
const editor: StaffActor = { id: 2, label: "editor@example.co.za", role: "content_editor", dealerIds: [] };
const NOW = new Date("2026-11-27T10:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

let database: DatabaseHandle;
beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(webVitalsDaily);
});

const visit = (lcp: number, extra: Partial<VitalsVisit> = {}): VitalsVisit => ({
  pageType: "used-listing",
  device: "mobile",
  metrics: [
    { name: "LCP", value: lcp },
    { name: "CLS", value: 0.02 },
  ],
  ...extra,
});

/** Records visits as if on the given day, and adds them to the database. */
async function recordOn(day: Date, visits: VitalsVisit[]) {
  const aggregator = new VitalsAggregator(database.db, { now: () => day });
  for (const one of visits) aggregator.record(one);
  await aggregator.flush();
}

describe("the daily aggregates", () => {
  it("keeps counts per bucket, added up over flushes and instances, and reads the p75 from them", async () => {
    await recordOn(NOW, [visit(900), visit(1100)]);
    await recordOn(NOW, [visit(2400), visit(3900)]);
    const summary = await readVitalsSummary(database.db, admin, 7, NOW);
    expect(summary).toMatchObject({ from: "2026-11-21", to: "2026-11-27" });
    expect(summary.rows).toEqual([
      {
        pageType: "used-listing",
        device: "mobile",
        vitals: {
          LCP: { value: 2500, over: false, visits: 4, rating: "good" },
          CLS: { value: 0.02, over: false, visits: 4, rating: "good" },
        },
      },
    ]);
    const rows = await database.db.select().from(webVitalsDaily);
    // Counts only: four LCP buckets and one CLS bucket hold the eight measurements.
    expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(8);
    expect(Object.keys(rows[0]!).sort()).toEqual(["bucket", "count", "day", "device", "metric", "pageType"]);
  });

  it("keeps page types and device classes apart", async () => {
    await recordOn(NOW, [visit(1000), visit(5000, { device: "desktop" }), visit(3000, { pageType: "home" })]);
    const { rows } = await readVitalsSummary(database.db, admin, 7, NOW);
    const lcp = Object.fromEntries(rows.map((row) => [`${row.pageType} ${row.device}`, row.vitals.LCP?.rating]));
    expect(lcp).toEqual({
      "used-listing mobile": "good",
      "used-listing desktop": "poor",
      "home mobile": "needs-improvement",
    });
  });

  it("answers the last 7 or 28 days, today included", async () => {
    await recordOn(daysAgo(20), [visit(9000), visit(9000), visit(9000)]);
    await recordOn(daysAgo(6), [visit(1000)]);
    await recordOn(NOW, [visit(1000)]);
    const week = await readVitalsSummary(database.db, admin, 7, NOW);
    const month = await readVitalsSummary(database.db, admin, 28, NOW);
    expect(week.rows[0]!.vitals.LCP).toMatchObject({ visits: 2, value: 1000, rating: "good" });
    expect(month.rows[0]!.vitals.LCP).toMatchObject({ visits: 5, value: 10000, rating: "poor" });
  });

  it("counts a visit by the South African day it came on", async () => {
    await recordOn(new Date("2026-11-26T22:30:00Z"), [visit(1000)]);
    const [row] = await database.db.select().from(webVitalsDaily);
    expect(row!.day).toBe("2026-11-27");
  });

  it("keeps the counts of a flush the database refused for the next one", async () => {
    let down = true;
    const flaky = new Proxy(database.db, {
      get: (target, property, receiver) =>
        property === "insert" && down
          ? () => {
              down = false;
              throw new Error("database down");
            }
          : Reflect.get(target, property, receiver),
    });
    const aggregator = new VitalsAggregator(flaky, { now: () => NOW });
    aggregator.record(visit(1000));
    await expect(aggregator.flush()).rejects.toThrow("database down");
    expect(await aggregator.flush()).toBe(2);
    expect((await readVitalsSummary(database.db, admin, 7, NOW)).rows[0]!.vitals.LCP!.visits).toBe(1);
  });

  it("deletes the days past the retention, and only those", async () => {
    await recordOn(daysAgo(30), [visit(1000)]);
    await recordOn(daysAgo(29), [visit(1000)]);
    await recordOn(NOW, [visit(1000)]);
    expect(await purgeOldVitals(database.db, 30, NOW)).toBe(2);
    const days = (await database.db.select().from(webVitalsDaily)).map((row) => row.day);
    expect([...new Set(days)].sort()).toEqual(["2026-10-29", "2026-11-27"]);
  });

  it("is shown to group administrators only", async () => {
    await expect(readVitalsSummary(database.db, editor, 7, NOW)).rejects.toBeInstanceOf(StaffAccessDenied);
  });
});
