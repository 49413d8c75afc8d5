import { randomUUID } from "node:crypto";
import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import {
  auditLog,
  campaignSpend,
  dealers,
  enquiries,
  financeApplications,
  type LeadAttribution,
  leadWorkNotes,
  leadWorkStatus,
  usedVehiclePriceChanges,
  usedVehicles,
} from "../../db/schema.ts";
import { cloneTemplate } from "../../tests/support/template-db.ts";
import { daysBefore, southAfricanDay } from "../shared/days.ts";
import { StaffAccessDenied, type StaffActor } from "../staff/roles.ts";
import { addCampaignSpend, randToCents, removeCampaignSpend } from "./campaign-spend.server.ts";
import { PageCountsAggregator } from "./counts.server.ts";
import { insightsCsv, NOT_RECORDED, readInsights } from "./insights.server.ts";
import { type InsightsQuery, parseInsightsQuery } from "./insights-query.ts";

/**
 * The insights service (decision 057) on a real database: visits and leads by source with spend
 * and cost per lead, the funnel per dealer, the stock's ageing, who sees what, the CSV.
 */
let database: DatabaseHandle;
const ids: Record<"sandton" | "menlyn", number> = { sandton: 0, menlyn: 0 };
const vehicles: Record<"old" | "ageing" | "fresh", number> = { old: 0, ageing: 0, fresh: 0 };
let admin: StaffActor;
let sandtonManager: StaffActor;
let editor: StaffActor;
let unassigned: StaffActor;

const now = new Date();
const today = southAfricanDay(now);
const week = { from: daysBefore(today, 6), to: today };
const query = (changes: Partial<InsightsQuery> = {}): InsightsQuery => ({
  ...week,
  sort: "days",
  dir: "desc",
  stock: "all",
  sourcesPage: 1,
  ...changes,
});
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

const facebook: LeadAttribution = {
  source: "facebook",
  medium: "cpc",
  campaign: "spring-sale",
  term: null,
  content: null,
  referrerHost: "facebook.com",
  landingPath: "/used",
  clickIds: { fbclid: "abc" },
};
const google: LeadAttribution = {
  source: "google",
  medium: "organic",
  campaign: null,
  term: null,
  content: null,
  referrerHost: "google.com",
  landingPath: "/",
  clickIds: {},
};

async function enquiry(
  dealer: "sandton" | "menlyn",
  attribution: LeadAttribution | null,
  options: { usedVehicleId?: number; at?: Date } = {},
): Promise<string> {
  const key = randomUUID();
  const [row] = await database.db
    .insert(enquiries)
    .values({
      dealerId: ids[dealer],
      formName: "Used Vehicles",
      leadType: "Used Vehicles",
      firstName: "Thandi",
      lastName: "Mokoena",
      email: `${key}@example.co.za`,
      cellPhone: "0821234567",
      make: "Honda",
      contact: true,
      terms: true,
      consent: true,
      isUsed: 1,
      uri: "/used",
      idempotencyKey: key,
      dedupeKey: key,
      attribution,
      usedVehicleId: options.usedVehicleId ?? null,
      createdAt: options.at ?? daysAgo(1),
    })
    .returning({ id: enquiries.id });
  return row!.id;
}

async function financeApplication(dealer: "sandton" | "menlyn", attribution: LeadAttribution | null): Promise<string> {
  const key = randomUUID();
  const [row] = await database.db
    .insert(financeApplications)
    .values({
      dealerId: ids[dealer],
      sourceCode: "Group Website Honda-Online Fin App",
      vehicleVariant: "used",
      encryptedPayload: "x",
      idempotencyKey: key,
      attribution,
      createdAt: daysAgo(2),
    })
    .returning({ id: financeApplications.id });
  return row!.id;
}

async function workStatus(leadId: string, dealer: "sandton" | "menlyn", status: string, history: string[] = []) {
  await database.db
    .insert(leadWorkStatus)
    .values({ leadId, leadKind: "enquiry", dealerId: ids[dealer], status, updatedByLabel: "test" });
  for (const earlier of [...history, status])
    await database.db.insert(leadWorkNotes).values({ leadId, status: earlier, actorLabel: "test" });
}

async function count(days: number, record: (counts: PageCountsAggregator) => void) {
  const counts = new PageCountsAggregator(database.db, { now: () => daysAgo(days) });
  record(counts);
  await counts.flush();
}

/** The staff who read the insights, and the two dealers' ids. */
async function addStaffAndDealers() {
  const { createStaffUser } = await import("../../tests/support/staff.ts");
  admin = (await createStaffUser(database.db, { email: "admin@insights.example", role: "group_admin" })).actor;
  sandtonManager = (
    await createStaffUser(database.db, {
      email: "sandton@insights.example",
      role: "dealer_manager",
      dealerSlugs: ["honda-sandton"],
    })
  ).actor;
  editor = (await createStaffUser(database.db, { email: "editor@insights.example", role: "content_editor" })).actor;
  unassigned = { id: null, label: "nobody", role: "dealer_manager", dealerIds: [] };
  for (const row of await database.db
    .select({ id: dealers.id, slug: dealers.slug })
    .from(dealers)
    .where(inArray(dealers.slug, ["honda-sandton", "honda-menlyn"]))) {
    ids[row.slug === "honda-sandton" ? "sandton" : "menlyn"] = row.id;
  }
}

async function ageSandtonStock() {
  // Sandton's stock: three available vehicles listed 95, 65 and 5 days ago; the rest sold.
  const own = await database.db
    .select({ id: usedVehicles.id })
    .from(usedVehicles)
    .where(eq(usedVehicles.dealerId, ids.sandton))
    .orderBy(usedVehicles.id)
    .limit(3);
  [vehicles.old, vehicles.ageing, vehicles.fresh] = own.map((row) => row.id) as [number, number, number];
  const kept = Object.values(vehicles);
  await database.db
    .update(usedVehicles)
    .set({ status: "Sold" })
    .where(and(eq(usedVehicles.dealerId, ids.sandton), notInArray(usedVehicles.id, kept)));
  await database.db.delete(usedVehiclePriceChanges).where(inArray(usedVehiclePriceChanges.vehicleId, kept));
  for (const [id, days] of [
    [vehicles.old, 95],
    [vehicles.ageing, 65],
    [vehicles.fresh, 5],
  ] as const) {
    await database.db
      .update(usedVehicles)
      .set({ status: "Available", listedAt: daysAgo(days) })
      .where(eq(usedVehicles.id, id));
  }
  // Two price changes of the oldest (the trigger records them).
  await database.db
    .update(usedVehicles)
    .set({ price: sql`${usedVehicles.price} - 10000` })
    .where(eq(usedVehicles.id, vehicles.old));
  await database.db
    .update(usedVehicles)
    .set({ price: sql`${usedVehicles.price} - 5000` })
    .where(eq(usedVehicles.id, vehicles.old));
}

async function countTheWeek() {
  // Visits and views in the week (and some before it, which it leaves out).
  const fb = { source: "facebook", medium: "cpc", campaign: "spring-sale" };
  const organic = { source: "google", medium: "organic", campaign: null };
  await count(1, (counts) => {
    for (let i = 0; i < 10; i++)
      counts.record({ kind: "visit", subject: "", dealer: { dealerSlug: "honda-sandton" }, source: fb });
    for (let i = 0; i < 5; i++)
      counts.record({ kind: "visit", subject: "", dealer: { dealerSlug: "honda-menlyn" }, source: organic });
    for (let i = 0; i < 3; i++) counts.record({ kind: "visit", subject: "", dealer: null, source: organic });
    for (let i = 0; i < 25; i++)
      counts.record({
        kind: "used-vehicle-view",
        subject: String(vehicles.old),
        dealer: { vehicleId: vehicles.old },
        source: fb,
      });
    for (let i = 0; i < 3; i++)
      counts.record({
        kind: "used-vehicle-view",
        subject: String(vehicles.ageing),
        dealer: { vehicleId: vehicles.ageing },
        source: organic,
      });
    counts.record({
      kind: "model-view",
      subject: "honda/jazz",
      dealer: { dealerSlug: "honda-sandton" },
      source: organic,
    });
  });
  await count(30, (counts) =>
    counts.record({ kind: "visit", subject: "", dealer: { dealerSlug: "honda-sandton" }, source: fb }),
  );
}

async function storeLeads() {
  // Sandton: three Facebook enquiries (one about the ageing vehicle) and a Facebook finance application, one lead
  // without a source; Menlyn: two from Google. Work status: an appointment, a sale, one lost after an appointment.
  const appointment = await enquiry("sandton", facebook);
  const sold = await enquiry("sandton", facebook, { usedVehicleId: vehicles.ageing });
  const lost = await enquiry("sandton", facebook);
  await financeApplication("sandton", facebook);
  await enquiry("sandton", null);
  await enquiry("sandton", facebook, { at: daysAgo(20) });
  await enquiry("menlyn", google);
  await enquiry("menlyn", google);
  await workStatus(appointment, "sandton", "Appointment", ["Contacted"]);
  await workStatus(sold, "sandton", "Sold", ["Contacted"]);
  await workStatus(lost, "sandton", "Lost", ["Contacted", "Appointment"]);
}

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  await addStaffAndDealers();
  await ageSandtonStock();
  await countTheWeek();
  await storeLeads();
});
afterAll(() => database?.close());

describe("visits and leads by source, with spend and cost per lead", () => {
  it("gives each campaign its visits, leads, sales, spend and cost per lead", async () => {
    const saved = await addCampaignSpend(database.db, admin, {
      dealer: "honda-sandton",
      source: "Facebook",
      medium: "CPC",
      campaign: "spring-sale",
      periodStart: week.from,
      periodEnd: week.to,
      amount: "1 240,00",
    });
    expect(saved.ok).toBe(true);
    const { sources } = await readInsights(database.db, admin, query(), now);
    expect(sources.rows.find((row) => row.source === "facebook")).toEqual({
      source: "facebook",
      medium: "cpc",
      campaign: "spring-sale",
      visits: 10,
      leads: 4,
      sold: 1,
      spendCents: 124_000,
      costPerLeadCents: 31_000,
    });
    expect(sources.rows.find((row) => row.source === "google")).toMatchObject({
      medium: "organic",
      campaign: "",
      visits: 8,
      leads: 2,
      spendCents: null,
      costPerLeadCents: null,
    });
    expect(sources.rows.find((row) => row.source === NOT_RECORDED)).toMatchObject({ leads: 1, visits: 0 });
  });

  it("counts spend over a longer period by the days that fall in the one shown", async () => {
    const saved = await addCampaignSpend(database.db, admin, {
      dealer: "",
      source: "google",
      medium: "organic",
      campaign: "",
      periodStart: daysBefore(today, 13),
      periodEnd: today,
      amount: "1400",
    });
    expect(saved.ok).toBe(true);
    const { sources, spend } = await readInsights(database.db, admin, query(), now);
    expect(spend.find((entry) => entry.source === "google")).toMatchObject({
      dealerName: null,
      amountCents: 140_000,
      centsInPeriod: 70_000,
    });
    expect(sources.rows.find((row) => row.source === "google")).toMatchObject({
      spendCents: 70_000,
      costPerLeadCents: 35_000,
    });
  });

  it("refuses spend that is not an amount, a period backwards or no source, with the fields at fault", async () => {
    const result = await addCampaignSpend(database.db, admin, {
      dealer: "honda-sandton",
      source: " ",
      medium: "cpc",
      periodStart: today,
      periodEnd: week.from,
      amount: "lots",
    });
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.violations.map((violation) => violation.propertyPath)).toEqual(["source"]);
    const second = await addCampaignSpend(database.db, admin, {
      dealer: "honda-sandton",
      source: "x",
      medium: "cpc",
      periodStart: today,
      periodEnd: week.from,
      amount: "lots",
    });
    expect(second.ok ? [] : second.violations.map((violation) => violation.propertyPath).sort()).toEqual([
      "amount",
      "periodEnd",
    ]);
  });

  it("reads rand as people write them", () => {
    expect([
      randToCents("4500"),
      randToCents("R 4 500,50"),
      randToCents("4,500.50"),
      randToCents("4,500"),
      randToCents("-5"),
      randToCents("1.2.3"),
    ]).toEqual([450_000, 450_050, 450_050, 450_000, null, null]);
  });
});

describe("the funnel per dealer", () => {
  it("follows vehicle views to leads, appointments (at any time) and sales", async () => {
    const { funnel } = await readInsights(database.db, admin, query(), now);
    expect(funnel.find((row) => row.dealerId === ids.sandton)).toEqual({
      dealerId: ids.sandton,
      dealerName: "Honda Sandton",
      views: 29,
      leads: 5,
      appointments: 3,
      sold: 1,
    });
    expect(funnel.find((row) => row.dealerId === ids.menlyn)).toMatchObject({
      views: 0,
      leads: 2,
      appointments: 0,
      sold: 0,
    });
  });
});

describe("the stock and its ageing", () => {
  it("gives each available vehicle its days in stock, views per day, leads and price changes", async () => {
    const { stock, stockSummary } = await readInsights(database.db, sandtonManager, query(), now);
    expect(stock.map((row) => row.id)).toEqual([vehicles.old, vehicles.ageing, vehicles.fresh]);
    expect(stock[0]).toMatchObject({
      daysInStock: 95,
      views: 25,
      viewsPerDay: 3.6,
      leads: 0,
      priceChanges: 2,
      lastPriceChange: today,
      dealerName: "Honda Sandton",
    });
    expect(stock[1]).toMatchObject({ daysInStock: 65, views: 3, leads: 1, priceChanges: 0, lastPriceChange: null });
    // Listed 5 days ago: views per day over the 6 days it has been on sale in the week.
    expect(stock[2]).toMatchObject({ daysInStock: 5, views: 0, viewsPerDay: 0 });
    expect(stockSummary).toEqual({ all: 3, over60: 2, over90: 1, viewedNoLead: 1, upTo30: 1, from31To60: 0 });
  });

  it("shows the ageing views: over 60 days, over 90 days, many views and no lead", async () => {
    const view = async (stock: InsightsQuery["stock"]) =>
      (await readInsights(database.db, sandtonManager, query({ stock }), now)).stock.map((row) => row.id);
    expect(await view("over-60")).toEqual([vehicles.old, vehicles.ageing]);
    expect(await view("over-90")).toEqual([vehicles.old]);
    expect(await view("viewed-no-lead")).toEqual([vehicles.old]);
  });

  it("sorts by any column, either way", async () => {
    const sorted = async (sort: InsightsQuery["sort"], dir: InsightsQuery["dir"]) =>
      (await readInsights(database.db, sandtonManager, query({ sort, dir }), now)).stock.map((row) => row.id);
    expect(await sorted("days", "asc")).toEqual([vehicles.fresh, vehicles.ageing, vehicles.old]);
    expect(await sorted("leads", "desc")).toEqual([vehicles.ageing, vehicles.old, vehicles.fresh]);
    expect(await sorted("priceChanges", "desc")).toEqual([vehicles.old, vehicles.ageing, vehicles.fresh]);
  });
});

describe("who sees what", () => {
  it("shows a group administrator the whole group, or one dealer they choose", async () => {
    const group = await readInsights(database.db, admin, query(), now);
    expect(group.scope.dealerIds).toBeNull();
    expect(group.scope.choices.length).toBeGreaterThan(2);
    expect(group.funnel.length).toBe(group.scope.choices.length);
    const menlyn = await readInsights(database.db, admin, query({ dealer: "honda-menlyn" }), now);
    expect(menlyn.sources.rows.map((row) => [row.source, row.visits, row.leads])).toEqual([["google", 5, 2]]);
    expect(menlyn.funnel.map((row) => row.dealerName)).toEqual(["Honda Menlyn"]);
    // The group's own spend is the group's, not a dealer's.
    expect(menlyn.spend).toEqual([]);
  });

  it("shows a dealer manager their own dealers only, and another dealer is not found", async () => {
    const own = await readInsights(database.db, sandtonManager, query(), now);
    expect(own.scope.choices.map((dealer) => dealer.slug)).toEqual(["honda-sandton"]);
    expect(own.funnel.map((row) => row.dealerName)).toEqual(["Honda Sandton"]);
    expect(own.sources.rows.map((row) => row.source).sort()).toEqual([NOT_RECORDED, "facebook"].sort());
    expect(own.spend.map((entry) => entry.dealerName)).toEqual(["Honda Sandton"]);
    await expect(
      readInsights(database.db, sandtonManager, query({ dealer: "honda-menlyn" }), now),
    ).rejects.toMatchObject({ kind: "not-found" });
  });

  it.each([
    ["a content editor", () => editor],
    ["a dealer manager without dealers", () => unassigned],
  ])("refuses %s", async (_, actor) => {
    await expect(readInsights(database.db, actor(), query(), now)).rejects.toMatchObject({ kind: "forbidden" });
    await expect(insightsCsv(database.db, actor(), query(), "sources", now)).rejects.toBeInstanceOf(StaffAccessDenied);
    await expect(addCampaignSpend(database.db, actor(), {})).rejects.toBeInstanceOf(StaffAccessDenied);
  });

  it("lets a dealer manager enter and remove spend for their own dealers only, each change audited", async () => {
    const group = await addCampaignSpend(database.db, sandtonManager, {
      dealer: "",
      source: "tiktok",
      medium: "cpc",
      periodStart: today,
      periodEnd: today,
      amount: "10",
    });
    expect(group.ok ? [] : group.violations).toEqual([
      { propertyPath: "dealer", message: "Choose the dealer the campaign was for" },
    ]);
    const other = await addCampaignSpend(database.db, sandtonManager, {
      dealer: "honda-menlyn",
      source: "tiktok",
      medium: "cpc",
      periodStart: today,
      periodEnd: today,
      amount: "10",
    });
    expect(other.ok ? [] : other.violations.map((violation) => violation.propertyPath)).toEqual(["dealer"]);
    const own = await addCampaignSpend(database.db, sandtonManager, {
      dealer: "honda-sandton",
      source: "tiktok",
      medium: "cpc",
      campaign: "launch",
      periodStart: today,
      periodEnd: today,
      amount: "10",
    });
    if (!own.ok) throw new Error("not saved");
    const [groupSpend] = await database.db
      .select({ id: campaignSpend.id })
      .from(campaignSpend)
      .where(eq(campaignSpend.source, "google"));
    await expect(removeCampaignSpend(database.db, sandtonManager, groupSpend!.id)).rejects.toMatchObject({
      kind: "not-found",
    });
    await removeCampaignSpend(database.db, sandtonManager, own.id);
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "campaign_spend"), eq(auditLog.entityId, String(own.id))))
      .orderBy(auditLog.id);
    expect(entries.map((entry) => [entry.action, entry.actorLabel, entry.dealerId])).toEqual([
      ["campaign_spend.create", "sandton@insights.example", ids.sandton],
      ["campaign_spend.delete", "sandton@insights.example", ids.sandton],
    ]);
    expect(entries[0]!.changes).toMatchObject({
      amountCents: { from: null, to: 1000 },
      campaign: { from: null, to: "launch" },
    });
  });
});

describe("the period", () => {
  it("defaults to the last 7 days and refuses a period backwards or longer than 25 months", () => {
    expect(parseInsightsQuery(new URLSearchParams(), today)).toEqual({ ok: true, value: query() });
    expect(parseInsightsQuery(new URLSearchParams({ from: today, to: week.from }), today)).toMatchObject({
      ok: false,
      violations: [{ propertyPath: "to" }],
    });
    expect(parseInsightsQuery(new URLSearchParams({ from: "2020-01-01", to: today }), today)).toMatchObject({
      ok: false,
      violations: [{ propertyPath: "from" }],
    });
    expect(parseInsightsQuery(new URLSearchParams({ from: "yesterday", sort: "colour" }), today)).toMatchObject({
      ok: false,
    });
  });
});

describe("the CSV downloads", () => {
  it("writes each table, campaign names that look like formulas neutralised", async () => {
    await count(1, (counts) =>
      counts.record({
        kind: "visit",
        subject: "",
        dealer: null,
        source: { source: "evil", medium: "cpc", campaign: '=HYPERLINK("http://x")' },
      }),
    );
    const sources = parse(await insightsCsv(database.db, admin, query(), "sources", now), { bom: true }) as string[][];
    expect(sources[0]).toEqual([
      "Source",
      "Medium",
      "Campaign",
      "Visits",
      "Leads",
      "Sold",
      "Spend (R)",
      "Cost per lead (R)",
    ]);
    expect(sources).toContainEqual(["facebook", "cpc", "spring-sale", "10", "4", "1", "1240.00", "310.00"]);
    expect(sources).toContainEqual(["evil", "cpc", '\'=HYPERLINK("http://x")', "1", "0", "0", "", ""]);
    const stock = parse(
      await insightsCsv(database.db, sandtonManager, query({ stock: "over-90" }), "stock", now),
    ) as string[][];
    expect(stock).toHaveLength(2);
    expect(stock[1]!.slice(5, 11)).toEqual(["95", "25", "3.6", "0", "2", today]);
    const funnel = parse(await insightsCsv(database.db, sandtonManager, query(), "funnel", now)) as string[][];
    expect(funnel).toEqual([
      ["Dealer", "Vehicle views", "Leads", "Appointments", "Sold"],
      ["Honda Sandton", "29", "5", "3", "1"],
    ]);
  });
});

describe("the sources table, however many sources were counted", () => {
  const MADE_UP = 10_050;
  beforeAll(async () => {
    // Counted before the daily caps existed, or over many days: the page must stay bounded whatever is stored.
    await database.db.execute(sql`
      insert into page_counts_daily (day, kind, subject, dealer_id, source, medium, campaign, count)
      select ${today}::date, 'visit', '', 0, 'made-up', 'x', 'campaign-' || lpad(n::text, 5, '0'), 1
      from generate_series(1, ${MADE_UP}) n`);
  });

  it("shows one page of sources at a time, with the whole period's totals", async () => {
    const before = await readInsights(database.db, admin, query(), now);
    const { sources } = before;
    expect(sources.rows).toHaveLength(25);
    expect(sources.total).toBeGreaterThan(MADE_UP);
    expect(sources.pages).toBe(Math.ceil(sources.total / 25));
    expect(sources.rows[0]).toMatchObject({ source: "facebook", campaign: "spring-sale" });
    const second = (await readInsights(database.db, admin, query({ sourcesPage: 2 }), now)).sources;
    expect(second.page).toBe(2);
    expect(second.rows.map((row) => row.campaign)).not.toContain(sources.rows[0]!.campaign);
    expect(second.totals).toEqual(sources.totals);
    expect(sources.mostLeads.map((row) => row.source)).toContain("facebook");
  });

  it("shows the last page for a page past it", async () => {
    const { sources } = await readInsights(database.db, admin, query({ sourcesPage: 99_999 }), now);
    expect(sources.page).toBe(sources.pages);
    expect(sources.rows.length).toBeGreaterThan(0);
    expect(sources.rows.at(-1)).toMatchObject({ source: "made-up", campaign: `campaign-${MADE_UP}` });
  });

  it("writes up to 10,000 sources in the CSV, and the rest summed in its last line", async () => {
    const { sources } = await readInsights(database.db, admin, query(), now);
    const rows = parse(await insightsCsv(database.db, admin, query(), "sources", now), { bom: true }) as string[][];
    expect(rows).toHaveLength(1 + 10_000 + 1);
    const last = rows.at(-1)!;
    expect(last[0]).toBe(`(${sources.total - 10_000} more sources)`);
    const visits = rows.slice(1).reduce((sum, row) => sum + Number(row[3]), 0);
    expect(visits).toBe(sources.totals.visits);
  });

  it("refuses a page of sources that is not a page number", () => {
    for (const page of ["0", "-1", "two", "1.5"]) {
      expect(parseInsightsQuery(new URLSearchParams({ sources: page }), today), page).toMatchObject({
        ok: false,
        violations: [{ propertyPath: "sources", message: "Choose a page of sources" }],
      });
    }
  });
});
