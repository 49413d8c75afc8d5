import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowerModulePreloadPriority } from "./module-preload-priority.server.ts";

const page =
  '<!DOCTYPE html><html><head><title>Home</title></head><body><main>Honda ✓ Umhlanga</main>' +
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="abc"/>' +
  '<link rel="modulepreload" href="/assets/root.js" nonce="abc"/><link rel="icon" href="/favicon.svg"/></body></html>';
const expected = page.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

async function rewritten(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(lowerModulePreloadPriority()));
}

describe("the page's script preloads at low priority", () => {
  it("marks every modulepreload link and leaves the rest of the page as it was", async () => {
    expect(await rewritten([Buffer.from(page)])).toBe(expected);
  });

  it("rewrites a tag cut in two by the renderer's chunks, and a character cut in two, at every cut", async () => {
    const bytes = Buffer.from(page);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await rewritten([bytes.subarray(0, cut), bytes.subarray(cut)]), `cut at ${cut}`).toBe(expected);
    }
  });

  it("keeps a page ending in what looks like the start of a tag", async () => {
    expect(await rewritten([Buffer.from("<p>end</p><link rel=")])).toBe("<p>end</p><link rel=");
  });
});
