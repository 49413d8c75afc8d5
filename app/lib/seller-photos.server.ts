import { ImageRejected, inspectImage, MAX_IMAGE_BYTES, storeImage } from "../../core/media/image-pipeline.server.ts";
import type { Violation } from "../../core/shared/violations.ts";
import type { Database } from "../../db/client.ts";
import { MAX_SELLER_PHOTOS } from "../../core/leads/seller-photos.server.ts";

type Outcome = { ok: true; imageIds: string[] } | { ok: false; violation: Violation };

const photoProblem = (message: string): Outcome => ({ ok: false, violation: { propertyPath: "photos", message } });

/**
 * The seller's photos from the form's file field, each checked by content and stored by the one image
 * pipeline as a private image (EXIF stripped, one JPEG rendition; decision 026). With `store` false (the
 * form has other mistakes) only the count and sizes are checked, so that nothing is processed for nothing.
 */
export async function storeSellerPhotos(db: Database, form: FormData, store: boolean): Promise<Outcome> {
  const files = form.getAll("photos").filter((entry): entry is File => typeof entry !== "string" && entry.size > 0);
  if (files.length > MAX_SELLER_PHOTOS)
    return photoProblem(`Please send at most ${MAX_SELLER_PHOTOS} photos (you chose ${files.length})`);
  const tooLarge = files.findIndex((file) => file.size > MAX_IMAGE_BYTES);
  if (tooLarge >= 0)
    return photoProblem(
      `Photo ${tooLarge + 1} is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB; please send a smaller one`,
    );
  if (!store) return { ok: true, imageIds: [] };
  // Every photo is checked before any is stored, so that a damaged third photo leaves no stored first and second.
  for (const [index, file] of files.entries()) {
    const problem = await refusalOf(await bytesOf(file));
    if (problem) return photoProblem(`Photo ${index + 1}: ${problem}`);
  }
  const imageIds: string[] = [];
  for (const file of files) imageIds.push((await storeImage(db, await bytesOf(file), { private: true })).id);
  return { ok: true, imageIds };
}

/** Each photo is read from its temporary file when its turn comes (server/uploads.ts): one in memory at a time. */
const bytesOf = async (file: File) => Buffer.from(await file.arrayBuffer());

/** Why the image pipeline refuses a photo, for the seller; null when it takes it. */
async function refusalOf(bytes: Buffer): Promise<string | null> {
  try {
    await inspectImage(bytes);
    return null;
  } catch (error) {
    if (error instanceof ImageRejected) return error.message;
    throw error;
  }
}
