import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { dailyJobRuns } from "../../db/schema.ts";

export type DailyRun<T> = { ran: true; result: T } | { ran: false; ranBy: string };

/**
 * Runs `job` at most once per UTC day across every instance sharing the database: the instance whose insert
 * of the day's row in daily_job_runs succeeds runs it, the others find the row and leave it. The row records
 * who ran it, when it finished and what it did. A failed run gives its row back, so a later try (on any
 * instance) runs it again that day.
 */
export async function runOncePerDay<T>(
  db: Database,
  options: { job: string; instance: string; now?: Date; describe: (result: T) => string },
  job: () => Promise<T>,
): Promise<DailyRun<T>> {
  const runOn = (options.now ?? new Date()).toISOString().slice(0, 10);
  const [lease] = await db
    .insert(dailyJobRuns)
    .values({ job: options.job, runOn, instance: options.instance })
    .onConflictDoNothing()
    .returning({ job: dailyJobRuns.job });
  const thisRun = and(eq(dailyJobRuns.job, options.job), eq(dailyJobRuns.runOn, runOn));
  if (!lease) {
    const [holder] = await db.select({ instance: dailyJobRuns.instance }).from(dailyJobRuns).where(thisRun);
    return { ran: false, ranBy: holder?.instance ?? "another instance" };
  }
  try {
    const result = await job();
    await db.update(dailyJobRuns).set({ finishedAt: sql`now()`, outcome: options.describe(result) }).where(thisRun);
    return { ran: true, result };
  } catch (error) {
    await db.delete(dailyJobRuns).where(thisRun);
    throw error;
  }
}
