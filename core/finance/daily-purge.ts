import os from "node:os";
import type { Database } from "../../db/client.ts";
import type { Logger } from "../../server/logger.ts";
import { runOncePerDay } from "../jobs/daily-lease.ts";
import { purgeExpiredApplications } from "./applications.server.ts";

export const FINANCE_PURGE_JOB = "finance.purge";

/**
 * The POPIA retention purge as the server runs it itself: once per UTC day across all instances (the
 * daily_job_runs lease), the same deletion as `npm run finance:purge`, logged either way. Safe to call as often
 * as you like; only the first call of the day on any instance deletes anything.
 */
export async function runDailyFinancePurge(
  db: Database,
  logger: Logger,
  options: { retentionDays: number; instance?: string; now?: Date },
): Promise<number | null> {
  const instance = options.instance ?? `${os.hostname()}:${process.pid}`;
  const now = options.now ?? new Date();
  const run = await runOncePerDay(
    db,
    { job: FINANCE_PURGE_JOB, instance, now, describe: (deleted) => `deleted ${deleted} finance application(s) older than ${options.retentionDays} days` },
    () => purgeExpiredApplications(db, options.retentionDays, now),
  );
  if (!run.ran) {
    logger.debug({ job: FINANCE_PURGE_JOB, ranBy: run.ranBy }, "today's finance purge has already run");
    return null;
  }
  logger.info({ job: FINANCE_PURGE_JOB, deleted: run.result, retentionDays: options.retentionDays }, "daily finance purge done");
  return run.result;
}
