import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { CompressionThread, type CompressionThreadCounts } from "../compression-thread.ts";
import { isDataRequest, pagePathOf } from "../../app/framework/data-requests.ts";

/**
 * HTTP caching and compression for every answer of the app (docs/decisions/011-http-caching-and-seo.md):
 * Cache-Control per kind of answer (`cachePolicy`, the one rule), weak ETags with 304 for cacheable GETs,
 * and brotli or gzip for text answers to GET and HEAD.
 */

const CATALOGUE_SHARED_SECONDS = 60;
const CATALOGUE_STALE_SECONDS = 300;

export const CACHE = {
  /** Hashed build output and photo renditions: the name changes when the content does. */
  immutable: "public, max-age=31536000, immutable",
  /** Artwork drawn from its URL alone, so a URL always shows the same picture. */
  artwork: "public, max-age=604800, stale-while-revalidate=86400",
  /** Sitemaps and robots.txt: crawlers read them rarely, a CDN may keep them an hour. */
  crawler: "public, max-age=300, s-maxage=3600, stale-while-revalidate=86400",
  /** API reads and the router's data for catalogue pages: a CDN keeps them a minute and serves a stale copy while it refreshes. */
  catalogue: `public, max-age=0, s-maxage=${CATALOGUE_SHARED_SECONDS}, stale-while-revalidate=${CATALOGUE_STALE_SECONDS}`,
  /**
   * Catalogue pages' HTML: its inline scripts carry a per-response CSP nonce, which a shared cache would hand
   * to every visitor (docs/decisions/014-one-request-guard.md). The browser keeps it and revalidates (304).
   */
  page: "private, no-cache",
  /** Forms (a one-time token in the page), errors, health checks and anything personal. */
  none: "private, no-store",
  /**
   * Answers to POST and other writes. They are never reused without explicit freshness (RFC 9110 section 9.3.3),
   * and `private` keeps shared caches out. Not `no-store`: with it, Chromium's DevTools never finished the
   * 201 of POST /api/finance_applications that the wizard does not read, and Playwright hung waiting for it.
   */
  write: "private",
} as const;

export type CachePolicy = {
  cacheControl: string;
  /** The answer depends on the remembered-dealer cookie (group pages render in the visitor's dealer scope). */
  varyCookie: boolean;
};

const NO_STORE: CachePolicy = { cacheControl: CACHE.none, varyCookie: false };

/** Pages that carry a form (with its one-time token) or say thank you for one. */
const FORM_PAGE =
  /^(?:\/dealer\/[^/]+)?\/(?:finance(?:\/|$)|parts(?:\/|$)|service(?:\/|$)|sell-your-car(?:\/|$)|appointments\/|book-test-drive\/|specials\/[^/]+)|\/(?:enquire|thank-you)(?:\/|$)/;

/**
 * Personal or live answers: a seller's photos (signed links), the free appointment slots, a lead's delivery status, a
 * visitor's saved-search alerts.
 */
const PERSONAL_OR_LIVE =
  /^\/media\/leads\/|^\/api\/dealers\/[^/]+\/slots$|^\/api\/customer_enquiries\/|^\/alerts\/|^\/feeds\//;

/** The back office: its pages, their data requests and /api/staff. Personal: never stored by any cache, never indexed. */
export function isStaffPath(path: string): boolean {
  // The router matches paths whatever their case (/STAFF/finance/1 is the staff page), so this rule must too.
  return /^\/(?:api\/)?staff(?:[/.]|$)/i.test(path);
}

/**
 * The one rule: how long, and for whom, an answer may be kept. An HTML answer carries the response's CSP
 * nonce (decision 014), so a shared cache never keeps one, whatever its path (e.g. the API's reference page).
 */
export function cachePolicy(
  method: string,
  path: string,
  status: number,
  setsCookie = false,
  html = false,
): CachePolicy {
  const policy = policyByPath(method, path, status, setsCookie);
  return html && policy.cacheControl.startsWith("public") ? { ...policy, cacheControl: CACHE.page } : policy;
}

function policyByPath(method: string, path: string, status: number, setsCookie: boolean): CachePolicy {
  if (isStaffPath(path)) return NO_STORE;
  if (method !== "GET" && method !== "HEAD") return { cacheControl: CACHE.write, varyCookie: false };
  if (status < 200 || status >= 300 || setsCookie || PERSONAL_OR_LIVE.test(path)) return NO_STORE;
  if (path.startsWith("/assets/") || path.startsWith("/media/images/") || path.startsWith("/media/brochure-files/"))
    return { cacheControl: CACHE.immutable, varyCookie: false };
  if (path.startsWith("/media/brochures/")) return { cacheControl: CACHE.catalogue, varyCookie: false };
  if (path.startsWith("/media/") || path.startsWith("/uploads/"))
    return { cacheControl: CACHE.artwork, varyCookie: false };
  if (path === "/robots.txt" || /^\/sitemap[\w-]*\.xml$/.test(path))
    return { cacheControl: CACHE.crawler, varyCookie: false };
  if (path.startsWith("/api/")) return { cacheControl: CACHE.catalogue, varyCookie: false };
  if (path === "/healthz" || path === "/readyz") return NO_STORE;
  const page = pagePathOf(path);
  if (FORM_PAGE.test(page)) return NO_STORE;
  // Outside /dealer/{slug} and the home page, the layout renders the page in the dealer remembered by the cookie.
  const scopedByRoute = page === "/" || /^\/dealer\/[^/]+/.test(page);
  return { cacheControl: isDataRequest(path) ? CACHE.catalogue : CACHE.page, varyCookie: !scopedByRoute };
}

/**
 * The catalogue policy for an answer made at `now`, shortened so that no shared cache serves it, fresh or stale,
 * past `nextChange`, the next instant a scheduled change (a new price) alters what catalogue answers say.
 */
export function catalogueCacheControl(now: Date, nextChange: Date | null): string {
  const seconds = nextChange ? Math.floor((nextChange.getTime() - now.getTime()) / 1000) : Number.POSITIVE_INFINITY;
  if (seconds >= CATALOGUE_SHARED_SECONDS + CATALOGUE_STALE_SECONDS) return CACHE.catalogue;
  const shared = Math.max(0, Math.min(CATALOGUE_SHARED_SECONDS, seconds));
  const stale = Math.max(0, seconds - shared);
  return stale > 0
    ? `public, max-age=0, s-maxage=${shared}, stale-while-revalidate=${stale}`
    : `public, max-age=0, s-maxage=${shared}`;
}

/**
 * A weak validator of a body. Every occurrence of the response's CSP nonce is left out first, so that
 * two renderings of one page that differ only by their nonce share an ETag.
 */
export function weakEtag(body: Uint8Array, nonce?: string): string {
  return weakEtagOfPieces(piecesBetween(body, nonce));
}

/** The body's bytes between the occurrences of `nonce` (ASCII, as every CSP nonce is), as views of the body. */
export function piecesBetween(body: Uint8Array, nonce: string | undefined): Buffer[] {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (!nonce) return [bytes];
  const separator = Buffer.from(nonce, "latin1");
  const pieces: Buffer[] = [];
  let start = 0;
  for (let found = bytes.indexOf(separator); found !== -1; found = bytes.indexOf(separator, start)) {
    pieces.push(bytes.subarray(start, found));
    start = found + separator.byteLength;
  }
  pieces.push(bytes.subarray(start));
  return pieces;
}

/** The same validator of a body already split at its nonce (the page cache keeps pages so), without joining it. */
export function weakEtagOfPieces(pieces: readonly Uint8Array[]): string {
  const hash = createHash("sha256");
  for (const piece of pieces) hash.update(piece);
  return `W/"${hash.digest("base64url").slice(0, 27)}"`;
}

/** If-None-Match against an ETag, by weak comparison (RFC 9110 section 13.1.2). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => opaque(tag) === opaque(etag));
}

export type Encoding = "br" | "gzip";

/** Whether an Accept-Encoding header accepts `coding` (named, or by `*`, with a weight above 0). */
export function acceptsCoding(acceptEncoding: string | undefined, coding: Encoding): boolean {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    weights.set(name, q === undefined ? 1 : Number(q));
  }
  return (weights.get(coding) ?? weights.get("*") ?? 0) > 0;
}

/** The coding to use for an Accept-Encoding header: brotli when accepted, else gzip, else none. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (acceptsCoding(acceptEncoding, "br")) return "br";
  if (acceptsCoding(acceptEncoding, "gzip")) return "gzip";
  return null;
}

const TEXT_TYPE = /^(?:text\/|application\/(?:json|ld\+json|xml|javascript|manifest\+json)|image\/svg\+xml)/;
/** Below this a compressed answer saves less than the work and the headers cost. */
const MIN_COMPRESS_BYTES = 512;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Up to this size an answer made for one request is compressed on the compression thread (decision 069), which
 * costs the same CPU as compressing it in place (decision 067) and leaves the main thread to render. Larger answers
 * and the hashed assets (compressed hard, once) go to the thread pool, so that no answer waits behind them.
 */
const ONE_THREAD_MAX_BYTES = 256 * 1024;
const compressionThread = new CompressionThread();
/** How often the compression thread failed, and what it held was compressed here instead (server/metrics.ts). */
export const compressionThreadCounts = (): Readonly<CompressionThreadCounts> => compressionThread.counts;

async function compress(body: Uint8Array, encoding: Encoding, maxEffort: boolean): Promise<Uint8Array> {
  const oneThread = !maxEffort && body.byteLength <= ONE_THREAD_MAX_BYTES;
  if (encoding === "gzip") {
    const options = { level: maxEffort ? 9 : 6 };
    return oneThread ? compressionThread.compress(body, { encoding, options }) : gzip(body, options);
  }
  // Quality 11 is worth it once for a hashed asset; an answer made per request gets a cheaper 4 (decision 064).
  const options = {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: maxEffort ? 11 : 4,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
    },
  };
  return oneThread ? compressionThread.compress(body, { encoding, options }) : brotli(body, options);
}

/** Compressed hashed assets, kept so that each is compressed once per coding (their content never changes). */
class AssetCompressionCache {
  readonly #entries = new Map<string, Uint8Array>();
  constructor(private readonly maxEntries = 256) {}

  async get(key: string, make: () => Promise<Uint8Array>): Promise<Uint8Array> {
    const hit = this.#entries.get(key);
    if (hit) return hit;
    const made = await make();
    if (this.#entries.size >= this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, made);
    return made;
  }
}

function appendVary(headers: Headers, field: string) {
  const current = headers.get("Vary");
  const fields = current ? current.split(",").map((f) => f.trim().toLowerCase()) : [];
  if (!fields.includes(field.toLowerCase())) headers.set("Vary", current ? `${current}, ${field}` : field);
}

/** Replace the context's answer without Hono copying the old answer's headers (Content-Length) onto it. */
function replaceResponse(c: Context, response: Response) {
  c.res = undefined;
  c.res = response;
}

/** The 304 for a matching If-None-Match: the validators and caching fields only, no body and no CSP (the stored one applies). */
function notModified(original: Response): Response {
  const headers = new Headers();
  for (const name of ["Cache-Control", "ETag", "Vary", "Expires", "Content-Location", "Date"]) {
    const value = original.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(null, { status: 304, headers });
}

export type CachingOptions = {
  assetCache?: AssetCompressionCache;
  /** The next instant after `after` at which a scheduled change alters catalogue answers, or null. */
  nextScheduledChange?: (after: Date) => Promise<Date | null>;
};

type Answer = { response: Response; body: Uint8Array; headers: Headers };

/**
 * Sets the ETag (unless the answer has its own, as a kept page has: server/page-cache.ts); answers the 304 to
 * send instead when the client's copy is current.
 */
function validate(c: Context<{ Variables: { cspNonce?: string } }>, { body, headers }: Answer): Response | null {
  const type = headers.get("Content-Type") ?? "";
  const etag = headers.get("ETag") ?? weakEtag(body, type.startsWith("text/html") ? c.get("cspNonce") : undefined);
  headers.set("ETag", etag);
  return etagMatches(c.req.header("If-None-Match"), etag) ? notModified(new Response(null, { headers })) : null;
}

/** The body in the coding the client prefers; hashed assets are compressed hard, once. */
async function encode(
  c: Context,
  { response, body, headers }: Answer,
  assetCache: AssetCompressionCache,
): Promise<Uint8Array> {
  const encoding = body.byteLength >= MIN_COMPRESS_BYTES ? chooseEncoding(c.req.header("Accept-Encoding")) : null;
  if (!encoding) return body;
  headers.set("Content-Encoding", encoding);
  const path = c.req.path;
  if (path.startsWith("/assets/") && response.status === 200)
    return assetCache.get(`${encoding} ${path}`, () => compress(body, encoding, true));
  return compress(body, encoding, false);
}

export function httpCaching({
  assetCache = new AssetCompressionCache(),
  nextScheduledChange,
}: CachingOptions = {}): MiddlewareHandler<{
  Variables: { cspNonce?: string };
}> {
  return async (c, next) => {
    const started = new Date();
    await next();
    const { method, path } = c.req;
    const response = c.res;
    const html = (response.headers.get("Content-Type") ?? "").startsWith("text/html");
    const policy = cachePolicy(method, path, response.status, response.headers.has("Set-Cookie"), html);
    const scheduled =
      policy.cacheControl === CACHE.catalogue && nextScheduledChange ? await nextScheduledChange(started) : null;
    response.headers.set("Cache-Control", scheduled ? catalogueCacheControl(started, scheduled) : policy.cacheControl);
    if (policy.varyCookie) appendVary(response.headers, "Cookie");
    if (isStaffPath(path)) response.headers.set("X-Robots-Tag", "noindex, nofollow");

    const isRead = method === "GET" || method === "HEAD";
    const compressible =
      isRead && TEXT_TYPE.test(response.headers.get("Content-Type") ?? "") && !response.headers.has("Content-Encoding");
    const validated = isRead && response.status === 200 && policy.cacheControl !== CACHE.none;
    if (!response.body || (!compressible && !validated)) return;

    const answer: Answer = {
      response,
      body: new Uint8Array(await response.arrayBuffer()),
      headers: new Headers(response.headers),
    };
    answer.headers.delete("Content-Length");
    if (compressible) appendVary(answer.headers, "Accept-Encoding");
    const current = validated ? validate(c, answer) : null;
    if (current) return replaceResponse(c, current);
    const sent = compressible ? await encode(c, answer, assetCache) : answer.body;
    answer.headers.set("Content-Length", String(sent.byteLength));
    const body = method === "HEAD" ? null : (sent as Uint8Array<ArrayBuffer>);
    replaceResponse(
      c,
      new Response(body, { status: response.status, statusText: response.statusText, headers: answer.headers }),
    );
  };
}
