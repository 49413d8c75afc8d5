import { createHash } from "node:crypto";
import type { Database } from "../../db/client.ts";
import { DatabaseRateLimiter } from "../shared/database-rate-limiter.server.ts";

/** At most this many confirmations go to one e-mail address per window, so that the forms cannot mail strangers. */
const CONFIRMATIONS_PER_ADDRESS = 3;
const CONFIRMATION_WINDOW_MS = 24 * 3_600_000;

const limiters = new WeakMap<Database, DatabaseRateLimiter>();

/**
 * Counts one confirmation to `email` and answers whether it may be sent: the forms' own rate limiter, in the
 * database (every instance counts together), keyed by a hash of the address so that no address is kept there.
 */
export async function mayConfirmTo(db: Database, email: string): Promise<boolean> {
  let limiter = limiters.get(db);
  if (!limiter) {
    limiter = new DatabaseRateLimiter(db, CONFIRMATIONS_PER_ADDRESS, CONFIRMATION_WINDOW_MS, Date.now, "confirmation");
    limiters.set(db, limiter);
  }
  const key = createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
  return (await limiter.hit(key)).allowed;
}
