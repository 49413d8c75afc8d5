import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { type Context, Hono } from "hono";
import type { LinkSigner } from "../core/appointments/links.ts";
import type { Channel, FeedDealer, FeedFormat } from "../core/channels/channel.ts";
import { feedAccess, lastFetchItems, recordFetch } from "../core/channels/channel-settings.ts";
import { channelById, ChannelStock, serialiseFeed } from "../core/channels/channels.ts";
import { forEachInSlices } from "../core/shared/slices.ts";
import type { UsedStock } from "../core/inventory/used-stock.ts";
import type { StockRow } from "../core/inventory/used-vehicles.ts";
import type { Database } from "../db/client.ts";
import { acceptsCoding, etagMatches } from "./middleware/caching.ts";
import type { Logger } from "./logger.ts";

/** What the metrics hear of each fetch (server/metrics.ts). */
export type FeedFetchOutcome = "served" | "not-modified" | "guarded" | "held-back";
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
  /** The share of the previous fetch's items a new file may drop at once (CHANNEL_FEED_MAX_DROP); more answers the previous good file. */
  maxDropShare: number;
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
 * fetch time from the in-memory used-stock record (so a sale is absent from the next fetch), with a strong
 * ETag, Last-Modified and gzip. A file is built once per snapshot of the stock and kept. The key travels in
 * the query (Meta and TikTok fetch a plain URL); the request log and the metrics carry the path only, and
 * the caching rule keeps every answer private and unstored (server/middleware/caching.ts). A build runs in
 * slices of the event loop (core/shared/slices.ts): at 100 000 vehicles it takes seconds, and pages keep being
 * served meanwhile; fetches that arrive during a build wait for that build rather than start another.
 *
 * The empty-feed guard: a file that would drop more than `maxDropShare` of the previous fetch's items at
 * once (a failed import, a broken read model) is not served; the previous good file is, and the fetch log
 * records the alarm the back office shows. Without a good file in memory (a restart) the answer is 503:
 * a failed fetch leaves a channel's catalogue as it was, where an emptied file would delete it.
 */
export function channelFeedRoutes(options: ChannelFeedOptions): Hono {
  const files = new Map<string, { snapshot: object; file: Promise<FeedFile> }>();
  const lastGood = new Map<string, FeedFile>();
  let stockOfSnapshot: { snapshot: object; stock: Promise<ChannelStock> } | null = null;

  /** The channels' view of this snapshot of the stock, made once for every file built from it. */
  function channelStockOf({ rows, snapshot }: Snapshot): Promise<ChannelStock> {
    if (stockOfSnapshot?.snapshot !== snapshot) {
      const stock = ChannelStock.of(rows);
      stockOfSnapshot = { snapshot, stock };
      stock.catch(() => {
        if (stockOfSnapshot?.stock === stock) stockOfSnapshot = null;
      });
    }
    return stockOfSnapshot.stock;
  }

  async function buildFile(
    channel: Channel,
    format: FeedFormat,
    dealer: FeedDealer,
    stock: Snapshot,
    previous: Promise<FeedFile> | undefined,
  ): Promise<FeedFile> {
    const channelStock = await channelStockOf(stock);
    const { rows, leftOut } = await channelStock.feed(channel, { siteUrl: options.siteUrl, dealer });
    const pieces = await serialiseFeed(channel, format, rows);
    const etag = await etagOf(pieces);
    const before = await previous?.catch(() => null);
    const lastModified = before?.etag === etag ? before.lastModified : wholeSeconds(stock.readAt);
    return { pieces, gzipped: null, etag, lastModified, items: rows.length, leftOut: leftOut.length };
  }

  /** A dealer's file of a channel for this snapshot of the stock, built by the first fetch that asks for it. */
  function fileOf(channel: Channel, format: FeedFormat, dealer: FeedDealer, stock: Snapshot): Promise<FeedFile> {
    const fileKey = fileKeyOf(channel, format, dealer);
    const current = files.get(fileKey);
    if (current?.snapshot === stock.snapshot) return current.file;
    const entry = { snapshot: stock.snapshot, file: buildFile(channel, format, dealer, stock, current?.file) };
    files.set(fileKey, entry);
    entry.file.catch(() => {
      if (files.get(fileKey) === entry) files.delete(fileKey);
    });
    return entry.file;
  }

  return new Hono().get("/feeds/:channel/:file", async (c) => {
    const started = performance.now();
    const channel = channelById(c.req.param("channel"));
    const match = /^([a-z0-9-]+)\.(csv|json)$/.exec(c.req.param("file"));
    const format = match?.[2] as FeedFormat | undefined;
    if (!channel || !match || !format || !channel.formats.includes(format)) return c.text("No such feed", 404);
    const access = await feedAccess(options.db, options.linkSigner, channel.id, match[1]!, c.req.query("key"));
    if (access.kind === "missing-key")
      return c.text("This feed needs its key: ?key=... as shown in the back office (/staff/channels)", 401);
    if (access.kind === "invalid-key")
      return c.text(
        "This key does not open this feed (wrong, revoked, or replaced more than the grace period ago)",
        403,
      );
    if (access.kind === "disabled") return c.text("This channel is switched off for this dealer", 404);
    const dealer = access.dealer;
    const fileKey = fileKeyOf(channel, format, dealer);
    const file = await fileOf(channel, format, dealer, await options.usedStock.stockRows());

    const previousItems = await lastFetchItems(options.db, dealer.id, channel.id);
    const dropsTooMany =
      previousItems !== null &&
      previousItems > 0 &&
      (previousItems - file.items) / previousItems > options.maxDropShare;
    const answered = dropsTooMany ? lastGood.get(fileKey) : file;
    if (!dropsTooMany) lastGood.set(fileKey, file);
    const durationMs = Math.round(performance.now() - started);
    const userAgent = c.req.header("User-Agent") ?? "";
    const log = (items: number, guarded: boolean) =>
      recordFetch(options.db, {
        dealerId: dealer.id,
        channel: channel.id,
        userAgent,
        items,
        leftOut: file.leftOut,
        durationMs,
        guarded,
        wouldHaveItems: guarded ? file.items : null,
      });
    const observe = (outcome: FeedFetchOutcome, items: number) =>
      options.observe?.({ channel: channel.id, dealer: dealer.slug, outcome, items, seconds: durationMs / 1000 });

    if (dropsTooMany) {
      options.logger.warn(
        { channel: channel.id, dealer: dealer.slug, previousItems, items: file.items },
        "channel feed held back: it would drop too many items at once",
      );
      if (!answered) {
        await log(previousItems, true);
        observe("held-back", 0);
        c.header("Retry-After", "900");
        return c.text(
          "This feed is held back: it would drop too many vehicles at once; the back office shows why",
          503,
        );
      }
    }
    const served = answered!;
    await log(served.items, dropsTooMany);
    c.header("ETag", served.etag);
    c.header("Last-Modified", served.lastModified.toUTCString());
    c.header("Vary", "Accept-Encoding");
    if (isNotModified(c, served)) {
      observe("not-modified", served.items);
      return c.body(null, 304);
    }
    observe(dropsTooMany ? "guarded" : "served", served.items);
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

/** A strong ETag: the file's SHA-256, hashed piece by piece in slices of the event loop. */
async function etagOf(pieces: readonly Buffer[]): Promise<string> {
  const hash = createHash("sha256");
  await forEachInSlices(pieces, (piece) => hash.update(piece));
  return `"${hash.digest("base64url").slice(0, 27)}"`;
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
