import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeImage, type StoredImage } from "../core/media/image-pipeline.server.ts";
import { startTestServer, type TestServer } from "../tests/support/test-server.ts";

let server: TestServer;
let image: StoredImage;
beforeAll(async () => {
  server = await startTestServer();
  image = await storeImage(
    server.database.db,
    fs.readFileSync(path.join(import.meta.dirname, "../tests/fixtures/photos/trade-in-interior.webp")),
  );
}, 60_000);
afterAll(() => server.close());

describe("GET /media/images/<hash>.<ext>", () => {
  it("serves each rendition with its type, cached for a year as immutable", async () => {
    for (const rendition of image.renditions) {
      const response = await fetch(server.baseUrl + rendition.url);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe(
        { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg" }[rendition.format],
      );
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
  });

  it("answers 404 for a name that is not a rendition, or a rendition under another format's extension", async () => {
    const jpeg = image.renditions.find((r) => r.format === "jpeg")!.url;
    for (const url of [
      "/media/images/00000000000000000000000000000000.jpg",
      jpeg.replace(/\.jpg$/, ".webp"),
      jpeg.replace(/\.jpg$/, ".png"),
    ]) {
      expect((await server.get(url)).status, url).toBe(404);
    }
    // An escaped slash names no one path: the request guard refuses it before any route reads it.
    expect((await server.get("/media/images/..%2f..%2fetc.jpg")).status).toBe(400);
  });

  it("never serves the original upload", async () => {
    expect((await server.get(`/media/images/${image.id}.webp`)).status).toBe(404);
  });
});
