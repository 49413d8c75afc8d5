import { and, like, lt } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { rateLimitWindows } from "../../db/schema.ts";
import type { JobRunner } from "../jobs/runner.server.ts";
import { deleteExpiredSessions } from "./sessions.server.ts";
import { deleteEndedSignInWindows } from "./sign-in-throttle.server.ts";
import { deleteExpiredTokens } from "./tokens.server.ts";

export const STAFF_HOUSEKEEPING_JOB = "staff-housekeeping";
const DAY_MS = 86_400_000;

/**
 * What the staff area no longer needs, deleted: sessions past their idle or absolute end, one-time tokens
 * past their expiry, and failed sign-in counts whose window has ended (each holds an account's address or a
 * client's). Expired sessions and tokens are refused anyway; this keeps them from piling up.
 */
async function purgeStaffLeftovers(db: Database, now = new Date()) {
  return {
    sessions: await deleteExpiredSessions(db, now),
    tokens: await deleteExpiredTokens(db, now),
    signInCounts: (await deleteEndedSignInWindows(db, now)) + (await deleteRetiredSignInWindows(db, now)),
  };
}

/**
 * The fixed-window counts the sign-in throttle kept before decision 071 (scopes `staff-sign-in-account` and
 * `staff-sign-in-client` of rate_limit_windows): nothing prunes them any more once no instance runs that code.
 */
async function deleteRetiredSignInWindows(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(rateLimitWindows)
    .where(
      and(
        like(rateLimitWindows.key, "staff-sign-in-%|%"),
        lt(rateLimitWindows.windowStart, new Date(now.getTime() - DAY_MS)),
      ),
    )
    .returning({ key: rateLimitWindows.key });
  return deleted.length;
}

/** Daily, on the one job runner (core/jobs/runner.server.ts): one instance takes each run, and its counts are logged. */
export function registerStaffHousekeepingJob(jobs: JobRunner, options: { db: Database }): void {
  jobs.register({ name: STAFF_HOUSEKEEPING_JOB, everyMs: DAY_MS, run: () => purgeStaffLeftovers(options.db) });
}
