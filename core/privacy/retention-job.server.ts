import type { Database } from "../../db/client.ts";
import type { JobRunner } from "../jobs/runner.server.ts";
import type { PrivacyDeps } from "./kinds.ts";
import { expirePersonalRecords } from "./privacy.server.ts";
import type { RetentionSettings } from "./retention.ts";

export const RETENTION_JOB = "personal-records-retention";
const DAY_MS = 86_400_000;

/**
 * The one retention job of every kind of personal record (leads, appointments, sell-your-car photos, finance
 * applications, saved-search alerts, delivery copies, outbox e-mails), daily on the one job runner; it also deletes
 * the files an erasure could not. Decision 074.
 */
export function registerRetentionJob(
  jobs: JobRunner,
  options: { db: Database; settings: RetentionSettings; deps: PrivacyDeps; now?: () => Date },
): void {
  const now = options.now ?? (() => new Date());
  jobs.register({
    name: RETENTION_JOB,
    everyMs: DAY_MS,
    run: async () => expirePersonalRecords(options.db, now(), options.settings, options.deps),
  });
}
