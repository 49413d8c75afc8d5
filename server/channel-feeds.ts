import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { type Context, Hono } from "hono";
import type { LinkSigner } from "../core/appointments/links.server.ts";
import type { Channel, FeedDealer, FeedFormat } from "../core/channels/channel.ts";
import { type FeedAccess, feedAccess, recordFetch } from "../core/channels/channel-settings.server.ts";
import { channelById, ChannelStock, serialiseFeed } from "../core/channels/channels.server.ts";
import { forEachInSlices } from "../core/shared/slices.server.ts";
import type { UsedStock } from "../core/inventory/used-stock.server.ts";
import type { StockRow } from "../core/inventory/used-vehicles.server.ts";
import type { Database } from "../db/client.ts";
import { acceptsCoding, etagMatches } from "./middleware/caching.ts";
import type { Logger } from "./logger.ts";

/** What the metrics hear of each fetch (server/metrics.ts). */
export type FeedFetchOutcome = "served" | "not-modified";
export type FeedFetchObserver = (fetch: {
  channel: string;
  dealer: string;
  outcome: FeedFetchOutcome;
  items: number;
  seconds: number;
}) => void;

export type ChannelFeedOptions = {
  db: Database;
  usedStock: UsedStock;
  linkSigner: LinkSigner;
  siteUrl: string;
  logger: Logger;
  observe?: FeedFetchObserver;
};

/** A generated file, kept until the stock's snapshot changes: its bytes in the pieces they were written in (see `serialiseFeed`). */
type FeedFile = {
  pieces: readonly Buffer[];
  gzipped: Promise<Buffer> | null;
  etag: string;
  lastModified: Date;
  items: number;
  leftOut: number;
};

/** The stock as one fetch read it. */
type Snapshot = { rows: readonly StockRow[]; readAt: Date; snapshot: object };

const CONTENT_TYPES: Record<FeedFormat, string> = {
  csv: "text/csv; charset=utf-8",
  json: "application/json; charset=utf-8",
};

/**
 * The catalogue feeds (docs/channels.md): GET /feeds/{channel}/{dealer}.{csv|json}?key=..., generated at
 * fetch time from the in-memory used-stock record (so a sale is absent from the next fetch), with a weak
 * ETag, Last-Modified and gzip. A file is built once per snapshot of the stock and kept. The key travels in
 * the query (Meta and TikTok fetch a plain URL); the request log and the metrics carry the path only, and
 * the caching rule keeps every answer private and unstored (server/middleware/caching.ts). A build runs in
 * slices of the event loop (core/shared/slices.server.ts): at 100 000 vehicles it takes seconds, and pages keep being
 * served meanwhile; fetches that arrive during a build wait for that build rather than start another.
 *
 * Every fetch gets the file of the stock as the site shows it, and the fetch log records what it got (its
 * items, or a 304). A drop too large to be true is stopped at the import, before any page or file changes
 * (core/inventory/stock-feed.server.ts DropGuard, decision 077): a channel is never served a file that disagrees
 * with the site, as an older file kept here would (listing cars whose pages are gone).
 */
export function channelFeedRoutes(options: ChannelFeedOptions): Hono {
  const files = new FeedFiles(options.siteUrl);
  return new Hono().get("/feeds/:channel/:file", async (c) => {
    const started = performance.now();
    const channel = channelById(c.req.param("channel"));
    const match = /^([a-z0-9-]+)\.(csv|json)$/.exec(c.req.param("file"));
    const format = match?.[2] as FeedFormat | undefined;
    if (!channel || !match || !format || !channel.formats.includes(format)) return c.text("No such feed", 404);
    const access = await feedAccess(options.db, options.linkSigner, channel.id, match[1]!, c.req.query("key"));
    if (access.kind !== "open") return accessRefused(c, access.kind);
    const dealer = access.dealer;
    const served = await files.fileOf(channel, format, dealer, await options.usedStock.stockRows());
    c.header("ETag", served.etag);
    c.header("Last-Modified", served.lastModified.toUTCString());
    c.header("Vary", "Accept-Encoding");
    const notModified = isNotModified(c, served);
    await recordFeedFetch(c, options, { channel, dealer, served, notModified, started });
    if (notModified) return c.body(null, 304);
    c.header("Content-Type", CONTENT_TYPES[format]);
    c.header("Content-Disposition", `inline; filename="${channel.id}-${dealer.slug}.${format}"`);
    // A client without gzip (none of the channels) gets the file joined, as the caching rule compresses it anyway.
    if (!acceptsCoding(c.req.header("Accept-Encoding"), "gzip"))
      return c.body(new Uint8Array(Buffer.concat(served.pieces)));
    served.gzipped ??= gzipOf(served.pieces);
    c.header("Content-Encoding", "gzip");
    return c.body(new Uint8Array(await served.gzipped));
  });
}

/** The answer to a fetch whose key does not open the feed, or whose channel is switched off for the dealer. */
function accessRefused(c: Context, kind: Exclude<FeedAccess["kind"], "open">): Response {
  if (kind === "missing-key")
    return c.text("This feed needs its key: ?key=... as shown in the back office (/staff/channels)", 401);
  if (kind === "invalid-key")
    return c.text("This key does not open this feed (wrong, revoked, or replaced more than the grace period ago)", 403);
  return c.text("This channel is switched off for this dealer", 404);
}

/** What the channel received, in the fetch log and the metrics: the file's items, or nothing new (a 304 keeps the catalogue it has). */
async function recordFeedFetch(
  c: Context,
  options: ChannelFeedOptions,
  fetch: { channel: Channel; dealer: FeedDealer; served: FeedFile; notModified: boolean; started: number },
): Promise<void> {
  const { channel, dealer, served, notModified } = fetch;
  const durationMs = Math.round(performance.now() - fetch.started);
  await recordFetch(options.db, {
    dealerId: dealer.id,
    channel: channel.id,
    userAgent: c.req.header("User-Agent") ?? "",
    items: served.items,
    leftOut: served.leftOut,
    durationMs,
    status: notModified ? 304 : 200,
  });
  options.observe?.({
    channel: channel.id,
    dealer: dealer.slug,
    outcome: notModified ? "not-modified" : "served",
    items: served.items,
    seconds: durationMs / 1000,
  });
}

/** The feed files built from the stock's snapshots, each kept until the snapshot it was built from changes. */
class FeedFiles {
  private readonly files = new Map<string, { snapshot: object; file: Promise<FeedFile> }>();
  private stockOfSnapshot: { snapshot: object; stock: Promise<ChannelStock> } | null = null;

  constructor(private readonly siteUrl: string) {}

  /** A dealer's file of a channel for this snapshot of the stock, built by the first fetch that asks for it. */
  fileOf(channel: Channel, format: FeedFormat, dealer: FeedDealer, stock: Snapshot): Promise<FeedFile> {
    const fileKey = fileKeyOf(channel, format, dealer);
    const current = this.files.get(fileKey);
    if (current?.snapshot === stock.snapshot) return current.file;
    const entry = { snapshot: stock.snapshot, file: this.buildFile(channel, format, dealer, stock, current?.file) };
    this.files.set(fileKey, entry);
    entry.file.catch(() => {
      if (this.files.get(fileKey) === entry) this.files.delete(fileKey);
    });
    return entry.file;
  }

  /** The channels' view of this snapshot of the stock, made once for every file built from it. */
  private channelStockOf({ rows, snapshot }: Snapshot): Promise<ChannelStock> {
    if (this.stockOfSnapshot?.snapshot !== snapshot) {
      const stock = ChannelStock.of(rows);
      this.stockOfSnapshot = { snapshot, stock };
      stock.catch(() => {
        if (this.stockOfSnapshot?.stock === stock) this.stockOfSnapshot = null;
      });
    }
    return this.stockOfSnapshot.stock;
  }

  private async buildFile(
    channel: Channel,
    format: FeedFormat,
    dealer: FeedDealer,
    stock: Snapshot,
    previous: Promise<FeedFile> | undefined,
  ): Promise<FeedFile> {
    const channelStock = await this.channelStockOf(stock);
    const { rows, leftOut } = await channelStock.feed(channel, { siteUrl: this.siteUrl, dealer });
    const pieces = await serialiseFeed(channel, format, rows);
    const etag = await etagOf(pieces);
    const before = await previous?.catch(() => null);
    const lastModified = before?.etag === etag ? before.lastModified : wholeSeconds(stock.readAt);
    return { pieces, gzipped: null, etag, lastModified, items: rows.length, leftOut: leftOut.length };
  }
}

/**
 * A weak ETag: the file's SHA-256, hashed piece by piece in slices of the event loop. Weak because the file is
 * answered plain or gzipped under one tag, and a strong tag may be shared only by identical bytes (RFC 9110
 * section 8.8.1); a weak one names the same content in any coding, and If-None-Match compares weakly anyway.
 */
async function etagOf(pieces: readonly Buffer[]): Promise<string> {
  const hash = createHash("sha256");
  await forEachInSlices(pieces, (piece) => hash.update(piece));
  return `W/"${hash.digest("base64url").slice(0, 27)}"`;
}

/** The file gzipped on libuv's thread pool, fed piece by piece (bench/channel-feeds.ts times it). */
export async function gzipOf(pieces: readonly Buffer[]): Promise<Buffer> {
  const gzipped: Buffer[] = [];
  await pipeline(Readable.from(pieces), zlib.createGzip({ level: 6 }), async (chunks: AsyncIterable<Buffer>) => {
    for await (const chunk of chunks) gzipped.push(chunk);
  });
  return Buffer.concat(gzipped);
}

const fileKeyOf = (channel: Channel, format: FeedFormat, dealer: FeedDealer) => `${channel.id}/${dealer.id}/${format}`;

const wholeSeconds = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000);

/** If-None-Match decides when sent; otherwise If-Modified-Since (RFC 9110 section 13.2.2). */
function isNotModified(c: Context, file: FeedFile): boolean {
  const ifNoneMatch = c.req.header("If-None-Match");
  if (ifNoneMatch) return etagMatches(ifNoneMatch, file.etag);
  const since = Date.parse(c.req.header("If-Modified-Since") ?? "");
  return Number.isFinite(since) && file.lastModified.getTime() <= since;
}
