import { inArray } from "drizzle-orm";
import { dealers } from "../../db/schema.ts";
import type { Executor } from "./kinds.ts";

/** Dealer names by id, for records that carry only the id. */
export async function dealerNames(db: Executor, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: dealers.id, name: dealers.dealerName })
    .from(dealers)
    .where(inArray(dealers.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}
