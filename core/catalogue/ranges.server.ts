import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { makes, models, rangeColours, rangeGallery, rangeModels, rangePrices, rangeVariants } from "../../db/schema.ts";
import { defineReadModel, type ReadModels } from "../shared/read-model.server.ts";
import { lastChangeAt, nextChange, type PriceTimeline, priceAt, quietWindow } from "./price-timeline.ts";
import { LISTED_STATES, type ModelState, type Specifications } from "./range-fields.ts";
import type { VariantKey } from "./variant-keys.ts";

export const VEHICLE_TYPES = ["car", "motorcycle"] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

export type RangeColour = { name: string; colorCode: string; image: string };
export type RangeImage = { image: string; alt: string };

/** One variant of a new car or motorcycle (product.md §3: Vehicle range). */
export type RangeVariantView = {
  make: string;
  make_slug: string;
  model: string;
  model_slug: string;
  variant: string;
  variant_slug: string;
  type: VehicleType;
  mainImage: string;
  /** The lowest price of the model's variants. */
  minPrice: number;
  /** This variant's price now. */
  modelPrice: number;
  /** The variant's M&M code (eight digits), or null while none is entered. */
  mm_code: string | null;
  /** The price a scheduled change will make it, or null when none is scheduled. */
  scheduledPrice: number | null;
  /** The instant the scheduled price takes effect (ISO 8601, UTC), or null. */
  scheduledPriceFrom: string | null;
  term: number;
  interest: number;
  /** kW */
  power: number;
  /** Nm */
  torque: number;
  transmission: string;
  transmission_type: string;
  description: string;
  brochure: string | null;
  gallery: RangeImage[];
  color: RangeColour[];
  /** Draft and retired models are not listed (core/catalogue/range-fields.ts). */
  state: ModelState;
  headline: string;
  bodyType: string;
  specifications: Specifications;
  fuel: string;
  engine: string;
};

/** A model with all its variants, for the model page and the range lists. */
export type RangeModelView = {
  make: string;
  make_slug: string;
  model: string;
  model_slug: string;
  type: VehicleType;
  mainImage: string;
  minPrice: number;
  description: string;
  brochure: string | null;
  gallery: RangeImage[];
  color: RangeColour[];
  variants: RangeVariantView[];
  /** Draft and retired models are not listed (core/catalogue/range-fields.ts). */
  state: ModelState;
  headline: string;
  bodyType: string;
  specifications: Specifications;
  /** Where a retired model's page sends its visitors: the successor's make and model slugs, or null (410). */
  successor: { make_slug: string; model_slug: string; type: VehicleType } | null;
};

export type RangeFilter = {
  type?: VehicleType;
  makeSlug?: string;
  modelSlug?: string;
  variantSlug?: string;
  /** Model and variant by name, the second query form of /renault_ranges. */
  modelName?: string;
  variantName?: string;
  /** Draft and retired models too (a model page, which answers for them itself); listed models only otherwise. */
  anyState?: boolean;
};

/** A variant as held in memory: its prices as a timeline, resolved at each read (`rangeAt`). */
export type RangeVariantRecord = Omit<
  RangeVariantView,
  "modelPrice" | "minPrice" | "scheduledPrice" | "scheduledPriceFrom"
> & { id: number; prices: PriceTimeline };

/** A model as held in memory. */
export type RangeModelRecord = Omit<RangeModelView, "minPrice" | "variants"> & { variants: RangeVariantRecord[] };

/**
 * The whole new-vehicle range (product.md §3), every model with all its variants, in range order (the
 * models by sort order and name, each model's variants cheapest first): what the home page, /new, the model
 * pages, the enquiry forms' variant pickers, the finance calculator and /api/renault_ranges read, held in
 * memory (decision 040). What a page asks of it is `selectRangeModels`, a pure function of this value.
 */
export const rangeCatalogue = defineReadModel({
  name: "range",
  tables: ["makes", "models", "range_models", "range_variants", "range_prices", "range_colours", "range_gallery"],
  load: loadRange,
});

/** Reads the whole range: five statements in one repeatable-read transaction, so that they see one snapshot. */
async function loadRange(database: Database): Promise<RangeModelRecord[]> {
  return database.transaction(async (db) => {
    const modelRows = await db
      .select({
        id: rangeModels.id,
        type: rangeModels.type,
        description: rangeModels.description,
        mainImage: rangeModels.mainImage,
        brochure: rangeModels.brochure,
        state: rangeModels.state,
        successorId: rangeModels.successorId,
        headline: rangeModels.headline,
        bodyType: rangeModels.bodyType,
        specifications: rangeModels.specifications,
        make: makes.name,
        makeSlug: makes.slug,
        model: models.name,
        modelSlug: models.slug,
      })
      .from(rangeModels)
      .innerJoin(models, eq(models.id, rangeModels.modelId))
      .innerJoin(makes, eq(makes.id, models.makeId))
      .orderBy(asc(rangeModels.sortOrder), asc(models.name));
    const variantRows = await db
      .select()
      .from(rangeVariants)
      .orderBy(asc(rangeVariants.price), asc(rangeVariants.sortOrder));
    const colourRows = await db.select().from(rangeColours).orderBy(asc(rangeColours.sortOrder));
    const galleryRows = await db.select().from(rangeGallery).orderBy(asc(rangeGallery.sortOrder));
    const timelines = timelinesOf(
      variantRows,
      await db.select().from(rangePrices).orderBy(asc(rangePrices.effectiveAt)),
    );
    return modelRows.map((row) => {
      const color = colourRows
        .filter((c) => c.rangeModelId === row.id)
        .map(({ name, colorCode, image }) => ({ name, colorCode, image }));
      const gallery = galleryRows.filter((g) => g.rangeModelId === row.id).map(({ image, alt }) => ({ image, alt }));
      const own = variantRows.filter((v) => v.rangeModelId === row.id);
      const base = {
        make: row.make,
        make_slug: row.makeSlug,
        model: row.model,
        model_slug: row.modelSlug,
        type: row.type as VehicleType,
        mainImage: row.mainImage,
        description: row.description,
        brochure: row.brochure,
        gallery,
        color,
        state: row.state as ModelState,
        headline: row.headline,
        bodyType: row.bodyType,
        specifications: row.specifications,
      };
      const variants = own.map(
        (v): RangeVariantRecord => ({
          ...base,
          id: v.id,
          variant: v.name,
          variant_slug: v.slug,
          mm_code: v.mmCode,
          prices: timelines.get(v.id)!,
          term: v.termMonths,
          interest: v.interestRate,
          power: v.powerKw,
          torque: v.torqueNm,
          transmission: v.transmission,
          transmission_type: v.transmissionType,
          fuel: v.fuel,
          engine: v.engine,
        }),
      );
      const successor = modelRows.find((other) => other.id === row.successorId);
      return {
        ...base,
        variants,
        successor: successor
          ? { make_slug: successor.makeSlug, model_slug: successor.modelSlug, type: successor.type as VehicleType }
          : null,
      };
    });
  }, SNAPSHOT);
}

const SNAPSHOT = { isolationLevel: "repeatable read", accessMode: "read only" } as const;

function timelinesOf(
  variantRows: { id: number; price: number }[],
  priceRows: { rangeVariantId: number; price: number; effectiveAt: Date }[],
): Map<number, PriceTimeline> {
  const timelines = new Map(variantRows.map((v) => [v.id, { base: v.price, changes: [] as PriceTimeline["changes"] }]));
  for (const row of priceRows) {
    const timeline = timelines.get(row.rangeVariantId);
    if (timeline) (timeline.changes as { price: number; effectiveAt: Date }[]).push(row);
  }
  return timelines;
}

/** The last range resolved, and the window of time in which its prices hold. */
const resolved = new WeakMap<readonly RangeModelRecord[], { from: number; until: number; view: RangeModelView[] }>();

/**
 * The range as it stands at `now`: each variant's price in force, its scheduled change if any, each model's
 * lowest price, the variants cheapest first. Kept until the next price instant, so a read costs a lookup.
 */
function rangeAt(records: readonly RangeModelRecord[], now: Date): RangeModelView[] {
  const at = now.getTime();
  const kept = resolved.get(records);
  if (kept && kept.from <= at && at < kept.until) return kept.view;
  const window = quietWindow(
    records.flatMap((model) => model.variants.map((v) => v.prices)),
    now,
  );
  const view = records.map((model) => modelAt(model, now));
  resolved.set(records, { ...window, view });
  return view;
}

function modelAt(model: RangeModelRecord, now: Date): RangeModelView {
  const { variants: records, ...base } = model;
  const priced = records.map((record) => ({ record, price: priceAt(record.prices, now) }));
  // A draft model may have no variant yet: it has no price to show, not an infinite one.
  const minPrice = priced.length > 0 ? Math.min(...priced.map((v) => v.price)) : 0;
  const variants = priced
    .map(({ record, price }, order) => ({ order, view: variantAt(record, price, minPrice, now) }))
    .sort((a, b) => a.view.modelPrice - b.view.modelPrice || a.order - b.order)
    .map(({ view }) => view);
  return { ...base, minPrice, variants };
}

function variantAt(record: RangeVariantRecord, price: number, minPrice: number, now: Date): RangeVariantView {
  const { id: _id, prices, ...fields } = record;
  const scheduled = nextChange(prices, now);
  return {
    ...fields,
    minPrice,
    modelPrice: price,
    scheduledPrice: scheduled?.price ?? null,
    scheduledPriceFrom: scheduled?.effectiveAt.toISOString() ?? null,
  };
}

/** The next instant a price of the range changes after `now`, or null: what a kept page showing prices lives until. */
export async function nextRangePriceChange(readModels: ReadModels, now = new Date()): Promise<Date | null> {
  const records = await readModels.read(rangeCatalogue);
  const { until } = quietWindow(
    records.flatMap((model) => model.variants.map((v) => v.prices)),
    now,
  );
  return Number.isFinite(until) ? new Date(until) : null;
}

/** Each model's last price change in force at `now` (by "make/model" slugs), for the sitemap's lastmod. */
export async function rangeModelPriceChanges(readModels: ReadModels, now = new Date()): Promise<Map<string, Date>> {
  const changes = new Map<string, Date>();
  for (const model of await readModels.read(rangeCatalogue)) {
    const instants = model.variants.flatMap((v) => lastChangeAt(v.prices, now) ?? []);
    if (instants.length > 0)
      changes.set(`${model.make_slug}/${model.model_slug}`, new Date(Math.max(...instants.map((d) => d.getTime()))));
  }
  return changes;
}

/**
 * The models of the range matching the filter, in range order; a variant filter keeps only the matching
 * variants of each model (its minPrice stays the model's lowest).
 */
function selectRangeModels(range: readonly RangeModelView[], filter: RangeFilter = {}): RangeModelView[] {
  const variantFilter = filter.variantSlug !== undefined || filter.variantName !== undefined;
  return range
    .filter(
      (model) =>
        (filter.anyState || LISTED_STATES.includes(model.state)) &&
        (!filter.type || model.type === filter.type) &&
        (!filter.makeSlug || model.make_slug === filter.makeSlug) &&
        (!filter.modelSlug || model.model_slug === filter.modelSlug) &&
        (!filter.modelName || model.model === filter.modelName),
    )
    .map((model) =>
      variantFilter
        ? {
            ...model,
            variants: model.variants.filter(
              (v) =>
                (!filter.variantSlug || v.variant_slug === filter.variantSlug) &&
                (!filter.variantName || v.variant === filter.variantName),
            ),
          }
        : model,
    );
}

/** Every model in the range matching the filter, at its prices of `now`, cheapest variant first within each model. */
export async function listRangeModels(
  readModels: ReadModels,
  filter: RangeFilter = {},
  now = new Date(),
): Promise<RangeModelView[]> {
  return selectRangeModels(rangeAt(await readModels.read(rangeCatalogue), now), filter);
}

/** The variants matching the filter, flattened in range order (the /renault_ranges collection). */
export async function listRangeVariants(readModels: ReadModels, filter: RangeFilter): Promise<RangeVariantView[]> {
  const rangeModelsFound = await listRangeModels(readModels, filter);
  return rangeModelsFound.flatMap((model) => model.variants);
}

/** One model of the range by make and model slug, or null. */
export async function findRangeModel(
  readModels: ReadModels,
  makeSlug: string,
  modelSlug: string,
  type?: VehicleType,
  { anyState = false } = {},
): Promise<RangeModelView | null> {
  const [model] = await listRangeModels(readModels, { makeSlug, modelSlug, type, anyState });
  return model ?? null;
}

/** The variants of the range that the keys name, in the keys' order; a key naming no variant is left out. */
export async function findRangeVariants(readModels: ReadModels, keys: VariantKey[]): Promise<RangeVariantView[]> {
  const models = new Map(
    await Promise.all(
      [...new Set(keys.map((key) => `${key.makeSlug}.${key.modelSlug}`))].map(
        async (model) => [model, await findRangeModel(readModels, ...(model.split(".") as [string, string]))] as const,
      ),
    ),
  );
  return keys.flatMap(
    (key) =>
      models.get(`${key.makeSlug}.${key.modelSlug}`)?.variants.find((v) => v.variant_slug === key.variantSlug) ?? [],
  );
}
