import fs from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { imageRenditions, storedImages } from "../../db/schema.ts";
import { cloneTemplate } from "../../tests/support/template-db.ts";
import {
  ImageRejected,
  MAX_IMAGE_BYTES,
  pictureSources,
  renditionFile,
  renditionWidths,
  storeImage,
} from "./image-pipeline.server.ts";

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "../../tests/fixtures/photos", name));

let database: DatabaseHandle;
beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
});
afterAll(() => database.close());

const rejection = (bytes: Buffer) =>
  storeImage(database.db, bytes).then(
    () => null,
    (error: unknown) => error,
  );

describe("the image pipeline", () => {
  it("stores a sideways phone photo upright, in AVIF, WebP and JPEG at each width, without its EXIF and GPS data", {
    timeout: 60_000,
  }, async () => {
    const image = await storeImage(database.db, fixture("trade-in-sideways-gps.jpg"));
    expect([image.width, image.height]).toEqual([1200, 1600]);
    expect(image.renditions.map((r) => `${r.format}@${r.width}x${r.height}`).sort()).toEqual(
      ["avif", "jpeg", "webp"]
        .flatMap((format) => [`${format}@1200x1600`, `${format}@320x427`, `${format}@640x853`, `${format}@960x1280`])
        .sort(),
    );
    for (const rendition of image.renditions) {
      const file = await renditionFile(database.db, rendition.url.split("/").pop()!);
      const metadata = await sharp(file!.bytes).metadata();
      expect(metadata.format).toBe(rendition.format === "avif" ? "heif" : rendition.format);
      expect([metadata.width, metadata.height]).toEqual([rendition.width, rendition.height]);
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation ?? 1).toBe(1);
    }
  });

  it("keeps the original and stores the same bytes once", { timeout: 60_000 }, async () => {
    const bytes = fixture("trade-in-interior.webp");
    const first = await storeImage(database.db, bytes);
    const again = await storeImage(database.db, bytes);
    expect(again).toEqual(first);
    const [stored] = await database.db.select().from(storedImages).where(eq(storedImages.id, first.id));
    expect(stored!.contentType).toBe("image/webp");
    expect(Buffer.compare(stored!.original, bytes)).toBe(0);
  });

  it("keeps a private copy of a photo apart from a public copy of the same bytes", { timeout: 60_000 }, async () => {
    const bytes = fixture("trade-in-side.png");
    const privateCopy = await storeImage(database.db, bytes, { private: true });
    const publicCopy = await storeImage(database.db, bytes);
    expect(privateCopy.id).not.toBe(publicCopy.id);
    expect(privateCopy.renditions.map((r) => r.format)).toEqual(["jpeg"]);
    expect(new Set(publicCopy.renditions.map((r) => r.format))).toEqual(new Set(["avif", "webp", "jpeg"]));
    expect(await renditionFile(database.db, privateCopy.renditions[0]!.url.split("/").pop()!)).toBeNull();
    expect(
      await renditionFile(
        database.db,
        publicCopy.renditions
          .find((r) => r.format === "avif")!
          .url.split("/")
          .pop()!,
      ),
    ).not.toBeNull();
  });
});

describe("the files the image pipeline refuses", () => {
  it("judges by content, not by name: a PNG is a PNG, a text file called .jpg is refused", async () => {
    const png = await storeImage(database.db, fixture("trade-in-side.png"));
    expect(png.renditions.filter((r) => r.format === "jpeg").map((r) => r.width)).toEqual([320, 640, 960, 1200]);
    expect(await rejection(Buffer.from("not a photo at all, although it says .jpg"))).toEqual(
      expect.objectContaining({ problem: "not-an-image", message: "This file is not a photo we can read" }),
    );
  });

  it("refuses an empty file, a GIF, an SVG, a file over 20 MB and a decompression bomb, storing nothing", async () => {
    const before = (await database.db.select({ n: count() }).from(imageRenditions))[0]!.n;
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } })
      .gif()
      .toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const bomb = await sharp({ create: { width: 12_000, height: 10_000, channels: 3, background: "#fff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const problems = await Promise.all(
      [Buffer.alloc(0), gif, svg, Buffer.alloc(MAX_IMAGE_BYTES + 1), bomb].map(rejection),
    );
    expect(problems.map((error) => (error as ImageRejected).problem)).toEqual([
      "empty",
      "unsupported-type",
      "unsupported-type",
      "too-large",
      "too-many-pixels",
    ]);
    expect(problems.every((error) => error instanceof ImageRejected)).toBe(true);
    expect((await database.db.select({ n: count() }).from(imageRenditions))[0]!.n).toBe(before);
  });

  it("refuses a photo cut off after a valid header (JPEG or PNG) as damaged, with the message for its sender, storing nothing", async () => {
    const before = (await database.db.select({ n: count() }).from(storedImages))[0]!.n;
    const png = fixture("trade-in-side.png");
    const problems = await Promise.all(
      [fixture("trade-in-cut-off.jpg"), png.subarray(0, png.length / 2)].map(rejection),
    );
    expect(problems).toEqual(
      [0, 1].map(() =>
        expect.objectContaining({ problem: "damaged", message: "This photo could not be read; please take it again" }),
      ),
    );
    expect(problems.every((error) => error instanceof ImageRejected)).toBe(true);
    expect((await database.db.select({ n: count() }).from(storedImages))[0]!.n).toBe(before);
  });
});

describe("the image pipeline's widths and <picture> sources", () => {
  it("never enlarges: widths stop at the photo's own, or 1440", () => {
    expect(renditionWidths(200)).toEqual([200]);
    expect(renditionWidths(640)).toEqual([320, 640]);
    expect(renditionWidths(4000)).toEqual([320, 640, 960, 1440]);
  });

  it("gives a <picture> AVIF and WebP sources and a JPEG fallback with the size of the largest", async () => {
    const image = await storeImage(database.db, fixture("trade-in-side.png"));
    const picture = pictureSources(image.renditions);
    expect(picture.sources.map((s) => s.type)).toEqual(["image/avif", "image/webp"]);
    expect(picture.sources[0]!.srcSet).toMatch(/^\/media\/images\/[0-9a-f]{32}\.avif 320w, .+ 1200w$/);
    expect(picture.img).toEqual(
      expect.objectContaining({ width: 1200, height: 800, src: expect.stringMatching(/\.jpg$/) }),
    );
  });
});
