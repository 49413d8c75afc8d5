export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts one attempt for `key`; refused once the key has used its allowance in the window. */
  hit(key: string): Promise<RateDecision>;
}

/**
 * A fixed-window counter per key held in this process's memory. Enough for one instance; several instances
 * behind a load balancer need a shared store.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string): Promise<RateDecision> {
    const now = this.now();
    const current = this.windows.get(key);
    if (!current || now - current.startedAt >= this.windowMs) {
      this.sweep(now);
      this.windows.set(key, { startedAt: now, count: 1 });
      return { allowed: true };
    }
    current.count += 1;
    if (current.count <= this.limit) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.ceil((current.startedAt + this.windowMs - now) / 1000) };
  }

  private sweep(now: number) {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) if (now - window.startedAt >= this.windowMs) this.windows.delete(key);
  }
}
