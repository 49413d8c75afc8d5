import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, isNull, lte, lt, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { jobRuns } from "../../db/schema.ts";
import type { Logger } from "pino";

/** A job the runner runs on a schedule. */
export type ScheduledJob = {
  /** Unique; the job_runs row and the logs name it. */
  name: string;
  /** Time from one run to the next (a day: 86 400 000). */
  everyMs: number;
  /** The work. Its answer (a few counts) is logged with the outcome; a throw is logged and retried later. */
  run: (context: { logger: Logger; signal: AbortSignal }) => Promise<Record<string, unknown> | undefined>;
  /** How long a run may hold the job before another instance may take it over (crashed instance); default 15 minutes. */
  leaseMs?: number;
  /** When a failed run is tried again; default 5 minutes (or the interval, if shorter). */
  retryMs?: number;
};

export type JobRunnerOptions = {
  db: Database;
  logger: Logger;
  /** How often the runner looks for due jobs; default 30 s. */
  pollMs?: number;
  /** Names this instance in job_runs.lease_holder (default: a random id per process). */
  instanceId?: string;
};

/**
 * Runs named jobs on a schedule, safely with several instances on one database: a run is taken by one
 * conditional UPDATE of the job's job_runs row (due, and not leased by an instance still within its lease),
 * so exactly one instance runs each due run; the schedule lives in the row, so a restart neither repeats
 * nor skips a run. Each run's start and outcome is logged. See docs/decisions/023-one-job-runner.md.
 *
 *   runner.register({ name: "finance-purge", everyMs: DAY_MS, run: async () => ({ purged: await purge(db) }) });
 */
export class JobRunner {
  private readonly jobs = new Map<string, ScheduledJob>();
  private readonly instanceId: string;
  private readonly stopping = new AbortController();
  private loop: Promise<void> | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: JobRunnerOptions) {
    this.instanceId = options.instanceId ?? randomUUID();
  }

  /** Adds a job; its first run is due at once, unless the database already schedules it (an earlier start). */
  register(job: ScheduledJob): void {
    if (this.jobs.has(job.name)) throw new Error(`job '${job.name}' is registered twice`);
    if (!(job.everyMs > 0)) throw new Error(`job '${job.name}' needs an interval above 0`);
    this.jobs.set(job.name, job);
  }

  get names(): string[] {
    return [...this.jobs.keys()];
  }

  start(): void {
    if (this.loop) return;
    const pollMs = this.options.pollMs ?? 30_000;
    this.loop = (async () => {
      while (!this.stopping.signal.aborted) {
        this.running = this.runDue().catch((error: unknown) =>
          this.options.logger.warn({ err: error }, "jobs: could not look for due jobs"),
        );
        await this.running;
        await sleep(pollMs, undefined, { signal: this.stopping.signal }).catch(() => {});
      }
    })();
  }

  /** Stops polling and waits for the run in hand, which is told to stop through its signal. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.loop;
    await this.running;
  }

  /** Runs every registered job that is due and not taken by another instance; answers the names it ran. */
  async runDue(): Promise<string[]> {
    const ran: string[] = [];
    for (const job of this.jobs.values()) {
      if (this.stopping.signal.aborted) break;
      if (await this.claim(job)) {
        await this.runClaimed(job);
        ran.push(job.name);
      }
    }
    return ran;
  }

  /** Takes the job's due run for this instance: true when this instance is the one to run it. */
  private async claim(job: ScheduledJob): Promise<boolean> {
    const { db } = this.options;
    await db.insert(jobRuns).values({ name: job.name, nextRunAt: sql`now()` }).onConflictDoNothing();
    const leaseMs = job.leaseMs ?? 15 * 60_000;
    const taken = await db
      .update(jobRuns)
      .set({
        leaseHolder: this.instanceId,
        leaseUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
        lastStartedAt: sql`now()`,
      })
      .where(
        and(
          eq(jobRuns.name, job.name),
          lte(jobRuns.nextRunAt, sql`now()`),
          or(isNull(jobRuns.leaseUntil), lt(jobRuns.leaseUntil, sql`now()`)),
        ),
      )
      .returning({ name: jobRuns.name });
    return taken.length > 0;
  }

  private async runClaimed(job: ScheduledJob): Promise<void> {
    const logger = this.options.logger.child({ job: job.name });
    const started = performance.now();
    logger.info("job started");
    let outcome: "ok" | "failed" = "ok";
    let error: string | null = null;
    const work = job.run({ logger, signal: this.stopping.signal });
    this.running = work.catch(() => {});
    try {
      const summary = await work;
      logger.info({ ms: Math.round(performance.now() - started), ...summary }, "job finished");
    } catch (thrown) {
      outcome = "failed";
      error = thrown instanceof Error ? thrown.message : String(thrown);
      logger.error({ err: thrown, ms: Math.round(performance.now() - started) }, "job failed; it runs again later");
    }
    const retryMs = Math.min(job.retryMs ?? 5 * 60_000, job.everyMs);
    // The next run: one interval after the scheduled one, skipping intervals that passed while nobody ran it.
    const next =
      outcome === "ok"
        ? sql`${jobRuns.nextRunAt} + ceil(greatest(extract(epoch from now() - ${jobRuns.nextRunAt})::float8 * 1000 + 1, 1) / ${job.everyMs}::float8) * ${`${job.everyMs} milliseconds`}::interval`
        : sql`now() + ${`${retryMs} milliseconds`}::interval`;
    await this.options.db
      .update(jobRuns)
      .set({
        nextRunAt: next,
        leaseUntil: null,
        leaseHolder: null,
        lastFinishedAt: sql`now()`,
        lastOutcome: outcome,
        lastError: error,
      })
      .where(and(eq(jobRuns.name, job.name), eq(jobRuns.leaseHolder, this.instanceId)));
  }
}

/** Each scheduled job's lateness (0 when not due yet) and whether its last run failed: for the metrics. */
export async function scheduledJobStates(
  db: Database,
): Promise<{ job: string; overdueSeconds: number; lastFailed: boolean }[]> {
  const rows = await db
    .select({
      job: jobRuns.name,
      overdueSeconds: sql<number>`greatest(0, extract(epoch from now() - ${jobRuns.nextRunAt}))::float8`,
      lastFailed: sql<boolean>`${jobRuns.lastOutcome} = 'failed'`,
    })
    .from(jobRuns);
  return rows.map((row) => ({ ...row, overdueSeconds: Number(row.overdueSeconds) }));
}
