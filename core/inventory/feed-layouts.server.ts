import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { dealerFeedLayouts, dealers } from "../../db/schema.ts";
import { recordAudit } from "../staff/audit.server.ts";
import { assertMay, StaffAccessDenied, type StaffActor } from "../staff/roles.ts";
import type { Violation } from "../shared/violations.ts";
import { FEED_COLUMNS, type FeedColumn, type FeedProfile, feedColumnOf, headerKey } from "./feed-columns.ts";
import { feedProfileOf, parseValueMaps } from "./feed-profiles.server.ts";

/**
 * A dealer's saved layouts (decision 076): the mapping staff give a file's columns and values on the upload
 * page, kept for that layout of that dealer's files, so that the next file of the same layout, uploaded or sent
 * to the feed API, is read with it and needs no clicks. A layout is its header: the same columns in the same order.
 */

/** The layout's key: a hash of the header's column names compared without case, spaces or punctuation. */
export function layoutKey(header: readonly string[]): string {
  return createHash("sha256").update(header.map(headerKey).join("|")).digest("hex");
}

/** The dealer's saved mapping for this header, or undefined. */
async function dealerLayoutProfile(
  db: Database,
  dealerId: number,
  header: readonly string[],
): Promise<FeedProfile | undefined> {
  const [row] = await db
    .select({
      columns: dealerFeedLayouts.columns,
      valueMaps: dealerFeedLayouts.valueMaps,
      ignored: dealerFeedLayouts.ignored,
    })
    .from(dealerFeedLayouts)
    .where(and(eq(dealerFeedLayouts.dealerId, dealerId), eq(dealerFeedLayouts.layout, layoutKey(header))));
  return row;
}

/** Two profiles as one: the layout's columns and values over the feed key's. */
function merged(base: FeedProfile | undefined, over: FeedProfile | undefined): FeedProfile | undefined {
  if (!base || !over) return over ?? base;
  const valueMaps: FeedProfile["valueMaps"] = { ...base.valueMaps };
  for (const [column, map] of Object.entries(over.valueMaps))
    valueMaps[column as FeedColumn] = { ...valueMaps[column as FeedColumn], ...map };
  return {
    columns: { ...base.columns, ...over.columns },
    valueMaps,
    ignored: [...(base.ignored ?? []), ...(over.ignored ?? [])],
  };
}

/**
 * How to read a feed of this dealer (by slug): the feed key's saved profile, if the feed came with one, under the
 * dealer's saved mapping of the file's layout. An unknown slug reads with the built-in names (the import answers 404).
 */
export function feedProfileReader(
  db: Database,
  dealerSlug: string,
  feedKeyId?: number,
): (header: string[]) => Promise<FeedProfile | undefined> {
  return async (header) => {
    const keyProfile = feedKeyId === undefined ? undefined : await feedProfileOf(db, feedKeyId);
    const [dealer] = await db.select({ id: dealers.id }).from(dealers).where(eq(dealers.slug, dealerSlug));
    const layout = dealer && header.length > 0 ? await dealerLayoutProfile(db, dealer.id, header) : undefined;
    return merged(keyProfile, layout);
  };
}

/**
 * The upload page's mapping form for a file's header: `map.<n>` is the field the n-th column fills (blank: not
 * read), `valueMaps` the lines "Fuel type: P = Petrol". A field may be filled by one column.
 */
export function parseLayoutMapping(
  form: { get(name: string): unknown },
  header: readonly string[],
): { profile: FeedProfile; violations: Violation[] } {
  const violations: Violation[] = [];
  const columns: FeedProfile["columns"] = {};
  const ignored: string[] = [];
  header.forEach((name, index) => {
    const raw = form.get(`map.${index}`);
    const field = typeof raw === "string" ? raw : "";
    // "Not read" for a column the built-in names would read is kept, so that it stays unread.
    if (field === "") {
      if (feedColumnOf(name) !== undefined) ignored.push(name);
      return;
    }
    if (!FEED_COLUMNS.includes(field as FeedColumn)) {
      violations.push({ propertyPath: `map.${index}`, message: `Choose a field for "${name}" from the list` });
      return;
    }
    const taken = columns[field as FeedColumn];
    if (taken !== undefined) {
      violations.push({
        propertyPath: `map.${index}`,
        message: `"${name}" and "${taken}" both fill ${field}: choose one column for each field`,
      });
      return;
    }
    columns[field as FeedColumn] = name;
  });
  const valueMaps = parseValueMaps(form.get("valueMaps"), violations);
  return { profile: { columns, valueMaps, ignored }, violations };
}

/**
 * Saves the dealer's mapping of this layout (replacing an earlier one), audited; who may edit the dealer's
 * stock may. A column left "Not read" stays unread; the others the mapping does not name are read by the built-in names.
 */
export async function saveDealerLayout(
  db: Database,
  actor: StaffActor,
  dealerSlug: string,
  header: readonly string[],
  profile: FeedProfile,
): Promise<void> {
  const [dealer] = await db.select({ id: dealers.id }).from(dealers).where(eq(dealers.slug, dealerSlug));
  if (!dealer) throw new StaffAccessDenied("not-found", "stock");
  assertMay(actor, "stock", dealer.id);
  const layout = layoutKey(header);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        columns: dealerFeedLayouts.columns,
        valueMaps: dealerFeedLayouts.valueMaps,
        ignored: dealerFeedLayouts.ignored,
      })
      .from(dealerFeedLayouts)
      .where(and(eq(dealerFeedLayouts.dealerId, dealer.id), eq(dealerFeedLayouts.layout, layout)));
    const values = {
      headers: [...header],
      columns: profile.columns as Record<string, string>,
      valueMaps: profile.valueMaps as Record<string, Record<string, string>>,
      ignored: profile.ignored ?? [],
      updatedBy: actor.id,
      updatedAt: new Date(),
    };
    await tx
      .insert(dealerFeedLayouts)
      .values({ dealerId: dealer.id, layout, ...values })
      .onConflictDoUpdate({ target: [dealerFeedLayouts.dealerId, dealerFeedLayouts.layout], set: values });
    await recordAudit(tx, {
      actor,
      action: "dealer.feed_layout",
      entity: "dealer",
      entityId: dealer.id,
      dealerId: dealer.id,
      changes: {
        columns: { from: before?.columns ?? null, to: profile.columns },
        valueMaps: { from: before?.valueMaps ?? null, to: profile.valueMaps },
        notRead: { from: before?.ignored ?? null, to: profile.ignored ?? [] },
      },
    });
  });
}
