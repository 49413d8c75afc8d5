import type { Database } from "../db/client.ts";
import { runDailyFinancePurge } from "../core/finance/daily-purge.ts";
import type { Logger } from "./logger.ts";

/** How often an instance asks whether today's purge has run; the lease makes it run once a day in all. */
const CHECK_EVERY_MS = 60 * 60 * 1000;

/**
 * Schedules the daily finance purge in this process: a check at start and every hour. Kept apart from the
 * purge itself so that a shared job runner can take it over (issue 17). Answers a stop function.
 */
export function scheduleDailyFinancePurge(db: Database, logger: Logger, retentionDays: number): () => void {
  const log = logger.child({ component: "finance-purge" });
  const check = () =>
    runDailyFinancePurge(db, log, { retentionDays }).catch((error: unknown) => log.error({ err: error }, "daily finance purge failed; retrying within the hour"));
  void check();
  const timer = setInterval(check, CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
