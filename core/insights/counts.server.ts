import { inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { dealers, pageCountsDaily, usedVehicles } from "../../db/schema.ts";
import type { Logger } from "pino";
import type { VisitSource } from "../attribution/visit.ts";
import type { JobRunner } from "../jobs/runner.server.ts";
import { CountBuffer } from "../shared/count-buffer.ts";
import { southAfricanDay } from "../shared/days.ts";
import {
  NewSourceCap,
  OVERFLOW_LABEL,
  OVERFLOW_SOURCE,
  type SourceCapLimits,
  type SourceLabel,
} from "./source-cap.server.ts";

export { OVERFLOW_SOURCE };

/**
 * Counts, not tracking (docs/decisions/057-page-counts-and-insights.md): what the site's pages do, per
 * South African day and per source of the visit, and nothing else. Each count is a number in a row of
 * page_counts_daily; no address, no visitor id, no time of day is kept.
 */
export const COUNT_KINDS = [
  /** A request that started a new visit (no live visit cookie, or a new campaign or outside referrer). */
  "visit",
  /** A used vehicle's page; subject: the vehicle's id. */
  "used-vehicle-view",
  /** A new car's or motorcycle's model page; subject: make/model slugs. */
  "model-view",
  /** An enquiry form's page; subject: the form's name (as leads store it). */
  "form-view",
  /** Clicks through /go/ (server/go-links.ts); subject: the vehicle's id, or '' when the link was not about one. */
  "whatsapp-click",
  "call-click",
  "directions-click",
] as const;
export type CountKind = (typeof COUNT_KINDS)[number];

/**
 * The dealer a count concerns, as the request knows it: a vehicle (whose dealer is looked up when the counts are
 * written, not on the request), a dealer's slug from the path (/dealer/{slug}/...), a dealer's id, or none (0).
 */
export type DealerRef = { vehicleId: number } | { dealerSlug: string } | { dealerId: number } | null;

export type PageCount = {
  kind: CountKind;
  subject: string;
  dealer: DealerRef;
  source: Pick<VisitSource, "source" | "medium" | "campaign">;
  /** The client that sent the request (core/shared/client-key.server.ts), for its cap of new sources a day (source-cap.server.ts). */
  client?: string;
};

/** Distinct rows counted between two flushes before new sources are counted together as "(other)". */
const MAX_PENDING_KEYS = 20_000;
/** Years and a month of daily rows (kept 25 months), then the purge job deletes them. */
const PAGE_COUNTS_RETENTION_MONTHS = 25;

/** Between the parts of a key: a control character, which no part can hold (they are cleaned of them). */
const SEPARATOR = "\u001f";
const FIELD_MAX = 200;
/** Rows per INSERT (8 parameters a row, well under PostgreSQL's 65 535 per statement). */
const ROWS_PER_INSERT = 1_000;

function cleaned(value: string | null | undefined): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
  return (value ?? "").replace(/[\u0000-\u001f\u007f]/g, "").slice(0, FIELD_MAX);
}

/** The source, medium and campaign a count is kept under, cleaned; "(none)" for a blank source or medium. */
function labelOf(source: PageCount["source"]): SourceLabel {
  return {
    source: cleaned(source.source) || "(none)",
    medium: cleaned(source.medium) || "(none)",
    campaign: cleaned(source.campaign),
  };
}

function keyOf(day: string, kind: string, subject: string, dealer: string, label: SourceLabel): string {
  return [day, kind, subject, dealer, label.source, label.medium, label.campaign].join(SEPARATOR);
}

function dealerKey(dealer: DealerRef): string {
  if (!dealer) return "";
  if ("vehicleId" in dealer) return `v${dealer.vehicleId}`;
  if ("dealerId" in dealer) return `d${dealer.dealerId}`;
  return `s${cleaned(dealer.dealerSlug)}`;
}

/**
 * Counts page views, visits and clicks in this process's memory and adds them to page_counts_daily every
 * `flushEveryMs` (PAGE_COUNTS_FLUSH_SECONDS) and on stop (core/shared/count-buffer.ts), so that a page view costs
 * a Map update and no database write, and instances on one database add into the same rows. Sources come from
 * visitors' links and cookies, so anyone can make up new ones: a new source is named only within the day's caps
 * (source-cap.server.ts, checked when the counts are written), else counted as "(other)"; and past MAX_PENDING_KEYS
 * distinct rows between two flushes (this instance's memory), a count from a new source is kept under "(other)"
 * at once, past twice that also without its subject.
 */
export class PageCountsAggregator {
  private readonly counts: CountBuffer;
  private readonly sources: NewSourceCap;

  constructor(
    private readonly db: Database,
    private readonly options: {
      logger?: Logger;
      now?: () => Date;
      flushEveryMs?: number;
      maxKeys?: number;
      /** The caps of new sources a day (DEFAULT_SOURCE_CAP unless PAGE_COUNTS_NEW_SOURCES_PER_DAY and _PER_CLIENT say). */
      sourceCap?: SourceCapLimits;
    } = {},
  ) {
    this.sources = new NewSourceCap(db, options.sourceCap, () => (options.now?.() ?? new Date()).getTime());
    this.counts = new CountBuffer((counts) => this.write(counts), {
      what: "page counts",
      logger: options.logger,
      flushEveryMs: options.flushEveryMs,
    });
  }

  record(count: PageCount): void {
    const day = southAfricanDay(this.options.now?.() ?? new Date());
    const maxKeys = this.options.maxKeys ?? MAX_PENDING_KEYS;
    const subject = cleaned(count.subject);
    const dealer = dealerKey(count.dealer);
    let label = labelOf(count.source);
    let key = keyOf(day, count.kind, subject, dealer, label);
    if (this.counts.size >= maxKeys && !this.counts.has(key)) {
      key = keyOf(day, count.kind, subject, dealer, OVERFLOW_LABEL);
      if (this.counts.size >= 2 * maxKeys && !this.counts.has(key))
        key = keyOf(day, count.kind, "", "", OVERFLOW_LABEL);
    } else if (!this.sources.keeps(day, label, count.client)) {
      label = OVERFLOW_LABEL;
      key = keyOf(day, count.kind, subject, dealer, label);
    }
    this.counts.add(key);
  }

  start(): void {
    this.counts.start();
  }

  stop(): Promise<void> {
    return this.counts.stop();
  }

  /** Adds what was counted since the last flush to the database; answers how many rows it touched. */
  flush(): Promise<number> {
    return this.counts.flush();
  }

  /** Adds the counts into their rows; a count whose new source was not admitted (source-cap.server.ts) into "(other)"'s. */
  private async write(counts: ReadonlyMap<string, number>): Promise<number> {
    const { refused, putBack } = await this.sources.decide();
    try {
      return await this.insert(
        [...counts].map(([key, count]) => {
          const [day, kind, subject, dealer, source, medium, campaign] = key.split(SEPARATOR) as [
            string,
            string,
            string,
            string,
            string,
            string,
            string,
          ];
          const label = refused(day, { source, medium, campaign }) ? OVERFLOW_LABEL : { source, medium, campaign };
          return { day, kind, subject, dealer, ...label, count };
        }),
      );
    } catch (error) {
      putBack();
      throw error;
    }
  }

  private async insert(
    parsed: (SourceLabel & { day: string; kind: string; subject: string; dealer: string; count: number })[],
  ): Promise<number> {
    const dealerIdOf = await this.dealerIds(parsed.map((row) => row.dealer));
    // Two keys may name one dealer (a vehicle and its dealer's slug): one row each, or the INSERT would touch a row twice.
    const rows = new Map<string, typeof pageCountsDaily.$inferInsert>();
    for (const { dealer, count, ...row } of parsed) {
      const dealerId = dealerIdOf(dealer);
      const key = [row.day, row.kind, row.subject, dealerId, row.source, row.medium, row.campaign].join(SEPARATOR);
      const before = rows.get(key);
      rows.set(key, { ...row, dealerId, count: (before?.count ?? 0) + count });
    }
    // In one order on every instance, so that two instances adding into the same rows never wait on each other in a cycle.
    const sorted = [...rows].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
    for (let start = 0; start < sorted.length; start += ROWS_PER_INSERT) {
      await this.db
        .insert(pageCountsDaily)
        .values(sorted.slice(start, start + ROWS_PER_INSERT))
        .onConflictDoUpdate({
          target: [
            pageCountsDaily.day,
            pageCountsDaily.kind,
            pageCountsDaily.subject,
            pageCountsDaily.dealerId,
            pageCountsDaily.source,
            pageCountsDaily.medium,
            pageCountsDaily.campaign,
          ],
          set: { count: sql`${pageCountsDaily.count} + excluded.count` },
        });
    }
    return sorted.length;
  }

  /** The dealer ids the keys' dealer parts name, looked up with one query each for vehicles and slugs; 0 for none or unknown. */
  private async dealerIds(keys: string[]): Promise<(key: string) => number> {
    const vehicleIds = [
      ...new Set(keys.filter((key) => key.startsWith("v")).map((key) => Number(key.slice(1)))),
    ].filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647);
    const slugs = [...new Set(keys.filter((key) => key.startsWith("s")).map((key) => key.slice(1)))];
    const [vehicles, named] = await Promise.all([
      vehicleIds.length > 0
        ? this.db
            .select({ id: usedVehicles.id, dealerId: usedVehicles.dealerId })
            .from(usedVehicles)
            .where(inArray(usedVehicles.id, vehicleIds))
        : [],
      slugs.length > 0
        ? this.db.select({ id: dealers.id, slug: dealers.slug }).from(dealers).where(inArray(dealers.slug, slugs))
        : [],
    ]);
    const byVehicle = new Map(vehicles.map((row) => [`v${row.id}`, row.dealerId]));
    const bySlug = new Map(named.map((row) => [`s${row.slug}`, row.id]));
    return (key) => {
      if (key.startsWith("d")) return Number(key.slice(1)) || 0;
      return byVehicle.get(key) ?? bySlug.get(key) ?? 0;
    };
  }
}

/** Deletes the days older than PAGE_COUNTS_RETENTION_MONTHS months before today (South African); answers how many rows went. */
export async function purgeOldPageCounts(db: Database, now = new Date()): Promise<number> {
  const today = southAfricanDay(now);
  const deleted = await db
    .delete(pageCountsDaily)
    .where(lt(pageCountsDaily.day, sql`(${today}::date - ${`${PAGE_COUNTS_RETENTION_MONTHS} months`}::interval)::date`))
    .returning({ day: pageCountsDaily.day });
  return deleted.length;
}

const PAGE_COUNTS_PURGE_JOB = "page-counts-purge";

/** The retention of the daily page counts, on the one job runner (decision 023): daily, one instance per run. */
export function registerPageCountsPurgeJob(jobs: JobRunner, options: { db: Database }): void {
  jobs.register({
    name: PAGE_COUNTS_PURGE_JOB,
    everyMs: 86_400_000,
    run: async () => ({ purged: await purgeOldPageCounts(options.db), retentionMonths: PAGE_COUNTS_RETENTION_MONTHS }),
  });
}
