import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { makes, models, rangeColours, rangeGallery, rangeModels, rangeVariants } from "../../db/schema.ts";
import { assertMayUse, may, type StaffActor } from "../staff/roles.ts";
import type { ModelState, Specifications } from "./range-fields.ts";
import type { VehicleType } from "./ranges.server.ts";

/** The range as the back office reads it (every role): every model in every state, straight from the database. */

export type StaffRangeColour = {
  id: number;
  name: string;
  paintCode: string;
  colorCode: string;
  image: string;
  /** False while a drawing stands in for the colour's picture. */
  hasPicture: boolean;
};

export type StaffRangeVariant = {
  id: number;
  name: string;
  mmCode: string | null;
  price: number;
  transmission: string;
  transmissionType: string;
  fuel: string;
  engine: string;
  powerKw: number;
  torqueNm: number;
};

export type StaffRangeModel = {
  id: number;
  name: string;
  slug: string;
  makeSlug: string;
  type: VehicleType;
  bodyType: string;
  headline: string;
  description: string;
  state: ModelState;
  successorId: number | null;
  sortOrder: number;
  specifications: Specifications;
  brochure: string | null;
  /** True when the brochure is one staff uploaded (not the generated one). */
  brochureUploaded: boolean;
  mainImage: string;
  variants: StaffRangeVariant[];
  colours: StaffRangeColour[];
  gallery: { id: number; image: string; alt: string; colourId: number | null; hasPicture: boolean }[];
};

/** What the actor may do on the range pages. */
export type RangePermissions = { content: boolean; lineup: boolean };

export function rangePermissions(actor: StaffActor): RangePermissions {
  return { content: may(actor, "range-content", null), lineup: may(actor, "range-lineup", null) };
}

/** The whole range, models in their place order. */
export async function listStaffRange(db: Database, actor: StaffActor): Promise<StaffRangeModel[]> {
  assertMayUse(actor, "range");
  return readStaffRange(db);
}

/** One model of the range, or null. */
export async function getStaffRangeModel(db: Database, actor: StaffActor, id: number): Promise<StaffRangeModel | null> {
  assertMayUse(actor, "range");
  return (await readStaffRange(db, id)).find((model) => model.id === id) ?? null;
}

async function readStaffRange(db: Database, onlyId?: number): Promise<StaffRangeModel[]> {
  const rows = await db
    .select({ range: rangeModels, name: models.name, slug: models.slug, makeSlug: makes.slug })
    .from(rangeModels)
    .innerJoin(models, eq(models.id, rangeModels.modelId))
    .innerJoin(makes, eq(makes.id, models.makeId))
    .where(onlyId === undefined ? undefined : eq(rangeModels.id, onlyId))
    .orderBy(asc(rangeModels.type), asc(rangeModels.sortOrder), asc(models.name));
  const [variants, colours, gallery] = await Promise.all([
    db.select().from(rangeVariants).orderBy(asc(rangeVariants.price), asc(rangeVariants.sortOrder)),
    db.select().from(rangeColours).orderBy(asc(rangeColours.sortOrder), asc(rangeColours.id)),
    db.select().from(rangeGallery).orderBy(asc(rangeGallery.sortOrder), asc(rangeGallery.id)),
  ]);
  return rows.map(({ range, name, slug, makeSlug }) => ({
    id: range.id,
    name,
    slug,
    makeSlug,
    type: range.type as VehicleType,
    bodyType: range.bodyType,
    headline: range.headline,
    description: range.description,
    state: range.state as ModelState,
    successorId: range.successorId,
    sortOrder: range.sortOrder,
    specifications: range.specifications,
    brochure: range.brochure,
    brochureUploaded: range.brochureId !== null,
    mainImage: range.mainImage,
    variants: variants
      .filter((v) => v.rangeModelId === range.id)
      .map(({ id, name, mmCode, price, transmission, transmissionType, fuel, engine, powerKw, torqueNm }) => ({
        id,
        name,
        mmCode,
        price,
        transmission,
        transmissionType,
        fuel,
        engine,
        powerKw,
        torqueNm,
      })),
    colours: colours
      .filter((c) => c.rangeModelId === range.id)
      .map(({ id, name, paintCode, colorCode, image, imageId }) => ({
        id,
        name,
        paintCode,
        colorCode,
        image,
        hasPicture: imageId !== null,
      })),
    gallery: gallery
      .filter((g) => g.rangeModelId === range.id)
      .map(({ id, image, alt, colourId, imageId }) => ({ id, image, alt, colourId, hasPicture: imageId !== null })),
  }));
}
