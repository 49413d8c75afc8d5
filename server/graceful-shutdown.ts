import { setTimeout as sleep } from "node:timers/promises";
import type { Logger } from "./logger.ts";

/**
 * The first step of a graceful stop: the instance says it is not ready (/readyz answers 503 "draining") and
 * keeps serving for `drainMs`, so that the proxy's health check takes it out of rotation before it stops
 * accepting connections. Without it, requests sent in the gap between the stop and the proxy noticing would
 * meet a refused connection. See docs/deploy.md (rolling restarts).
 */
export class Drain {
  private started = false;

  constructor(
    private readonly drainMs: number,
    private readonly logger: Logger,
  ) {}

  get draining(): boolean {
    return this.started;
  }

  /** Turns readiness off and waits out the drain period (at once when it is 0). */
  async run(): Promise<void> {
    this.started = true;
    if (this.drainMs <= 0) return;
    this.logger.info({ drainMs: this.drainMs }, "draining: /readyz answers 503 while requests are still served");
    await sleep(this.drainMs);
  }
}
