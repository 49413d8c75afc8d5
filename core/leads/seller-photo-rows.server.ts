import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { storedImages, tradeInPhotos } from "../../db/schema.ts";

type Executor = Pick<Database, "delete">;

/**
 * Deletes the sell-your-car photo rows `which` selects, and the private stored images (original and every
 * rendition) no other photo row still uses. Answers how many photo rows went. The one way a seller's photos are
 * deleted: a discarded held enquiry, a person's erasure, their retention.
 */
export async function deleteSellerPhotos(tx: Executor, which: SQL | undefined): Promise<number> {
  const deleted = await tx.delete(tradeInPhotos).where(which).returning({ imageId: tradeInPhotos.imageId });
  const imageIds = [...new Set(deleted.map((row) => row.imageId))];
  if (imageIds.length > 0) {
    await tx
      .delete(storedImages)
      .where(
        and(
          inArray(storedImages.id, imageIds),
          eq(storedImages.isPrivate, true),
          sql`not exists (select 1 from trade_in_photos p where p.image_id = ${storedImages.id})`,
        ),
      );
  }
  return deleted.length;
}
