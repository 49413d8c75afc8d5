import type { Database } from "../../db/client.ts";
import type { Mailer } from "../delivery/email.ts";
import type { JobRunner } from "../jobs/runner.ts";
import { sendSavedSearchAlerts } from "./alert-job.ts";

/**
 * The saved-search alert e-mails. The POPIA purge of addresses that unsubscribed is the saved-search kind's part of
 * the personal-records retention job (core/privacy/retention-job.ts).
 */
export function registerAlertJobs(
  jobs: JobRunner,
  options: { db: Database; mailer: Mailer; siteUrl: string; intervalMs: number },
): void {
  const { db, mailer, siteUrl } = options;
  jobs.register({
    name: "saved-search-alerts",
    everyMs: options.intervalMs,
    run: ({ logger, signal }) => sendSavedSearchAlerts({ db, mailer, siteUrl, logger, signal }),
  });
}
