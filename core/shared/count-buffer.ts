// biome-ignore lint/style/noRestrictedImports: types only, which the browser's script does not carry
import type { Logger } from "pino";

/**
 * Counts kept in this process's memory by key and written to the database now and then (every `flushEveryMs`,
 * and on stop), so that counting costs a request no database write of its own; each instance writes its own
 * counts, added into the same rows (`count = count + excluded.count`). A write the database refused keeps its
 * counts for the next one. Used by the daily aggregates of the web vitals (core/vitals) and of the page counts
 * (core/insights). The flush is a timer of each process, not a job of the job runner: the runner gives each
 * run to one instance, while every instance holds counts of its own.
 */
export class CountBuffer {
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    /** Adds the counts to the database; answers how many rows it touched. */
    private readonly write: (counts: ReadonlyMap<string, number>) => Promise<number>,
    private readonly options: { what: string; logger?: Logger; flushEveryMs?: number },
  ) {}

  add(key: string, count = 1): void {
    this.pending.set(key, (this.pending.get(key) ?? 0) + count);
  }

  has(key: string): boolean {
    return this.pending.has(key);
  }

  /** Distinct keys counted since the last flush. */
  get size(): number {
    return this.pending.size;
  }

  start(): void {
    this.timer ??= setInterval(() => void this.flush().catch(() => {}), this.options.flushEveryMs ?? 60_000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush().catch(() => {});
  }

  /** Writes what was counted since the last flush; answers how many rows it touched. */
  async flush(): Promise<number> {
    if (this.pending.size === 0) return 0;
    const taken = this.pending;
    this.pending = new Map();
    try {
      return await this.write(taken);
    } catch (error) {
      for (const [key, count] of taken) this.add(key, count);
      this.options.logger?.warn(
        { err: error, keys: taken.size },
        `${this.options.what} not stored yet: kept for the next flush`,
      );
      throw error;
    }
  }
}
