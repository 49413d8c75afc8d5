import { gte, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { webVitalsDaily } from "../../db/schema.ts";
import type { JobRunner } from "../jobs/runner.server.ts";
import { CountBuffer } from "../shared/count-buffer.ts";
import { daysBefore, southAfricanDay } from "../shared/days.ts";
import type { Logger } from "pino";
import { assertMay, type StaffActor } from "../staff/roles.ts";
import {
  bucketOf,
  type DeviceClass,
  p75OfBuckets,
  type PageType,
  type Rating,
  ratingOf,
  VITAL_NAMES,
  type VitalName,
} from "./vitals.ts";

/** One page view's measurements, classed (the beacon's path is already dropped). */
export type VitalsVisit = {
  pageType: PageType;
  device: DeviceClass;
  metrics: readonly { name: VitalName; value: number }[];
};

/**
 * Counts page views' vitals per day, page type, device class, vital and bucket in memory, and adds them to
 * web_vitals_daily once a minute (and on stop), through the shared CountBuffer (core/shared/count-buffer.ts):
 * a beacon costs no database write of its own, and instances sharing a database each add their own counts.
 */
export class VitalsAggregator {
  private readonly counts: CountBuffer;

  constructor(
    private readonly db: Database,
    private readonly options: { logger?: Logger; now?: () => Date; flushEveryMs?: number } = {},
  ) {
    this.counts = new CountBuffer((counts) => this.write(counts), {
      what: "web vitals",
      logger: options.logger,
      flushEveryMs: options.flushEveryMs,
    });
  }

  record(visit: VitalsVisit): void {
    const day = southAfricanDay(this.options.now?.() ?? new Date());
    for (const { name, value } of visit.metrics) {
      this.counts.add([day, visit.pageType, visit.device, name, bucketOf(name, value)].join("|"));
    }
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

  private async write(counts: ReadonlyMap<string, number>): Promise<number> {
    const rows = [...counts].map(([key, count]) => {
      const [day, pageType, device, metric, bucket] = key.split("|") as [string, string, string, string, string];
      return { day, pageType, device, metric, bucket: Number(bucket), count };
    });
    await this.db
      .insert(webVitalsDaily)
      .values(rows)
      .onConflictDoUpdate({
        target: [
          webVitalsDaily.day,
          webVitalsDaily.pageType,
          webVitalsDaily.device,
          webVitalsDaily.metric,
          webVitalsDaily.bucket,
        ],
        set: { count: sql`${webVitalsDaily.count} + excluded.count` },
      });
    return rows.length;
  }
}

export type VitalP75 = { value: number; over: boolean; visits: number; rating: Rating };
export type VitalsRow = { pageType: PageType; device: DeviceClass; vitals: Partial<Record<VitalName, VitalP75>> };
export type VitalsSummary = { from: string; to: string; rows: VitalsRow[] };

/**
 * The p75 of each vital per page type and device class over the last `days` South African days, today
 * included. Group administrators only (core/staff/roles.ts, area "web-vitals").
 */
export async function readVitalsSummary(
  db: Database,
  actor: StaffActor,
  days: number,
  now = new Date(),
): Promise<VitalsSummary> {
  assertMay(actor, "web-vitals", null);
  const to = southAfricanDay(now);
  const from = daysBefore(to, days - 1);
  const counts = await db
    .select({
      pageType: webVitalsDaily.pageType,
      device: webVitalsDaily.device,
      metric: webVitalsDaily.metric,
      bucket: webVitalsDaily.bucket,
      count: sql<number>`sum(${webVitalsDaily.count})::int`,
    })
    .from(webVitalsDaily)
    .where(gte(webVitalsDaily.day, from))
    // By position: drizzle writes the select list unqualified and GROUP BY qualified (see server/metrics.ts).
    .groupBy(sql`1, 2, 3, 4`);
  const buckets = new Map<string, Map<number, number>>();
  for (const row of counts) {
    const key = `${row.pageType}|${row.device}|${row.metric}`;
    const byBucket = buckets.get(key) ?? new Map<number, number>();
    byBucket.set(row.bucket, Number(row.count));
    buckets.set(key, byBucket);
  }
  const rows = new Map<string, VitalsRow>();
  for (const [key, byBucket] of buckets) {
    const [pageType, device, metric] = key.split("|") as [PageType, DeviceClass, VitalName];
    if (!VITAL_NAMES.includes(metric)) continue;
    const p75 = p75OfBuckets(metric, byBucket);
    if (!p75) continue;
    const row = rows.get(`${pageType}|${device}`) ?? { pageType, device, vitals: {} };
    row.vitals[metric] = { ...p75, rating: ratingOf(metric, p75) };
    rows.set(`${pageType}|${device}`, row);
  }
  return { from, to, rows: [...rows.values()] };
}

/** Deletes the days older than `retentionDays` (today counts as one); answers how many rows went. */
export async function purgeOldVitals(db: Database, retentionDays: number, now = new Date()): Promise<number> {
  const oldestKept = daysBefore(southAfricanDay(now), retentionDays - 1);
  const deleted = await db
    .delete(webVitalsDaily)
    .where(lt(webVitalsDaily.day, oldestKept))
    .returning({ day: webVitalsDaily.day });
  return deleted.length;
}

const VITALS_PURGE_JOB = "web-vitals-purge";

/** The retention of the daily vitals, on the one job runner (decision 023): daily, one instance per run. */
export function registerVitalsPurgeJob(jobs: JobRunner, options: { db: Database; retentionDays: number }): void {
  jobs.register({
    name: VITALS_PURGE_JOB,
    everyMs: 86_400_000,
    run: async () => ({
      purged: await purgeOldVitals(options.db, options.retentionDays),
      retentionDays: options.retentionDays,
    }),
  });
}
