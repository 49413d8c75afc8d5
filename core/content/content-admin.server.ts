import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { dealers } from "../../db/schema.ts";
import { ImageRejected, type StoredImage, storeImage } from "../media/image-pipeline.server.ts";
import type { Violation } from "../shared/violations.ts";
import { type Transaction, writeOrRefuse } from "../staff/staff-write.server.ts";
import { dealerScope, scopeIncludes, type StaffActor, type StaffArea } from "../staff/roles.ts";

/**
 * What the back office's content services (specials and deals, banners) share: the dealers an actor may
 * choose, the image upload through the one pipeline, and a write transaction that a field violation rolls back.
 */

export type { Transaction } from "../staff/staff-write.server.ts";
export { areaDealers } from "../dealers/staff-dealers.server.ts";
export type ContentWriteResult = { ok: true; id: number } | { ok: false; violations: Violation[] };
export type UploadedFile = { name: string; bytes: Buffer };

/**
 * The dealer a form names ("" for group-wide), as a violation on `dealer` when the actor may not put
 * content there: a dealer manager only at their own dealers, never group-wide.
 */
export async function resolveDealer(
  tx: Transaction | Database,
  actor: StaffActor,
  area: StaffArea,
  slug: string | undefined,
): Promise<{ ok: true; dealerId: number | null } | { ok: false; violation: Violation }> {
  const scope = dealerScope(actor, area);
  if (!slug) {
    if (scope.kind === "all") return { ok: true, dealerId: null };
    return { ok: false, violation: { propertyPath: "dealer", message: "Choose one of your dealers" } };
  }
  const [dealer] = await tx.select({ id: dealers.id }).from(dealers).where(eq(dealers.slug, slug));
  if (!dealer)
    return { ok: false, violation: { propertyPath: "dealer", message: "Dealer is not one of the group's dealers" } };
  if (!scopeIncludes(scope, dealer.id))
    return { ok: false, violation: { propertyPath: "dealer", message: "Choose one of your dealers" } };
  return { ok: true, dealerId: dealer.id };
}

/** Stores an uploaded image through the pipeline; a refused file is a violation on `field`. Null when no file was sent. */
export async function storeUpload(
  db: Database,
  file: UploadedFile | null,
  field: string,
): Promise<{ ok: true; image: StoredImage | null } | { ok: false; violations: Violation[] }> {
  if (!file || file.bytes.length === 0) return { ok: true, image: null };
  try {
    return { ok: true, image: await storeImage(db, file.bytes) };
  } catch (error) {
    if (!(error instanceof ImageRejected)) throw error;
    return {
      ok: false,
      violations: [{ propertyPath: field, message: `${file.name ? `${file.name}: ` : ""}${error.message}` }],
    };
  }
}

/** The address of an image's largest JPEG rendition (what the single image field of product.md §3 carries). */
export function largestJpeg(image: StoredImage): string {
  return image.renditions.filter((r) => r.format === "jpeg").at(-1)!.url;
}

/** The JPEG rendition closest to 640 px wide: a card's thumbnail. */
export function thumbnailJpeg(image: StoredImage): string {
  const jpegs = image.renditions.filter((r) => r.format === "jpeg");
  return (jpegs.find((r) => r.width >= 640) ?? jpegs.at(-1)!).url;
}

/** A write in a transaction (core/staff/staff-write.server.ts); `unique` answers a lost uniqueness race. */
export function inContentTransaction(
  db: Database,
  work: (tx: Transaction) => Promise<ContentWriteResult>,
  unique: Record<string, Violation> = {},
): Promise<ContentWriteResult> {
  return writeOrRefuse(db, work, unique);
}
