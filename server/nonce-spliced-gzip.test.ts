import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { NonceSplicedGzip } from "./nonce-spliced-gzip.ts";

const RENDERED = "r3nd3redN0nce+AAAAAAAA==";
const ANSWER = "an5werN0nce/BBBBBBBBBBB==";
const OTHER = "0therN0nce+CCCCCCCCCCCCC=";

const LISTING = Array.from(
  { length: 400 },
  (_, row) =>
    `<li>Honda Jazz 1.5 Elegance, ${2015 + (row % 10)}, R ${(189_900 + row * 7_919).toLocaleString("en-ZA")}, ${(row * 3_331) % 180_000} km</li>`,
).join("");

function page(nonce: string, body = LISTING): string {
  return `<html><head><style nonce="${nonce}">body{color:#c8102e}</style><link rel="modulepreload" nonce="${nonce}" href="/a.js"></head><body>${body}<script nonce="${nonce}">go()</script></body></html>`;
}

describe("a page compressed once, answered with each visitor's nonce", () => {
  it("gunzips to the page with the answer's nonce in every place the rendered one was", () => {
    const spliced = new NonceSplicedGzip(Buffer.from(page(RENDERED)), RENDERED);
    expect(zlib.gunzipSync(spliced.gzip(ANSWER.slice(0, RENDERED.length))).toString("utf8")).toBe(
      page(ANSWER.slice(0, RENDERED.length)),
    );
    expect(zlib.gunzipSync(spliced.gzip(OTHER.slice(0, RENDERED.length))).toString("utf8")).toBe(
      page(OTHER.slice(0, RENDERED.length)),
    );
    expect(spliced.text(OTHER.slice(0, RENDERED.length)).toString("utf8")).toBe(page(OTHER.slice(0, RENDERED.length)));
  });

  it("deflates only when first asked for gzip, and once: a render nobody asks for again costs no compression", () => {
    const text = page(RENDERED);
    const spliced = new NonceSplicedGzip(Buffer.from(text), RENDERED);
    expect(spliced.bytes).toBe(Buffer.byteLength(text) - RENDERED.length * 3);
    spliced.text(RENDERED);
    expect(spliced.bytes).toBe(Buffer.byteLength(text) - RENDERED.length * 3);
    const first = spliced.gzip(RENDERED);
    const withDeflated = spliced.bytes;
    expect(withDeflated).toBeGreaterThan(Buffer.byteLength(text) - RENDERED.length * 3);
    expect(spliced.gzip(RENDERED)).toEqual(first);
    expect(spliced.bytes).toBe(withDeflated);
  });

  it("compresses about as well as compressing the whole page, though each piece is compressed apart", () => {
    const text = page(RENDERED);
    const whole = zlib.gzipSync(text, { level: 9 }).byteLength;
    const spliced = new NonceSplicedGzip(Buffer.from(text), RENDERED).gzip(RENDERED).byteLength;
    expect(spliced).toBeLessThan(whole * 1.1);
    expect(spliced).toBeLessThan(Buffer.byteLength(text) / 3);
  });

  it("keeps text in any script, a nonce at either end, and a page without a nonce", () => {
    const nonce = "Zm9vYmFyYmF6cXV4MTIzNA==";
    const text = `${nonce}<p>Øystein, 日本語, Ndiyabulela 🚗</p>`.repeat(50) + nonce;
    const other = "cXV4YmF6YmFyZm9vNDMyMQ==";
    expect(zlib.gunzipSync(new NonceSplicedGzip(Buffer.from(text), nonce).gzip(other)).toString("utf8")).toBe(
      text.replaceAll(nonce, other),
    );
    expect(
      zlib.gunzipSync(new NonceSplicedGzip(Buffer.from("<p>no scripts</p>"), "").gzip(other)).toString("utf8"),
    ).toBe("<p>no scripts</p>");
  });

  it("never lets a later piece refer back into a nonce, even when the page itself has NUL bytes", () => {
    // The rendered nonce's characters repeat later in the page: a match reaching back into the nonce would copy
    // the answer's nonce instead of the page's own text.
    const nonce = "abcdefghijklmnopqrstuvwx";
    const text = `<script nonce="${nonce}"></script>${"<p>abcdefghijklmnopqrstuvwx\u0000</p>".repeat(30)}`;
    const other = "ZYXWVUTSRQPONMLKJIHGFEDC";
    expect(zlib.gunzipSync(new NonceSplicedGzip(Buffer.from(text), nonce).gzip(other)).toString("utf8")).toBe(
      text.replaceAll(nonce, other),
    );
  });

  it("refuses a nonce of another length, which would misplace every later piece", () => {
    expect(() => new NonceSplicedGzip(Buffer.from(page(RENDERED)), RENDERED).gzip("short")).toThrow(/length/);
  });
});
