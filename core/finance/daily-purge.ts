import type { Database } from "../../db/client.ts";
import type { JobRunner } from "../jobs/runner.ts";
import { purgeExpiredApplications } from "./applications.server.ts";

export const FINANCE_PURGE_JOB = "finance-purge";
const DAY_MS = 86_400_000;

/**
 * The POPIA retention purge as the server runs it itself: daily, on the one job runner (core/jobs/runner.ts:
 * one instance takes each run, its start and outcome are logged, a failed run is tried again later). The same
 * deletion as `npm run finance:purge`, which stays for operators. Decision 033.
 */
export function registerFinancePurgeJob(jobs: JobRunner, options: { db: Database; retentionDays: number }): void {
  jobs.register({
    name: FINANCE_PURGE_JOB,
    everyMs: DAY_MS,
    run: async () => ({
      purged: await purgeExpiredApplications(options.db, options.retentionDays),
      retentionDays: options.retentionDays,
    }),
  });
}
