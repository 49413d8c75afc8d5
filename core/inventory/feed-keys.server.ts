import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { dealerFeedKeys, dealerFeedPhotoHosts, dealers } from "../../db/schema.ts";
import { recordAudit } from "../staff/audit.server.ts";
import { assertMay, dealerScope, scopeIncludes, type StaffActor } from "../staff/roles.ts";
import type { Parsed } from "../shared/violations.ts";

/**
 * Dealers' stock-feed keys (PUT /api/staff/dealers/{slug}/stock) and the hosts their feeds may take photos
 * from. A key is 32 random bytes, shown once when it is made and stored only as its SHA-256 hash: it is
 * long and random, so a slow password hash would add nothing (docs/decisions/029-dealer-stock-feeds.md).
 * Only group administrators manage them (the "feed-keys" area of core/staff/roles.ts).
 */

const KEY_PREFIX = "hdf_";
/** How many characters of a key the back office shows to tell keys apart ("hdf_" and 8 more). */
const SHOWN_PREFIX_LENGTH = KEY_PREFIX.length + 8;
const MAX_KEY_NAME = 60;

export type FeedKeyView = {
  id: number;
  dealerId: number;
  dealerSlug: string;
  dealerName: string;
  name: string;
  keyPrefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

/** A verified key: what the feed's request may act as. */
export type FeedKeyHolder = { keyId: number; dealerId: number; dealerSlug: string; name: string };

export const hashFeedKey = (key: string) => createHash("sha256").update(key, "utf8").digest("hex");

/** The actor a feed key's request is: a dealer manager of the key's dealer, named in the audit log by the key. */
export function feedKeyActor(holder: Pick<FeedKeyHolder, "dealerId" | "name">): StaffActor {
  return { id: null, label: `feed key ${holder.name}`, role: "dealer_manager", dealerIds: [holder.dealerId] };
}

export function parseFeedKeyName(raw: unknown): Parsed<string> {
  const name = typeof raw === "string" ? raw.trim() : "";
  if (name === "")
    return {
      ok: false,
      violations: [{ propertyPath: "name", message: "Name is required (for example, the DMS it is for)" }],
    };
  if (name.length > MAX_KEY_NAME || !/^[\p{L}\p{N}][\p{L}\p{N} ._'()/-]*$/u.test(name)) {
    return {
      ok: false,
      violations: [
        {
          propertyPath: "name",
          message: `Name may have at most ${MAX_KEY_NAME} letters, digits, spaces and simple punctuation`,
        },
      ],
    };
  }
  return { ok: true, value: name };
}

/** Makes a key for the dealer; the answer's `key` is the only time the key itself is ever seen. */
export async function createFeedKey(
  db: Database,
  actor: StaffActor,
  dealerId: number,
  name: string,
): Promise<{ key: string; view: FeedKeyView }> {
  assertMay(actor, "feed-keys", dealerId);
  const key = KEY_PREFIX + randomBytes(32).toString("base64url");
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(dealerFeedKeys)
      .values({
        dealerId,
        name,
        keyHash: hashFeedKey(key),
        keyPrefix: key.slice(0, SHOWN_PREFIX_LENGTH),
        createdBy: actor.id,
      })
      .returning({ id: dealerFeedKeys.id });
    await recordAudit(tx, {
      actor,
      action: "feed_key.create",
      entity: "feed_key",
      entityId: row!.id,
      dealerId,
      changes: { name: { from: null, to: name } },
    });
    return row!.id;
  });
  const view = (await listFeedKeys(db, actor)).find((k) => k.id === id)!;
  return { key, view };
}

/** The keys the actor may manage, newest first within each dealer, with their last use. */
export async function listFeedKeys(db: Database, actor: StaffActor): Promise<FeedKeyView[]> {
  const scope = dealerScope(actor, "feed-keys");
  if (scope.kind === "dealers" && scope.dealerIds.length === 0) return [];
  const rows = await db
    .select({
      id: dealerFeedKeys.id,
      dealerId: dealerFeedKeys.dealerId,
      dealerSlug: dealers.slug,
      dealerName: dealers.dealerName,
      name: dealerFeedKeys.name,
      keyPrefix: dealerFeedKeys.keyPrefix,
      createdAt: dealerFeedKeys.createdAt,
      lastUsedAt: dealerFeedKeys.lastUsedAt,
      revokedAt: dealerFeedKeys.revokedAt,
    })
    .from(dealerFeedKeys)
    .innerJoin(dealers, eq(dealers.id, dealerFeedKeys.dealerId))
    .orderBy(asc(dealers.sortOrder), asc(dealers.dealerName), sql`${dealerFeedKeys.id} desc`);
  return rows.filter((row) => scopeIncludes(scope, row.dealerId));
}

/** Revokes a key: from now on it answers 401. Revoking a revoked key changes nothing. */
export async function revokeFeedKey(db: Database, actor: StaffActor, keyId: number): Promise<void> {
  const [key] = await db.select().from(dealerFeedKeys).where(eq(dealerFeedKeys.id, keyId));
  if (!key) {
    assertMay(actor, "feed-keys", null);
    throw new FeedKeyNotFound();
  }
  assertMay(actor, "feed-keys", key.dealerId);
  if (key.revokedAt) return;
  await db.transaction(async (tx) => {
    await tx.update(dealerFeedKeys).set({ revokedAt: new Date() }).where(eq(dealerFeedKeys.id, keyId));
    await recordAudit(tx, {
      actor,
      action: "feed_key.revoke",
      entity: "feed_key",
      entityId: keyId,
      dealerId: key.dealerId,
      changes: { revoked: { from: false, to: true } },
    });
  });
}

export class FeedKeyNotFound extends Error {
  constructor() {
    super("No such feed key");
    this.name = "FeedKeyNotFound";
  }
}

/**
 * The holder of a presented key, or null when it is unknown or revoked. Records the key's last use.
 * The lookup is by hash, so the comparison never touches the key's characters one by one.
 */
export async function verifyFeedKey(db: Database, presented: string): Promise<FeedKeyHolder | null> {
  if (!presented.startsWith(KEY_PREFIX) || presented.length > 200) return null;
  const [row] = await db
    .update(dealerFeedKeys)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(dealerFeedKeys.keyHash, hashFeedKey(presented)), isNull(dealerFeedKeys.revokedAt)))
    .returning({ keyId: dealerFeedKeys.id, dealerId: dealerFeedKeys.dealerId, name: dealerFeedKeys.name });
  if (!row) return null;
  const [dealer] = await db.select({ slug: dealers.slug }).from(dealers).where(eq(dealers.id, row.dealerId));
  return { ...row, dealerSlug: dealer!.slug };
}

/** The key in an `Authorization: Bearer <key>` header, or null. */
export function bearerKey(authorization: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  return match ? match[1]! : null;
}

// --- The hosts a dealer's feed may name in photo URLs ---

/** "photos.dms.example" or "photos.dms.example:8443" (an explicit port also allows plain http), lower-case. */
export function parsePhotoHost(raw: unknown): Parsed<string> {
  const text = typeof raw === "string" ? raw.trim().toLowerCase() : "";
  const invalid = {
    ok: false as const,
    violations: [
      {
        propertyPath: "host",
        message: "Host must be a host name or address, optionally with :port (for example photos.dms.example)",
      },
    ],
  };
  if (text === "" || text.length > 260 || /[/?#@\s]/.test(text)) return invalid;
  try {
    const url = new URL(`https://${text}`);
    // URL adds nothing and drops nothing from a plain host[:port] (it drops :443, so compare with it put back).
    const rebuilt = url.port ? url.host : text.endsWith(":443") ? `${url.host}:443` : url.host;
    return rebuilt === text ? { ok: true, value: text } : invalid;
  } catch {
    return invalid;
  }
}

export async function listPhotoHosts(db: Database, actor: StaffActor): Promise<{ dealerId: number; host: string }[]> {
  const scope = dealerScope(actor, "feed-keys");
  const rows = await db
    .select()
    .from(dealerFeedPhotoHosts)
    .orderBy(asc(dealerFeedPhotoHosts.dealerId), asc(dealerFeedPhotoHosts.host));
  return rows.filter((row) => scopeIncludes(scope, row.dealerId));
}

/** The photo hosts of one dealer, for the feed import (no actor: the import itself is checked). */
export async function photoHostsOf(db: Database, dealerId: number): Promise<string[]> {
  const rows = await db
    .select({ host: dealerFeedPhotoHosts.host })
    .from(dealerFeedPhotoHosts)
    .where(eq(dealerFeedPhotoHosts.dealerId, dealerId));
  return rows.map((row) => row.host);
}

export async function addPhotoHost(db: Database, actor: StaffActor, dealerId: number, host: string): Promise<void> {
  assertMay(actor, "feed-keys", dealerId);
  await db.transaction(async (tx) => {
    const added = await tx.insert(dealerFeedPhotoHosts).values({ dealerId, host }).onConflictDoNothing().returning();
    if (added.length > 0) {
      await recordAudit(tx, {
        actor,
        action: "feed_photo_host.add",
        entity: "dealer",
        entityId: dealerId,
        dealerId,
        changes: { photoHost: { from: null, to: host } },
      });
    }
  });
}

export async function removePhotoHost(db: Database, actor: StaffActor, dealerId: number, host: string): Promise<void> {
  assertMay(actor, "feed-keys", dealerId);
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(dealerFeedPhotoHosts)
      .where(and(eq(dealerFeedPhotoHosts.dealerId, dealerId), eq(dealerFeedPhotoHosts.host, host)))
      .returning();
    if (removed.length > 0) {
      await recordAudit(tx, {
        actor,
        action: "feed_photo_host.remove",
        entity: "dealer",
        entityId: dealerId,
        dealerId,
        changes: { photoHost: { from: host, to: null } },
      });
    }
  });
}

export type DealerChoice = { id: number; slug: string; name: string };

/** The dealers the actor may act for in an area (the feed pages' dealer choices), in the site's order. */
export async function dealerChoices(
  db: Database,
  actor: StaffActor,
  area: "feed-keys" | "stock",
): Promise<DealerChoice[]> {
  const scope = dealerScope(actor, area);
  const rows = await db
    .select({ id: dealers.id, slug: dealers.slug, name: dealers.dealerName })
    .from(dealers)
    .orderBy(asc(dealers.sortOrder), asc(dealers.dealerName));
  return rows.filter((dealer) => scopeIncludes(scope, dealer.id));
}
