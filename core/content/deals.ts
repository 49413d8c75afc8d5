import { and, asc, eq, isNull, or, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { dealers, deals } from "../../db/schema.ts";

export type DealKind = "special" | "service";

/** SPEC section 3: Special (and service deal). `image` is a file name under /uploads/. */
export type DealView = {
  slug: string;
  kind: DealKind;
  title: string;
  summary: string;
  thumbnail: string;
  image: string;
  valid_until: string;
  /** Null for a group-wide (head office) deal. */
  dealer_slug: string | null;
};

export type DealFilter = {
  /** Null: the group's own deals only; a dealer id: that dealer's deals and the group's. */
  dealerId: number | null;
  kind?: DealKind;
  slug?: string;
};

export async function listDeals(db: Database, filter: DealFilter): Promise<DealView[]> {
  const where: SQL[] = [];
  const groupWide = isNull(deals.dealerId);
  const scope = filter.dealerId === null ? groupWide : or(groupWide, eq(deals.dealerId, filter.dealerId));
  if (scope) where.push(scope);
  if (filter.kind) where.push(eq(deals.kind, filter.kind));
  if (filter.slug) where.push(eq(deals.slug, filter.slug));
  const rows = await selectDeals(db).where(and(...where)).orderBy(asc(deals.sortOrder), asc(deals.title));
  return rows.map(toDealView);
}

export async function findDeal(db: Database, slug: string): Promise<DealView | null> {
  const [row] = await selectDeals(db).where(eq(deals.slug, slug)).limit(1);
  return row ? toDealView(row) : null;
}

function selectDeals(db: Database) {
  return db
    .select({ deal: deals, dealerSlug: dealers.slug })
    .from(deals)
    .leftJoin(dealers, eq(dealers.id, deals.dealerId))
    .$dynamic();
}

function toDealView({ deal, dealerSlug }: { deal: typeof deals.$inferSelect; dealerSlug: string | null }): DealView {
  return {
    slug: deal.slug,
    kind: deal.kind as DealKind,
    title: deal.title,
    summary: deal.summary,
    thumbnail: deal.thumbnail,
    image: deal.image,
    valid_until: deal.validUntil,
    dealer_slug: dealerSlug,
  };
}
