import { eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { dealerFeedKeys, feedColumnProfiles } from "../../db/schema.ts";
import { recordAudit } from "../staff/audit.server.ts";
import { assertMay, type StaffActor } from "../staff/roles.ts";
import type { Parsed, Violation } from "../shared/violations.ts";
import { FeedKeyNotFound } from "./feed-keys.server.ts";
import { FEED_COLUMNS, type FeedColumn, feedColumnOf, type FeedProfile } from "./feed-columns.ts";

/**
 * A feed key's saved column profile: which header of the dealer's export is which stock field,
 * and how a field's values map to the site's. Group administrators save it on the feeds page; the feed API
 * reads the key's feed with it. The built-in names (stock-feed-format.server.ts) still apply to every header the
 * profile does not name.
 */

const MAX_HEADER = 80;
const MAX_VALUE = 80;
const MAX_VALUE_MAPPINGS = 200;

export const EMPTY_PROFILE: FeedProfile = { columns: {}, valueMaps: {} };

/**
 * Reads the feeds page's profile form: `column.<field>` is the export's header for the field (blank: the
 * built-in names), `valueMaps` holds lines "Transmission: 7G-Tronic = Automatic" (a field by its name or label).
 */
export function parseFeedProfile(form: { get(name: string): unknown }): Parsed<FeedProfile> {
  const violations: Violation[] = [];
  const columns: FeedProfile["columns"] = {};
  const headersSeen = new Map<string, FeedColumn>();
  for (const column of FEED_COLUMNS) {
    const raw = form.get(`column.${column}`);
    const header = typeof raw === "string" ? raw.trim() : "";
    if (header === "") continue;
    if (header.length > MAX_HEADER)
      violations.push({ propertyPath: `column.${column}`, message: `A header has at most ${MAX_HEADER} characters` });
    const other = headersSeen.get(header.toLowerCase());
    if (other)
      violations.push({ propertyPath: `column.${column}`, message: `"${header}" is already the column for ${other}` });
    headersSeen.set(header.toLowerCase(), column);
    columns[column] = header;
  }
  const valueMaps = parseValueMaps(form.get("valueMaps"), violations);
  return violations.length > 0 ? { ok: false, violations } : { ok: true, value: { columns, valueMaps } };
}

/** Value mappings written one a line, "Transmission: 7G-Tronic = Automatic" (a field by its name or label). */
export function parseValueMaps(text: unknown, violations: Violation[]): FeedProfile["valueMaps"] {
  const valueMaps: FeedProfile["valueMaps"] = {};
  const lines = (typeof text === "string" ? text : "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
  if (lines.length > MAX_VALUE_MAPPINGS)
    violations.push({ propertyPath: "valueMaps", message: `At most ${MAX_VALUE_MAPPINGS} value mappings` });
  for (const [i, line] of lines.entries()) {
    const match = /^([^:]+):(.+)=(.+)$/.exec(line);
    const column = match ? feedColumnOf(match[1]!.trim()) : undefined;
    const from = match?.[2]?.trim() ?? "";
    const to = match?.[3]?.trim() ?? "";
    if (!match || !column || from === "" || to === "" || from.length > MAX_VALUE || to.length > MAX_VALUE) {
      violations.push({
        propertyPath: "valueMaps",
        message: `Line ${i + 1} ("${line.slice(0, 60)}") is not "Field: export value = site value", for example "Fuel type: P = Petrol"`,
      });
      continue;
    }
    valueMaps[column] = { ...valueMaps[column], [from]: to };
  }
  return valueMaps;
}

/** The key's saved profile, or undefined when it has none (the built-in names alone). */
export async function feedProfileOf(db: Database, feedKeyId: number): Promise<FeedProfile | undefined> {
  const [row] = await db.select().from(feedColumnProfiles).where(eq(feedColumnProfiles.feedKeyId, feedKeyId));
  return row ? { columns: row.columns, valueMaps: row.valueMaps } : undefined;
}

/** The saved profiles of these keys, by key id (the feeds page). */
export async function feedProfilesOf(db: Database, feedKeyIds: number[]): Promise<Map<number, FeedProfile>> {
  if (feedKeyIds.length === 0) return new Map();
  const rows = await db.select().from(feedColumnProfiles).where(inArray(feedColumnProfiles.feedKeyId, feedKeyIds));
  return new Map(rows.map((row) => [row.feedKeyId, { columns: row.columns, valueMaps: row.valueMaps }]));
}

/** Saves (replaces) the key's profile, with an audit entry; only who manages the key's dealer's feed keys may. */
export async function saveFeedProfile(
  db: Database,
  actor: StaffActor,
  feedKeyId: number,
  profile: FeedProfile,
): Promise<void> {
  const [key] = await db
    .select({ dealerId: dealerFeedKeys.dealerId })
    .from(dealerFeedKeys)
    .where(eq(dealerFeedKeys.id, feedKeyId));
  if (!key) {
    assertMay(actor, "feed-keys", null);
    throw new FeedKeyNotFound();
  }
  assertMay(actor, "feed-keys", key.dealerId);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(feedColumnProfiles).where(eq(feedColumnProfiles.feedKeyId, feedKeyId));
    const values = {
      columns: profile.columns as Record<string, string>,
      valueMaps: profile.valueMaps as Record<string, Record<string, string>>,
      updatedBy: actor.id,
      updatedAt: new Date(),
    };
    await tx
      .insert(feedColumnProfiles)
      .values({ feedKeyId, ...values })
      .onConflictDoUpdate({ target: feedColumnProfiles.feedKeyId, set: values });
    await recordAudit(tx, {
      actor,
      action: "feed_key.profile",
      entity: "feed_key",
      entityId: feedKeyId,
      dealerId: key.dealerId,
      changes: {
        columns: { from: before?.columns ?? null, to: profile.columns },
        valueMaps: { from: before?.valueMaps ?? null, to: profile.valueMaps },
      },
    });
  });
}
