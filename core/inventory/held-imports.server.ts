import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { dealers, heldStockImports } from "../../db/schema.ts";
import { recordAudit } from "../staff/audit.server.ts";
import { assertMay, dealerScope, StaffAccessDenied, type StaffActor } from "../staff/roles.ts";
import { type ImportOptions, importStockFeed, type StockFeedReport } from "./stock-feed.server.ts";
import type { FeedColumnsReport, FeedRow } from "./stock-feed-format.server.ts";

/**
 * Imports the drop guard kept back (core/inventory/stock-feed.server.ts DropGuard): listed for the back office's
 * alarm, and published by someone who may edit the dealer's stock. Publishing runs the import as it was sent,
 * against the stock as it is then, audited under the name of the person who published it.
 */

/** The guard's share when no setting says otherwise (CHANNEL_FEED_MAX_DROP's default): half the dealer's stock. */
export const DEFAULT_MAX_DROP_SHARE = 0.5;

export type HeldImportView = {
  id: number;
  dealerId: number;
  dealerSlug: string;
  dealerName: string;
  source: string;
  sentBy: string;
  receivedAt: Date;
  /** Vehicles in the import. */
  received: number;
  wouldSell: number;
  stockCount: number;
};

/** The imports waiting to be published, of the dealers whose stock the actor may edit, the newest first. */
export async function listHeldImports(db: Database, actor: StaffActor): Promise<HeldImportView[]> {
  const scope = dealerScope(actor, "stock");
  if (scope.kind === "dealers" && scope.dealerIds.length === 0) return [];
  return db
    .select({
      id: heldStockImports.id,
      dealerId: heldStockImports.dealerId,
      dealerSlug: dealers.slug,
      dealerName: dealers.dealerName,
      source: heldStockImports.source,
      sentBy: heldStockImports.sentBy,
      receivedAt: heldStockImports.receivedAt,
      received: sql<number>`jsonb_array_length(${heldStockImports.rows})::int`,
      wouldSell: heldStockImports.wouldSell,
      stockCount: heldStockImports.stockCount,
    })
    .from(heldStockImports)
    .innerJoin(dealers, eq(dealers.id, heldStockImports.dealerId))
    .where(
      and(
        isNull(heldStockImports.publishedAt),
        isNull(heldStockImports.replacedAt),
        scope.kind === "all" ? undefined : inArray(heldStockImports.dealerId, [...scope.dealerIds]),
      ),
    )
    .orderBy(desc(heldStockImports.receivedAt), desc(heldStockImports.id));
}

/**
 * Publishes a held import: the import runs without the guard, as the actor, and the held import is marked
 * published (audited). Answers its report, or null when it is not waiting any more (published already, or
 * replaced by a newer import of the dealer). Another dealer's import is StaffAccessDenied, as for its stock.
 */
export async function publishHeldImport(
  db: Database,
  actor: StaffActor,
  id: number,
  options: Omit<ImportOptions, "dropGuard" | "dryRun" | "columns"> = {},
): Promise<StockFeedReport | null> {
  const [waiting] = await db
    .select({ dealerId: heldStockImports.dealerId, dealerSlug: dealers.slug })
    .from(heldStockImports)
    .innerJoin(dealers, eq(dealers.id, heldStockImports.dealerId))
    .where(eq(heldStockImports.id, id));
  if (!waiting) throw new StaffAccessDenied("not-found", "stock");
  assertMay(actor, "stock", waiting.dealerId);
  // Claimed before the import runs, so that two people publishing at once import it once.
  const [claimed] = await db
    .update(heldStockImports)
    .set({ publishedAt: new Date(), publishedBy: actor.label })
    .where(and(eq(heldStockImports.id, id), isNull(heldStockImports.publishedAt), isNull(heldStockImports.replacedAt)))
    .returning({
      rows: heldStockImports.rows,
      columns: heldStockImports.columns,
      wouldSell: heldStockImports.wouldSell,
    });
  if (!claimed) return null;
  try {
    const report = await importStockFeed(db, actor, waiting.dealerSlug, claimed.rows as FeedRow[], {
      ...options,
      columns: claimed.columns as FeedColumnsReport,
    });
    // Published: its rows (a whole export, up to the feed's size limit) are not needed any more.
    await db.update(heldStockImports).set({ rows: [] }).where(eq(heldStockImports.id, id));
    await recordAudit(db, {
      actor,
      action: "stock_import.publish",
      entity: "stock_import",
      entityId: id,
      dealerId: waiting.dealerId,
      changes: { sold: { from: null, to: report.sold } },
    });
    return report;
  } catch (error) {
    await db.update(heldStockImports).set({ publishedAt: null, publishedBy: null }).where(eq(heldStockImports.id, id));
    throw error;
  }
}
