import { createHash } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { readCookie } from "../core/shared/cookies.ts";
import { VISIT_COOKIE } from "../core/attribution/visit.ts";
import { DEALER_SLUG_KEY } from "../core/dealers/remembered-dealer.ts";
import type { ChangeNotifications } from "../core/shared/change-notifications.ts";
import { acceptsCoding, weakEtagOfPieces } from "./middleware/caching.ts";
import { NonceSplicedGzip } from "./nonce-spliced-gzip.ts";
import type { SecurityVariables } from "./middleware/security-headers.ts";
import type { PageRouteRules } from "./pages.ts";
import { pathVerdict } from "./request-path.ts";

/**
 * Rendered public pages kept in memory, so that a page is rendered once per change of what it shows rather
 * than once per visitor (docs/decisions/047-rendered-page-cache.md). Only what its routes declare public is
 * kept (`cacheKeyOf`), and only an answer that sets no cookie and does not say no-store, keyed by everything a
 * render reads from the request: the URL and the remembered dealer (for pages scoped by it). Each answer gets its
 * own CSP nonce: the one the page was rendered with is swapped for the request's. A page is kept from its second
 * ask, or when another visitor asks for it while its first render is under way (decision 067).
 *
 * Kept only while change notifications flow: any change to any table empties it, as does their loss, and
 * an entry lives at most `maxAgeMs`, which bounds how late a scheduled special, banner or post appears, and never
 * past the next scheduled price change (`nextScheduledChange`), so a new price is shown from its instant on.
 */
export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  /** Pages being rendered, for those who ask for one meanwhile: the kept page, or null when it was not kept. */
  private readonly rendering = new Map<string, Rendering>();
  /**
   * The digests of the keys of the pages rendered last, oldest first. A page is kept from its second ask among them,
   * so that the listing's endless one-off URLs neither pay for being kept nor push out the pages visitors share
   * (decision 067).
   */
  private readonly asked = new Set<string>();
  private bytes = 0;
  /** Counts the changes: a render that began before the last one is not kept. */
  private generation = 0;
  private listening = false;
  private unsubscribe: () => void = () => {};
  readonly counts = { hits: 0, misses: 0 };

  constructor(private readonly options: PageCacheOptions = {}) {}

  /** Keeps pages while `changes` says notifications flow; empties on each change. */
  watch(changes: ChangeNotifications): void {
    this.unsubscribe = changes.subscribeAll({
      onChange: () => this.clear(),
      onLost: () => {
        this.listening = false;
        this.clear();
      },
      onListening: () => {
        this.listening = true;
        this.clear();
      },
    });
  }

  stop(): void {
    this.unsubscribe();
    this.listening = false;
    this.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Serves kept pages before the page handler, and keeps what it renders. Put it just before the page routes.
   * Without the route table's rules nothing is kept.
   */
  middleware(routes: PageRouteRules | undefined): MiddlewareHandler<{ Variables: SecurityVariables }> {
    return async (c, next) => {
      const key = this.listening ? cacheKeyOf(routes, c.req.raw) : null;
      if (!key) return next();
      const nonce = c.get("cspNonce") ?? "";
      const kept = this.fresh(key) ?? (await this.awaitRendering(key));
      if (kept) {
        this.counts.hits++;
        const bytesBefore = kept.bytes;
        c.res = undefined;
        c.res = kept.answer(nonce, acceptsCoding(c.req.header("Accept-Encoding"), "gzip"));
        // The first gzip answer of a kept page deflates it (NonceSplicedGzip): counted against the cache's memory.
        if (kept.bytes !== bytesBefore && this.entries.get(key) === kept) this.bytes += kept.bytes - bytesBefore;
        return;
      }
      this.counts.misses++;
      const generation = this.generation;
      const started = Date.now();
      const askedBefore = this.noteAsk(key);
      let rendered: (page: CachedPage | null) => void = () => {};
      // Visitors asking for the page meanwhile wait for this render rather than each rendering it.
      const rendering: Rendering = { page: new Promise((resolve) => (rendered = resolve)), waiting: 0 };
      this.rendering.set(key, rendering);
      try {
        await next();
        const wanted = askedBefore || rendering.waiting > 0;
        rendered(wanted ? await this.keepAnswer(c, key, { nonce, generation, started }) : null);
      } finally {
        rendered(null);
        if (this.rendering.get(key) === rendering) this.rendering.delete(key);
      }
    };
  }

  /** The page being rendered for `key`, for a visitor who asks for it meanwhile (which makes it worth keeping). */
  private awaitRendering(key: string): Promise<CachedPage | null> | null {
    const rendering = this.rendering.get(key);
    if (!rendering) return null;
    rendering.waiting++;
    return rendering.page;
  }

  /**
   * Whether `key` was rendered before, among the last `askedKeys` renders; remembers this one as the latest. By a
   * digest of the key, so that a query string as long as a request may carry costs no more to remember than `?page=2`.
   */
  private noteAsk(key: string): boolean {
    const digest = createHash("sha256").update(key).digest("base64url");
    const askedBefore = this.asked.delete(digest);
    this.asked.add(digest);
    if (this.asked.size > (this.options.askedKeys ?? ASKED_KEYS)) this.asked.delete(this.asked.values().next().value!);
    return askedBefore;
  }

  /** Keeps the page the handler answered, if it may be kept, and answers it to this request. */
  private async keepAnswer(
    c: Context,
    key: string,
    render: { nonce: string; generation: number; started: number },
  ): Promise<CachedPage | null> {
    const response = c.res;
    if (response.status !== 200 || response.headers.has("Set-Cookie") || !response.body) return null;
    // Documents and the router's data for them only (not /__manifest, files or anything else the router answers).
    if (!KEPT_TYPES.test(response.headers.get("Content-Type") ?? "")) return null;
    // A route that says its answer is not to be stored (a personal page) is believed, whatever the path rule says.
    if (/no-store|private/i.test(response.headers.get("Cache-Control") ?? "")) return null;
    const page = new CachedPage(new Uint8Array(await response.arrayBuffer()), response.headers, render);
    c.res = undefined;
    c.res = page.answer(render.nonce, false);
    const scheduled = await this.options.nextScheduledChange?.(new Date(render.started));
    // Answered through its whole lifetime (its last millisecond included), never from the scheduled instant on.
    const lifetimeEnd = render.started + (this.options.maxAgeMs ?? MAX_AGE_MS) + 1;
    page.expiresAt = Math.min(lifetimeEnd, scheduled?.getTime() ?? Number.POSITIVE_INFINITY);
    if (render.generation !== this.generation || !this.listening) return null;
    this.keep(key, page);
    return page;
  }

  private fresh(key: string): CachedPage | null {
    const kept = this.entries.get(key);
    if (!kept) return null;
    if (Date.now() >= kept.expiresAt) {
      this.forget(key, kept);
      return null;
    }
    return kept;
  }

  private keep(key: string, page: CachedPage): void {
    const previous = this.entries.get(key);
    if (previous) this.forget(key, previous);
    const maxBytes = this.options.maxBytes ?? MAX_BYTES;
    const maxPages = this.options.maxPages ?? MAX_PAGES;
    const bytes = bytesOf(key, page);
    if (bytes > maxBytes) return;
    // The oldest entries go first (a Map iterates in insertion order).
    for (const [oldKey, oldPage] of this.entries) {
      if (this.bytes + bytes <= maxBytes && this.entries.size < maxPages) break;
      this.forget(oldKey, oldPage);
    }
    this.entries.set(key, page);
    this.bytes += bytes;
  }

  private forget(key: string, page: CachedPage): void {
    this.entries.delete(key);
    this.bytes -= bytesOf(key, page);
  }

  private clear(): void {
    this.generation++;
    this.entries.clear();
    this.bytes = 0;
  }
}

export type PageCacheOptions = {
  /** How long a page is kept at most, from when its render began (default 10 s). */
  maxAgeMs?: number;
  /** The most memory the kept pages may take: their text and deflated pieces, keys and a share for the rest (default 64 MB). */
  maxBytes?: number;
  /** The most pages kept at once (default 2,000). */
  maxPages?: number;
  /** How many of the last rendered pages' keys are remembered; a page is kept from its second ask (default 10,000). */
  askedKeys?: number;
  /**
   * The next instant after a render began at which something a page shows changes by the clock alone (a new
   * vehicle's price on a date): a page rendered before it is not answered from that instant on.
   */
  nextScheduledChange?: (after: Date) => Promise<Date | null>;
};

type Rendering = { page: Promise<CachedPage | null>; waiting: number };

const MAX_AGE_MS = 10_000;
const MAX_BYTES = 64 * 1024 * 1024;
const MAX_PAGES = 2_000;
const ASKED_KEYS = 10_000;
/** What an entry costs beyond its buffers and key: the objects and headers around them. */
const ENTRY_OVERHEAD_BYTES = 1024;
/** HTML documents, and React Router's data for a page (`.data`, a turbo-stream). */
const KEPT_TYPES = /^text\/(?:html|x-script)\b/;

function bytesOf(key: string, page: CachedPage): number {
  return page.bytes + key.length * 2 + ENTRY_OVERHEAD_BYTES;
}

/** A rendered answer, compressed once, and the nonce it was rendered with. */
class CachedPage {
  /** The first moment it is no longer answered (epoch ms): after its lifetime, or the next scheduled change, if sooner. */
  expiresAt: number;
  private readonly headers: [string, string][];
  private readonly body: NonceSplicedGzip;

  constructor(page: Uint8Array, headers: Headers, { nonce, started }: { nonce: string; started: number }) {
    this.expiresAt = started;
    this.body = new NonceSplicedGzip(page, nonce);
    const etag = weakEtagOfPieces(this.body.withoutNonce());
    this.headers = [...headers].filter(([name]) => PAGE_HEADERS.test(name));
    this.headers.push(["ETag", etag], ["Vary", "Accept-Encoding"]);
  }

  /** The memory it takes (more once a client has been answered gzip). */
  get bytes(): number {
    return this.body.bytes;
  }

  /**
   * The page as answered to a request whose CSP nonce is `nonce`: gzip when the client takes it, else as
   * text (which the caching middleware compresses as it does any answer).
   */
  answer(nonce: string, gzip: boolean): Response {
    const headers = new Headers(this.headers);
    if (!gzip) return new Response(this.body.text(nonce) as Uint8Array<ArrayBuffer>, { status: 200, headers });
    headers.set("Content-Encoding", "gzip");
    return new Response(this.body.gzip(nonce) as Uint8Array<ArrayBuffer>, { status: 200, headers });
  }
}

/** The handler's headers that describe the page, kept with it; everything else is set for each answer. */
const PAGE_HEADERS = /^(?:content-type|content-language|link|x-remix-[\w-]+|x-react-router-[\w-]+)$/i;

/**
 * What a render of this request depends on, or null when its answer may not be kept (decision 047). Decided
 * after routing, by the route table: only a read of the one canonical spelling of a path (the request guard
 * redirects every other, server/request-path.ts), whose every matched route declares the page public
 * (`PageRouteRules.isPublic`), from a request that carries no cookie but the remembered dealer and the visit's
 * source, which no render reads (a staff session or any other cookie is rendered for that request alone). Keyed by
 * path and query and by the remembered dealer (layout pages outside /dealer/{slug} render in it). Not by host: no
 * page renders the address it was asked at; not by User-Agent: a crawler gets the page a browser gets, whole
 * (decision 064).
 */
export function cacheKeyOf(routes: PageRouteRules | undefined, request: Request): string | null {
  if (!routes || (request.method !== "GET" && request.method !== "HEAD")) return null;
  const url = new URL(request.url);
  if (pathVerdict(url.pathname, routes.spelling).kind !== "canonical" || !routes.isPublic(url.pathname)) return null;
  const dealer = rememberedDealer(request.headers.get("Cookie"));
  if (dealer === null) return null;
  return `${url.pathname}${url.search} ${dealer}`;
}

/** The only cookie a kept page may be rendered with: the remembered dealer, which is part of the key. */
const KEYED_COOKIES: readonly string[] = [DEALER_SLUG_KEY];
/**
 * Cookies no page render reads, so a request carrying them may still be answered from the cache: the visit's
 * source, read only by the actions and API handlers that store a lead, which are never kept, and
 * written by server/visit-cookie.ts around the cache.
 */
const UNREAD_COOKIES: readonly string[] = [VISIT_COOKIE];

/**
 * The remembered dealer's slug as a key part ("" for none); null when the request carries any other cookie (a
 * staff session, anything personal) or one that cannot be read, whose page is rendered for it alone.
 */
function rememberedDealer(cookieHeader: string | null): string | null {
  const names = (cookieHeader ?? "")
    .split(";")
    .map((part) => part.split("=")[0]!.trim())
    .filter((name) => name !== "" && !UNREAD_COOKIES.includes(name));
  if (names.some((name) => !KEYED_COOKIES.includes(name))) return null;
  try {
    const slug = readCookie(cookieHeader, DEALER_SLUG_KEY) ?? "";
    return slug.length <= 100 ? slug : null;
  } catch {
    // A malformed escape: the page's own answer decides what such a visitor gets, and it is not kept.
    return null;
  }
}
