import { randomBytes, timingSafeEqual } from "node:crypto";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { channelFeeds, channelFetches, dealers } from "../../db/schema.ts";
import type { LinkSigner } from "../appointments/links.server.ts";
import { changedFields, recordAudit } from "../staff/audit.server.ts";
import { assertMay, dealerScope, StaffAccessDenied, type StaffActor } from "../staff/roles.ts";
import { CHANNEL_IDS, channelById } from "./channels.server.ts";
import { type FeedDealer, feedDealerOf } from "./channel.ts";

/**
 * Which catalogue channels each dealer has switched on, their feed keys and their fetch log (decision 054).
 * Group administrators manage every dealer's channels, dealer managers their own dealers' (the "channels"
 * area of core/staff/roles.ts); every change is audited.
 *
 * A feed key is an HMAC of a random nonce with the server's link key (core/appointments/links.server.ts): the
 * database holds the nonce only, never the key nor anything a key could be guessed from, yet the back office
 * can show the feed URL again. Rotating makes a new nonce; the old one stays valid for a grace period, so
 * the channel keeps fetching until its URL is replaced. Revoking forgets both at once.
 */

const KEY_PURPOSE = "channel-feed";

function keyOf(signer: LinkSigner, dealerId: number, channel: string, nonce: string): string {
  return signer.sign(KEY_PURPOSE, `${dealerId}:${channel}:${nonce}`, new Date(0)).signature;
}

export type ChannelSetting = {
  dealerId: number;
  dealerSlug: string;
  dealerName: string;
  channel: string;
  enabled: boolean;
  /** The current feed key (derived, never stored); null when there is none (never made, or revoked). */
  key: string | null;
  /** Until when the key before the last rotation still opens the feed. */
  previousKeyValidUntil: Date | null;
  /** When the channel was last switched on or off, or its key changed (null: never set up). */
  changedAt: Date | null;
};

/** Every dealer's channels the actor may manage, in the group's order, the channels in CHANNELS' order. */
export async function listChannelSettings(
  db: Database,
  signer: LinkSigner,
  actor: StaffActor,
): Promise<ChannelSetting[]> {
  const scope = dealerScope(actor, "channels");
  if (scope.kind === "dealers" && scope.dealerIds.length === 0) return [];
  const dealerRows = await db
    .select({ id: dealers.id, slug: dealers.slug, name: dealers.dealerName })
    .from(dealers)
    .where(scope.kind === "all" ? undefined : inArray(dealers.id, [...scope.dealerIds]))
    .orderBy(asc(dealers.sortOrder), asc(dealers.dealerName));
  const settings = await db
    .select()
    .from(channelFeeds)
    .where(inArray(channelFeeds.dealerId, dealerRows.map((d) => d.id).concat(-1)));
  const byKey = new Map(settings.map((row) => [`${row.dealerId}:${row.channel}`, row]));
  const now = Date.now();
  return dealerRows.flatMap((dealer) =>
    CHANNEL_IDS.map((channel) => {
      const row = byKey.get(`${dealer.id}:${channel}`);
      const graceLeft = row?.previousKeyNonce && row.previousKeyValidUntil && row.previousKeyValidUntil.getTime() > now;
      return {
        dealerId: dealer.id,
        dealerSlug: dealer.slug,
        dealerName: dealer.name,
        channel,
        enabled: row?.enabled ?? false,
        key: row?.keyNonce ? keyOf(signer, dealer.id, channel, row.keyNonce) : null,
        previousKeyValidUntil: graceLeft ? row!.previousKeyValidUntil : null,
        changedAt: row?.updatedAt ?? null,
      };
    }),
  );
}

export class UnknownChannel extends Error {
  constructor() {
    super("No such channel");
    this.name = "UnknownChannel";
  }
}

function assertChannel(channel: string): void {
  if (!channelById(channel)) throw new UnknownChannel();
}

type ChannelFeedRow = typeof channelFeeds.$inferSelect;

/** What one operation changes in a channel's row, and how the audit log names it. */
type ChannelFeedChange = {
  set: Partial<Pick<ChannelFeedRow, "enabled" | "keyNonce" | "previousKeyNonce" | "previousKeyValidUntil">>;
  action: string;
  changes: Record<string, { from: unknown; to: unknown }>;
};

/**
 * The one way a dealer's channel row changes: the row locked (or its absence seen) in a transaction, `decide`
 * says what changes (null: nothing to do), the row written (made switched off when it did not exist) and the
 * change audited in the same transaction.
 */
async function changeChannelFeed(
  db: Database,
  actor: StaffActor,
  dealerId: number,
  channel: string,
  decide: (before: ChannelFeedRow | undefined) => ChannelFeedChange | null,
): Promise<void> {
  assertMay(actor, "channels", dealerId);
  assertChannel(channel);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(channelFeeds)
      .where(and(eq(channelFeeds.dealerId, dealerId), eq(channelFeeds.channel, channel)))
      .for("update");
    const change = decide(before);
    if (!change) return;
    await tx
      .insert(channelFeeds)
      .values({ dealerId, channel, enabled: false, ...change.set })
      .onConflictDoUpdate({
        target: [channelFeeds.dealerId, channelFeeds.channel],
        set: { ...change.set, updatedAt: sql`now()` },
      });
    await recordAudit(tx, {
      actor,
      action: change.action,
      entity: "channel",
      entityId: `${dealerId}:${channel}`,
      dealerId,
      changes: change.changes,
    });
  });
}

/** Switches a channel on or off for a dealer; switching on for the first time makes its key. */
export async function setChannelEnabled(
  db: Database,
  actor: StaffActor,
  dealerId: number,
  channel: string,
  enabled: boolean,
): Promise<void> {
  await changeChannelFeed(db, actor, dealerId, channel, (before) => {
    if ((before?.enabled ?? false) === enabled) return null;
    return {
      set: { enabled, keyNonce: before?.keyNonce ?? (enabled ? newNonce() : null) },
      action: enabled ? "channel.enable" : "channel.disable",
      changes: { enabled: { from: before?.enabled ?? false, to: enabled } },
    };
  });
}

const newNonce = () => randomBytes(16).toString("base64url");

/**
 * A new key for the channel's feed. The old one keeps opening it for `graceHours`, so the channel's next
 * fetches work while its URL is replaced in Meta's or TikTok's settings.
 */
export async function rotateChannelKey(
  db: Database,
  actor: StaffActor,
  dealerId: number,
  channel: string,
  graceHours: number,
): Promise<void> {
  await changeChannelFeed(db, actor, dealerId, channel, (before) => ({
    set: {
      keyNonce: newNonce(),
      ...(before?.keyNonce
        ? { previousKeyNonce: before.keyNonce, previousKeyValidUntil: new Date(Date.now() + graceHours * 3_600_000) }
        : { previousKeyNonce: null, previousKeyValidUntil: null }),
    },
    action: "channel.rotate_key",
    changes: { key: { from: "old", to: "new" } },
  }));
}

/** Forgets the channel's keys, the previous one too: its feed URL stops working at once. */
export async function revokeChannelKey(
  db: Database,
  actor: StaffActor,
  dealerId: number,
  channel: string,
): Promise<void> {
  await changeChannelFeed(db, actor, dealerId, channel, (before) =>
    before?.keyNonce
      ? {
          set: { keyNonce: null, previousKeyNonce: null, previousKeyValidUntil: null },
          action: "channel.revoke_key",
          changes: { key: { from: "set", to: null } },
        }
      : null,
  );
}

export type FeedAccess =
  | { kind: "missing-key" }
  | { kind: "invalid-key" }
  /** A valid key of a channel switched off. */
  | { kind: "disabled" }
  | { kind: "open"; dealer: FeedDealer };

/** Whether a presented key opens this dealer's feed of this channel; keys are compared in constant time. */
export async function feedAccess(
  db: Database,
  signer: LinkSigner,
  channel: string,
  dealerSlug: string,
  presented: string | undefined,
): Promise<FeedAccess> {
  if (!presented) return { kind: "missing-key" };
  if (presented.length > 200) return { kind: "invalid-key" };
  const [row] = await db
    .select({
      enabled: channelFeeds.enabled,
      keyNonce: channelFeeds.keyNonce,
      previousKeyNonce: channelFeeds.previousKeyNonce,
      previousKeyValidUntil: channelFeeds.previousKeyValidUntil,
      dealer: dealers,
    })
    .from(channelFeeds)
    .innerJoin(dealers, eq(dealers.id, channelFeeds.dealerId))
    .where(and(eq(dealers.slug, dealerSlug), eq(channelFeeds.channel, channel)));
  if (!row) return { kind: "invalid-key" };
  const given = Buffer.from(presented);
  const matches = (nonce: string | null) => {
    if (nonce === null) return false;
    const expected = Buffer.from(keyOf(signer, row.dealer.id, channel, nonce));
    return expected.length === given.length && timingSafeEqual(expected, given);
  };
  const previousValid = row.previousKeyValidUntil !== null && row.previousKeyValidUntil.getTime() > Date.now();
  if (!matches(row.keyNonce) && !(previousValid && matches(row.previousKeyNonce))) return { kind: "invalid-key" };
  if (!row.enabled) return { kind: "disabled" };
  return { kind: "open", dealer: feedDealerOf(row.dealer) };
}

export type FetchRecord = {
  dealerId: number;
  channel: string;
  userAgent: string;
  items: number;
  leftOut: number;
  durationMs: number;
  /** 200: the file; 304: not modified. */
  status: number;
};

export async function recordFetch(db: Database, fetch: FetchRecord): Promise<void> {
  await db.insert(channelFetches).values({ ...fetch, userAgent: fetch.userAgent.slice(0, 300) });
}

export type FetchView = {
  fetchedAt: Date;
  userAgent: string;
  items: number;
  leftOut: number;
  durationMs: number;
  status: number;
};

/** Each dealer's channels' latest fetches (the newest first, a few each) that the actor may see. */
export async function recentFetches(
  db: Database,
  actor: StaffActor,
  perChannel = 5,
): Promise<Map<string, FetchView[]>> {
  const scope = dealerScope(actor, "channels");
  if (scope.kind === "dealers" && scope.dealerIds.length === 0) return new Map();
  const ranked = db
    .select({
      dealerId: channelFetches.dealerId,
      channel: channelFetches.channel,
      fetchedAt: channelFetches.fetchedAt,
      userAgent: channelFetches.userAgent,
      items: channelFetches.items,
      leftOut: channelFetches.leftOut,
      durationMs: channelFetches.durationMs,
      status: channelFetches.status,
      rank: sql<number>`row_number() over (partition by ${channelFetches.dealerId}, ${channelFetches.channel} order by ${channelFetches.fetchedAt} desc, ${channelFetches.id} desc)`.as(
        "rank",
      ),
    })
    .from(channelFetches)
    .where(scope.kind === "all" ? undefined : inArray(channelFetches.dealerId, [...scope.dealerIds]))
    .as("ranked");
  const rows = await db
    .select()
    .from(ranked)
    .where(sql`${ranked.rank} <= ${perChannel}`)
    .orderBy(desc(ranked.fetchedAt));
  const byChannel = new Map<string, FetchView[]>();
  for (const { dealerId, channel, rank: _rank, ...fetch } of rows) {
    const key = `${dealerId}:${channel}`;
    byChannel.set(key, [...(byChannel.get(key) ?? []), fetch]);
  }
  return byChannel;
}

/** What the channels say about the dealer besides its address: its Facebook page and where it stands. */
export type ChannelDealerDetails = { fbPageId: string | null; latitude: number | null; longitude: number | null };

export type DetailsErrors = Partial<Record<keyof ChannelDealerDetails, string>>;

/** South Africa lies within these degrees: a point outside is a sign or order mistake (latitude is south, negative). */
const SOUTH_AFRICA = { latitude: [-35, -22], longitude: [16, 33] } as const;

/** The form's three fields read and checked: blank clears a field; coordinates come as a pair. */
export function parseChannelDealerDetails(form: {
  fbPageId: string;
  latitude: string;
  longitude: string;
}): { ok: true; value: ChannelDealerDetails } | { ok: false; errors: DetailsErrors } {
  const errors: DetailsErrors = {};
  const fbPageId = form.fbPageId.trim();
  if (fbPageId !== "" && !/^\d{5,20}$/.test(fbPageId))
    errors.fbPageId =
      "The Facebook page id is the page's number (5 to 20 digits), found under the page's About, Page transparency";
  const degrees = (raw: string, key: "latitude" | "longitude") => {
    const text = raw.trim().replace(",", ".");
    if (text === "") return null;
    const value = Number(text);
    const [low, high] = SOUTH_AFRICA[key];
    if (!/^-?\d{1,3}(\.\d{1,8})?$/.test(text) || value < low || value > high) {
      errors[key] =
        `The ${key} is decimal degrees within South Africa, from ${low} to ${high} (e.g. ${key === "latitude" ? "-26.1076" : "28.0567"})`;
      return null;
    }
    return value;
  };
  const latitude = degrees(form.latitude, "latitude");
  const longitude = degrees(form.longitude, "longitude");
  if (!errors.latitude && !errors.longitude && (latitude === null) !== (longitude === null)) {
    errors[latitude === null ? "latitude" : "longitude"] = "Give both the latitude and the longitude, or neither";
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { fbPageId: fbPageId === "" ? null : fbPageId, latitude, longitude } };
}

/** Sets the dealer's Facebook page id and coordinates (Meta's vehicle catalogue reads them), audited. */
export async function setChannelDealerDetails(
  db: Database,
  actor: StaffActor,
  dealerId: number,
  details: ChannelDealerDetails,
): Promise<void> {
  assertMay(actor, "channels", dealerId);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ fbPageId: dealers.fbPageId, latitude: dealers.latitude, longitude: dealers.longitude })
      .from(dealers)
      .where(eq(dealers.id, dealerId))
      .for("update");
    if (!before) throw new StaffAccessDenied("not-found", "channels");
    await tx.update(dealers).set(details).where(eq(dealers.id, dealerId));
    const changes = changedFields(before, details);
    if (Object.keys(changes).length === 0) return;
    await recordAudit(tx, {
      actor,
      action: "dealer.channel_details",
      entity: "dealer",
      entityId: dealerId,
      dealerId,
      changes,
    });
  });
}

/** The details of the dealers the actor manages channels for, by dealer id. */
export async function channelDealerDetails(
  db: Database,
  actor: StaffActor,
): Promise<Map<number, ChannelDealerDetails>> {
  const scope = dealerScope(actor, "channels");
  if (scope.kind === "dealers" && scope.dealerIds.length === 0) return new Map();
  const rows = await db
    .select({ id: dealers.id, fbPageId: dealers.fbPageId, latitude: dealers.latitude, longitude: dealers.longitude })
    .from(dealers)
    .where(scope.kind === "all" ? undefined : inArray(dealers.id, [...scope.dealerIds]));
  return new Map(rows.map(({ id, ...details }) => [id, details]));
}
