import { createHash } from "node:crypto";
import { inArray } from "drizzle-orm";
import sharp, { type Metadata, type Sharp } from "sharp";
import type { Database } from "../../db/client.ts";
import { imageRenditions, storedImages } from "../../db/schema.ts";

/**
 * The one image pipeline (docs/decisions/031-one-image-pipeline.md): stock photos, banners, specials and
 * sell-your-car uploads all come through `storeImage`. An upload is checked by its content (never its
 * name or declared type), limited in bytes and pixels, turned upright by its EXIF orientation, and stored
 * with public renditions at a few widths in AVIF, WebP and JPEG, made by sharp (libvips). Renditions carry
 * no metadata (sharp writes none unless asked), so EXIF and GPS data never reach the public.
 */

export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/** A 48-megapixel phone photo passes; a decompression bomb (a small file of a huge canvas) does not. */
export const MAX_IMAGE_PIXELS = 100_000_000;
/** Rendition widths in CSS pixels at 1x to 2x on phones and desktops (cards 320-640, detail pages 960-1440). */
export const RENDITION_WIDTHS = [320, 640, 960, 1440] as const;
export const RENDITION_FORMATS = ["avif", "webp", "jpeg"] as const;
export type RenditionFormat = (typeof RENDITION_FORMATS)[number];

const ACCEPTED_FORMATS: Record<string, string> = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp" };
const CONTENT_TYPES: Record<RenditionFormat, string> = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg" };
export const RENDITION_EXTENSIONS: Record<RenditionFormat, string> = { avif: "avif", webp: "webp", jpeg: "jpg" };

export type Rendition = { url: string; format: RenditionFormat; width: number; height: number };
export type StoredImage = { id: string; width: number; height: number; renditions: Rendition[] };

export type ImageProblem = "empty" | "too-large" | "not-an-image" | "unsupported-type" | "too-many-pixels";

/** An upload the pipeline refuses; `message` is for the person who sent it (answer 422 on their field). */
export class ImageRejected extends Error {
  constructor(
    readonly problem: ImageProblem,
    message: string,
  ) {
    super(message);
    this.name = "ImageRejected";
  }
}

const MESSAGES: Record<ImageProblem, string> = {
  empty: "The photo is empty",
  "too-large": `The photo is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`,
  "not-an-image": "This file is not a photo we can read",
  "unsupported-type": "Please send a JPEG, PNG or WebP photo",
  "too-many-pixels": "The photo has too many pixels; please send a smaller one",
};

const reject = (problem: ImageProblem): never => {
  throw new ImageRejected(problem, MESSAGES[problem]);
};

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** The public address of a rendition: immutable, named by a hash of its own bytes. */
export const renditionUrl = (hash: string, format: RenditionFormat) => `/media/images/${hash}.${RENDITION_EXTENSIONS[format]}`;

/** Checks an upload by its content and answers its format and upright size; throws ImageRejected. */
export async function inspectImage(bytes: Buffer): Promise<{ contentType: string; width: number; height: number }> {
  if (bytes.length === 0) reject("empty");
  if (bytes.length > MAX_IMAGE_BYTES) reject("too-large");
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return reject("not-an-image");
  }
  const contentType = ACCEPTED_FORMATS[metadata.format ?? ""];
  if (!contentType) reject("unsupported-type");
  if (!metadata.width || !metadata.height) reject("not-an-image");
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) reject("too-many-pixels");
  // Orientations 5 to 8 turn the picture a quarter: the upright width is the stored height.
  const quarterTurn = (metadata.orientation ?? 1) >= 5;
  return { contentType: contentType!, width: quarterTurn ? metadata.height : metadata.width, height: quarterTurn ? metadata.width : metadata.height };
}

/**
 * The widths to render: the standard ones narrower than the photo, then the photo's own width up to the
 * largest standard one (a photo is never enlarged, and a 1200 px photo keeps its 1200 px).
 */
export function renditionWidths(width: number): number[] {
  const largest = RENDITION_WIDTHS.at(-1)!;
  return [...RENDITION_WIDTHS.filter((w) => w < Math.min(width, largest)), Math.min(width, largest)];
}

const ENCODERS: Record<RenditionFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 74, effort: 4 }),
  jpeg: (image) => image.jpeg({ quality: 78, mozjpeg: true }),
};

type RenderedFile = { hash: string; format: RenditionFormat; width: number; height: number; bytes: Buffer };

async function render(bytes: Buffer, width: number, format: RenditionFormat): Promise<RenderedFile> {
  const upright = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate().resize({ width, withoutEnlargement: true });
  const { data, info } = await ENCODERS[format](upright).toBuffer({ resolveWithObject: true });
  return { hash: sha256(data).slice(0, 32), format, width: info.width, height: info.height, bytes: data };
}

/**
 * One photo is encoded at a time per process: twelve encodes of a large photo keep a core busy for a few
 * seconds, and the site must keep answering pages meanwhile. Further uploads wait their turn.
 */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const turn = queue.then(work, work);
  queue = turn.catch(() => undefined);
  return turn;
}

/**
 * Checks, processes and stores an upload; answers the stored image with its public renditions. The same
 * bytes sent again are the same image (stored once). Throws ImageRejected for input we refuse.
 */
export async function storeImage(db: Database, bytes: Buffer): Promise<StoredImage> {
  const { contentType, width, height } = await inspectImage(bytes);
  const id = sha256(bytes);
  const known = (await renditionsOf(db, [id])).get(id);
  if (known) return { id, width, height, renditions: known };
  const files = await oneAtATime(async () => {
    const rendered: RenderedFile[] = [];
    for (const w of renditionWidths(width)) for (const format of RENDITION_FORMATS) rendered.push(await render(bytes, w, format));
    return rendered;
  });
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(storedImages)
      .values({ id, contentType, width, height, byteSize: bytes.length, original: bytes })
      .onConflictDoNothing()
      .returning({ id: storedImages.id });
    // Another request stored the same bytes meanwhile: its renditions stand.
    if (inserted.length === 0) return;
    await tx
      .insert(imageRenditions)
      .values(files.map((file) => ({ imageId: id, ...file })))
      .onConflictDoNothing();
  });
  const renditions = (await renditionsOf(db, [id])).get(id) ?? [];
  return { id, width, height, renditions };
}

/** The public renditions of stored images, smallest first, by image id (ids not stored are absent). */
export async function renditionsOf(db: Database, imageIds: readonly string[]): Promise<Map<string, Rendition[]>> {
  const found = new Map<string, Rendition[]>();
  if (imageIds.length === 0) return found;
  const rows = await db
    .select({ imageId: imageRenditions.imageId, hash: imageRenditions.hash, format: imageRenditions.format, width: imageRenditions.width, height: imageRenditions.height })
    .from(imageRenditions)
    .where(inArray(imageRenditions.imageId, [...imageIds]));
  for (const row of rows.sort((a, b) => a.width - b.width)) {
    const format = row.format as RenditionFormat;
    const list = found.get(row.imageId) ?? [];
    list.push({ url: renditionUrl(row.hash, format), format, width: row.width, height: row.height });
    found.set(row.imageId, list);
  }
  return found;
}

/**
 * What a <picture> needs: an AVIF and a WebP <source> with every width, and a JPEG <img> fallback (its
 * src the middle width) with the largest rendition's size for width/height (the aspect ratio is what counts).
 */
export function pictureSources(renditions: readonly Rendition[]): {
  sources: { type: string; srcSet: string }[];
  img: { src: string; srcSet: string; width: number; height: number };
} {
  const srcSetOf = (format: RenditionFormat) =>
    renditions
      .filter((r) => r.format === format)
      .map((r) => `${r.url} ${r.width}w`)
      .join(", ");
  const jpegs = renditions.filter((r) => r.format === "jpeg");
  const largest = jpegs.at(-1);
  if (!largest) throw new Error("An image without JPEG renditions");
  const middle = jpegs[Math.floor((jpegs.length - 1) / 2)]!;
  return {
    sources: (["avif", "webp"] as const).map((format) => ({ type: CONTENT_TYPES[format], srcSet: srcSetOf(format) })).filter((s) => s.srcSet),
    img: { src: middle.url, srcSet: srcSetOf("jpeg"), width: largest.width, height: largest.height },
  };
}

/** A rendition's bytes and type by its public file name (`<hash>.<ext>`), for the media route. */
export async function renditionFile(db: Database, fileName: string): Promise<{ bytes: Buffer; contentType: string; hash: string } | null> {
  const match = /^([0-9a-f]{32})\.(avif|webp|jpg)$/.exec(fileName);
  if (!match) return null;
  const [, hash, extension] = match;
  const format = (Object.entries(RENDITION_EXTENSIONS).find(([, ext]) => ext === extension)?.[0] ?? "") as RenditionFormat;
  const [row] = await db
    .select({ bytes: imageRenditions.bytes, format: imageRenditions.format })
    .from(imageRenditions)
    .where(inArray(imageRenditions.hash, [hash!]));
  if (!row || row.format !== format) return null;
  return { bytes: row.bytes, contentType: CONTENT_TYPES[format], hash: hash! };
}
