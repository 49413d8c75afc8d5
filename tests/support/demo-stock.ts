import { inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { dealers, usedVehicles } from "../../db/schema.ts";

/**
 * Takes the seeded demo stock of these dealers out of their stock feed, as if staff had entered it by hand (no DMS
 * stock number), for tests about a feed's own vehicles: the seed gives every demo vehicle a stock number, so a
 * dealer's first import would otherwise also mark its demo stock sold (tested on its own in stock-feed.test.ts).
 */
export async function takeDemoStockOffFeed(db: Database, dealerSlugs: readonly string[]): Promise<void> {
  await db
    .update(usedVehicles)
    .set({ stockNumber: null })
    .where(
      inArray(
        usedVehicles.dealerId,
        sql`(select ${dealers.id} from ${dealers} where ${inArray(dealers.slug, [...dealerSlugs])})`,
      ),
    );
}
