import type { Database } from "../../db/client.ts";
import type { Mailer } from "../delivery/email.server.ts";
import type { JobRunner } from "../jobs/runner.server.ts";
import { sendSavedSearchAlerts } from "./alert-job.server.ts";

/**
 * The saved-search alert e-mails. The POPIA purge of addresses that unsubscribed is the saved-search kind's part of
 * the personal-records retention job (core/privacy/retention-job.server.ts).
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
