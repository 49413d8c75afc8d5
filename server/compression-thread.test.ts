import type { Worker } from "node:worker_threads";
import zlib from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { CompressionThread, compressHere } from "./compression-thread.ts";

const page = new TextEncoder().encode(
  `<!DOCTYPE html><html><body>${"<p>Honda Jazz 1.5 Elegance, R 289 900</p>".repeat(2_000)}</body></html>`,
);
const brotli4 = { encoding: "br" as const, options: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } };
const gzip6 = { encoding: "gzip" as const, options: { level: 6 } };

describe("the compression thread", () => {
  const thread = new CompressionThread();
  afterEach(() => thread.close());

  it("answers the same bytes as compressing in place, in brotli and in gzip", async () => {
    const [br, gz] = await Promise.all([thread.compress(page, brotli4), thread.compress(page, gzip6)]);
    expect(Buffer.from(br)).toEqual(Buffer.from(compressHere(page, brotli4)));
    expect(zlib.brotliDecompressSync(br)).toEqual(Buffer.from(page));
    expect(zlib.gunzipSync(gz)).toEqual(Buffer.from(page));
  });

  it("keeps answers apart when many are under way at once", async () => {
    const bodies = Array.from({ length: 20 }, (_, n) => new TextEncoder().encode(`answer ${n} `.repeat(200 + n)));
    const made = await Promise.all(bodies.map((body) => thread.compress(body, brotli4)));
    expect(made.map((bytes) => zlib.brotliDecompressSync(bytes).toString())).toEqual(
      bodies.map((body) => Buffer.from(body).toString()),
    );
  });

  it("answers a small body, which zlib makes in its shared pool, with bytes of its own", async () => {
    const small = new TextEncoder().encode("OK");
    expect(zlib.brotliDecompressSync(await thread.compress(small, brotli4)).toString()).toBe("OK");
  });

  it("compresses a view of part of a larger buffer as the part alone", async () => {
    const within = Buffer.concat([Buffer.from("before"), Buffer.from(page), Buffer.from("after")]);
    const part = within.subarray(6, 6 + page.byteLength);
    expect(zlib.brotliDecompressSync(await thread.compress(part, brotli4))).toEqual(Buffer.from(page));
  });

  it("compresses in place what a thread that ended held, and starts another for the next answer", async () => {
    const ending = new CompressionThread();
    // Closed while its new thread is still starting: the answer is held, not answered.
    const held = ending.compress(page, brotli4);
    await ending.close();
    expect(zlib.brotliDecompressSync(await held)).toEqual(Buffer.from(page));
    expect(zlib.gunzipSync(await ending.compress(page, gzip6))).toEqual(Buffer.from(page));
    await ending.close();
    // Counted as compressed in place; a thread closed on purpose is not a failure.
    expect(ending.counts).toEqual({ failures: 0, compressedHere: 1 });
  });

  it("counts a thread that ends on its own once, and answers the next from a new one", async () => {
    const failing = new CompressionThread();
    await failing.compress(page, brotli4);
    // As if it had crashed: its worker ends without close().
    await (Reflect.get(failing, "thread") as { worker: Worker }).worker.terminate();
    expect(failing.counts.failures).toBe(1);
    expect(zlib.brotliDecompressSync(await failing.compress(page, brotli4))).toEqual(Buffer.from(page));
    await failing.close();
    expect(failing.counts).toEqual({ failures: 1, compressedHere: 0 });
  });

  it("refuses what zlib refuses, as compressing in place would", async () => {
    const wrong = { encoding: "gzip" as const, options: { level: 42 } };
    await expect(thread.compress(page, wrong)).rejects.toThrow(RangeError);
    // A refusal is not a failure of the thread.
    expect(thread.counts).toEqual({ failures: 0, compressedHere: 0 });
  });
});
