import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { makes, models, rangeModels, rangePrices, rangeVariants, staffUsers } from "../../db/schema.ts";
import { parseSastDateTime } from "../content/schedule.ts";
import type { Parsed, Violation } from "../shared/violations.ts";
import { recordAudit } from "../staff/audit.server.ts";
import { assertMayUse, StaffAccessDenied, type StaffActor } from "../staff/roles.ts";
import { nextChange, type PriceTimeline, priceAt } from "./price-timeline.ts";

/**
 * A variant's prices in the back office (docs/back-office.md, "Prices"): its history and its one scheduled
 * change. Every signed-in role reads; only group administrators change a price (area `range-prices`). A new
 * change replaces the change still to come, so a variant has at most one scheduled at a time.
 */

/** The highest price the back office takes (rand): anything above is a typing mistake. */
const MAX_RANGE_PRICE = 50_000_000;

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Executor = Database | Transaction;

export type PriceHistoryEntry = {
  price: number;
  /** Null for the price the variant was created with. */
  effectiveAt: string | null;
  source: string;
  by: string | null;
  /** In force now, still to come, or past. */
  state: "past" | "current" | "scheduled";
};

export type VariantPrices = {
  id: number;
  make: string;
  model: string;
  variant: string;
  mmCode: string | null;
  /** The public model page. */
  modelPath: string;
  price: number;
  scheduled: { price: number; effectiveAt: string } | null;
  history: PriceHistoryEntry[];
};

/** A variant's timeline as stored: its own price, then its changes oldest first. */
async function timelineOf(db: Executor, variantId: number): Promise<PriceTimeline | null> {
  const [variant] = await db
    .select({ price: rangeVariants.price })
    .from(rangeVariants)
    .where(eq(rangeVariants.id, variantId));
  if (!variant) return null;
  const changes = await db
    .select({ price: rangePrices.price, effectiveAt: rangePrices.effectiveAt })
    .from(rangePrices)
    .where(eq(rangePrices.rangeVariantId, variantId))
    .orderBy(asc(rangePrices.effectiveAt));
  return { base: variant.price, changes };
}

/** A variant's price now, its scheduled change and its history, newest first; any signed-in role. */
export async function variantPrices(db: Database, _actor: StaffActor, variantId: number, now = new Date()) {
  const [row] = await db
    .select({
      id: rangeVariants.id,
      variant: rangeVariants.name,
      mmCode: rangeVariants.mmCode,
      base: rangeVariants.price,
      make: makes.name,
      makeSlug: makes.slug,
      model: models.name,
      modelSlug: models.slug,
      type: rangeModels.type,
    })
    .from(rangeVariants)
    .innerJoin(rangeModels, eq(rangeModels.id, rangeVariants.rangeModelId))
    .innerJoin(models, eq(models.id, rangeModels.modelId))
    .innerJoin(makes, eq(makes.id, models.makeId))
    .where(eq(rangeVariants.id, variantId));
  if (!row) throw new StaffAccessDenied("not-found", "range-prices");
  const changes = await db
    .select({
      price: rangePrices.price,
      effectiveAt: rangePrices.effectiveAt,
      source: rangePrices.source,
      by: staffUsers.email,
    })
    .from(rangePrices)
    .leftJoin(staffUsers, eq(staffUsers.id, rangePrices.createdBy))
    .where(eq(rangePrices.rangeVariantId, variantId))
    .orderBy(asc(rangePrices.effectiveAt));
  const timeline: PriceTimeline = { base: row.base, changes };
  const scheduled = nextChange(timeline, now);
  return {
    id: row.id,
    make: row.make,
    model: row.model,
    variant: row.variant,
    mmCode: row.mmCode,
    modelPath: `/${row.type === "car" ? "new" : "honda-wing"}/${row.makeSlug}/${row.modelSlug}`,
    price: priceAt(timeline, now),
    scheduled: scheduled && { price: scheduled.price, effectiveAt: scheduled.effectiveAt.toISOString() },
    history: historyOf(timeline, changes, now),
  } satisfies VariantPrices;
}

function historyOf(
  timeline: PriceTimeline,
  changes: { price: number; effectiveAt: Date; source: string; by: string | null }[],
  now: Date,
): PriceHistoryEntry[] {
  const inForce = changes.filter((c) => c.effectiveAt.getTime() <= now.getTime()).at(-1);
  const entries: PriceHistoryEntry[] = [
    { price: timeline.base, effectiveAt: null, source: "created", by: null, state: inForce ? "past" : "current" },
    ...changes.map(
      (change): PriceHistoryEntry => ({
        price: change.price,
        effectiveAt: change.effectiveAt.toISOString(),
        source: change.source,
        by: change.by,
        state: change === inForce ? "current" : change.effectiveAt.getTime() > now.getTime() ? "scheduled" : "past",
      }),
    ),
  ];
  return entries.reverse();
}

export type PriceChangeInput = { price: number; effectiveAt: Date };

/** A price as staff type it ("489 900", "R489,900"), in whole rand, or a violation naming the field. */
export function parseRandPrice(raw: string, propertyPath: string): Parsed<number> {
  const cleaned = raw.replace(/^\s*(?:R|ZAR)\s*/i, "").replace(/[\s\u00a0]/g, "");
  const value = readAmount(cleaned);
  if (value === null)
    return { ok: false, violations: [{ propertyPath, message: `"${raw.trim()}" is not a price in rand` }] };
  if (value <= 0 || value > MAX_RANGE_PRICE)
    return {
      ok: false,
      violations: [{ propertyPath, message: `A price must be more than R0 and at most R${MAX_RANGE_PRICE}` }],
    };
  return { ok: true, value: Math.round(value) };
}

/**
 * An amount as makers' files and people write it: "479900", "479,900", "479 900.00", "479.900,00", "479900,00".
 * The last separator followed by one or two digits is the decimal one; the others group thousands.
 */
function readAmount(text: string): number | null {
  if (!/^\d[\d.,']*$/.test(text)) return null;
  const decimal = /[.,](\d{1,2})$/.exec(text);
  const whole = (decimal ? text.slice(0, decimal.index) : text).replace(/[.,']/g, "");
  if (!/^\d+$/.test(whole)) return null;
  return Number(`${whole}.${decimal?.[1] ?? "0"}`);
}

/**
 * The change form's fields: the price and the date and time it takes effect, South African time (both empty: now).
 * A moment already past (by more than a minute, the time it takes to send the form) is refused: history is not
 * rewritten.
 */
export function parsePriceChange(
  input: { price: string; date: string; time: string },
  now = new Date(),
): Parsed<PriceChangeInput> {
  const violations: Violation[] = [];
  const price = parseRandPrice(input.price, "price");
  if (!price.ok) violations.push(...price.violations);
  const effectiveAt = parseEffectiveAt(input.date, input.time, now);
  if (!effectiveAt.ok) violations.push(...effectiveAt.violations);
  if (!price.ok || !effectiveAt.ok) return { ok: false, violations };
  return { ok: true, value: { price: price.value, effectiveAt: effectiveAt.value } };
}

/** Date and time inputs (Africa/Johannesburg) as an instant: both empty is now, a time alone is refused. */
export function parseEffectiveAt(date: string, time: string, now = new Date()): Parsed<Date> {
  if (date.trim() === "" && time.trim() === "") return { ok: true, value: now };
  if (date.trim() === "")
    return { ok: false, violations: [{ propertyPath: "date", message: "Give the date the price takes effect" }] };
  const moment = parseSastDateTime(`${date.trim()}T${time.trim() || "00:00"}`);
  if (!moment)
    return {
      ok: false,
      violations: [{ propertyPath: time.trim() ? "time" : "date", message: "Not a date and time of the calendar" }],
    };
  if (moment.getTime() < now.getTime() - 60_000)
    return {
      ok: false,
      violations: [{ propertyPath: "date", message: "That moment has passed: give now (leave both empty) or later" }],
    };
  return { ok: true, value: moment };
}

/**
 * Stores price changes, all from one instant, within the caller's transaction, in two statements whatever their
 * number: each variant's change still to come (if any) is replaced by its new one.
 */
export async function storePriceChanges(
  tx: Transaction,
  actor: StaffActor,
  changes: readonly { variantId: number; price: number }[],
  { effectiveAt, source }: { effectiveAt: Date; source: "staff" | "price-list" },
  now: Date,
): Promise<void> {
  if (changes.length === 0) return;
  const from = new Date(Math.min(now.getTime(), effectiveAt.getTime()));
  const variantIds = changes.map((change) => change.variantId);
  await tx
    .delete(rangePrices)
    .where(and(inArray(rangePrices.rangeVariantId, variantIds), gt(rangePrices.effectiveAt, from)));
  await tx
    .insert(rangePrices)
    .values(
      changes.map((change) => ({
        rangeVariantId: change.variantId,
        price: change.price,
        effectiveAt,
        source,
        createdBy: actor.id,
      })),
    )
    .onConflictDoUpdate({
      target: [rangePrices.rangeVariantId, rangePrices.effectiveAt],
      set: { price: sql`excluded.price`, source: sql`excluded.source`, createdBy: sql`excluded.created_by` },
    });
}

/** A group administrator sets a variant's price from an instant on (now or later); one transaction with its audit entry. */
export async function scheduleVariantPrice(
  db: Database,
  actor: StaffActor,
  variantId: number,
  change: PriceChangeInput,
  now = new Date(),
): Promise<void> {
  assertMayUse(actor, "range-prices");
  await db.transaction(async (tx) => {
    const timeline = await timelineOf(tx, variantId);
    if (!timeline) throw new StaffAccessDenied("not-found", "range-prices");
    const before = priceAt(timeline, now);
    const replaced = nextChange(timeline, now);
    await storePriceChanges(tx, actor, [{ variantId, price: change.price }], { ...change, source: "staff" }, now);
    await recordAudit(tx, {
      actor,
      action: "range_variant.price_change",
      entity: "range_variant",
      entityId: variantId,
      changes: {
        price: { from: before, to: change.price },
        effectiveAt: { from: replaced?.effectiveAt.toISOString() ?? null, to: change.effectiveAt.toISOString() },
      },
    });
  });
}

/** A group administrator withdraws the variant's scheduled change (if any); audited. Answers whether there was one. */
export async function cancelScheduledPrice(
  db: Database,
  actor: StaffActor,
  variantId: number,
  now = new Date(),
): Promise<boolean> {
  assertMayUse(actor, "range-prices");
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(rangePrices)
      .where(and(eq(rangePrices.rangeVariantId, variantId), gt(rangePrices.effectiveAt, now)))
      .returning({ price: rangePrices.price, effectiveAt: rangePrices.effectiveAt });
    const [withdrawn] = deleted;
    if (!withdrawn) return false;
    await recordAudit(tx, {
      actor,
      action: "range_variant.price_cancel",
      entity: "range_variant",
      entityId: variantId,
      changes: { scheduledPrice: { from: withdrawn.price, to: null } },
    });
    return true;
  });
}
