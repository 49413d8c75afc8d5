import { createHash } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
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
const MAX_IMAGE_PIXELS = 100_000_000;
/** Rendition widths in CSS pixels at 1x to 2x on phones and desktops (cards 320-640, detail pages 960-1440). */
const RENDITION_WIDTHS = [320, 640, 960, 1440] as const;
const RENDITION_FORMATS = ["avif", "webp", "jpeg"] as const;
export type RenditionFormat = (typeof RENDITION_FORMATS)[number];

const ACCEPTED_FORMATS: Record<string, string> = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp" };
const CONTENT_TYPES: Record<RenditionFormat, string> = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg" };
const RENDITION_EXTENSIONS: Record<RenditionFormat, string> = { avif: "avif", webp: "webp", jpeg: "jpg" };

export type Rendition = { url: string; format: RenditionFormat; width: number; height: number };
export type StoredImage = { id: string; width: number; height: number; renditions: Rendition[] };

export type ImageProblem = "empty" | "too-large" | "not-an-image" | "unsupported-type" | "too-many-pixels" | "damaged";

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
  damaged: "This photo could not be read; please take it again",
};

const reject = (problem: ImageProblem): never => {
  throw new ImageRejected(problem, MESSAGES[problem]);
};

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** The public address of a rendition: immutable, named by a hash of its image and its own bytes. */
export const renditionUrl = (hash: string, format: RenditionFormat) =>
  `/media/images/${hash}.${RENDITION_EXTENSIONS[format]}`;

/**
 * Checks an upload by its content and answers its format and upright size; throws ImageRejected. Every pixel
 * is decoded once, so that a photo cut off or corrupt after a valid header (an interrupted phone upload) is
 * refused here, as the sender's mistake, and not while its renditions are made.
 */
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
  await assertDecodes(bytes);
  // Orientations 5 to 8 turn the picture a quarter: the upright width is the stored height.
  const quarterTurn = (metadata.orientation ?? 1) >= 5;
  return {
    contentType: contentType!,
    width: quarterTurn ? metadata.height : metadata.width,
    height: quarterTurn ? metadata.width : metadata.height,
  };
}

/**
 * Decodes the whole photo into a thumbnail: a JPEG is decoded at an eighth of its size (shrink-on-load), which
 * still reads every block of it, so a cut-off file fails ("VipsJpeg: premature end of JPEG image") for the
 * cost of a fraction of one rendition. Sharp fails on libvips' warnings by default, so a damaged file never
 * passes as a half-grey picture.
 */
async function assertDecodes(bytes: Buffer): Promise<void> {
  try {
    await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).resize(64, 64, { fit: "inside" }).raw().toBuffer();
  } catch {
    reject("damaged");
  }
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

/**
 * Renders one rendition, named by a hash of its image's id and its own bytes: the same output from two images
 * (a private and a public copy of one photo) gets two names, so each row belongs to one image.
 */
async function render(imageId: string, bytes: Buffer, width: number, format: RenditionFormat): Promise<RenderedFile> {
  const upright = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize({ width, withoutEnlargement: true });
  const { data, info } = await ENCODERS[format](upright).toBuffer({ resolveWithObject: true });
  return {
    hash: sha256(Buffer.concat([Buffer.from(imageId), data])).slice(0, 32),
    format,
    width: info.width,
    height: info.height,
    bytes: data,
  };
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

const PRIVATE_ID_PREFIX = Buffer.from("private\0");

export type StoreOptions = {
  /**
   * A private photo (a seller's, sell-your-car): one JPEG rendition at the largest width (the salesperson's
   * copy), never served at /media/images; reached only through signed, expiring links (decision 026).
   */
  private?: boolean;
};

/**
 * Checks, processes and stores an upload; answers the stored image with its public renditions. The same
 * bytes sent again are the same image (stored once). Throws ImageRejected for input we refuse.
 */
export async function storeImage(db: Database, bytes: Buffer, options: StoreOptions = {}): Promise<StoredImage> {
  const { contentType, width, height } = await inspectImage(bytes);
  // A seller's private photo and a public photo of the same bytes are two images: one is never served, the
  // other has every public rendition.
  const id = options.private ? sha256(Buffer.concat([PRIVATE_ID_PREFIX, bytes])) : sha256(bytes);
  const known = (await renditionsOf(db, [id])).get(id);
  if (known) return { id, width, height, renditions: known };
  const files = await oneAtATime(async () => {
    if (options.private) return [await render(id, bytes, renditionWidths(width).at(-1)!, "jpeg")];
    const rendered: RenderedFile[] = [];
    for (const w of renditionWidths(width))
      for (const format of RENDITION_FORMATS) rendered.push(await render(id, bytes, w, format));
    return rendered;
  });
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(storedImages)
      .values({
        id,
        contentType,
        width,
        height,
        byteSize: bytes.length,
        original: bytes,
        isPrivate: options.private ?? false,
      })
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
    .select({
      imageId: imageRenditions.imageId,
      hash: imageRenditions.hash,
      format: imageRenditions.format,
      width: imageRenditions.width,
      height: imageRenditions.height,
    })
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
    sources: (["avif", "webp"] as const)
      .map((format) => ({ type: CONTENT_TYPES[format], srcSet: srcSetOf(format) }))
      .filter((s) => s.srcSet),
    img: { src: middle.url, srcSet: srcSetOf("jpeg"), width: largest.width, height: largest.height },
  };
}

/** A rendition's bytes and type by its public file name (`<hash>.<ext>`), for the media route. */
export async function renditionFile(
  db: Database,
  fileName: string,
): Promise<{ bytes: Buffer; contentType: string; hash: string } | null> {
  const match = /^([0-9a-f]{32})\.(avif|webp|jpg)$/.exec(fileName);
  if (!match) return null;
  const [, hash, extension] = match;
  const format = (Object.entries(RENDITION_EXTENSIONS).find(([, ext]) => ext === extension)?.[0] ??
    "") as RenditionFormat;
  const [row] = await db
    .select({ bytes: imageRenditions.bytes, format: imageRenditions.format })
    .from(imageRenditions)
    .innerJoin(storedImages, eq(storedImages.id, imageRenditions.imageId))
    .where(and(inArray(imageRenditions.hash, [hash!]), eq(storedImages.isPrivate, false)));
  if (!row || row.format !== format) return null;
  return { bytes: row.bytes, contentType: CONTENT_TYPES[format], hash: hash! };
}

/** The largest JPEG rendition of a stored image, public or private: for the signed links of a seller's photos. */
export async function largestJpeg(
  db: Database,
  imageId: string,
): Promise<{ bytes: Buffer; contentType: string } | null> {
  const rows = await db
    .select({ bytes: imageRenditions.bytes, width: imageRenditions.width })
    .from(imageRenditions)
    .where(and(eq(imageRenditions.imageId, imageId), eq(imageRenditions.format, "jpeg")));
  const largest = rows.sort((a, b) => b.width - a.width)[0];
  return largest ? { bytes: largest.bytes, contentType: CONTENT_TYPES.jpeg } : null;
}

/**
 * A drawing (the app's SVG artwork) as a JPEG of this width, for the catalogue channels, which refuse SVG
 * (core/channels). Rendered at the density that gives the width directly, so lines stay sharp; one at a
 * time, like the photos.
 */
export function renderSvgAsJpeg(svg: string, width: number, svgWidth: number): Promise<Buffer> {
  const density = (72 * width) / svgWidth;
  return oneAtATime(() =>
    ENCODERS.jpeg(sharp(Buffer.from(svg), { density }).flatten({ background: "#ffffff" })).toBuffer(),
  );
}
