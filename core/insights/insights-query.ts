import { daysBefore, daysInclusive } from "../shared/days.ts";
import { type Parsed, violationsFromZod } from "../shared/violations.ts";
import { z } from "../shared/zod.ts";

/**
 * The insights page's query string (/staff/insights and its CSV downloads), with no server-only imports: the page's
 * components use it too (core/insights/insights.server.ts is the service).
 */

const STOCK_SORTS = [
  "vehicle",
  "dealer",
  "price",
  "days",
  "views",
  "viewsPerDay",
  "leads",
  "priceChanges",
  "lastPriceChange",
] as const;
export type StockSort = (typeof STOCK_SORTS)[number];

/** The stock table's views: every available vehicle, or the ageing ones. */
const STOCK_VIEWS = ["all", "over-60", "over-90", "viewed-no-lead"] as const;
export type StockView = (typeof STOCK_VIEWS)[number];

/** "Many views and no lead": at least this many views of the vehicle's page in the period. */
export const MANY_VIEWS = 20;
/** The longest period one can choose: the daily counts are kept 25 months. */
const MAX_PERIOD_DAYS = 762;
/** The period shown when none is chosen: the last 7 days, today included. */
const DEFAULT_PERIOD_DAYS = 7;

/** The last page of the sources table one may ask for (a page past the last shows the last). */
const MAX_SOURCES_PAGE = 100_000;

export const INSIGHTS_TABLES = ["sources", "funnel", "stock", "spend"] as const;
export type InsightsTable = (typeof INSIGHTS_TABLES)[number];

const blankAsAbsent = (value: unknown) => (value === "" || value === null ? undefined : value);
const isoDate = z.iso.date("Use a date as YYYY-MM-DD");

const querySchema = z.object({
  from: z.preprocess(blankAsAbsent, isoDate.optional()),
  to: z.preprocess(blankAsAbsent, isoDate.optional()),
  dealer: z.preprocess(
    blankAsAbsent,
    z
      .string()
      .max(100)
      .regex(/^[a-z0-9-]+$/, "Choose a dealer from the list")
      .optional(),
  ),
  sort: z.preprocess(blankAsAbsent, z.enum(STOCK_SORTS, "Choose a column to sort by").default("days")),
  dir: z.preprocess(blankAsAbsent, z.enum(["asc", "desc"], "Sort ascending or descending").default("desc")),
  stock: z.preprocess(blankAsAbsent, z.enum(STOCK_VIEWS, "Choose which stock to show").default("all")),
  sources: z.preprocess(
    blankAsAbsent,
    z.coerce
      .number("Choose a page of sources")
      .int("Choose a page of sources")
      .min(1, "Choose a page of sources")
      .max(MAX_SOURCES_PAGE, "Choose a page of sources")
      .default(1),
  ),
});

export type InsightsQuery = {
  from: string;
  to: string;
  dealer?: string;
  sort: StockSort;
  dir: "asc" | "desc";
  stock: StockView;
  /** The page of the sources table, from 1. */
  sourcesPage: number;
};

/** The query from a page's query string; the period defaults to the last 7 days up to `today` (YYYY-MM-DD). */
export function parseInsightsQuery(params: URLSearchParams, today: string): Parsed<InsightsQuery> {
  const parsed = querySchema.safeParse(Object.fromEntries(params));
  if (!parsed.success) return { ok: false, violations: violationsFromZod(parsed.error) };
  const to = parsed.data.to ?? (parsed.data.from && parsed.data.from > today ? parsed.data.from : today);
  const from = parsed.data.from ?? daysBefore(to, DEFAULT_PERIOD_DAYS - 1);
  if (from > to)
    return { ok: false, violations: [{ propertyPath: "to", message: "The end date is before the start date" }] };
  if (daysInclusive(from, to) > MAX_PERIOD_DAYS) {
    return {
      ok: false,
      violations: [{ propertyPath: "from", message: `Choose a period of at most ${MAX_PERIOD_DAYS} days (25 months)` }],
    };
  }
  const { dealer, sort, dir, stock, sources } = parsed.data;
  return { ok: true, value: { from, to, ...(dealer ? { dealer } : {}), sort, dir, stock, sourcesPage: sources } };
}

/** The query as a query string, with changes (a sort link, another stock view); defaults left out. */
export function insightsQueryString(query: Partial<InsightsQuery>, changes: Partial<InsightsQuery> = {}): string {
  const merged = { ...query, ...changes };
  const params = new URLSearchParams();
  if (merged.from) params.set("from", merged.from);
  if (merged.to) params.set("to", merged.to);
  if (merged.dealer) params.set("dealer", merged.dealer);
  if (merged.stock && merged.stock !== "all") params.set("stock", merged.stock);
  if (merged.sort && (merged.sort !== "days" || merged.dir !== "desc")) params.set("sort", merged.sort);
  if (merged.dir && (merged.sort !== "days" || merged.dir !== "desc")) params.set("dir", merged.dir);
  if (merged.sourcesPage && merged.sourcesPage > 1) params.set("sources", String(merged.sourcesPage));
  return params.toString();
}
