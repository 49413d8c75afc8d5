import { asc, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { dealers } from "../../db/schema.ts";
import { writeCsv } from "../shared/csv.ts";
import { daysInclusive, southAfricanDay } from "../shared/days.ts";
import { assertMayUse, dealerScope, scopeIncludes, StaffAccessDenied, type StaffActor } from "../staff/roles.ts";
import {
  type InsightsQuery,
  type InsightsTable,
  MANY_VIEWS,
  type StockSort,
  type StockView,
} from "./insights-query.ts";

/**
 * The insights page (/staff/insights, decision 057): for a period of South African days, visits
 * and leads by source, medium and campaign with the campaigns' spend and cost per lead; the funnel from vehicle
 * views to sold per dealer; the stock with its days in stock, views, leads and price changes. Group
 * administrators see the group (or one dealer they choose), dealer managers their own dealers only: every
 * function takes the acting user and scopes its queries itself (core/staff/roles.ts, area "insights").
 */

export type InsightsDealer = { id: number; slug: string; name: string };

/**
 * Whose figures: `dealerIds` null for the whole group (counts of pages that concern no dealer included), else
 * these dealers'. `choices` are the dealers the actor may choose from.
 */
export type InsightsScope = { dealerIds: number[] | null; choices: InsightsDealer[] };

export type SourceRow = {
  source: string;
  medium: string;
  campaign: string;
  visits: number;
  leads: number;
  sold: number;
  /** The spend entered for the campaign, the part of it that falls in the period (cents); null when none was entered. */
  spendCents: number | null;
  /** spend / leads; null without spend or without leads. */
  costPerLeadCents: number | null;
};

export type FunnelRow = {
  dealerId: number;
  dealerName: string;
  views: number;
  leads: number;
  appointments: number;
  sold: number;
};

export type StockRow = {
  id: number;
  vehicle: string;
  stockNumber: string | null;
  dealerName: string;
  price: number;
  listedOn: string;
  daysInStock: number;
  views: number;
  viewsPerDay: number;
  leads: number;
  priceChanges: number;
  lastPriceChange: string | null;
};

/** How many available vehicles are in each stock view, and by age: up to 30 days, 31 to 60, 61 to 90, over 90. */
export type StockSummary = {
  all: number;
  over60: number;
  over90: number;
  viewedNoLead: number;
  upTo30: number;
  from31To60: number;
};

/** Leads whose visit left no source (sent without a live visit, or before visits were recorded). */
export const NOT_RECORDED = "(not recorded)";

/** The actor's scope, narrowed to one of their dealers when `dealerSlug` names one (another dealer: not found). */
export async function insightsScope(db: Database, actor: StaffActor, dealerSlug?: string): Promise<InsightsScope> {
  assertMayUse(actor, "insights");
  const scope = dealerScope(actor, "insights");
  const rows = await db
    .select({ id: dealers.id, slug: dealers.slug, name: dealers.dealerName })
    .from(dealers)
    .orderBy(asc(dealers.dealerName));
  const choices = rows.filter((row) => scopeIncludes(scope, row.id));
  if (dealerSlug) {
    const chosen = choices.find((row) => row.slug === dealerSlug);
    if (!chosen) throw new StaffAccessDenied("not-found", "insights");
    return { dealerIds: [chosen.id], choices };
  }
  return { dealerIds: scope.kind === "all" ? null : choices.map((row) => row.id), choices };
}

/** `column` within the scope's dealers (SQL true for the whole group, false for none). */
function inScope(column: SQL, scope: InsightsScope): SQL {
  if (scope.dealerIds === null) return sql`true`;
  if (scope.dealerIds.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(
    scope.dealerIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** Leads received on the period's South African days (SAST is UTC+2 all year). */
function receivedIn(column: SQL, period: { from: string; to: string }): SQL {
  return sql`${column} >= ${`${period.from}T00:00:00+02:00`}::timestamptz and ${column} < (${`${period.to}T00:00:00+02:00`}::timestamptz + interval '1 day')`;
}

const LEADS = sql`(
  select id, dealer_id, created_at, attribution, used_vehicle_id from enquiries where held_reason is null
  union all
  select id, dealer_id, created_at, attribution, null::int from finance_applications
)`;

function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}

const keyOf = (source: string, medium: string, campaign: string) => JSON.stringify([source, medium, campaign]);

/** Source rows on one page of /staff/insights. */
const SOURCES_PER_PAGE = 25;
/** Source rows in the CSV at most; the rest are summed into its last line. */
const SOURCES_CSV_MAX_ROWS = 10_000;
/** The sources the chart shows: the ones with the most leads. */
const SOURCES_CHARTED = 8;

/**
 * One page of the sources table (sorted by leads, then visits, then name), however many sources were counted:
 * what the page shows is bounded, and the totals are the whole period's.
 */
export type SourcesPage = {
  rows: SourceRow[];
  /** The page shown, from 1 (a page past the last shows the last), of `pages` (at least 1). */
  page: number;
  pages: number;
  perPage: number;
  /** Sources (source, medium and campaign) in the period in all. */
  total: number;
  totals: { visits: number; leads: number; sold: number };
  /** The sources with the most leads (at most eight, each with a lead), for the chart. */
  mostLeads: SourceRow[];
};

/**
 * Visits, leads and sold leads per source, medium and campaign in the period and scope, with every campaign that
 * has spend in it (the group's own only for the whole group, as spendInPeriod), one row each.
 */
function sourceTotals(scope: InsightsScope, period: { from: string; to: string }): SQL {
  const spendScope =
    scope.dealerIds === null ? sql`true` : sql`dealer_id is not null and ${inScope(sql`dealer_id`, scope)}`;
  return sql`(
    select source, medium, campaign, sum(visits)::int as visits, sum(leads)::int as leads, sum(sold)::int as sold
    from (
      select source, medium, campaign, sum(count) as visits, 0 as leads, 0 as sold from page_counts_daily
      where kind = 'visit' and day >= ${period.from}::date and day <= ${period.to}::date and ${inScope(sql`dealer_id`, scope)}
      group by 1, 2, 3
      union all
      select coalesce(l.attribution->>'source', ${NOT_RECORDED}), coalesce(l.attribution->>'medium', ${NOT_RECORDED}),
        coalesce(l.attribution->>'campaign', ''), 0, count(*), count(*) filter (where w.status = 'Sold')
      from ${LEADS} l left join lead_work_status w on w.lead_id = l.id
      where ${receivedIn(sql`l.created_at`, period)} and ${inScope(sql`l.dealer_id`, scope)}
      group by 1, 2, 3
      union all
      select source, medium, campaign, 0, 0, 0 from campaign_spend
      where period_start <= ${period.to}::date and period_end >= ${period.from}::date and ${spendScope}
    ) counted
    group by source, medium, campaign
  )`;
}

const SOURCE_ORDER = sql`leads desc, visits desc, source collate "C", medium collate "C", campaign collate "C"`;

/** Rows of the sources table, in its order, from `offset`; answers at most `limit`. */
async function sourceRows(
  db: Database,
  totals: SQL,
  spend: readonly SpendEntry[],
  window: { offset: number; limit: number; withLeadsOnly?: boolean },
): Promise<SourceRow[]> {
  const result = await db.execute(sql`
    select source, medium, campaign, visits, leads, sold from ${totals} t
    ${window.withLeadsOnly ? sql`where leads > 0` : sql``}
    order by ${SOURCE_ORDER} limit ${window.limit} offset ${window.offset}`);
  const spendOf = new Map<string, number>();
  for (const entry of spend) {
    const key = keyOf(entry.source, entry.medium, entry.campaign);
    spendOf.set(key, (spendOf.get(key) ?? 0) + entry.centsInPeriod);
  }
  return rowsOf(result).map((row) => {
    const [source, medium, campaign] = [String(row.source), String(row.medium), String(row.campaign)];
    const leads = Number(row.leads);
    const spendCents = spendOf.get(keyOf(source, medium, campaign)) ?? null;
    return {
      source,
      medium,
      campaign,
      visits: Number(row.visits),
      leads,
      sold: Number(row.sold),
      spendCents,
      costPerLeadCents: spendCents !== null && leads > 0 ? Math.round(spendCents / leads) : null,
    };
  });
}

/**
 * One page of visits and leads (and leads sold) by source, medium and campaign, with the campaigns' spend in the
 * period and the cost per lead. Counted and paged by the database: a request holds one page, never every source.
 */
async function sourcesReport(
  db: Database,
  scope: InsightsScope,
  period: { from: string; to: string },
  page = 1,
  perPage = SOURCES_PER_PAGE,
): Promise<SourcesPage> {
  const totals = sourceTotals(scope, period);
  const [summary, spend] = await Promise.all([
    db.execute(sql`
      select count(*)::int as total, coalesce(sum(visits), 0)::int as visits, coalesce(sum(leads), 0)::int as leads,
        coalesce(sum(sold), 0)::int as sold
      from ${totals} t`),
    spendInPeriod(db, scope, period),
  ]);
  const [sums] = rowsOf(summary);
  const total = Number(sums?.total ?? 0);
  const pages = Math.max(1, Math.ceil(total / perPage));
  const shown = Math.min(Math.max(1, Math.floor(page)), pages);
  const [rows, mostLeads] = await Promise.all([
    sourceRows(db, totals, spend, { offset: (shown - 1) * perPage, limit: perPage }),
    sourceRows(db, totals, spend, { offset: 0, limit: SOURCES_CHARTED, withLeadsOnly: true }),
  ]);
  return {
    rows,
    page: shown,
    pages,
    perPage,
    total,
    totals: { visits: Number(sums?.visits ?? 0), leads: Number(sums?.leads ?? 0), sold: Number(sums?.sold ?? 0) },
    mostLeads,
  };
}

export type SpendEntry = {
  id: number;
  dealerId: number | null;
  dealerName: string | null;
  source: string;
  medium: string;
  campaign: string;
  periodStart: string;
  periodEnd: string;
  amountCents: number;
  /** The share of the amount that falls in the chosen period, by days (a month's spend seen for a week is a quarter of it or so). */
  centsInPeriod: number;
};

/**
 * The spend entered for campaigns whose period overlaps the chosen one, in the scope: the group's own (no
 * dealer) only for the whole group, a dealer's for that dealer.
 */
async function spendInPeriod(
  db: Database,
  scope: InsightsScope,
  period: { from: string; to: string },
): Promise<SpendEntry[]> {
  const result = await db.execute(sql`
    select s.id, s.dealer_id, d.dealer_name, s.source, s.medium, s.campaign, s.period_start::text as period_start, s.period_end::text as period_end, s.amount_cents
    from campaign_spend s left join dealers d on d.id = s.dealer_id
    where s.period_start <= ${period.to}::date and s.period_end >= ${period.from}::date
      and ${scope.dealerIds === null ? sql`true` : sql`s.dealer_id is not null and ${inScope(sql`s.dealer_id`, scope)}`}
    order by s.period_start, s.id`);
  return rowsOf(result).map((row) => {
    const periodStart = String(row.period_start);
    const periodEnd = String(row.period_end);
    const amountCents = Number(row.amount_cents);
    const overlap = daysInclusive(laterDay(periodStart, period.from), earlierDay(periodEnd, period.to));
    return {
      id: Number(row.id),
      dealerId: row.dealer_id === null ? null : Number(row.dealer_id),
      dealerName: row.dealer_name === null ? null : String(row.dealer_name),
      source: String(row.source),
      medium: String(row.medium),
      campaign: String(row.campaign),
      periodStart,
      periodEnd,
      amountCents,
      centsInPeriod: Math.round((amountCents * overlap) / daysInclusive(periodStart, periodEnd)),
    };
  });
}

/**
 * Per dealer: views of its vehicles' and models' pages, its leads received in the period, and of those the ones
 * that reached an appointment (the inbox's work status was Appointment at some point, or is Sold) and were sold.
 */
export async function funnelReport(
  db: Database,
  scope: InsightsScope,
  period: { from: string; to: string },
): Promise<FunnelRow[]> {
  const result = await db.execute(sql`
    select d.id, d.dealer_name, coalesce(v.views, 0)::int as views, coalesce(l.leads, 0)::int as leads,
      coalesce(l.appointments, 0)::int as appointments, coalesce(l.sold, 0)::int as sold
    from dealers d
    left join (
      select dealer_id, sum(count) as views from page_counts_daily
      where kind in ('used-vehicle-view', 'model-view') and day >= ${period.from}::date and day <= ${period.to}::date
      group by dealer_id
    ) v on v.dealer_id = d.id
    left join (
      select l.dealer_id, count(*) as leads,
        count(*) filter (where w.status in ('Appointment', 'Sold')
          or exists (select 1 from lead_work_notes n where n.lead_id = l.id and n.status = 'Appointment')) as appointments,
        count(*) filter (where w.status = 'Sold') as sold
      from ${LEADS} l left join lead_work_status w on w.lead_id = l.id
      where ${receivedIn(sql`l.created_at`, period)}
      group by l.dealer_id
    ) l on l.dealer_id = d.id
    where ${inScope(sql`d.id`, scope)}
    order by d.dealer_name`);
  return rowsOf(result).map((row) => ({
    dealerId: Number(row.id),
    dealerName: String(row.dealer_name),
    views: Number(row.views),
    leads: Number(row.leads),
    appointments: Number(row.appointments),
    sold: Number(row.sold),
  }));
}

/** Each available used vehicle in the scope with its days in stock, its views and leads in the period and its price changes. */
async function stockReport(
  db: Database,
  scope: InsightsScope,
  period: { from: string; to: string },
  now = new Date(),
): Promise<StockRow[]> {
  const result = await db.execute(sql`
    select v.id, v.year, mk.name as make, md.name as model, v.variant, v.stock_number, v.price, v.listed_at, d.dealer_name,
      coalesce(pv.views, 0)::int as views, coalesce(le.leads, 0)::int as leads,
      coalesce(pc.changes, 0)::int as price_changes, pc.last_change
    from used_vehicles v
    join makes mk on mk.id = v.make_id
    join models md on md.id = v.model_id
    join dealers d on d.id = v.dealer_id
    left join (
      select subject, sum(count) as views from page_counts_daily
      where kind = 'used-vehicle-view' and day >= ${period.from}::date and day <= ${period.to}::date
      group by subject
    ) pv on pv.subject = v.id::text
    left join (
      select used_vehicle_id, count(*) as leads from enquiries
      where used_vehicle_id is not null and held_reason is null and ${receivedIn(sql`created_at`, period)}
      group by used_vehicle_id
    ) le on le.used_vehicle_id = v.id
    left join (
      select vehicle_id, count(*) as changes, max(changed_at) as last_change from used_vehicle_price_changes group by vehicle_id
    ) pc on pc.vehicle_id = v.id
    where v.status = 'Available' and ${inScope(sql`v.dealer_id`, scope)}`);
  const today = southAfricanDay(now);
  const lastDay = earlierDay(period.to, today);
  return rowsOf(result).map((row) => {
    const listedOn = southAfricanDay(new Date(row.listed_at as string | Date));
    const views = Number(row.views);
    // Views per day over the days of the period the vehicle was listed (and that have passed).
    const daysShown = Math.max(1, daysInclusive(laterDay(listedOn, period.from), lastDay));
    return {
      id: Number(row.id),
      vehicle: [row.year, row.make, row.model, row.variant].filter(Boolean).join(" "),
      stockNumber: row.stock_number === null ? null : String(row.stock_number),
      dealerName: String(row.dealer_name),
      price: Number(row.price),
      listedOn,
      daysInStock: Math.max(0, daysInclusive(listedOn, today) - 1),
      views,
      viewsPerDay: Math.round((views / daysShown) * 10) / 10,
      leads: Number(row.leads),
      priceChanges: Number(row.price_changes),
      lastPriceChange: row.last_change === null ? null : southAfricanDay(new Date(row.last_change as string | Date)),
    };
  });
}

const isAgeing: Record<StockView, (row: StockRow) => boolean> = {
  all: () => true,
  "over-60": (row) => row.daysInStock > 60,
  "over-90": (row) => row.daysInStock > 90,
  "viewed-no-lead": (row) => row.views >= MANY_VIEWS && row.leads === 0,
};

export function stockSummary(rows: readonly StockRow[]): StockSummary {
  return {
    all: rows.length,
    over60: rows.filter(isAgeing["over-60"]).length,
    over90: rows.filter(isAgeing["over-90"]).length,
    viewedNoLead: rows.filter(isAgeing["viewed-no-lead"]).length,
    upTo30: rows.filter((row) => row.daysInStock <= 30).length,
    from31To60: rows.filter((row) => row.daysInStock > 30 && row.daysInStock <= 60).length,
  };
}

const SORT_VALUE: Record<StockSort, (row: StockRow) => string | number> = {
  vehicle: (row) => row.vehicle.toLowerCase(),
  dealer: (row) => row.dealerName.toLowerCase(),
  price: (row) => row.price,
  days: (row) => row.daysInStock,
  views: (row) => row.views,
  viewsPerDay: (row) => row.viewsPerDay,
  leads: (row) => row.leads,
  priceChanges: (row) => row.priceChanges,
  lastPriceChange: (row) => row.lastPriceChange ?? "",
};

/** The rows of one stock view, sorted by a column (then by id, so that equal values keep one order). */
function stockView(rows: readonly StockRow[], view: StockView, sort: StockSort, dir: "asc" | "desc"): StockRow[] {
  const value = SORT_VALUE[sort];
  const sign = dir === "asc" ? 1 : -1;
  return rows.filter(isAgeing[view]).sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    return (x < y ? -1 : x > y ? 1 : 0) * sign || a.id - b.id;
  });
}

export type InsightsReport = {
  query: InsightsQuery;
  scope: InsightsScope;
  sources: SourcesPage;
  funnel: FunnelRow[];
  stock: StockRow[];
  stockSummary: StockSummary;
  spend: SpendEntry[];
};

/** Everything the insights page shows for the query. */
export async function readInsights(
  db: Database,
  actor: StaffActor,
  query: InsightsQuery,
  now = new Date(),
): Promise<InsightsReport> {
  const scope = await insightsScope(db, actor, query.dealer);
  const [sources, funnel, stock, spend] = await Promise.all([
    sourcesReport(db, scope, query, query.sourcesPage),
    funnelReport(db, scope, query),
    stockReport(db, scope, query, now),
    spendInPeriod(db, scope, query),
  ]);
  return {
    query,
    scope,
    sources,
    funnel,
    stock: stockView(stock, query.stock, query.sort, query.dir),
    stockSummary: stockSummary(stock),
    spend,
  };
}

const rand = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));

/**
 * One of the page's tables as CSV, for a spreadsheet. Campaign names come from visitors' links: a cell a
 * spreadsheet would read as a formula gets a leading apostrophe (core/shared/csv.ts, as every CSV the site writes). The
 * sources: every one, up to SOURCES_CSV_MAX_ROWS; past that, the rest summed into a last line.
 */
export async function insightsCsv(
  db: Database,
  actor: StaffActor,
  query: InsightsQuery,
  table: InsightsTable,
  now = new Date(),
): Promise<string> {
  const report = await readInsights(db, actor, query, now);
  const sources = table === "sources" ? await sourcesReport(db, report.scope, query, 1, SOURCES_CSV_MAX_ROWS) : null;
  const records: (string | number)[][] = {
    sources: () => [
      ["Source", "Medium", "Campaign", "Visits", "Leads", "Sold", "Spend (R)", "Cost per lead (R)"],
      ...sources!.rows.map((row) => [
        row.source,
        row.medium,
        row.campaign,
        row.visits,
        row.leads,
        row.sold,
        rand(row.spendCents),
        rand(row.costPerLeadCents),
      ]),
      ...sourcesLeftOut(sources!),
    ],
    funnel: () => [
      ["Dealer", "Vehicle views", "Leads", "Appointments", "Sold"],
      ...report.funnel.map((row) => [row.dealerName, row.views, row.leads, row.appointments, row.sold]),
    ],
    stock: () => [
      [
        "Vehicle",
        "Stock number",
        "Dealer",
        "Price (R)",
        "Listed on",
        "Days in stock",
        "Views",
        "Views per day",
        "Leads",
        "Price changes",
        "Last price change",
      ],
      ...report.stock.map((row) => [
        row.vehicle,
        row.stockNumber ?? "",
        row.dealerName,
        row.price,
        row.listedOn,
        row.daysInStock,
        row.views,
        row.viewsPerDay,
        row.leads,
        row.priceChanges,
        row.lastPriceChange ?? "",
      ]),
    ],
    spend: () => [
      ["Dealer", "Source", "Medium", "Campaign", "From", "To", "Amount (R)", "In the period (R)"],
      ...report.spend.map((row) => [
        row.dealerName ?? "Group",
        row.source,
        row.medium,
        row.campaign,
        row.periodStart,
        row.periodEnd,
        rand(row.amountCents),
        rand(row.centsInPeriod),
      ]),
    ],
  }[table]();
  return writeCsv(records, { record_delimiter: "windows" });
}

/** The CSV's last line when it could not hold every source: the ones left out, summed. */
function sourcesLeftOut({ rows, total, totals }: SourcesPage): (string | number)[][] {
  if (rows.length >= total) return [];
  const sum = (pick: (row: SourceRow) => number) => rows.reduce((whole, row) => whole + pick(row), 0);
  return [
    [
      `(${total - rows.length} more sources)`,
      "",
      "",
      totals.visits - sum((row) => row.visits),
      totals.leads - sum((row) => row.leads),
      totals.sold - sum((row) => row.sold),
      "",
      "",
    ],
  ];
}

/** The later and the earlier of two days written YYYY-MM-DD (which sort as text). */
const laterDay = (a: string, b: string): string => (a > b ? a : b);
const earlierDay = (a: string, b: string): string => (a < b ? a : b);
