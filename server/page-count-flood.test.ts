import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { OVERFLOW_SOURCE } from "../core/insights/counts.server.ts";
import { PageCountsAggregator } from "../core/insights/counts.server.ts";
import { MemoryRateLimiter } from "../core/shared/rate-limiter.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { pageCountsDaily, rateLimitWindows } from "../db/schema.ts";
import { sql } from "drizzle-orm";
import { southAfricanDay } from "../core/shared/days.ts";
import { formatWhole } from "../core/shared/format.ts";
import { builtSite } from "../tests/support/page-server.ts";
import { createStaffUser, signIn, TEST_STAFF_PASSWORD } from "../tests/support/staff.ts";
import { cloneTemplate } from "../tests/support/template-db.ts";
import { startTestServer, type TestServer } from "../tests/support/test-server.ts";

/**
 * Counts no stranger can flood, over real HTTP on the built site: a client's page views and clicks are counted
 * only within its allowance (its pages still served), a client names only a few new campaigns a day (the rest
 * counted as "(other)", every visit still counted), and /staff/insights stays one bounded page however many
 * campaigns were counted, paged by links that need no JavaScript.
 */
let database: DatabaseHandle;
let site: TestServer;
let counts: PageCountsAggregator;
let adminCookie: string;

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const MODEL_PAGE = "/new/honda/cr-v";
/** Counted requests one client may make in the test's window. */
const ALLOWANCE = 5;
const NEW_SOURCES_PER_CLIENT = 3;

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  counts = new PageCountsAggregator(database.db, { sourceCap: { perDay: 100, perClient: NEW_SOURCES_PER_CLIENT } });
  site = await startTestServer(
    {
      ...(await builtSite()),
      trustProxy: true,
      rateLimiter: new MemoryRateLimiter(10_000, 600_000),
      countAllowance: new MemoryRateLimiter(ALLOWANCE, 600_000),
      recordPageCount: (count) => counts.record(count),
    },
    { database },
  );
  await createStaffUser(database.db, {
    email: "flood@staff.example",
    role: "group_admin",
    password: TEST_STAFF_PASSWORD,
  });
  adminCookie = (await signIn(site.baseUrl, "flood@staff.example", TEST_STAFF_PASSWORD)).cookie;
});
afterAll(async () => {
  await site?.close();
  await database?.close();
});
beforeEach(async () => {
  await counts.flush();
  await database.db.delete(pageCountsDaily);
  await database.db.delete(rateLimitWindows);
});

async function visit(path: string, client: string): Promise<number> {
  const response = await fetch(site.baseUrl + path, {
    redirect: "manual",
    headers: { "User-Agent": BROWSER, "X-Forwarded-For": client },
  });
  await response.arrayBuffer();
  return response.status;
}

const campaignLink = (campaign: string) =>
  `${MODEL_PAGE}?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}`;

/** The visits counted, by campaign ("(other)" for those counted without their own). */
async function visitsByCampaign(): Promise<Record<string, number>> {
  await counts.flush();
  const rows = await database.db.select().from(pageCountsDaily);
  const visits: Record<string, number> = {};
  for (const row of rows.filter((row) => row.kind === "visit")) {
    const label = row.source === OVERFLOW_SOURCE ? OVERFLOW_SOURCE : row.campaign;
    visits[label] = (visits[label] ?? 0) + row.count;
  }
  return visits;
}

describe("a client's page views and clicks", () => {
  it("are counted within its allowance, and its pages served past it", async () => {
    const statuses = [];
    for (let index = 0; index < ALLOWANCE + 3; index++)
      statuses.push(await visit(`${MODEL_PAGE}?utm_source=s${index}&utm_medium=m`, "203.0.113.7"));
    expect(statuses).toEqual(Array(ALLOWANCE + 3).fill(200));
    expect(await visit("/go/whatsapp/honda-sandton", "203.0.113.7")).toBe(302);
    expect(await visit(MODEL_PAGE, "198.51.100.20")).toBe(200);
    await counts.flush();
    const rows = await database.db.select().from(pageCountsDaily);
    const total = (kind: string) => rows.filter((row) => row.kind === kind).reduce((sum, row) => sum + row.count, 0);
    expect(total("model-view")).toBe(ALLOWANCE + 1);
    expect(total("whatsapp-click")).toBe(0);
  });
});

describe("new campaigns", () => {
  it("are named a few per client a day; the rest are counted as (other), every visit counted", async () => {
    for (let index = 0; index < ALLOWANCE; index++)
      expect(await visit(campaignLink(`made-up-${index}`), "203.0.113.8")).toBe(200);
    expect(await visit(campaignLink("spring-sale"), "198.51.100.21")).toBe(200);
    expect(await visitsByCampaign()).toEqual({
      "made-up-0": 1,
      "made-up-1": 1,
      "made-up-2": 1,
      [OVERFLOW_SOURCE]: ALLOWANCE - NEW_SOURCES_PER_CLIENT,
      "spring-sale": 1,
    });
  });
});

describe("/staff/insights after thousands of made-up campaigns", () => {
  const MADE_UP = 3_000;
  /** The page as a group administrator gets it: the whole group, every source. */
  const insights = async (query = "") => {
    const response = await fetch(`${site.baseUrl}/staff/insights${query}`, { headers: { Cookie: adminCookie } });
    return { status: response.status, html: await response.text() };
  };

  /** Counts a visit from each of `many` made-up campaigns today, named from `first` on. */
  const madeUp = (first: number, many: number) =>
    database.db.execute(sql`
      insert into page_counts_daily (day, kind, subject, dealer_id, source, medium, campaign, count)
      select ${southAfricanDay(new Date())}::date, 'visit', '', 0, 'made-up', 'x', ${"x".repeat(150)} || n::text, 1
      from generate_series(${first}::int, ${first + many - 1}::int) n`);

  it("stays one bounded page, with a link to the next page of sources that needs no JavaScript", async () => {
    await madeUp(1, MADE_UP);
    const first = await insights();
    expect(first.status).toBe(200);
    expect(Buffer.byteLength(first.html)).toBeLessThan(400_000);
    expect(first.html).toContain(`Sources 1 to 25 of ${formatWhole(MADE_UP)}`);
    const next = /<a[^>]*href="(\/staff\/insights\?[^"]*sources=2[^"]*)"[^>]*>Next page/.exec(first.html);
    expect(next).not.toBeNull();
    const second = await insights(next![1]!.replace("/staff/insights", "").replaceAll("&amp;", "&"));
    expect(second.status).toBe(200);
    expect(second.html).toContain(`Sources 26 to 50 of ${formatWhole(MADE_UP)}`);
    expect(second.html).toMatch(/>Previous page/);
    // As many campaigns again: the page is the same size (but for a digit or two).
    await madeUp(MADE_UP + 1, MADE_UP);
    const doubled = await insights();
    expect(doubled.html).toContain(`Sources 1 to 25 of ${formatWhole(2 * MADE_UP)}`);
    expect(Math.abs(Buffer.byteLength(doubled.html) - Buffer.byteLength(first.html))).toBeLessThan(100);
  });

  it("answers 400 naming the field for a page of sources that is not a page number", async () => {
    const page = await insights("?sources=0");
    expect(page.status).toBe(400);
    expect(page.html).toContain("Choose a page of sources");
  });
});
