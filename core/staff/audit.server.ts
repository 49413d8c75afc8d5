import { and, eq, inArray, sql } from "drizzle-orm";
import { auditLog } from "../../db/schema.ts";
import type { Database } from "../../db/client.ts";
import type { StaffActor } from "./roles.ts";

/** A database or an open transaction: an audit entry is written in the same transaction as its change. */
type Executor = Pick<Database, "insert">;

export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

export type AuditEntry = {
  actor: StaffActor;
  /** `<entity>.<verb>`, e.g. 'used_vehicle.update', 'staff_user.sign_in', 'finance_application.open'. */
  action: string;
  entity: string;
  entityId: string | number;
  dealerId?: number | null;
  changes?: FieldChanges;
};

/** Fields never written to the audit log, whatever a caller passes: secrets stay out of it. */
const SECRET_FIELDS = new Set([
  "password",
  "passwordHash",
  "password_hash",
  "token",
  "tokenHash",
  "secret",
  "totpSecret",
  "key",
  "keyHash",
]);

/**
 * Writes one audit entry. Call it inside the transaction that makes the change, so a change is never
 * stored without its entry (or the reverse). Secret fields are recorded as changed, never with values.
 */
export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(auditRow(entry));
}

/** Entries per INSERT when writing many (well under PostgreSQL's 65 535 parameters per statement). */
const AUDIT_ROWS_PER_INSERT = 2_000;

/** Writes many audit entries (a stock feed's thousands of vehicles) with a few statements; same rules as recordAudit. */
export async function recordAudits(db: Executor, entries: readonly AuditEntry[]): Promise<void> {
  for (let start = 0; start < entries.length; start += AUDIT_ROWS_PER_INSERT) {
    await db.insert(auditLog).values(entries.slice(start, start + AUDIT_ROWS_PER_INSERT).map(auditRow));
  }
}

function auditRow(entry: AuditEntry): typeof auditLog.$inferInsert {
  const changes = Object.fromEntries(
    Object.entries(entry.changes ?? {}).map(([field, change]) =>
      SECRET_FIELDS.has(field) ? [field, { from: "(secret)", to: "(secret changed)" }] : [field, change],
    ),
  );
  return {
    actorId: entry.actor.id,
    actorLabel: entry.actor.label,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    dealerId: entry.dealerId ?? null,
    changes,
  };
}

/** The fields whose values differ between `before` and `after` (compared as JSON), as audit changes. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>): FieldChanges {
  const changes: FieldChanges = {};
  for (const [field, to] of Object.entries(after)) {
    if (to === undefined) continue;
    const from = before[field];
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from: from ?? null, to };
  }
  return changes;
}

/**
 * Blanks the text of the notes staff wrote on these leads in their audit entries (the entry, who and when stay):
 * a note may name the person, and once their lead is erased or anonymised nothing of them may stay readable.
 */
export async function forgetAuditedNotes(
  tx: Pick<Database, "update">,
  entity: "enquiry" | "finance_application",
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(auditLog)
    .set({ changes: sql`jsonb_set(${auditLog.changes}, '{note}', '{"from":null,"to":null}'::jsonb)` })
    .where(
      and(
        eq(auditLog.entity, entity),
        inArray(auditLog.entityId, [...ids]),
        sql`${auditLog.changes} -> 'note' is not null`,
      ),
    );
}
