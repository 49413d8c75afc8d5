import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { staffUsers } from "../../db/schema.ts";
import { recordAudit } from "./audit.server.ts";
import { verifyAgainstNothing, verifyPassword } from "./passwords.server.ts";
import type { StaffRole } from "./roles.ts";
import { createSession, type IssuedSession } from "./sessions.server.ts";
import type { SignInThrottle } from "./sign-in-throttle.server.ts";
import { consumeToken, issueToken, tokenOwner } from "./tokens.server.ts";
import { totpStepOf } from "./totp.ts";

/**
 * Staff sign-in: e-mail and password, then the TOTP code when the person turned it on. Every attempt is
 * counted by the throttle (core/staff/sign-in-throttle.server.ts) before it is judged, and taken back if it succeeds;
 * a sign-in gives the browser a new known-device cookie for the account (`deviceCookie`, the cookie's value).
 */
export type SignInOutcome =
  | { kind: "signed-in"; session: IssuedSession; staffUserId: number; deviceCookie: string }
  /** The password was right and a TOTP code is due (`wrongCode`: the code just sent was not it). */
  | { kind: "second-factor"; pendingToken: string; wrongCode?: boolean }
  | { kind: "refused" }
  | { kind: "throttled"; retryAfterSeconds: number };

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** `deviceCookie`: the value of the browser's known-device cookie, if it sent one. */
export type SignInAttempt = { email: string; password: string; clientAddress: string; deviceCookie?: string | null };

export async function signIn(
  db: Database,
  throttle: SignInThrottle,
  attempt: SignInAttempt,
  now = new Date(),
): Promise<SignInOutcome> {
  const email = normaliseEmail(attempt.email);
  const claim = await throttle.claimAttempt(email, attempt.clientAddress, attempt.deviceCookie);
  if (!claim.allowed) return { kind: "throttled", retryAfterSeconds: claim.retryAfterSeconds };
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
  await throttle.attemptSucceeded(claim);
  if (user.totpSecret)
    return { kind: "second-factor", pendingToken: await issueToken(db, "second-factor", user.id, now) };
  return signedIn(db, throttle, { staffUserId: user.id, email, deviceCookie: attempt.deviceCookie }, now);
}

/** The second step: the code from the person's authenticator app, with the token the first step handed out. */
export async function completeSecondFactor(
  db: Database,
  throttle: SignInThrottle,
  attempt: { pendingToken: string; code: string; clientAddress: string; deviceCookie?: string | null },
  now = new Date(),
): Promise<SignInOutcome> {
  const owner = await tokenOwner(db, "second-factor", attempt.pendingToken, now);
  if (owner === undefined || owner === null) return { kind: "refused" };
  const [user] = await db
    .select({ email: staffUsers.email, totpSecret: staffUsers.totpSecret, active: staffUsers.active })
    .from(staffUsers)
    .where(eq(staffUsers.id, owner));
  if (!user?.active || !user.totpSecret) return { kind: "refused" };
  const claim = await throttle.claimAttempt(user.email, attempt.clientAddress, attempt.deviceCookie);
  if (!claim.allowed) return { kind: "throttled", retryAfterSeconds: claim.retryAfterSeconds };
  const step = totpStepOf(user.totpSecret, attempt.code, now.getTime());
  if (step === null || !(await spendTotpStep(db, owner, step))) {
    return { kind: "second-factor", pendingToken: attempt.pendingToken, wrongCode: true };
  }
  await throttle.attemptSucceeded(claim);
  if (!(await consumeToken(db, "second-factor", attempt.pendingToken, now))) return { kind: "refused" };
  return signedIn(db, throttle, { staffUserId: owner, email: user.email, deviceCookie: attempt.deviceCookie }, now);
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

async function signedIn(
  db: Database,
  throttle: SignInThrottle,
  person: { staffUserId: number; email: string; deviceCookie?: string | null },
  now: Date,
): Promise<SignInOutcome> {
  return {
    kind: "signed-in",
    session: await startSession(db, person.staffUserId, person.email, now),
    staffUserId: person.staffUserId,
    deviceCookie: throttle.devices.remember(person.deviceCookie, person.email, throttle.now()),
  };
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
