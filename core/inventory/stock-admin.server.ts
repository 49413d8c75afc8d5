import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { dealers, makes, models, usedVehicleImages, usedVehicles } from "../../db/schema.ts";
import {
  ImageRejected,
  inspectImage,
  type Rendition,
  renditionsOf,
  storeImage,
} from "../media/image-pipeline.server.ts";
import type { Violation } from "../shared/violations.ts";
import { changedFields, recordAudit } from "../staff/audit.server.ts";
import {
  assertMay,
  assertMayUse,
  dealerScope,
  scopeIncludes,
  StaffAccessDenied,
  type StaffActor,
} from "../staff/roles.ts";
import { type Transaction, writeOrRefuse } from "../staff/staff-write.server.ts";
import { CatalogueNames } from "../catalogue/open-catalogue.server.ts";
import { areaDealers } from "../dealers/staff-dealers.server.ts";
import { canonicalMakeName, newCatalogueName } from "../catalogue/make-names.ts";
import {
  stockColumnValues,
  stockFieldColumns,
  type StoredStockFields,
  storedStockFields,
} from "./stock-columns.server.ts";
import {
  parseStockVehicle,
  readStockField,
  STOCK_STATUSES,
  type StockStatus,
  type StockVehicleInput,
} from "./stock-schema.ts";

/**
 * The used stock as the back office sees and changes it: every function takes the acting staff
 * member and checks the role rules itself (core/staff/roles.ts): a dealer manager sees and changes only
 * their dealers' vehicles, another dealer's vehicle is not found, a content editor is refused. Every change
 * is one transaction with its audit entry (old and new values). The public side follows on its own: the
 * used_vehicles triggers notify every instance's in-memory listing (migration 0007), keep the counts
 * (0012) and the updated-at the sitemap shows.
 */

export const STOCK_PAGE_SIZE = 25;
/** A vehicle's photos at most: a listing shows a handful, and each is twelve renditions. */
const MAX_PHOTOS_PER_VEHICLE = 30;

export type StockListQuery = {
  /** Make, model, variant, stock number or VIN, in part. */
  search?: string;
  status?: StockStatus;
  dealerId?: number;
  /** Only the vehicles still in stock (not sold) that have no photo yet: seeded artwork is no photo. */
  withoutPhotos?: boolean;
  page: number;
};

export type StockListItem = {
  id: number;
  title: string;
  variant: string;
  stockNumber: string | null;
  vin: string | null;
  price: number;
  year: number;
  mileageKm: number;
  status: StockStatus;
  dealerName: string;
  dealerSlug: string;
  photos: number;
  updatedAt: Date;
};

export type StockPhoto = { id: number; position: number; uri: string; renditions: Rendition[] | null };

/** A vehicle as the edit form shows it: the form's field values, and its photos. */
export type StockVehicle = {
  id: number;
  dealerId: number;
  values: Record<keyof StockVehicleInput, string>;
  status: StockStatus;
  /** The public page (which answers only while the vehicle is Available or Reserved). */
  publicPath: string;
  photos: StockPhoto[];
  updatedAt: Date;
};

export type StockWriteResult = { ok: true; id: number } | { ok: false; violations: Violation[] };

/** The dealers the actor may put stock at (the form's Dealer choices). */
export function stockDealers(db: Database, actor: StaffActor): Promise<{ id: number; slug: string; name: string }[]> {
  return areaDealers(db, actor, "stock");
}

/** One page of the stock the actor may see, newest change first. */
export async function listStock(
  db: Database,
  actor: StaffActor,
  query: StockListQuery,
): Promise<{ items: StockListItem[]; total: number }> {
  const condition = stockConditions(actor, query);
  const base = () =>
    db
      .select({
        id: usedVehicles.id,
        make: makes.name,
        model: models.name,
        variant: usedVehicles.variant,
        stockNumber: usedVehicles.stockNumber,
        vin: usedVehicles.vin,
        price: usedVehicles.price,
        year: usedVehicles.year,
        mileageKm: usedVehicles.mileageKm,
        status: usedVehicles.status,
        dealerName: dealers.dealerName,
        dealerSlug: dealers.slug,
        photos: sql<number>`(select count(*)::int from ${usedVehicleImages} where ${usedVehicleImages.vehicleId} = ${usedVehicles.id} and ${usedVehicleImages.imageId} is not null)`,
        updatedAt: usedVehicles.updatedAt,
      })
      .from(usedVehicles)
      .innerJoin(makes, eq(makes.id, usedVehicles.makeId))
      .innerJoin(models, eq(models.id, usedVehicles.modelId))
      .innerJoin(dealers, eq(dealers.id, usedVehicles.dealerId));
  const [rows, total] = await Promise.all([
    base()
      .where(condition)
      .orderBy(desc(usedVehicles.updatedAt), desc(usedVehicles.id))
      .limit(STOCK_PAGE_SIZE)
      .offset((query.page - 1) * STOCK_PAGE_SIZE),
    countStock(db, actor, query),
  ]);
  return {
    items: rows.map(({ make, model, ...row }) => ({
      ...row,
      title: `${row.year} ${make} ${model}`,
      status: row.status as StockStatus,
    })),
    total,
  };
}

/** How many vehicles the actor may see match the query (its page ignored): the staff home's counts. */
export async function countStock(
  db: Database,
  actor: StaffActor,
  query: Omit<StockListQuery, "page">,
): Promise<number> {
  const [total] = await db
    .select({ n: count() })
    .from(usedVehicles)
    .innerJoin(makes, eq(makes.id, usedVehicles.makeId))
    .innerJoin(models, eq(models.id, usedVehicles.modelId))
    .where(stockConditions(actor, query));
  return total?.n ?? 0;
}

/** The query's conditions, within the dealers the actor may see (refused when the role has no part in stock). */
function stockConditions(actor: StaffActor, query: Omit<StockListQuery, "page">): SQL | undefined {
  assertMayUse(actor, "stock");
  const scope = dealerScope(actor, "stock");
  const where: (SQL | undefined)[] = [];
  if (scope.kind === "dealers") where.push(inArray(usedVehicles.dealerId, [...scope.dealerIds]));
  if (query.dealerId !== undefined) where.push(eq(usedVehicles.dealerId, query.dealerId));
  if (query.status) where.push(eq(usedVehicles.status, query.status));
  if (query.withoutPhotos)
    where.push(
      ne(usedVehicles.status, "Sold"),
      sql`not exists (select 1 from ${usedVehicleImages} where ${usedVehicleImages.vehicleId} = ${usedVehicles.id} and ${usedVehicleImages.imageId} is not null)`,
    );
  const search = query.search?.trim();
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(makes.name, like),
        ilike(models.name, like),
        ilike(usedVehicles.variant, like),
        ilike(usedVehicles.stockNumber, like),
        ilike(usedVehicles.vin, like),
        sql`concat_ws(' ', ${makes.name}, ${models.name}, ${usedVehicles.variant}) ilike ${like}`,
      ),
    );
  }
  return and(...where);
}

/** One vehicle for the edit form; another dealer's vehicle (for a dealer manager) is not found. */
export async function getStockVehicle(db: Database, actor: StaffActor, id: number): Promise<StockVehicle> {
  const vehicle = await readVehicle(db, actor, id);
  const photos = await readPhotos(db, id);
  return {
    id,
    dealerId: vehicle.dealerId,
    status: vehicle.status,
    publicPath: `/used/${vehicle.makeSlug}/${vehicle.modelSlug}/${id}`,
    updatedAt: vehicle.updatedAt,
    values: {
      make: vehicle.make,
      model: vehicle.model,
      variant: vehicle.variant,
      year: String(vehicle.year),
      mileage: String(vehicle.mileage),
      price: String(vehicle.price),
      transmission: vehicle.transmission,
      fuelType: vehicle.fuelType,
      colour: vehicle.colour,
      condition: vehicle.condition,
      bodyType: vehicle.bodyType,
      stockNumber: vehicle.stockNumber ?? "",
      vin: vehicle.vin ?? "",
      mmCode: vehicle.mmCode ?? "",
      registration: vehicle.registration ?? "",
      dealer: vehicle.dealer,
      description: vehicle.description ?? "",
      features: vehicle.features ?? "",
      status: vehicle.status,
    },
    photos,
  };
}

/** Adds a vehicle from the form's (or an API client's) fields. */
export async function createStockVehicle(db: Database, actor: StaffActor, input: unknown): Promise<StockWriteResult> {
  assertMayUse(actor, "stock");
  const parsed = parseStockVehicle(input);
  if (!parsed.ok) return parsed;
  return inTransaction(db, async (tx) => {
    const resolved = await resolveVehicle(tx, actor, parsed.value, null, confirmationsOf(input));
    if (!resolved.ok) return resolved;
    const [created] = await tx.insert(usedVehicles).values(resolved.row).returning({ id: usedVehicles.id });
    const id = created!.id;
    await recordAudit(tx, {
      actor,
      action: "used_vehicle.create",
      entity: "used_vehicle",
      entityId: id,
      dealerId: resolved.row.dealerId,
      changes: changedFields({}, auditedFields(parsed.value)),
    });
    return { ok: true, id };
  });
}

/** Changes a vehicle's fields (all of them, as the form sends them); the audit entry names what changed. */
export async function updateStockVehicle(
  db: Database,
  actor: StaffActor,
  id: number,
  input: unknown,
): Promise<StockWriteResult> {
  const before = await readVehicle(db, actor, id);
  const parsed = parseStockVehicle(input);
  if (!parsed.ok) return parsed;
  return inTransaction(db, async (tx) => {
    const current = await readVehicle(tx, actor, id, { forUpdate: true });
    const resolved = await resolveVehicle(tx, actor, parsed.value, id, confirmationsOf(input));
    if (!resolved.ok) return resolved;
    const changes = changedFields(auditedFields(current), auditedFields(parsed.value));
    if (Object.keys(changes).length === 0) return { ok: true, id };
    await tx.update(usedVehicles).set(resolved.row).where(eq(usedVehicles.id, id));
    await recordAudit(tx, {
      actor,
      action: "used_vehicle.update",
      entity: "used_vehicle",
      entityId: id,
      dealerId: before.dealerId,
      changes,
    });
    if (resolved.row.dealerId !== before.dealerId) {
      // Moved to another of the actor's dealers: that dealer's log shows it arrive.
      await recordAudit(tx, {
        actor,
        action: "used_vehicle.update",
        entity: "used_vehicle",
        entityId: id,
        dealerId: resolved.row.dealerId,
        changes,
      });
    }
    return { ok: true, id };
  });
}

/** Marks a vehicle Draft, Available, Reserved or Sold. */
export async function changeStockStatus(
  db: Database,
  actor: StaffActor,
  id: number,
  status: string,
): Promise<StockWriteResult> {
  await readVehicle(db, actor, id);
  const wanted = STOCK_STATUSES.find((option) => option === status);
  if (!wanted)
    return {
      ok: false,
      violations: [{ propertyPath: "status", message: `Status must be one of: ${STOCK_STATUSES.join(", ")}` }],
    };
  return inTransaction(db, async (tx) => {
    const current = await readVehicle(tx, actor, id, { forUpdate: true });
    if (current.status === wanted) return { ok: true, id };
    await tx.update(usedVehicles).set({ status: wanted }).where(eq(usedVehicles.id, id));
    await recordAudit(tx, {
      actor,
      action: "used_vehicle.status",
      entity: "used_vehicle",
      entityId: id,
      dealerId: current.dealerId,
      changes: { status: { from: current.status, to: wanted } },
    });
    return { ok: true, id };
  });
}

/**
 * A new price from the stock list, without the whole form: the full form's price rule (the same message for the
 * same mistake), role check and audit entry (`used_vehicle.update` naming the price's old and new values).
 */
export async function changeStockPrice(
  db: Database,
  actor: StaffActor,
  id: number,
  price: unknown,
): Promise<StockWriteResult> {
  await readVehicle(db, actor, id);
  const read = readStockField("price", price);
  if ("problem" in read) return { ok: false, violations: [{ propertyPath: "price", message: read.problem }] };
  return changeStockFields(db, actor, id, { price: read.value as number });
}

/** Sold from the stock list, in one tap: audited as the full form's change of status to Sold is. */
export function markStockSold(db: Database, actor: StaffActor, id: number): Promise<StockWriteResult> {
  return changeStockFields(db, actor, id, { status: "Sold" });
}

/** Changes some of a vehicle's stored fields, with the audit entry a save of the full form would write. */
async function changeStockFields(
  db: Database,
  actor: StaffActor,
  id: number,
  fields: Partial<Pick<StoredStockFields, "price" | "status">>,
): Promise<StockWriteResult> {
  return inTransaction(db, async (tx) => {
    const current = await readVehicle(tx, actor, id, { forUpdate: true });
    const changes = changedFields(auditedFields(current), fields);
    if (Object.keys(changes).length === 0) return { ok: true, id };
    await tx.update(usedVehicles).set(fields).where(eq(usedVehicles.id, id));
    await recordAudit(tx, {
      actor,
      action: "used_vehicle.update",
      entity: "used_vehicle",
      entityId: id,
      dealerId: current.dealerId,
      changes,
    });
    return { ok: true, id };
  });
}

/**
 * Adds photos (JPEG, PNG or WebP, checked by content by the image pipeline) after the vehicle's others.
 * The first photo of a seeded vehicle replaces its drawn artwork. A refused file is reported on `photos`
 * with its name, and nothing of that request is added.
 */
export async function addStockPhotos(
  db: Database,
  actor: StaffActor,
  id: number,
  files: { name: string; bytes: Buffer }[],
): Promise<StockWriteResult & { added?: number }> {
  await readVehicle(db, actor, id);
  if (files.length === 0)
    return { ok: false, violations: [{ propertyPath: "photos", message: "Choose one or more photos" }] };
  // Every file is checked before any is stored: a damaged second photo leaves no stored first one.
  for (const file of files) {
    try {
      await inspectImage(file.bytes);
    } catch (error) {
      if (!(error instanceof ImageRejected)) throw error;
      const name = file.name ? `${file.name}: ` : "";
      return { ok: false, violations: [{ propertyPath: "photos", message: `${name}${error.message}` }] };
    }
  }
  const stored: { imageId: string; uri: string }[] = [];
  for (const file of files) {
    const image = await storeImage(db, file.bytes);
    const largestJpeg = image.renditions.filter((r) => r.format === "jpeg").at(-1)!;
    stored.push({ imageId: image.id, uri: largestJpeg.url });
  }
  return inTransaction(db, async (tx) => {
    const current = await readVehicle(tx, actor, id, { forUpdate: true });
    // Seeded artwork (no stored image) gives way to the first real photo.
    await tx
      .delete(usedVehicleImages)
      .where(and(eq(usedVehicleImages.vehicleId, id), isNull(usedVehicleImages.imageId)));
    const existing = await readPhotos(tx, id);
    if (existing.length + stored.length > MAX_PHOTOS_PER_VEHICLE) {
      return {
        ok: false,
        violations: [{ propertyPath: "photos", message: `A vehicle has at most ${MAX_PHOTOS_PER_VEHICLE} photos` }],
      };
    }
    await renumber(
      tx,
      id,
      existing.map((photo) => photo.id),
    );
    await tx.insert(usedVehicleImages).values(
      stored.map((photo, i) => ({
        vehicleId: id,
        imageId: photo.imageId,
        uri: photo.uri,
        position: existing.length + i,
      })),
    );
    await touch(tx, id);
    await recordAudit(tx, {
      actor,
      action: "used_vehicle.photos_add",
      entity: "used_vehicle",
      entityId: id,
      dealerId: current.dealerId,
      changes: { photos: { from: existing.length, to: existing.length + stored.length } },
    });
    return { ok: true, id, added: stored.length };
  });
}

/** Puts the vehicle's photos in this order (every photo id once); the first is the main photo. */
export async function reorderStockPhotos(
  db: Database,
  actor: StaffActor,
  id: number,
  photoIds: number[],
): Promise<StockWriteResult> {
  await readVehicle(db, actor, id);
  return inTransaction(db, async (tx) => {
    const current = await readVehicle(tx, actor, id, { forUpdate: true });
    const existing = (await readPhotos(tx, id)).map((photo) => photo.id);
    const same =
      existing.length === photoIds.length &&
      new Set(photoIds).size === photoIds.length &&
      photoIds.every((p) => existing.includes(p));
    if (!same)
      return {
        ok: false,
        violations: [
          { propertyPath: "photos", message: "The photos have changed meanwhile; reload the page and try again" },
        ],
      };
    if (existing.every((photoId, i) => photoIds[i] === photoId)) return { ok: true, id };
    await renumber(tx, id, photoIds);
    await touch(tx, id);
    await recordAudit(tx, {
      actor,
      action: "used_vehicle.photos_reorder",
      entity: "used_vehicle",
      entityId: id,
      dealerId: current.dealerId,
      changes: { photoOrder: { from: existing, to: photoIds } },
    });
    return { ok: true, id };
  });
}

/** Moves one photo a place earlier (-1) or later (+1): the keyboard users' way to reorder. */
export async function moveStockPhoto(
  db: Database,
  actor: StaffActor,
  id: number,
  photoId: number,
  offset: -1 | 1,
): Promise<StockWriteResult> {
  const order = (await photosOf(db, actor, id)).map((photo) => photo.id);
  const from = order.indexOf(photoId);
  const to = from + offset;
  if (from < 0) throw new StaffAccessDenied("not-found", "stock");
  if (to < 0 || to >= order.length) return { ok: true, id };
  [order[from], order[to]] = [order[to]!, order[from]!];
  return reorderStockPhotos(db, actor, id, order);
}

/** Makes a photo the main one (the first). */
export async function setMainStockPhoto(
  db: Database,
  actor: StaffActor,
  id: number,
  photoId: number,
): Promise<StockWriteResult> {
  const order = (await photosOf(db, actor, id)).map((photo) => photo.id);
  if (!order.includes(photoId)) throw new StaffAccessDenied("not-found", "stock");
  return reorderStockPhotos(db, actor, id, [photoId, ...order.filter((p) => p !== photoId)]);
}

/** Removes a photo from the vehicle (the stored image stays: another vehicle may show the same bytes). */
export async function deleteStockPhoto(
  db: Database,
  actor: StaffActor,
  id: number,
  photoId: number,
): Promise<StockWriteResult> {
  await readVehicle(db, actor, id);
  return inTransaction(db, async (tx) => {
    const current = await readVehicle(tx, actor, id, { forUpdate: true });
    const photos = await readPhotos(tx, id);
    if (!photos.some((photo) => photo.id === photoId)) throw new StaffAccessDenied("not-found", "stock");
    await tx
      .delete(usedVehicleImages)
      .where(and(eq(usedVehicleImages.vehicleId, id), eq(usedVehicleImages.id, photoId)));
    await renumber(
      tx,
      id,
      photos.map((photo) => photo.id).filter((p) => p !== photoId),
    );
    await touch(tx, id);
    await recordAudit(tx, {
      actor,
      action: "used_vehicle.photo_delete",
      entity: "used_vehicle",
      entityId: id,
      dealerId: current.dealerId,
      changes: { photos: { from: photos.length, to: photos.length - 1 } },
    });
    return { ok: true, id };
  });
}

/** A vehicle's photos, after the access check. */
export async function photosOf(db: Database, actor: StaffActor, id: number): Promise<StockPhoto[]> {
  await readVehicle(db, actor, id);
  return readPhotos(db, id);
}

// --- inside ---

type VehicleRecord = Omit<StoredStockFields, "status"> & {
  dealerId: number;
  dealer: string;
  make: string;
  makeSlug: string;
  model: string;
  modelSlug: string;
  stockNumber: string | null;
  status: StockStatus;
  updatedAt: Date;
};

/** The vehicle, after checking the actor may see it (StaffAccessDenied 'not-found' otherwise, as for no vehicle). */
async function readVehicle(
  db: Database | Transaction,
  actor: StaffActor,
  id: number,
  { forUpdate = false } = {},
): Promise<VehicleRecord> {
  assertMayUse(actor, "stock");
  const query = db
    .select({
      dealerId: usedVehicles.dealerId,
      dealer: dealers.slug,
      make: makes.name,
      makeSlug: makes.slug,
      model: models.name,
      modelSlug: models.slug,
      ...stockFieldColumns,
      stockNumber: usedVehicles.stockNumber,
      updatedAt: usedVehicles.updatedAt,
    })
    .from(usedVehicles)
    .innerJoin(makes, eq(makes.id, usedVehicles.makeId))
    .innerJoin(models, eq(models.id, usedVehicles.modelId))
    .innerJoin(dealers, eq(dealers.id, usedVehicles.dealerId))
    .where(eq(usedVehicles.id, id));
  const [row] = await (forUpdate ? query.for("update", { of: usedVehicles }) : query);
  if (!row) throw new StaffAccessDenied("not-found", "stock");
  assertMay(actor, "stock", row.dealerId);
  return { ...row, status: row.status as StockStatus };
}

async function readPhotos(db: Database | Transaction, id: number): Promise<StockPhoto[]> {
  const rows = await db
    .select({
      id: usedVehicleImages.id,
      position: usedVehicleImages.position,
      uri: usedVehicleImages.uri,
      imageId: usedVehicleImages.imageId,
    })
    .from(usedVehicleImages)
    .where(eq(usedVehicleImages.vehicleId, id))
    .orderBy(asc(usedVehicleImages.position));
  const renditions = await renditionsOf(
    db as Database,
    rows.flatMap((row) => (row.imageId ? [row.imageId] : [])),
  );
  return rows.map(({ imageId, ...row }) => ({
    ...row,
    renditions: imageId ? (renditions.get(imageId) ?? null) : null,
  }));
}

/** The fields an audit entry compares, by their form names (price and status among them). */
function auditedFields(vehicle: StockVehicleInput | VehicleRecord): Record<string, unknown> {
  return {
    make: vehicle.make,
    model: vehicle.model,
    ...storedStockFields(vehicle),
    bodyType: vehicle.bodyType ?? null,
    stockNumber: vehicle.stockNumber ?? null,
    dealer: vehicle.dealer,
  };
}

/**
 * Whether the form (or API client) confirmed adding a make or model the catalogue does not know yet: the
 * `addMake` and `addModel` check boxes, which the form shows once it has said the name is new.
 */
export type CatalogueConfirmations = { addMake: boolean; addModel: boolean };

function confirmationsOf(input: unknown): CatalogueConfirmations {
  const value = (name: string) => {
    const v = input !== null && typeof input === "object" ? (input as Record<string, unknown>)[name] : undefined;
    return v === true || v === "on" || v === "true";
  };
  return { addMake: value("addMake"), addModel: value("addModel") };
}

type ResolvedVehicle =
  | { ok: true; row: typeof usedVehicles.$inferInsert & { dealerId: number } }
  | { ok: false; violations: Violation[] };

/** The catalogue's make and model, the actor's dealer, and the uniqueness of stock number and VIN, as field violations. */
async function resolveVehicle(
  tx: Transaction,
  actor: StaffActor,
  input: StockVehicleInput,
  id: number | null,
  confirmed: CatalogueConfirmations,
): Promise<ResolvedVehicle> {
  const violations: Violation[] = [];
  const [dealer] = await tx.select({ id: dealers.id }).from(dealers).where(eq(dealers.slug, input.dealer));
  if (!dealer) violations.push({ propertyPath: "dealer", message: "Dealer is not one of the group's dealers" });
  else if (!scopeIncludes(dealerScope(actor, "stock"), dealer.id))
    violations.push({ propertyPath: "dealer", message: "Choose one of your dealers" });
  // The open catalogue: a new make or model is added once the form confirms it.
  const catalogue = await CatalogueNames.load(tx as unknown as Database);
  const knownMake = catalogue.make(input.make);
  const knownModel = knownMake ? catalogue.model(knownMake, input.model) : undefined;
  const makeName = knownMake?.name ?? newCatalogueName(canonicalMakeName(input.make));
  if (!knownMake && !confirmed.addMake) {
    violations.push({
      propertyPath: "make",
      message: `${makeName} is not a make in the catalogue yet: check the spelling, or tick "Add ${makeName} as a new make"`,
    });
  }
  if (!knownModel && !confirmed.addModel) {
    const modelName = newCatalogueName(input.model);
    violations.push({
      propertyPath: "model",
      message: `${modelName} is not a ${makeName} model in the catalogue yet: check the spelling, or tick "Add ${modelName} as a new model"`,
    });
  }
  const other = id === null ? undefined : ne(usedVehicles.id, id);
  if (dealer && input.stockNumber) {
    const [taken] = await tx
      .select({ id: usedVehicles.id })
      .from(usedVehicles)
      .where(and(eq(usedVehicles.dealerId, dealer.id), eq(usedVehicles.stockNumber, input.stockNumber), other));
    if (taken)
      violations.push({
        propertyPath: "stockNumber",
        message: `Stock number ${input.stockNumber} is already used at this dealer`,
      });
  }
  if (input.vin) {
    const [taken] = await tx
      .select({ id: usedVehicles.id, dealerName: dealers.dealerName, stockNumber: usedVehicles.stockNumber })
      .from(usedVehicles)
      .innerJoin(dealers, eq(dealers.id, usedVehicles.dealerId))
      .where(and(eq(usedVehicles.vin, input.vin), other));
    if (taken) violations.push({ propertyPath: "vin", message: vinTakenMessage(taken) });
  }
  if (violations.length > 0 || !dealer) return { ok: false, violations };
  await catalogue.ensure(tx as unknown as Database, [{ make: input.make, model: input.model }]);
  const make = catalogue.make(input.make)!;
  const model = catalogue.model(make, input.model)!;
  return {
    ok: true,
    row: {
      dealerId: dealer.id,
      makeId: make.id,
      modelId: model.id,
      ...stockColumnValues(storedStockFields(input)),
      stockNumber: input.stockNumber ?? null,
    },
  };
}

/** Where the VIN is already in stock: the group's dealers share one stock, so staff may see which dealer has it. */
function vinTakenMessage(holder: { dealerName: string; stockNumber: string | null }): string {
  const stockNumber = holder.stockNumber ? ` (stock number ${holder.stockNumber})` : "";
  return `A vehicle with this VIN is already in stock at ${holder.dealerName}${stockNumber}`;
}

/** Sets the photos' positions 0, 1, 2... in this order (through positions no photo holds, as the unique index checks each row). */
async function renumber(tx: Transaction, id: number, photoIds: number[]): Promise<void> {
  if (photoIds.length === 0) return;
  await tx
    .update(usedVehicleImages)
    .set({ position: sql`${usedVehicleImages.position} + 1000` })
    .where(eq(usedVehicleImages.vehicleId, id));
  for (const [position, photoId] of photoIds.entries()) {
    await tx
      .update(usedVehicleImages)
      .set({ position })
      .where(and(eq(usedVehicleImages.vehicleId, id), eq(usedVehicleImages.id, photoId)));
  }
}

/** A photo change is a change of the vehicle (its updated-at, the sitemap's lastmod). */
async function touch(tx: Transaction, id: number): Promise<void> {
  await tx.update(usedVehicles).set({ updatedAt: sql`now()` }).where(eq(usedVehicles.id, id));
}

/** A write of the stock: a uniqueness race lost to another request (stock number, VIN) is the field's violation. */
function inTransaction(db: Database, work: (tx: Transaction) => Promise<StockWriteResult & { added?: number }>) {
  return writeOrRefuse(db, work, {
    used_vehicles_dealer_stock_number_uq: {
      propertyPath: "stockNumber",
      message: "This stock number is already used at this dealer",
    },
    used_vehicles_vin_uq: { propertyPath: "vin", message: "A vehicle with this VIN is already in stock" },
  });
}

/**
 * The catalogue's makes and models, for the form's suggestions; a name not among them is added once the form
 * confirms it (the open catalogue). `modelsByMake` tells the form which model names are new.
 */
export async function stockCatalogue(
  db: Database,
): Promise<{ makes: string[]; models: string[]; modelsByMake: Record<string, string[]> }> {
  const rows = await db
    .select({ make: makes.name, model: models.name })
    .from(makes)
    .leftJoin(models, eq(models.makeId, makes.id))
    .orderBy(asc(makes.name), asc(models.name));
  const modelsByMake: Record<string, string[]> = {};
  for (const row of rows) {
    modelsByMake[row.make] ??= [];
    if (row.model !== null) modelsByMake[row.make]!.push(row.model);
  }
  return {
    makes: Object.keys(modelsByMake),
    models: [...new Set(rows.flatMap((row) => (row.model === null ? [] : [row.model])))].sort((a, b) =>
      a.localeCompare(b),
    ),
    modelsByMake,
  };
}
