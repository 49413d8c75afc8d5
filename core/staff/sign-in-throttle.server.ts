import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { signInFailures } from "../../db/schema.ts";
import { clientRateKey } from "../shared/client-key.server.ts";
import { KnownDevices } from "./known-devices.server.ts";

/**
 * How failed staff sign-ins are slowed down without letting a stranger keep anyone out (decision 071, after
 * OWASP's "Slow Down Online Guessing Attacks with Device Cookies"). Each attempt counts against allowances:
 *
 * - from a browser holding a known-device token for the account (core/staff/known-devices.server.ts): that token's
 *   own FREE_FAILURES, and nothing else, so what strangers do elsewhere never holds the person back;
 * - from any other client: the account's FREE_FAILURES from this client (an IPv6 client by its /64), the
 *   client's own allowance across accounts (STAFF_SIGN_IN_CLIENT_FAILURES, for an office behind one
 *   address), and the account's ACCOUNT_FREE_FAILURES from all unknown devices together, which one client
 *   alone cannot reach, so that many clients together still cannot guess more than about 60 times an hour.
 *
 * Past an allowance each further attempt waits, FIRST_DELAY_MS after the last failure and twice as long each
 * time, at most LONGEST_DELAY_MS; nothing is locked. A key's window starts with its first failure and ends
 * FAILURE_WINDOW_MS later, when its failures are forgotten, so no two keys' windows line up with each other or
 * with the clock. Attempts that are told to wait are not counted.
 */
export const FREE_FAILURES = 5;
const ACCOUNT_FREE_FAILURES = 50;
export const FAILURE_WINDOW_MS = 60 * 60_000;
const FIRST_DELAY_MS = 30_000;
const LONGEST_DELAY_MS = 15 * 60_000;

export type FailureCount = { failures: number; windowStartedAt: number; lastFailureAt: number };

/** The moment the next attempt under `count` may be made: `now`, or later when it has to wait. */
export function nextAttemptAt(count: FailureCount | undefined, freeFailures: number, now: number): number {
  if (!count) return now;
  const windowEnd = count.windowStartedAt + FAILURE_WINDOW_MS;
  if (windowEnd <= now || count.failures < freeFailures) return now;
  const doublings = Math.min(count.failures - freeFailures, 20);
  const delay = Math.min(FIRST_DELAY_MS * 2 ** doublings, LONGEST_DELAY_MS);
  return Math.max(now, Math.min(count.lastFailureAt + delay, windowEnd));
}

/** The count with one more failure at `now`; a window that has ended (or never held a failure) starts again. */
function withFailure(count: FailureCount | undefined, now: number): FailureCount {
  if (!count || count.failures === 0 || count.windowStartedAt + FAILURE_WINDOW_MS <= now) {
    return { failures: 1, windowStartedAt: now, lastFailureAt: now };
  }
  return { ...count, failures: count.failures + 1, lastFailureAt: now };
}

type Allowance = { key: string; freeFailures: number };

/** What a claim counted, so that a success can take it back exactly. */
type CountedFailure = { key: string; countedAt: number; previousFailureAt: number };

export type SignInClaim = { allowed: true; counted: CountedFailure[] } | { allowed: false; retryAfterSeconds: number };

export type SignInThrottleOptions = {
  /** Recognises and issues the known-device cookie; default a key that lives as long as the process. */
  devices?: KnownDevices;
  now?: () => number;
  /** One client's allowance across accounts (STAFF_SIGN_IN_CLIENT_FAILURES); default FREE_FAILURES. */
  maxClientFailures?: number;
};

export class SignInThrottle {
  readonly devices: KnownDevices;
  readonly now: () => number;
  private readonly maxClientFailures: number;

  constructor(
    private readonly db: Database,
    { devices = new KnownDevices(), now = Date.now, maxClientFailures = FREE_FAILURES }: SignInThrottleOptions = {},
  ) {
    this.devices = devices;
    this.now = now;
    this.maxClientFailures = maxClientFailures;
  }

  /**
   * Counts an attempt before its password or code is checked, so that attempts sent at the same moment cannot
   * all pass a check that none of them has counted yet: one transaction reads the allowances' counts locked,
   * and counts the attempt only when none of them says to wait. `deviceCookie`: the browser's known-device
   * cookie, if any.
   */
  async claimAttempt(email: string, clientAddress: string, deviceCookie?: string | null): Promise<SignInClaim> {
    const now = this.now();
    const nonce = this.devices.recognise(deviceCookie, email, now);
    const allowances = nonce
      ? [{ key: `device|${nonce}`, freeFailures: FREE_FAILURES }]
      : this.#unknownDevice(email, clientAddress);
    allowances.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const keys = allowances.map((allowance) => allowance.key);
    return this.db.transaction(async (tx): Promise<SignInClaim> => {
      // Rows exist before they are locked (in key order, as every claim locks them: no deadlock).
      const placeholder = { failures: 0, windowStartedAt: new Date(now), lastFailureAt: new Date(now) };
      await tx
        .insert(signInFailures)
        .values(keys.map((key) => ({ key, ...placeholder })))
        .onConflictDoNothing();
      const rows = await lockInKeyOrder(tx, keys);
      const counts = new Map(rows.map((row) => [row.key, countOf(row)]));
      const waitUntil = Math.max(
        ...allowances.map((allowance) => nextAttemptAt(counts.get(allowance.key), allowance.freeFailures, now)),
      );
      if (waitUntil > now) {
        // A refused attempt leaves nothing behind: a client told to wait cannot fill the table with new addresses.
        await tx.delete(signInFailures).where(and(inArray(signInFailures.key, keys), eq(signInFailures.failures, 0)));
        return { allowed: false, retryAfterSeconds: Math.ceil((waitUntil - now) / 1000) };
      }
      const counted = keys.map((key) => ({
        key,
        after: withFailure(counts.get(key), now),
        countedAt: now,
        previousFailureAt: counts.get(key)?.lastFailureAt ?? now,
      }));
      // An upsert, not an update: a row the daily housekeeping deleted meanwhile is written again.
      await tx
        .insert(signInFailures)
        .values(
          counted.map(({ key, after }) => ({
            key,
            failures: after.failures,
            windowStartedAt: new Date(after.windowStartedAt),
            lastFailureAt: new Date(after.lastFailureAt),
          })),
        )
        .onConflictDoUpdate({
          target: signInFailures.key,
          set: {
            failures: sql`excluded.failures`,
            windowStartedAt: sql`excluded.window_started_at`,
            lastFailureAt: sql`excluded.last_failure_at`,
          },
        });
      return { allowed: true, counted: counted.map(({ after: _, ...taken }) => taken) };
    });
  }

  /**
   * An attempt that succeeded is not a failure: its count is taken back, and its time unless a failure came
   * since. The rows are locked in key order first, as a claim locks them, so the two never deadlock.
   */
  async attemptSucceeded(claim: SignInClaim): Promise<void> {
    if (!claim.allowed || claim.counted.length === 0) return;
    const keys = claim.counted.map(({ key }) => key);
    const values = claim.counted.map(
      ({ key, countedAt, previousFailureAt }) =>
        sql`(${key}::text, ${moment(countedAt)}, ${moment(previousFailureAt)})`,
    );
    await this.db.transaction(async (tx) => {
      await lockInKeyOrder(tx, keys);
      await tx.execute(sql`
        update ${signInFailures}
        set failures = greatest(${signInFailures.failures} - 1, 0),
          last_failure_at = case when ${signInFailures.lastFailureAt} = taken.counted_at
            then taken.previous_failure_at else ${signInFailures.lastFailureAt} end
        from (values ${sql.join(values, sql`, `)}) as taken (key, counted_at, previous_failure_at)
        where ${signInFailures.key} = taken.key`);
    });
  }

  #unknownDevice(email: string, clientAddress: string): Allowance[] {
    // An address no account can have is cut short: its count is its own either way.
    const account = email.slice(0, 320);
    const client = clientRateKey(clientAddress);
    return [
      { key: `account-client|${account}|${client}`, freeFailures: FREE_FAILURES },
      { key: `client|${client}`, freeFailures: this.maxClientFailures },
      { key: `account|${account}`, freeFailures: ACCOUNT_FREE_FAILURES },
    ];
  }
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The keys' rows, locked for this transaction in key order (every claim and refund locks in that order). */
function lockInKeyOrder(tx: Transaction, keys: string[]) {
  return (
    tx
      .select()
      .from(signInFailures)
      .where(inArray(signInFailures.key, keys))
      // Byte order, as the claim sorts its keys before inserting them, whatever the database's collation.
      .orderBy(sql`${signInFailures.key} collate "C"`)
      .for("update")
  );
}

const moment = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

function countOf(row: typeof signInFailures.$inferSelect): FailureCount {
  return {
    failures: row.failures,
    windowStartedAt: row.windowStartedAt.getTime(),
    lastFailureAt: row.lastFailureAt.getTime(),
  };
}

/**
 * Deletes the counts whose window has ended (they hold e-mail and client addresses; nothing reads them any
 * more). Rows a sign-in holds locked are left for the next run rather than waited for.
 */
export async function deleteEndedSignInWindows(db: Database, now = new Date()): Promise<number> {
  const ended = db
    .select({ key: signInFailures.key })
    .from(signInFailures)
    .where(lt(signInFailures.windowStartedAt, new Date(now.getTime() - FAILURE_WINDOW_MS)))
    .for("update", { skipLocked: true });
  const deleted = await db
    .delete(signInFailures)
    .where(inArray(signInFailures.key, ended))
    .returning({ key: signInFailures.key });
  return deleted.length;
}

/** A wait in plain words for the person told to wait: "30 seconds", "1 minute", "15 minutes". */
export function waitInWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
