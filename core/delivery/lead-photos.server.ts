import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { tradeInPhotos } from "../../db/schema.ts";
import type { LinkSigner } from "../appointments/links.server.ts";
import { largestJpeg } from "../media/image-pipeline.server.ts";

/**
 * A seller's photos reach the dealer only through signed links that expire (decision 026): the renditions
 * are private images, never served at /media/images. A link is signed for one lead and position.
 */
export const LEAD_PHOTO = "lead-photo";
/** Long enough for a salesperson to make an offer; a later look goes through the lead tools. */
export const PHOTO_LINK_DAYS = 30;

export function leadPhotoPath(signer: LinkSigner, enquiryId: string, position: number, now: Date): string {
  const { expires, signature } = signer.sign(
    LEAD_PHOTO,
    `${enquiryId}/${position}`,
    new Date(now.getTime() + PHOTO_LINK_DAYS * 86_400_000),
  );
  return `/media/leads/${enquiryId}/${position}?expires=${expires}&signature=${signature}`;
}

export async function photoPositions(db: Database, enquiryId: string): Promise<number[]> {
  const rows = await db
    .select({ position: tradeInPhotos.position })
    .from(tradeInPhotos)
    .where(eq(tradeInPhotos.enquiryId, enquiryId))
    .orderBy(asc(tradeInPhotos.position));
  return rows.map((row) => row.position);
}

/** The JPEG of a lead's photo at a position (the largest rendition), or null. */
export async function leadPhotoFile(db: Database, enquiryId: string, position: number) {
  const [row] = await db
    .select({ imageId: tradeInPhotos.imageId })
    .from(tradeInPhotos)
    .where(and(eq(tradeInPhotos.enquiryId, enquiryId), eq(tradeInPhotos.position, position)))
    .limit(1);
  return row ? largestJpeg(db, row.imageId) : null;
}
