import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { makes, models, rangeColours, rangeGallery, rangeModels, rangeVariants } from "../../db/schema.ts";

export const VEHICLE_TYPES = ["car", "motorcycle"] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

export type RangeColour = { name: string; colorCode: string; image: string };
export type RangeImage = { image: string; alt: string };

/** One variant of a new car or motorcycle (SPEC section 3: Vehicle range). */
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
};

export type RangeFilter = {
  type?: VehicleType;
  makeSlug?: string;
  modelSlug?: string;
  variantSlug?: string;
  /** Model and variant by name, the second query form of /renault_ranges. */
  modelName?: string;
  variantName?: string;
};

/** Every model in the range matching the filter, cheapest variant first within each model. */
export async function listRangeModels(db: Database, filter: RangeFilter = {}): Promise<RangeModelView[]> {
  const where: SQL[] = [];
  if (filter.type) where.push(eq(rangeModels.type, filter.type));
  if (filter.makeSlug) where.push(eq(makes.slug, filter.makeSlug));
  if (filter.modelSlug) where.push(eq(models.slug, filter.modelSlug));
  if (filter.modelName) where.push(eq(models.name, filter.modelName));
  const modelRows = await db
    .select({
      id: rangeModels.id,
      type: rangeModels.type,
      description: rangeModels.description,
      mainImage: rangeModels.mainImage,
      brochure: rangeModels.brochure,
      make: makes.name,
      makeSlug: makes.slug,
      model: models.name,
      modelSlug: models.slug,
    })
    .from(rangeModels)
    .innerJoin(models, eq(models.id, rangeModels.modelId))
    .innerJoin(makes, eq(makes.id, models.makeId))
    .where(and(...where))
    .orderBy(asc(rangeModels.sortOrder), asc(models.name));
  if (modelRows.length === 0) return [];
  const ids = modelRows.map((row) => row.id);
  const [variantRows, colourRows, galleryRows] = await Promise.all([
    db
      .select()
      .from(rangeVariants)
      .where(inArray(rangeVariants.rangeModelId, ids))
      .orderBy(asc(rangeVariants.price), asc(rangeVariants.sortOrder)),
    db.select().from(rangeColours).where(inArray(rangeColours.rangeModelId, ids)).orderBy(asc(rangeColours.sortOrder)),
    db.select().from(rangeGallery).where(inArray(rangeGallery.rangeModelId, ids)).orderBy(asc(rangeGallery.sortOrder)),
  ]);
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
    };
    const variants = own
      .filter((v) => (!filter.variantSlug || v.slug === filter.variantSlug) && (!filter.variantName || v.name === filter.variantName))
      .map(
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
        }),
      );
    return { ...base, variants };
  });
}

/** The variants matching the filter, flattened in range order (the /renault_ranges collection). */
export async function listRangeVariants(db: Database, filter: RangeFilter): Promise<RangeVariantView[]> {
  const rangeModelsFound = await listRangeModels(db, filter);
  return rangeModelsFound.flatMap((model) => model.variants);
}

/** One model of the range by make and model slug, or null. */
export async function findRangeModel(
  db: Database,
  makeSlug: string,
  modelSlug: string,
  type?: VehicleType,
): Promise<RangeModelView | null> {
  const [model] = await listRangeModels(db, { makeSlug, modelSlug, type });
  return model ?? null;
}
