import { lt, sql } from "drizzle-orm";
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
 */
export class DatabaseRateLimiter implements RateLimiter {
  private prunedWindowStart = -1;

  constructor(
    private readonly db: Database,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string): Promise<RateDecision> {
    const now = this.now();
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

  /** Deletes windows before the previous one; each instance does it once when it first sees a new window. */
  private async pruneOncePerWindow(windowStart: number) {
    if (windowStart === this.prunedWindowStart) return;
    this.prunedWindowStart = windowStart;
    await this.db.delete(rateLimitWindows).where(lt(rateLimitWindows.windowStart, new Date(windowStart - this.windowMs)));
  }
}
