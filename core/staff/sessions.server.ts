import { randomBytes } from "node:crypto";
import { and, eq, lt, ne, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { staffSessions, staffUserDealers, staffUsers } from "../../db/schema.ts";
import type { StaffActor, StaffRole } from "./roles.ts";
import { hashToken, newSecretToken } from "./tokens.server.ts";

/**
 * Staff sessions, in the database so that every instance knows them. The cookie carries a random token; the
 * table keeps its SHA-256. A session ends after SESSION_IDLE_MS without a request, or SESSION_ABSOLUTE_MS after
 * sign-in, whichever comes first; a new one is issued at sign-in and when the person's password or role changes.
 */
export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 3_600_000;
/** last_seen_at is written at most this often, so that a page's several requests cost one write. */
const TOUCH_EVERY_MS = 60_000;

type Executor = Pick<Database, "insert" | "update" | "select" | "delete">;

export type IssuedSession = { token: string; csrfToken: string };

export type ResolvedSession = {
  actor: StaffActor;
  csrfToken: string;
  email: string;
  displayName: string;
  totpEnabled: boolean;
};

export async function createSession(db: Executor, staffUserId: number, now = new Date()): Promise<IssuedSession> {
  const token = newSecretToken();
  const csrfToken = randomBytes(24).toString("base64url");
  await db.delete(staffSessions).where(lt(staffSessions.expiresAt, now));
  await db.insert(staffSessions).values({
    tokenHash: hashToken(token),
    staffUserId,
    csrfToken,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
  });
  return { token, csrfToken };
}

/** The signed-in person behind a session token, or null when the session is unknown, expired or the account inactive. */
export async function resolveSession(db: Database, token: string, now = new Date()): Promise<ResolvedSession | null> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({
      lastSeenAt: staffSessions.lastSeenAt,
      expiresAt: staffSessions.expiresAt,
      csrfToken: staffSessions.csrfToken,
      id: staffUsers.id,
      email: staffUsers.email,
      displayName: staffUsers.displayName,
      role: staffUsers.role,
      active: staffUsers.active,
      totpSecret: staffUsers.totpSecret,
      dealerIds: sql<
        number[]
      >`coalesce((select array_agg(${staffUserDealers.dealerId} order by ${staffUserDealers.dealerId}) from ${staffUserDealers} where ${staffUserDealers.staffUserId} = ${staffUsers.id}), '{}')`,
    })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffUserId))
    .where(eq(staffSessions.tokenHash, tokenHash));
  if (!row) return null;
  const idleUntil = row.lastSeenAt.getTime() + SESSION_IDLE_MS;
  if (!row.active || now.getTime() >= idleUntil || now >= row.expiresAt) {
    await db.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash));
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.tokenHash, tokenHash));
  }
  return {
    actor: { id: row.id, label: row.email, role: row.role as StaffRole, dealerIds: row.dealerIds.map(Number) },
    csrfToken: row.csrfToken,
    email: row.email,
    displayName: row.displayName,
    totpEnabled: row.totpSecret !== null,
  };
}

export async function endSession(db: Executor, token: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.tokenHash, hashToken(token)));
}

/** Signs the person out everywhere (deactivated, role changed, password set), or everywhere but `keepToken`. */
export async function endSessionsOf(db: Executor, staffUserId: number, keepToken?: string): Promise<void> {
  await db
    .delete(staffSessions)
    .where(
      and(
        eq(staffSessions.staffUserId, staffUserId),
        keepToken ? ne(staffSessions.tokenHash, hashToken(keepToken)) : undefined,
      ),
    );
}

/** Removes sessions past their absolute or idle end (housekeeping; expired sessions are refused anyway); answers how many. */
export async function deleteExpiredSessions(db: Executor, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(staffSessions)
    .where(
      or(lt(staffSessions.expiresAt, now), lt(staffSessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS))),
    )
    .returning({ tokenHash: staffSessions.tokenHash });
  return deleted.length;
}
