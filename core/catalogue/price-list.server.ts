import { asc, eq, max } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { makes, models, priceListLayouts, rangeModels, rangePrices, rangeVariants } from "../../db/schema.ts";
import type { Violation } from "../shared/violations.ts";
import { recordAudit } from "../staff/audit.server.ts";
import { assertMayUse, type StaffActor } from "../staff/roles.ts";
import { slugOf } from "./make-names.ts";
import { FLAG_PERCENT } from "./price-list-rules.ts";
import { percentChange, priceAt } from "./price-timeline.ts";
import { parseRandPrice, storePriceChanges } from "./range-prices.server.ts";

/**
 * The maker's price list (docs/back-office.md, "The maker's price list"): one row a variant, its M&M code and its
 * price, read from the file as the maker writes it (core/inventory/feed-file.server.ts reads CSV or XLSX). The code and
 * price columns are found by their headers; a layout whose headers say neither is asked once and remembered.
 * A preview lists every change; nothing changes until staff confirm, and then all of it in one transaction with
 * one audit entry. Group administrators only.
 */

export type PriceListColumns = { code: number; price: number; description: number | null };

/** A header as compared: lower case, letters and digits only ("M&M Code" is "mmcode", "RRP (incl VAT)" "rrpinclvat"). */
const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, "");

const CODE_HEADERS = new Set(["mmcode", "mandmcode", "mm", "mmno", "mmnumber", "meadmcgrouthercode", "transunioncode"]);
const DESCRIPTION_HEADERS = new Set([
  "description",
  "modeldescription",
  "variant",
  "variantdescription",
  "model",
  "derivative",
]);

/** A price header as makers write them, including VAT; never one that says it excludes VAT. */
function isPriceHeader(key: string): boolean {
  if (/excl|exvat|exclvat|nett?$/.test(key)) return false;
  return (
    /^(?:rrp|retailprice|recommendedretailprice|price|listprice|sellingprice|retail)/.test(key) || key === "inclvat"
  );
}

/** The layout's identity: its headers as compared, in order. */
function layoutKeyOf(header: readonly string[]): string {
  return header.map(headerKey).join("|");
}

/** The columns the headers name (a price header that says "incl" first), or null for those no header names. */
export function columnsByHeader(header: readonly string[]): {
  code: number | null;
  price: number | null;
  description: number | null;
} {
  const keys = header.map(headerKey);
  const code = keys.findIndex((key) => CODE_HEADERS.has(key));
  const prices = keys.flatMap((key, index) => (isPriceHeader(key) ? [index] : []));
  const price = prices.find((index) => keys[index]!.includes("incl")) ?? prices[0] ?? -1;
  const description = keys.findIndex((key) => DESCRIPTION_HEADERS.has(key));
  return {
    code: code >= 0 ? code : null,
    price: price >= 0 ? price : null,
    description: description >= 0 ? description : null,
  };
}

/** The columns of this layout: remembered for it, else found by its headers; null where neither says. */
export async function columnsOf(db: Database, header: readonly string[]) {
  const found = columnsByHeader(header);
  const [remembered] = await db
    .select()
    .from(priceListLayouts)
    .where(eq(priceListLayouts.layout, layoutKeyOf(header)));
  if (!remembered) return found;
  return { ...found, code: remembered.codeColumn, price: remembered.priceColumn };
}

/** Remembers which columns of this layout are the code and the price (staff named them). */
export async function rememberColumns(
  db: Database,
  actor: StaffActor,
  header: readonly string[],
  columns: { code: number; price: number },
) {
  assertMayUse(actor, "range-prices");
  const layout = layoutKeyOf(header);
  const values = { codeColumn: columns.code, priceColumn: columns.price, updatedBy: actor.id, updatedAt: new Date() };
  await db
    .insert(priceListLayouts)
    .values({ layout, ...values })
    .onConflictDoUpdate({ target: priceListLayouts.layout, set: values });
}

export type PriceListRow = { row: number; code: string; price: number; description: string };

/** The list's rows, or violations naming each row and field at fault (a price not a number, a code twice, a bad code). */
export function readPriceRows(
  records: string[][],
  columns: PriceListColumns,
): { rows: PriceListRow[]; violations: Violation[] } {
  const rows: PriceListRow[] = [];
  const violations: Violation[] = [];
  const seen = new Map<string, number>();
  records.slice(1).forEach((record, index) => {
    const row = index + 2;
    const code = (record[columns.code] ?? "").trim();
    const rawPrice = record[columns.price] ?? "";
    if (record.every((cell) => cell.trim() === "")) return;
    if (!/^\d{8}$/.test(code)) {
      violations.push({
        propertyPath: `row ${row}: M&M code`,
        message: code ? `"${code}" is not an eight-digit M&M code` : "No M&M code",
      });
      return;
    }
    const price = parseRandPrice(rawPrice, `row ${row}: price`);
    if (!price.ok) violations.push(...price.violations);
    const first = seen.get(code);
    if (first !== undefined)
      violations.push({ propertyPath: `row ${row}: M&M code`, message: `${code} is also on row ${first}` });
    else seen.set(code, row);
    if (price.ok && first === undefined)
      rows.push({
        row,
        code,
        price: price.value,
        description: columns.description === null ? "" : (record[columns.description] ?? "").trim(),
      });
  });
  return { rows, violations };
}

export type RangeVariantPrice = {
  id: number;
  code: string | null;
  make: string;
  model: string;
  modelId: number;
  variant: string;
  price: number;
};

export type PriceListPreview = {
  changes: (RangeVariantPrice & { row: number; newPrice: number; percent: number; flagged: boolean })[];
  unchanged: number;
  unknown: PriceListRow[];
  notMentioned: RangeVariantPrice[];
};

/** Every variant of the range with its price in force at `now`, in range order. */
async function rangeVariantPrices(
  db: Database | Parameters<Parameters<Database["transaction"]>[0]>[0],
  now: Date,
): Promise<RangeVariantPrice[]> {
  const rows = await db
    .select({
      id: rangeVariants.id,
      code: rangeVariants.mmCode,
      make: makes.name,
      model: models.name,
      modelId: rangeModels.id,
      variant: rangeVariants.name,
      base: rangeVariants.price,
    })
    .from(rangeVariants)
    .innerJoin(rangeModels, eq(rangeModels.id, rangeVariants.rangeModelId))
    .innerJoin(models, eq(models.id, rangeModels.modelId))
    .innerJoin(makes, eq(makes.id, models.makeId))
    .orderBy(asc(rangeModels.sortOrder), asc(models.name), asc(rangeVariants.sortOrder), asc(rangeVariants.id));
  const changes = await db.select().from(rangePrices).orderBy(asc(rangePrices.effectiveAt));
  const byVariant = new Map<number, typeof changes>();
  for (const change of changes)
    byVariant.set(change.rangeVariantId, [...(byVariant.get(change.rangeVariantId) ?? []), change]);
  return rows.map(({ base, ...row }) => ({
    ...row,
    price: priceAt({ base, changes: byVariant.get(row.id) ?? [] }, now),
  }));
}

/** What the list would change, against the range as it is now. */
export async function previewPriceList(
  db: Database,
  actor: StaffActor,
  rows: PriceListRow[],
  now = new Date(),
): Promise<PriceListPreview> {
  assertMayUse(actor, "range-prices");
  return previewAgainst(await rangeVariantPrices(db, now), rows);
}

function previewAgainst(variants: RangeVariantPrice[], rows: PriceListRow[]): PriceListPreview {
  const byCode = new Map(variants.filter((v) => v.code).map((v) => [v.code!, v]));
  const mentioned = new Set(rows.map((row) => row.code));
  const preview: PriceListPreview = { changes: [], unchanged: 0, unknown: [], notMentioned: [] };
  for (const row of rows) {
    const variant = byCode.get(row.code);
    if (!variant) preview.unknown.push(row);
    else if (variant.price === row.price) preview.unchanged++;
    else {
      const percent = percentChange(variant.price, row.price);
      preview.changes.push({
        ...variant,
        row: row.row,
        newPrice: row.price,
        percent,
        flagged: Math.abs(percent) > FLAG_PERCENT,
      });
    }
  }
  preview.notMentioned = variants.filter((v) => !v.code || !mentioned.has(v.code));
  return preview;
}

/** The range's models, for the choice of where an unknown code becomes a new variant. */
export async function rangeModelChoices(db: Database): Promise<{ id: number; label: string }[]> {
  const rows = await db
    .select({ id: rangeModels.id, make: makes.name, model: models.name, type: rangeModels.type })
    .from(rangeModels)
    .innerJoin(models, eq(models.id, rangeModels.modelId))
    .innerJoin(makes, eq(makes.id, models.makeId))
    .orderBy(asc(rangeModels.sortOrder), asc(models.name));
  return rows.map((row) => ({
    id: row.id,
    label: `${row.make} ${row.model}${row.type === "motorcycle" ? " (Honda Wing)" : ""}`,
  }));
}

export type PriceListApplied = { changed: number; created: number; effectiveAt: string };

/**
 * Applies the list as previewed: each change from `effectiveAt` on (replacing a change still to come), each unknown
 * code given a model made a variant of it, all in one transaction with one audit entry. The preview is made again
 * inside the transaction, so the list is applied against the range as it is then.
 */
export async function applyPriceList(
  db: Database,
  actor: StaffActor,
  input: { fileName: string; rows: PriceListRow[]; effectiveAt: Date; newVariants: Map<string, number> },
  now = new Date(),
): Promise<PriceListApplied> {
  assertMayUse(actor, "range-prices");
  return db.transaction(async (tx) => {
    const preview = previewAgainst(await rangeVariantPrices(tx, now), input.rows);
    await storePriceChanges(
      tx,
      actor,
      preview.changes.map((change) => ({ variantId: change.id, price: change.newPrice })),
      { effectiveAt: input.effectiveAt, source: "price-list" },
      now,
    );
    const created = [];
    for (const row of preview.unknown) {
      const modelId = input.newVariants.get(row.code);
      if (modelId !== undefined) created.push(await createVariantFromRow(tx, modelId, row));
    }
    await recordAudit(tx, {
      actor,
      action: "price_list.apply",
      entity: "price_list",
      entityId: input.fileName,
      changes: {
        effectiveAt: { from: null, to: input.effectiveAt.toISOString() },
        prices: {
          from: preview.changes.map((c) => ({ mm_code: c.code, price: c.price })),
          to: preview.changes.map((c) => ({ mm_code: c.code, price: c.newPrice })),
        },
        newVariants: { from: null, to: created },
      },
    });
    return { changed: preview.changes.length, created: created.length, effectiveAt: input.effectiveAt.toISOString() };
  });
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * A variant made from an unknown code: under the chosen model, with the code and the price, named by the file's
 * description (else by its code), its other specifications copied from the model's first variant.
 */
async function createVariantFromRow(tx: Transaction, rangeModelId: number, row: PriceListRow) {
  const [first] = await tx
    .select()
    .from(rangeVariants)
    .where(eq(rangeVariants.rangeModelId, rangeModelId))
    .orderBy(asc(rangeVariants.sortOrder), asc(rangeVariants.id))
    .limit(1);
  if (!first) throw new Error(`Range model ${rangeModelId} has no variant to copy`);
  const name = row.description || `M&M ${row.code}`;
  const taken = new Set(
    (
      await tx
        .select({ slug: rangeVariants.slug })
        .from(rangeVariants)
        .where(eq(rangeVariants.rangeModelId, rangeModelId))
    ).map((v) => v.slug),
  );
  let slug = slugOf(name) || row.code;
  if (taken.has(slug)) slug = `${slug}-${row.code}`;
  const [order] = await tx
    .select({ last: max(rangeVariants.sortOrder) })
    .from(rangeVariants)
    .where(eq(rangeVariants.rangeModelId, rangeModelId));
  // Every specification the model's first variant has, whatever columns the range carries.
  const {
    id: _id,
    name: _name,
    slug: _slug,
    mmCode: _code,
    price: _price,
    sortOrder: _order,
    ...specifications
  } = first;
  const [created] = await tx
    .insert(rangeVariants)
    .values({
      ...specifications,
      rangeModelId,
      name,
      slug,
      mmCode: row.code,
      price: row.price,
      sortOrder: (order?.last ?? 0) + 1,
    })
    .returning({ id: rangeVariants.id });
  return { id: created!.id, mm_code: row.code, name, price: row.price, rangeModelId };
}
