import { asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { dealers } from "../../db/schema.ts";
import { assertMay, assertMayUse, dealerScope, type StaffActor, type StaffArea } from "../staff/roles.ts";

/**
 * The dealers as the back office sees them: those the actor acts for (every dealer for the group-wide roles,
 * the assigned ones for a dealer manager). Another dealer is not found, as if it did not exist.
 */
export type StaffDealer = { id: number; slug: string; dealerName: string; city: string };

const SELECT = { id: dealers.id, slug: dealers.slug, dealerName: dealers.dealerName, city: dealers.city };

export async function dealersOfActor(db: Database, actor: StaffActor): Promise<StaffDealer[]> {
  const scope = dealerScope(actor, "dealer-details");
  const query = db.select(SELECT).from(dealers).orderBy(asc(dealers.sortOrder), asc(dealers.dealerName));
  if (scope.kind === "all") return query;
  if (scope.dealerIds.length === 0) return [];
  return query.where(inArray(dealers.id, [...scope.dealerIds]));
}

/** The dealers the actor may put records of the area at (a form's Dealer choices); 403 for a role with no part in the area. */
export async function areaDealers(
  db: Database,
  actor: StaffActor,
  area: StaffArea,
): Promise<{ id: number; slug: string; name: string }[]> {
  assertMayUse(actor, area);
  const scope = dealerScope(actor, area);
  return db
    .select({ id: dealers.id, slug: dealers.slug, name: dealers.dealerName })
    .from(dealers)
    .where(scope.kind === "all" ? undefined : inArray(dealers.id, [...scope.dealerIds]))
    .orderBy(asc(dealers.sortOrder), asc(dealers.id));
}

/** One dealer by slug; throws StaffAccessDenied ('not-found') for a dealer the actor does not act for, or none for an unknown slug (null). */
export async function dealerOfActor(db: Database, actor: StaffActor, slug: string): Promise<StaffDealer | null> {
  const [dealer] = await db.select(SELECT).from(dealers).where(eq(dealers.slug, slug));
  assertMay(actor, "dealer-details", dealer?.id ?? -1);
  return dealer ?? null;
}
