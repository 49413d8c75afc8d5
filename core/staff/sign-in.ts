import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { staffUsers } from "../../db/schema.ts";
import { clientRateKey } from "../shared/client-key.ts";
import { DatabaseRateLimiter } from "../shared/database-rate-limiter.ts";
import type { RateDecision } from "../shared/rate-limiter.ts";
import { recordAudit } from "./audit.ts";
import { verifyAgainstNothing, verifyPassword } from "./passwords.ts";
import type { StaffRole } from "./roles.ts";
import { createSession, type IssuedSession } from "./sessions.ts";
import { consumeToken, issueToken, tokenOwner } from "./tokens.ts";
import { totpStepOf } from "./totp.ts";

/**
 * Staff sign-in: e-mail and password, then the TOTP code when the person turned it on. Failures are counted
 * per account and per client (an IPv6 client by its /64, core/shared/client-key.ts) in the database (every instance shares the count); after
 * MAX_FAILURES in a window the next attempt is refused with the time to wait, before any password is checked.
 * Each attempt is counted before it is judged, and taken back if it succeeds.
 */
export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60_000;

export type SignInOutcome =
  | { kind: "signed-in"; session: IssuedSession; staffUserId: number }
  /** The password was right and a TOTP code is due (`wrongCode`: the code just sent was not it). */
  | { kind: "second-factor"; pendingToken: string; wrongCode?: boolean }
  | { kind: "refused" }
  | { kind: "throttled"; retryAfterSeconds: number };

export class SignInThrottle {
  private readonly perAccount: DatabaseRateLimiter;
  private readonly perClient: DatabaseRateLimiter;

  /** `maxClientFailures`: one client address's allowance (an office behind one address may need more than an account's). */
  constructor(db: Database, now: () => number = Date.now, maxClientFailures = MAX_FAILURES) {
    this.perAccount = new DatabaseRateLimiter(db, MAX_FAILURES, FAILURE_WINDOW_MS, now, "staff-sign-in-account");
    this.perClient = new DatabaseRateLimiter(db, maxClientFailures, FAILURE_WINDOW_MS, now, "staff-sign-in-client");
  }

  /**
   * Counts an attempt before its password or code is checked, so that attempts sent at the same moment cannot
   * all pass a check that none of them has counted yet. Refused (with the longer wait of the two) once the
   * account or the client has used its allowance of failures in the window.
   */
  async claimAttempt(email: string, clientAddress: string): Promise<RateDecision> {
    const decisions = await Promise.all([this.perAccount.hit(email), this.perClient.hit(clientRateKey(clientAddress))]);
    const waits = decisions.flatMap((decision) => (decision.allowed ? [] : [decision.retryAfterSeconds]));
    return waits.length === 0 ? { allowed: true } : { allowed: false, retryAfterSeconds: Math.max(...waits) };
  }

  /** An attempt that succeeded is not a failure: its claim is taken back. */
  async attemptSucceeded(email: string, clientAddress: string): Promise<void> {
    await Promise.all([this.perAccount.refund(email), this.perClient.refund(clientRateKey(clientAddress))]);
  }
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export type SignInAttempt = { email: string; password: string; clientAddress: string };

export async function signIn(
  db: Database,
  throttle: SignInThrottle,
  attempt: SignInAttempt,
  now = new Date(),
): Promise<SignInOutcome> {
  const email = normaliseEmail(attempt.email);
  const gate = await throttle.claimAttempt(email, attempt.clientAddress);
  if (!gate.allowed) return { kind: "throttled", retryAfterSeconds: gate.retryAfterSeconds };
  const [user] = await db
    .select({
      id: staffUsers.id,
      passwordHash: staffUsers.passwordHash,
      active: staffUsers.active,
      totpSecret: staffUsers.totpSecret,
    })
    .from(staffUsers)
    .where(eq(staffUsers.email, email));
  const passwordRight =
    user?.active && user.passwordHash
      ? await verifyPassword(user.passwordHash, attempt.password)
      : await verifyAgainstNothing(attempt.password);
  if (!user || !passwordRight) return { kind: "refused" };
  await throttle.attemptSucceeded(email, attempt.clientAddress);
  if (user.totpSecret)
    return { kind: "second-factor", pendingToken: await issueToken(db, "second-factor", user.id, now) };
  return { kind: "signed-in", session: await startSession(db, user.id, email, now), staffUserId: user.id };
}

/** The second step: the code from the person's authenticator app, with the token the first step handed out. */
export async function completeSecondFactor(
  db: Database,
  throttle: SignInThrottle,
  attempt: { pendingToken: string; code: string; clientAddress: string },
  now = new Date(),
): Promise<SignInOutcome> {
  const owner = await tokenOwner(db, "second-factor", attempt.pendingToken, now);
  if (owner === undefined || owner === null) return { kind: "refused" };
  const [user] = await db
    .select({ email: staffUsers.email, totpSecret: staffUsers.totpSecret, active: staffUsers.active })
    .from(staffUsers)
    .where(eq(staffUsers.id, owner));
  if (!user?.active || !user.totpSecret) return { kind: "refused" };
  const gate = await throttle.claimAttempt(user.email, attempt.clientAddress);
  if (!gate.allowed) return { kind: "throttled", retryAfterSeconds: gate.retryAfterSeconds };
  const step = totpStepOf(user.totpSecret, attempt.code, now.getTime());
  if (step === null || !(await spendTotpStep(db, owner, step))) {
    return { kind: "second-factor", pendingToken: attempt.pendingToken, wrongCode: true };
  }
  await throttle.attemptSucceeded(user.email, attempt.clientAddress);
  if (!(await consumeToken(db, "second-factor", attempt.pendingToken, now))) return { kind: "refused" };
  return { kind: "signed-in", session: await startSession(db, owner, user.email, now), staffUserId: owner };
}

/**
 * Records that a sign-in used the code of `step`, in one conditional UPDATE: false when that code (or a later
 * one) was already used, so a code seen over someone's shoulder, or sent twice at once, works only once.
 */
async function spendTotpStep(db: Database, staffUserId: number, step: number): Promise<boolean> {
  const used = await db
    .update(staffUsers)
    .set({ totpLastStep: step })
    .where(and(eq(staffUsers.id, staffUserId), or(isNull(staffUsers.totpLastStep), lt(staffUsers.totpLastStep, step))))
    .returning({ id: staffUsers.id });
  return used.length === 1;
}

async function startSession(db: Database, staffUserId: number, email: string, now: Date): Promise<IssuedSession> {
  return db.transaction(async (tx) => {
    const session = await createSession(tx, staffUserId, now);
    const [user] = await tx.select({ role: staffUsers.role }).from(staffUsers).where(eq(staffUsers.id, staffUserId));
    await recordAudit(tx, {
      actor: { id: staffUserId, label: email, role: (user?.role ?? "dealer_manager") as StaffRole, dealerIds: [] },
      action: "staff_user.sign_in",
      entity: "staff_user",
      entityId: staffUserId,
    });
    return session;
  });
}
