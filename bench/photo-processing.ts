/**
 * Times the image pipeline on phone photos (core/media/image-pipeline.server.ts, `storeImage`): a 12-megapixel
 * JPEG (4000 x 3000: a drawn scene with texture at several scales and sensor-like noise, about the
 * size a phone writes) checked, turned
 * upright, encoded to AVIF, WebP and JPEG at 320, 640, 960 and 1440 px and stored, on an in-memory PGlite.
 * Prints the time per photo (each photo different, so none is a repeat) and the average size of each
 * rendition.
 *
 *   npm run bench:photos [-- --photos 5]
 */
import os from "node:os";
import { PGlite } from "@electric-sql/pglite";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { openDatabase } from "../db/client.ts";
import { imageRenditions } from "../db/schema.ts";
import { storeImage } from "../core/media/image-pipeline.server.ts";
import { median, quantile } from "./stats.ts";
import { parseCommandLine } from "../server/cli/command-line.ts";

const USAGE = `Usage: npm run bench:photos -- [--photos 5]
  Times the image pipeline on 12-megapixel phone photos (renditions in AVIF, WebP and JPEG) on an in-memory
  database and prints the time per photo and each rendition's average size.`;

const { values } = parseCommandLine(USAGE, { photos: { type: "string", default: "5" } });
const count = Number(values.photos);

const WIDTH = 4000;
const HEIGHT = 3000;

/** A 12-megapixel JPEG: a drawn car in a scene, with noise seeded per photo so each photo's bytes differ. */
async function phonePhoto(index: number): Promise<Buffer> {
  const hue = (index * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},60%,75%)"/><stop offset="1" stop-color="hsl(${hue},30%,35%)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    <rect y="${HEIGHT * 0.7}" width="100%" height="${HEIGHT * 0.3}" fill="#555"/>
    <rect x="${WIDTH * 0.15}" y="${HEIGHT * 0.45}" width="${WIDTH * 0.7}" height="${HEIGHT * 0.22}" rx="160" fill="hsl(${(hue + 180) % 360},70%,40%)"/>
    <rect x="${WIDTH * 0.3}" y="${HEIGHT * 0.33}" width="${WIDTH * 0.38}" height="${HEIGHT * 0.16}" rx="120" fill="#9ab"/>
    <circle cx="${WIDTH * 0.3}" cy="${HEIGHT * 0.7}" r="${HEIGHT * 0.09}" fill="#111"/>
    <circle cx="${WIDTH * 0.7}" cy="${HEIGHT * 0.7}" r="${HEIGHT * 0.09}" fill="#111"/>
  </svg>`;
  const scene = await sharp(Buffer.from(svg)).png().toBuffer();
  const noise = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 14 + index },
    },
  })
    .png()
    .toBuffer();
  // Texture at the scale renditions keep (leaves, gravel, reflections): coarse noise enlarged to the full size.
  const texture = await sharp({
    create: {
      width: WIDTH / 8,
      height: HEIGHT / 8,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 60 },
    },
  })
    .resize(WIDTH, HEIGHT, { kernel: "cubic" })
    .png()
    .toBuffer();
  return sharp(scene)
    .composite([
      { input: texture, blend: "overlay" },
      { input: noise, blend: "soft-light" },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
}

const database = await openDatabase({ pglite: new PGlite() });
await database.migrate();

console.log(`Making ${count} photos of ${WIDTH} x ${HEIGHT} (${((WIDTH * HEIGHT) / 1e6).toFixed(0)} MP)...`);
const photos = await Promise.all(Array.from({ length: count }, (_, i) => phonePhoto(i)));
console.log(`JPEG sizes: ${photos.map((p) => `${(p.length / 1024 / 1024).toFixed(1)} MB`).join(", ")}`);

const times: number[] = [];
const sizes = new Map<string, number[]>();
for (const photo of photos) {
  const started = performance.now();
  const image = await storeImage(database.db, photo);
  times.push(performance.now() - started);
  const rows = await database.db
    .select({ format: imageRenditions.format, width: imageRenditions.width, bytes: imageRenditions.bytes })
    .from(imageRenditions)
    .where(eq(imageRenditions.imageId, image.id));
  for (const row of rows) {
    const key = `${row.format} ${row.width}`;
    sizes.set(key, [...(sizes.get(key) ?? []), row.bytes.length]);
  }
}
await database.close();

console.log(`\nstoreImage, ${count} photos, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "unknown"}):`);
console.log(
  `  per photo: median ${(median(times) / 1000).toFixed(2)} s, p90 ${(quantile(times, 0.9) / 1000).toFixed(2)} s, max ${(Math.max(...times) / 1000).toFixed(2)} s`,
);
console.log("\nAverage rendition size (KB):");
console.log("  width   avif    webp    jpeg");
for (const width of [320, 640, 960, 1440]) {
  const kb = (format: string) => {
    const list = sizes.get(`${format} ${width}`) ?? [];
    return list.length ? (list.reduce((a, b) => a + b, 0) / list.length / 1024).toFixed(0).padStart(6) : "     -";
  };
  console.log(`  ${String(width).padStart(5)}  ${kb("avif")}  ${kb("webp")}  ${kb("jpeg")}`);
}
