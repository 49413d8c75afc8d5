import type { Database } from "../../db/client.ts";
import type { Mailer } from "../delivery/email.ts";
import type { JobRunner } from "../jobs/runner.ts";
import { sendSavedSearchAlerts } from "./alert-job.ts";
import { purgeAlertAddresses } from "./saved-searches.ts";

const DAY_MS = 86_400_000;

/** The saved-search jobs: the alert e-mails, and the POPIA purge of addresses that unsubscribed. */
export function registerAlertJobs(
  jobs: JobRunner,
  options: { db: Database; mailer: Mailer; siteUrl: string; intervalMs: number; retentionDays: number },
): void {
  const { db, mailer, siteUrl } = options;
  jobs.register({
    name: "saved-search-alerts",
    everyMs: options.intervalMs,
    run: ({ logger, signal }) => sendSavedSearchAlerts({ db, mailer, siteUrl, logger, signal }),
  });
  jobs.register({
    name: "saved-search-purge",
    everyMs: DAY_MS,
    run: () => purgeAlertAddresses(db, options.retentionDays),
  });
}
