import { and, eq, like, lt, notLike, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { rateLimitWindows } from "../../db/schema.ts";
import type { RateDecision, RateLimiter } from "./rate-limiter.ts";

/**
 * A fixed-window counter per key stored in the database, so that every app instance on the same database
 * counts against the same allowance. Windows are aligned to the epoch (every instance computes the same
 * window for the same moment); one atomic upsert counts the hit and answers the new count.
 *
 * If the database cannot be reached the error propagates: the app answers 503 with Retry-After, which is
 * what the POST would get anyway, since the lead it carries could not be stored either.
 *
 * Limiters with different windows share the table: each one given a `scope` keeps its keys as
 * `{scope}|{key}` and prunes only those, so that a short window's pruning never drops a longer one's counts.
 */
export class DatabaseRateLimiter implements RateLimiter {
  private prunedWindowStart = -1;

  constructor(
    private readonly db: Database,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly scope?: string,
  ) {}

  async hit(clientKey: string): Promise<RateDecision> {
    const now = this.now();
    const key = this.scope ? `${this.scope}|${clientKey}` : clientKey;
    const windowStart = Math.floor(now / this.windowMs) * this.windowMs;
    await this.pruneOncePerWindow(windowStart);
    const [row] = await this.db
      .insert(rateLimitWindows)
      .values({ key, windowStart: new Date(windowStart), count: 1 })
      .onConflictDoUpdate({
        target: [rateLimitWindows.key, rateLimitWindows.windowStart],
        set: { count: sql`${rateLimitWindows.count} + 1` },
      })
      .returning({ count: rateLimitWindows.count });
    if (row!.count <= this.limit) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + this.windowMs - now) / 1000)) };
  }

  /** Takes back one hit of the current window: an attempt counted before it was judged turned out not to count. */
  async refund(clientKey: string): Promise<void> {
    const key = this.scope ? `${this.scope}|${clientKey}` : clientKey;
    const windowStart = Math.floor(this.now() / this.windowMs) * this.windowMs;
    await this.db
      .update(rateLimitWindows)
      .set({ count: sql`greatest(${rateLimitWindows.count} - 1, 0)` })
      .where(and(eq(rateLimitWindows.key, key), eq(rateLimitWindows.windowStart, new Date(windowStart))));
  }

  /** Deletes windows before the previous one; each instance does it once when it first sees a new window. */
  private async pruneOncePerWindow(windowStart: number) {
    if (windowStart === this.prunedWindowStart) return;
    this.prunedWindowStart = windowStart;
    const ownKeys = this.scope ? like(rateLimitWindows.key, `${this.scope}|%`) : notLike(rateLimitWindows.key, "%|%");
    await this.db
      .delete(rateLimitWindows)
      .where(and(lt(rateLimitWindows.windowStart, new Date(windowStart - this.windowMs)), ownKeys));
  }
}
