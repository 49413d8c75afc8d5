import { asc, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { dealers } from "../../db/schema.ts";
import type { LinkSigner } from "../appointments/links.server.ts";
import type { UsedStock } from "../inventory/used-stock.server.ts";
import { listHeldImports } from "../inventory/held-imports.server.ts";
import { assertMayUse, type StaffActor } from "../staff/roles.ts";
import { type FeedDealer, feedDealerOf } from "./channel.ts";
import { type FetchView, listChannelSettings, recentFetches } from "./channel-settings.server.ts";
import { channelById, ChannelStock, type LeftOut } from "./channels.server.ts";

/** A switched-on channel that has not fetched for longer than this is shown with a warning. */
const STALE_FETCH_MS = 24 * 3_600_000;

export type ChannelOverview = {
  dealerId: number;
  dealerSlug: string;
  dealerName: string;
  channel: string;
  label: string;
  fetcher: string;
  enabled: boolean;
  /** The feed's URL per format, with its key; empty when the channel has no key. */
  feedUrls: { format: string; url: string }[];
  previousKeyValidUntil: Date | null;
  /** The newest first. */
  fetches: FetchView[];
  /** Switched on, and no fetch for a day (counted from when it was switched on when it never fetched). */
  stale: boolean;
  /** Switched on, yet the file lists nothing: the dealer has no stock the channel takes, or all of it is left out. */
  empty: boolean;
  /** Items the channel would publish now, and those its rules leave out. */
  items: number;
  leftOut: LeftOut[];
};

/** What /staff/channels shows: every channel of every dealer the actor may manage, from the same stock record as the feeds. */
export async function channelOverview(
  db: Database,
  signer: LinkSigner,
  actor: StaffActor,
  usedStock: UsedStock,
  siteUrl: string,
  now = new Date(),
): Promise<ChannelOverview[]> {
  const settings = await listChannelSettings(db, signer, actor);
  if (settings.length === 0) return [];
  const [fetches, dealerRows, stock] = await Promise.all([
    recentFetches(db, actor),
    db
      .select()
      .from(dealers)
      .where(inArray(dealers.id, [...new Set(settings.map((s) => s.dealerId))]))
      .orderBy(asc(dealers.sortOrder)),
    usedStock.stockRows(),
  ]);
  const channelStock = await ChannelStock.of(stock.rows);
  const feedDealers = new Map<number, FeedDealer>(dealerRows.map((d) => [d.id, feedDealerOf(d)]));
  const overview: ChannelOverview[] = [];
  for (const setting of settings) {
    const channel = channelById(setting.channel)!;
    const { rows, leftOut } = await channelStock.feed(channel, { siteUrl, dealer: feedDealers.get(setting.dealerId)! });
    const log = fetches.get(`${setting.dealerId}:${setting.channel}`) ?? [];
    const lastFetch = log[0];
    overview.push({
      dealerId: setting.dealerId,
      dealerSlug: setting.dealerSlug,
      dealerName: setting.dealerName,
      channel: channel.id,
      label: channel.label,
      fetcher: channel.fetcher,
      enabled: setting.enabled,
      feedUrls: setting.key
        ? channel.formats.map((format) => ({
            format,
            url: new URL(`/feeds/${channel.id}/${setting.dealerSlug}.${format}?key=${setting.key}`, siteUrl).href,
          }))
        : [],
      previousKeyValidUntil: setting.previousKeyValidUntil,
      fetches: log,
      stale:
        setting.enabled &&
        now.getTime() - (lastFetch?.fetchedAt ?? setting.changedAt ?? now).getTime() > STALE_FETCH_MS,
      empty: setting.enabled && rows.length === 0,
      items: rows.length,
      leftOut,
    });
  }
  return overview;
}

/**
 * How many alarms /staff/channels raises for the actor's dealers: each stock import the drop guard holds, and
 * each switched-on channel not fetched for a day or with an empty file. Refused for a role with no part in channels.
 */
export async function channelAlarmCount(
  db: Database,
  signer: LinkSigner,
  actor: StaffActor,
  usedStock: UsedStock,
  siteUrl: string,
  now = new Date(),
): Promise<number> {
  assertMayUse(actor, "channels");
  const [channels, heldImports] = await Promise.all([
    channelOverview(db, signer, actor, usedStock, siteUrl, now),
    listHeldImports(db, actor),
  ]);
  return heldImports.length + channels.filter((channel) => channel.stale || channel.empty).length;
}
