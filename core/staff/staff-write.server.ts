import { TransactionRollbackError } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { Violation } from "../shared/violations.ts";

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** What a back-office write answers: done, or the fields at fault (the page's 422). */
export type WriteResult<T extends object = { id: number }> =
  | ({ ok: true } & T)
  | { ok: false; violations: Violation[] };

/**
 * Runs a back-office write in a transaction. A refusal found inside it (a field violation) rolls back
 * whatever the transaction did; a uniqueness race lost to another request is answered as the violation
 * `uniqueViolations` gives for the constraint's name, like the check before it.
 */
export async function writeOrRefuse<R extends WriteResult<object>>(
  db: Database,
  work: (tx: Transaction) => Promise<R>,
  uniqueViolations: Record<string, Violation> = {},
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
    const violation = constraint ? uniqueViolations[constraint] : undefined;
    if (violation) return { ok: false, violations: [violation] };
    throw error;
  }
}

/** The name of the unique constraint an error (or its cause) broke; null for any other error. */
function uniqueConstraintOf(error: unknown): string | null {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, constraint, message, cause } = current as {
      code?: unknown;
      constraint?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (code === "23505") {
      if (typeof constraint === "string") return constraint;
      const named = typeof message === "string" ? /"([^"]+)"/.exec(message) : null;
      return named?.[1] ?? null;
    }
    current = cause;
  }
  return null;
}
