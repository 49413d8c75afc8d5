import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { staffTokens } from "../../db/schema.ts";

/**
 * One-time tokens of the staff area (set-up, invitation, password reset, the step between password and TOTP
 * code): random, 256 bits, handed out once; only their SHA-256 is stored, with an expiry, and each is used once.
 */
export type TokenPurpose = "setup" | "invite" | "reset" | "second-factor";

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  setup: 24 * 3_600_000,
  invite: 72 * 3_600_000,
  reset: 3_600_000,
  "second-factor": 5 * 60_000,
};

type Executor = Pick<Database, "insert" | "update" | "select" | "delete">;

export function newSecretToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Issues a token; an earlier unused token of the same purpose for the same person stops working. */
export async function issueToken(
  db: Executor,
  purpose: TokenPurpose,
  staffUserId: number | null,
  now = new Date(),
): Promise<string> {
  const token = newSecretToken();
  // Set-up links (no person yet) are left alone: each instance starting at once logs its own, and any of them works.
  const earlier =
    staffUserId === null ? undefined : and(eq(staffTokens.purpose, purpose), eq(staffTokens.staffUserId, staffUserId));
  await db.delete(staffTokens).where(or(lt(staffTokens.expiresAt, now), earlier));
  await db.insert(staffTokens).values({
    tokenHash: hashToken(token),
    purpose,
    staffUserId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
  });
  return token;
}

const usable = (purpose: TokenPurpose, token: string, now: Date) =>
  and(
    eq(staffTokens.tokenHash, hashToken(token)),
    eq(staffTokens.purpose, purpose),
    isNull(staffTokens.usedAt),
    gt(staffTokens.expiresAt, now),
  );

/** True while the token can still be used (to show its form); does not use it. */
export async function isTokenUsable(
  db: Executor,
  purpose: TokenPurpose,
  token: string,
  now = new Date(),
): Promise<boolean> {
  const [row] = await db
    .select({ purpose: staffTokens.purpose })
    .from(staffTokens)
    .where(usable(purpose, token, now));
  return row !== undefined;
}

/**
 * Uses the token, atomically: of two requests with the same token only one gets it. Answers its person (null
 * for the set-up token), or undefined when the token is unknown, used or expired.
 */
export async function consumeToken(
  db: Executor,
  purpose: TokenPurpose,
  token: string,
  now = new Date(),
): Promise<{ staffUserId: number | null } | undefined> {
  const [row] = await db
    .update(staffTokens)
    .set({ usedAt: now })
    .where(usable(purpose, token, now))
    .returning({ staffUserId: staffTokens.staffUserId });
  return row;
}

/** The person a token belongs to while it is usable, without using it (the TOTP step reads it before the code is right). */
export async function tokenOwner(
  db: Executor,
  purpose: TokenPurpose,
  token: string,
  now = new Date(),
): Promise<number | null | undefined> {
  const [row] = await db
    .select({ staffUserId: staffTokens.staffUserId })
    .from(staffTokens)
    .where(usable(purpose, token, now));
  return row?.staffUserId;
}

/** Removes tokens past their expiry, used or not (housekeeping; they are refused anyway); answers how many. */
export async function deleteExpiredTokens(db: Executor, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(staffTokens)
    .where(lt(staffTokens.expiresAt, now))
    .returning({ tokenHash: staffTokens.tokenHash });
  return deleted.length;
}
