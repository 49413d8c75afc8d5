import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { makes, models, rangeColours, rangeGallery, rangeModels, rangeVariants } from "../../db/schema.ts";
import { defineReadModel, type ReadModels } from "../shared/read-model.ts";
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
  /** This variant's price. */
  modelPrice: number;
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

/**
 * The whole new-vehicle range (product.md §3), every model with all its variants, in range order (the
 * models by sort order and name, each model's variants cheapest first): what the home page, /new, the model
 * pages, the enquiry forms' variant pickers, the finance calculator and /api/renault_ranges read, held in
 * memory (decision 040). What a page asks of it is `selectRangeModels`, a pure function of this value.
 */
export const rangeCatalogue = defineReadModel({
  name: "range",
  tables: ["makes", "models", "range_models", "range_variants", "range_colours", "range_gallery"],
  load: loadRange,
});

/** Reads the whole range: four statements in one repeatable-read transaction, so that they see one snapshot. */
async function loadRange(database: Database): Promise<RangeModelView[]> {
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
    return modelRows.map((row) => {
      const color = colourRows
        .filter((c) => c.rangeModelId === row.id)
        .map(({ name, colorCode, image }) => ({ name, colorCode, image }));
      const gallery = galleryRows.filter((g) => g.rangeModelId === row.id).map(({ image, alt }) => ({ image, alt }));
      const own = variantRows.filter((v) => v.rangeModelId === row.id);
      const minPrice = Math.min(...own.map((v) => v.price));
      const base = {
        make: row.make,
        make_slug: row.makeSlug,
        model: row.model,
        model_slug: row.modelSlug,
        type: row.type as VehicleType,
        mainImage: row.mainImage,
        minPrice,
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
        (v): RangeVariantView => ({
          ...base,
          variant: v.name,
          variant_slug: v.slug,
          modelPrice: v.price,
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

/**
 * The models of the range matching the filter, in range order; a variant filter keeps only the matching
 * variants of each model (its minPrice stays the model's lowest).
 */
export function selectRangeModels(range: readonly RangeModelView[], filter: RangeFilter = {}): RangeModelView[] {
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

/** Every model in the range matching the filter, cheapest variant first within each model. */
export async function listRangeModels(readModels: ReadModels, filter: RangeFilter = {}): Promise<RangeModelView[]> {
  return selectRangeModels(await readModels.read(rangeCatalogue), filter);
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
