import { TransactionRollbackError } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { Violation } from "./violations.ts";

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type WriteResult = { ok: true } | { ok: false; violations: Violation[] };

/**
 * Runs a back-office write in a transaction. A refusal found inside it (a field violation) rolls back
 * whatever the transaction did and is answered as such; a uniqueness race lost to another request is
 * answered as the violation `unique` names for that constraint, like the check before it.
 */
export async function writeInTransaction<R extends WriteResult>(
  db: Database,
  work: (tx: Transaction) => Promise<R>,
  unique: Record<string, Violation> = {},
): Promise<R | { ok: false; violations: Violation[] }> {
  let refusal: R | null = null;
  try {
    return await db.transaction(async (tx) => {
      const result = await work(tx);
      if (!result.ok) {
        refusal = result;
        tx.rollback();
      }
      return result;
    });
  } catch (error) {
    if (refusal && error instanceof TransactionRollbackError) return refusal;
    const constraint = uniqueConstraintOf(error);
    const violation = constraint ? unique[constraint] : undefined;
    if (violation) return { ok: false, violations: [violation] };
    throw error;
  }
}

/** The unique constraint a failed statement broke (PostgreSQL 23505), through the driver's wrapping errors. */
export function uniqueConstraintOf(error: unknown): string | null {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, constraint, message, cause } = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (code === "23505") {
      if (typeof constraint === "string") return constraint;
      const named = typeof message === "string" ? /"([^"]+)"/.exec(message) : null;
      return named?.[1] ?? null;
    }
    current = cause;
  }
  return null;
}
