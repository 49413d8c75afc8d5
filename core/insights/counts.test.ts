import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { dealers, pageCountsDaily, rateLimitWindows, usedVehicles } from "../../db/schema.ts";
import { cloneTemplate } from "../../tests/support/template-db.ts";
import { countedPageOf } from "./counted-pages.server.ts";
import { OVERFLOW_SOURCE, type PageCount, PageCountsAggregator, purgeOldPageCounts } from "./counts.server.ts";
import type { SourceCapLimits } from "./source-cap.server.ts";

/**
 * Counts, not tracking (decision 057): what a page view counts as, and the daily rows the counts of
 * several instances add into, on a real database.
 */
let database: DatabaseHandle;
let sandton: number;
let menlyn: number;
let sandtonVehicle: number;

const NOW = new Date("2026-11-27T10:00:00Z");
const facebook = { source: "facebook", medium: "cpc", campaign: "spring-sale" };
const direct = { source: "direct", medium: "(none)", campaign: null };

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  const rows = await database.db.select({ id: dealers.id, slug: dealers.slug }).from(dealers);
  sandton = rows.find((row) => row.slug === "honda-sandton")!.id;
  menlyn = rows.find((row) => row.slug === "honda-menlyn")!.id;
  const [vehicle] = await database.db
    .select({ id: usedVehicles.id })
    .from(usedVehicles)
    .where(eq(usedVehicles.dealerId, sandton))
    .limit(1);
  sandtonVehicle = vehicle!.id;
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(pageCountsDaily);
  await database.db.delete(rateLimitWindows);
});

const aggregator = (options: { now?: Date; maxKeys?: number; sourceCap?: SourceCapLimits } = {}) =>
  new PageCountsAggregator(database.db, {
    now: () => options.now ?? NOW,
    maxKeys: options.maxKeys,
    sourceCap: options.sourceCap,
  });
const stored = async () =>
  (await database.db.select().from(pageCountsDaily)).map(
    ({ day, kind, subject, dealerId, source, medium, campaign, count }) => ({
      day,
      kind,
      subject,
      dealerId,
      source,
      medium,
      campaign,
      count,
    }),
  );

describe("what a page view counts as", () => {
  it.each([
    [
      "/used/:make/:model/:id",
      { make: "honda", model: "jazz", id: "42" },
      { kind: "used-vehicle-view", subject: "42", dealer: { vehicleId: 42 } },
    ],
    [
      "/dealer/:dealerName/used/:make/:model/:id",
      { dealerName: "honda-menlyn", id: "42" },
      { kind: "used-vehicle-view", subject: "42", dealer: { vehicleId: 42 } },
    ],
    [
      "/new/:make/:model",
      { make: "honda", model: "cr-v" },
      { kind: "model-view", subject: "honda/cr-v", dealer: null },
    ],
    [
      "/dealer/:dealerName/honda-wing/:make/:model",
      { dealerName: "honda-wing-midrand", make: "honda", model: "africa-twin" },
      { kind: "model-view", subject: "honda/africa-twin", dealer: { dealerSlug: "honda-wing-midrand" } },
    ],
    [
      "/new/:make/:model/:variant/enquire",
      { make: "honda", model: "cr-v", variant: "x" },
      { kind: "form-view", subject: "New Vehicles", dealer: null },
    ],
    [
      "/used/:make/:model/:id/enquire",
      { id: "7" },
      { kind: "form-view", subject: "Used Vehicles", dealer: { vehicleId: 7 } },
    ],
    [
      "/dealer/:dealerName/service",
      { dealerName: "honda-sandton" },
      { kind: "form-view", subject: "Book Service", dealer: { dealerSlug: "honda-sandton" } },
    ],
    ["/book-test-drive/:make/:model", {}, { kind: "form-view", subject: "Book Test Drive", dealer: null }],
    ["/finance", {}, { kind: "form-view", subject: "Finance Application", dealer: null }],
    ["/specials/:slug", { slug: "winter" }, { kind: "form-view", subject: "Specials Enquiry", dealer: null }],
    ["/", {}, { kind: null, subject: "", dealer: null }],
    [
      "/dealer/:dealerName",
      { dealerName: "honda-menlyn" },
      { kind: null, subject: "", dealer: { dealerSlug: "honda-menlyn" } },
    ],
    ["/used/:make/:model/:id/thank-you", { id: "7" }, { kind: null, subject: "", dealer: null }],
  ])("classes %s", (pattern, params, expected) => {
    expect(countedPageOf(pattern, params)).toEqual(expected);
  });
});

describe("the daily rows", () => {
  it("adds two instances' counts into the same day's rows, with each vehicle's and slug's dealer looked up when written", async () => {
    const first = aggregator();
    const second = aggregator();
    const view: PageCount = {
      kind: "used-vehicle-view",
      subject: String(sandtonVehicle),
      dealer: { vehicleId: sandtonVehicle },
      source: facebook,
    };
    first.record(view);
    first.record(view);
    second.record(view);
    second.record({
      kind: "form-view",
      subject: "Book Service",
      dealer: { dealerSlug: "honda-menlyn" },
      source: direct,
    });
    second.record({ kind: "visit", subject: "", dealer: { dealerSlug: "no-such-dealer" }, source: direct });
    expect(await first.flush()).toBe(1);
    expect(await second.flush()).toBe(3);
    first.record(view);
    await first.flush();
    expect(await stored()).toEqual(
      expect.arrayContaining([
        {
          day: "2026-11-27",
          kind: "used-vehicle-view",
          subject: String(sandtonVehicle),
          dealerId: sandton,
          source: "facebook",
          medium: "cpc",
          campaign: "spring-sale",
          count: 4,
        },
        {
          day: "2026-11-27",
          kind: "form-view",
          subject: "Book Service",
          dealerId: menlyn,
          source: "direct",
          medium: "(none)",
          campaign: "",
          count: 1,
        },
        {
          day: "2026-11-27",
          kind: "visit",
          subject: "",
          dealerId: 0,
          source: "direct",
          medium: "(none)",
          campaign: "",
          count: 1,
        },
      ]),
    );
    expect(await stored()).toHaveLength(3);
  });

  it("writes one row when two counts name the same dealer two ways", async () => {
    const counts = aggregator();
    counts.record({ kind: "visit", subject: "", dealer: { vehicleId: sandtonVehicle }, source: direct });
    counts.record({ kind: "visit", subject: "", dealer: { dealerSlug: "honda-sandton" }, source: direct });
    counts.record({ kind: "visit", subject: "", dealer: { dealerId: sandton }, source: direct });
    expect(await counts.flush()).toBe(1);
    expect(await stored()).toEqual([expect.objectContaining({ kind: "visit", dealerId: sandton, count: 3 })]);
  });

  it("counts by the South African day", async () => {
    const counts = aggregator({ now: new Date("2026-11-26T22:30:00Z") });
    counts.record({ kind: "visit", subject: "", dealer: null, source: direct });
    await counts.flush();
    expect((await stored())[0]!.day).toBe("2026-11-27");
  });
});

describe("the daily rows, kept bounded and whole", () => {
  it("keeps made-up sources bounded: past the limit of distinct rows a new source is counted as (other)", async () => {
    const counts = aggregator({ maxKeys: 3 });
    for (let index = 0; index < 10; index++)
      counts.record({
        kind: "visit",
        subject: "",
        dealer: null,
        source: { source: `spam-${index}`, medium: "x", campaign: null },
      });
    counts.record({
      kind: "visit",
      subject: "",
      dealer: null,
      source: { source: "spam-1", medium: "x", campaign: null },
    });
    expect(await counts.flush()).toBe(4);
    const rows = await stored();
    expect(rows.find((row) => row.source === OVERFLOW_SOURCE)).toMatchObject({
      medium: OVERFLOW_SOURCE,
      campaign: "",
      count: 7,
    });
    expect(rows.find((row) => row.source === "spam-1")!.count).toBe(2);
    expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(11);
  });

  it("keeps no control characters of a made-up source", async () => {
    const counts = aggregator();
    counts.record({
      kind: "visit",
      subject: "",
      dealer: null,
      source: { source: "evil\u001fvisit\u0000", medium: "a\nb", campaign: "c" },
    });
    await counts.flush();
    expect(await stored()).toEqual([
      expect.objectContaining({ source: "evilvisit", medium: "ab", campaign: "c", count: 1 }),
    ]);
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
    const counts = new PageCountsAggregator(flaky, { now: () => NOW });
    counts.record({ kind: "call-click", subject: "", dealer: { dealerId: sandton }, source: direct });
    await expect(counts.flush()).rejects.toThrow("database down");
    expect(await counts.flush()).toBe(1);
    expect(await stored()).toEqual([expect.objectContaining({ kind: "call-click", dealerId: sandton, count: 1 })]);
  });
});

describe("new sources, counted within the day's caps", () => {
  const campaign = (name: string) => ({ source: "newsletter", medium: "email", campaign: name });
  const visit = (name: string, client?: string): PageCount => ({
    kind: "visit",
    subject: "",
    dealer: null,
    source: campaign(name),
    client,
  });
  const labelled = async () =>
    Object.fromEntries(
      (await stored()).map((row) => [row.source === OVERFLOW_SOURCE ? OVERFLOW_SOURCE : row.campaign, row.count]),
    );

  it("names the day's first new campaigns and counts the rest as (other): every visit still counted", async () => {
    const counts = aggregator({ sourceCap: { perDay: 3, perClient: 100 } });
    for (let index = 0; index < 10; index++) counts.record(visit(`made-up-${index}`, `198.51.100.${index}`));
    counts.record(visit("made-up-1", "198.51.100.99"));
    await counts.flush();
    expect(await labelled()).toEqual({ "made-up-0": 1, "made-up-1": 2, "made-up-2": 1, [OVERFLOW_SOURCE]: 7 });
  });

  it("lets one client bring only its own share of new campaigns a day", async () => {
    const counts = aggregator({ sourceCap: { perDay: 100, perClient: 2 } });
    for (let index = 0; index < 6; index++) counts.record(visit(`flood-${index}`, "203.0.113.7"));
    counts.record(visit("spring-sale", "198.51.100.1"));
    await counts.flush();
    for (let index = 6; index < 9; index++) counts.record(visit(`flood-${index}`, "203.0.113.7"));
    await counts.flush();
    expect(await labelled()).toEqual({ "flood-0": 1, "flood-1": 1, "spring-sale": 1, [OVERFLOW_SOURCE]: 7 });
  });

  it("holds across instances and restarts: one allowance in the database, a source counted today kept", async () => {
    const cap = { perDay: 3, perClient: 100 };
    const first = aggregator({ sourceCap: cap });
    first.record(visit("a", "198.51.100.1"));
    first.record(visit("b", "198.51.100.2"));
    await first.flush();
    const second = aggregator({ sourceCap: cap });
    second.record(visit("a", "198.51.100.3"));
    second.record(visit("c", "198.51.100.4"));
    second.record(visit("d", "198.51.100.5"));
    await second.flush();
    // Restarted: a new instance knows nothing in memory.
    const restarted = aggregator({ sourceCap: cap });
    restarted.record(visit("b", "198.51.100.6"));
    restarted.record(visit("e", "198.51.100.7"));
    await restarted.flush();
    expect(await labelled()).toEqual({ a: 2, b: 2, c: 1, [OVERFLOW_SOURCE]: 2 });
  });

  it("always names the sources the site names itself, and starts afresh the next South African day", async () => {
    const counts = aggregator({ sourceCap: { perDay: 1, perClient: 1 } });
    counts.record(visit("first", "198.51.100.1"));
    counts.record(visit("second", "198.51.100.1"));
    for (const source of [direct, { source: "google", medium: "organic", campaign: null }])
      counts.record({ kind: "visit", subject: "", dealer: null, source, client: "198.51.100.1" });
    await counts.flush();
    expect((await stored()).map((row) => `${row.source}/${row.campaign}`).sort()).toEqual([
      "(other)/",
      "direct/",
      "google/",
      "newsletter/first",
    ]);
    const tomorrow = aggregator({ now: new Date("2026-11-27T22:00:00Z"), sourceCap: { perDay: 1, perClient: 1 } });
    tomorrow.record(visit("second", "198.51.100.1"));
    await tomorrow.flush();
    expect(await stored()).toContainEqual(expect.objectContaining({ day: "2026-11-28", campaign: "second", count: 1 }));
  });
});

describe("retention", () => {
  it("deletes the days older than 25 months, and only those", async () => {
    for (const day of ["2024-10-26", "2024-10-27", "2025-06-01", "2026-11-27"]) {
      const counts = aggregator({ now: new Date(`${day}T10:00:00Z`) });
      counts.record({ kind: "visit", subject: "", dealer: null, source: direct });
      await counts.flush();
    }
    expect(await purgeOldPageCounts(database.db, NOW)).toBe(1);
    expect((await stored()).map((row) => row.day).sort()).toEqual(["2024-10-27", "2025-06-01", "2026-11-27"]);
  });
});
