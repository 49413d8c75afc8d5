import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { dealers, makes, models, usedVehicleCounts, usedVehicleImages, usedVehicles } from "../../db/schema.ts";
import { monthlyRepayment } from "../finance/repayment.ts";
import {
  FUEL_TYPES,
  type OrderField,
  TRANSMISSIONS,
  USED_PAGE_SIZE,
  type UsedVehicleQuery,
  VEHICLE_STATES,
} from "./used-query.ts";

/** A used or demo vehicle as the API and the pages show it (SPEC section 3: Used vehicle). */
export type UsedVehicleView = {
  id: number;
  /** The vehicle's page on this site. */
  uri: string;
  image: { uri: string };
  images: { uri: string }[];
  make: string;
  make_slug: string;
  model: string;
  model_slug: string;
  variant: string;
  transmission: string;
  fuel_type: string;
  exterior_color: string;
  year: number;
  mileage: { value: number; unit: "km" };
  state_of_vehicle: string;
  price: number;
  /** Estimated monthly instalment with the spec's finance defaults. */
  installment: number;
  dealer_name: string;
  dealer_slug: string;
  dealer_province: string;
};

export type UsedVehicleScope = { dealerId?: number };

const ORDER_COLUMNS: Record<OrderField, AnyPgColumn> = {
  price: usedVehicles.price,
  year: usedVehicles.year,
  mileage: usedVehicles.mileageKm,
};

const listColumns = {
  id: usedVehicles.id,
  variant: usedVehicles.variant,
  year: usedVehicles.year,
  mileageKm: usedVehicles.mileageKm,
  price: usedVehicles.price,
  transmission: usedVehicles.transmission,
  fuelType: usedVehicles.fuelType,
  state: usedVehicles.state,
  exteriorColor: usedVehicles.exteriorColor,
  make: makes.name,
  makeSlug: makes.slug,
  model: models.name,
  modelSlug: models.slug,
  dealerName: dealers.dealerName,
  dealerSlug: dealers.slug,
  dealerProvince: dealers.province,
};

type ListRow = { [K in keyof typeof listColumns]: (typeof listColumns)[K]["_"]["data"] };

/**
 * One page of the list and the true total. The page is found in two steps: the ids of the page (an
 * index-only scan of the order's covering index, see db/schema.ts), then those vehicles with their
 * joins; the total is a sum over used_vehicle_counts.
 */
export async function listUsedVehicles(
  db: Database,
  query: UsedVehicleQuery,
  scope: UsedVehicleScope = {},
): Promise<{ members: UsedVehicleView[]; total: number }> {
  const where = whereFor(query, await resolveSlugs(db, query), scope);
  if (where === null) return { members: [], total: 0 };
  // The exact total first (a sum over the counts table, well under a millisecond): no page query at all
  // for an empty answer or a page past the end, and pages in the second half are read from the far end.
  const total = await sumCounts(db, where);
  const slice = pageSlice(total, query.page);
  if (slice === null) return { members: [], total };
  const pageIds = await pageIdsQuery(db, query, where, slice);
  if (slice.reverse) pageIds.reverse();
  if (pageIds.length === 0) return { members: [], total };
  const rows = await selectVehicles(db).where(
    inArray(
      usedVehicles.id,
      pageIds.map((row) => row.id),
    ),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = pageIds.flatMap(({ id }) => byId.get(id) ?? []);
  return { members: await withImages(db, ordered), total };
}

type PageSlice = { offset: number; limit: number; reverse: boolean };

/** Where a page lies in the ordered answer; from the far end when that is nearer. Null past the end. */
function pageSlice(total: number, page: number): PageSlice | null {
  const offset = (page - 1) * USED_PAGE_SIZE;
  if (offset >= total) return null;
  const limit = Math.min(USED_PAGE_SIZE, total - offset);
  return offset > total / 2 ? { offset: total - offset - limit, limit, reverse: true } : { offset, limit, reverse: false };
}

/**
 * The ids of one page, in order: every order ends with the id, so pages never repeat or skip a vehicle.
 * `reverse` reads the same order backwards (for pages nearer the end than the start).
 */
function pageIdsQuery(
  db: Database,
  query: UsedVehicleQuery,
  where: Condition[],
  page: PageSlice,
) {
  const flip = (direction: "asc" | "desc") => (page.reverse ? (direction === "asc" ? desc : asc) : direction === "asc" ? asc : desc);
  // The id breaks ties in the direction of the last order (newest first by default), so that one index
  // scan, forwards or backwards, gives the order without a sort.
  const ordering = [
    ...query.order.map(({ field, direction }) => flip(direction)(ORDER_COLUMNS[field])),
    flip(query.order.at(-1)?.direction ?? "desc")(usedVehicles.id),
  ];
  return db
    .select({ id: usedVehicles.id })
    .from(usedVehicles)
    .where(and(...where.map((condition) => condition(VEHICLE_COLUMNS))))
    .orderBy(...ordering)
    .limit(page.limit)
    .offset(page.offset);
}

/** The SQL of the listing's page query (for EXPLAIN in bench/used-listing.ts); null when the answer needs no query. */
export async function usedListingPageSql(
  db: Database,
  query: UsedVehicleQuery,
  scope: UsedVehicleScope = {},
): Promise<{ sql: string; params: unknown[] } | null> {
  const where = whereFor(query, await resolveSlugs(db, query), scope);
  if (where === null) return null;
  const slice = pageSlice(await sumCounts(db, where), query.page);
  return slice === null ? null : pageIdsQuery(db, query, where, slice).toSQL();
}

/** The number of vehicles that meet the conditions, from the counts table. */
async function sumCounts(db: Database, where: Condition[]): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${usedVehicleCounts.vehicles}), 0)::int` })
    .from(usedVehicleCounts)
    .where(and(...where.map((condition) => condition(COUNT_COLUMNS))));
  return Number(row?.total ?? 0);
}

export async function findUsedVehicle(db: Database, id: number): Promise<UsedVehicleView | null> {
  const rows = await selectVehicles(db).where(eq(usedVehicles.id, id)).limit(1);
  const [vehicle] = await withImages(db, rows);
  return vehicle ?? null;
}

function selectVehicles(db: Database) {
  return db
    .select(listColumns)
    .from(usedVehicles)
    .innerJoin(makes, eq(makes.id, usedVehicles.makeId))
    .innerJoin(models, eq(models.id, usedVehicles.modelId))
    .innerJoin(dealers, eq(dealers.id, usedVehicles.dealerId))
    .$dynamic();
}

async function withImages(db: Database, rows: ListRow[]): Promise<UsedVehicleView[]> {
  if (rows.length === 0) return [];
  const images = await db
    .select({ vehicleId: usedVehicleImages.vehicleId, uri: usedVehicleImages.uri })
    .from(usedVehicleImages)
    .where(
      inArray(
        usedVehicleImages.vehicleId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(usedVehicleImages.vehicleId), asc(usedVehicleImages.position));
  return rows.map((row) => {
    const own = images.filter((image) => image.vehicleId === row.id).map(({ uri }) => ({ uri }));
    return toView(row, own);
  });
}

function toView(row: ListRow, images: { uri: string }[]): UsedVehicleView {
  return {
    id: row.id,
    uri: `/used/${row.makeSlug}/${row.modelSlug}/${row.id}`,
    image: images[0] ?? { uri: "" },
    images,
    make: row.make,
    make_slug: row.makeSlug,
    model: row.model,
    model_slug: row.modelSlug,
    variant: row.variant,
    transmission: row.transmission,
    fuel_type: row.fuelType,
    exterior_color: row.exteriorColor,
    year: row.year,
    mileage: { value: row.mileageKm, unit: "km" },
    state_of_vehicle: row.state,
    price: row.price,
    installment: monthlyRepayment({ price: row.price }),
    dealer_name: row.dealerName,
    dealer_slug: row.dealerSlug,
    dealer_province: row.dealerProvince,
  };
}

type Facet = "make" | "fuel" | "transmission" | "state";

/** The filterable columns, in the stock table and in the counts table: one condition serves both. */
type FilterColumns = {
  dealerId: AnyPgColumn;
  makeId: AnyPgColumn;
  modelId: AnyPgColumn;
  fuelType: AnyPgColumn;
  transmission: AnyPgColumn;
  state: AnyPgColumn;
};
type Condition = (columns: FilterColumns) => SQL;

const VEHICLE_COLUMNS: FilterColumns = usedVehicles;
const COUNT_COLUMNS: FilterColumns = usedVehicleCounts;

/** The make and model slugs as ids: undefined when not asked for, null when the slug names nothing. */
type ResolvedSlugs = { makeId?: number | null; modelIds?: number[] | null };

async function resolveSlugs(db: Database, query: UsedVehicleQuery): Promise<ResolvedSlugs> {
  const resolved: ResolvedSlugs = {};
  if (query.makeSlug) {
    const [make] = await db.select({ id: makes.id }).from(makes).where(eq(makes.slug, query.makeSlug)).limit(1);
    resolved.makeId = make?.id ?? null;
  }
  if (query.modelSlug) {
    const { makeId } = resolved;
    const found =
      makeId === null
        ? []
        : await db
            .select({ id: models.id })
            .from(models)
            .where(and(eq(models.slug, query.modelSlug), makeId === undefined ? undefined : eq(models.makeId, makeId)));
    resolved.modelIds = found.length === 0 ? null : found.map((model) => model.id);
  }
  return resolved;
}

/**
 * The WHERE conditions of a query; `ignore` leaves one facet out (so its options can be counted).
 * Null when the make or model slug names nothing, so that the answer is empty without a query.
 */
function whereFor(
  query: UsedVehicleQuery,
  slugs: ResolvedSlugs,
  scope: UsedVehicleScope,
  ignore?: Facet,
): Condition[] | null {
  const where: Condition[] = [];
  const { dealerId } = scope;
  if (dealerId !== undefined) where.push((c) => eq(c.dealerId, dealerId));
  if (ignore !== "make") {
    const { makeId, modelIds } = slugs;
    if (makeId === null || modelIds === null) return null;
    if (makeId !== undefined) where.push((c) => eq(c.makeId, makeId));
    if (modelIds !== undefined) where.push((c) => inArray(c.modelId, modelIds));
  }
  const { fuelTypes, transmissions, states } = query;
  if (ignore !== "fuel" && fuelTypes.length > 0) where.push((c) => inArray(c.fuelType, fuelTypes));
  if (ignore !== "transmission" && transmissions.length > 0) where.push((c) => inArray(c.transmission, transmissions));
  if (ignore !== "state" && states.length > 0) where.push((c) => inArray(c.state, states));
  return where;
}

export type FacetOption = { value: string; count: number };
export type MakeOption = { name: string; slug: string; count: number };

/** SPEC section 7, /api/filters: the choices of the used-vehicle filter panel with how many each gives. */
export type UsedFilters = {
  makes: MakeOption[];
  /** Models of the chosen make; empty when no make is chosen. */
  models: MakeOption[];
  fuelTypes: FacetOption[];
  transmissionTypes: FacetOption[];
  vehicleStates: FacetOption[];
  total: number;
};

/**
 * Counts for every filter option given the other filters in force: an option's count is how many
 * vehicles the list would show if that option were chosen alone in its group.
 */
export async function usedFilters(
  db: Database,
  query: UsedVehicleQuery,
  scope: UsedVehicleScope = {},
): Promise<UsedFilters> {
  const slugs = await resolveSlugs(db, query);
  const [makeCounts, modelCounts, fuel, transmission, state, total] = await Promise.all([
    countMakes(db, whereFor(query, slugs, scope, "make")),
    countModels(db, query.makeSlug ? whereFor({ ...query, modelSlug: undefined }, { makeId: slugs.makeId }, scope) : null),
    countFacet(db, whereFor(query, slugs, scope, "fuel"), usedVehicleCounts.fuelType, FUEL_TYPES),
    countFacet(db, whereFor(query, slugs, scope, "transmission"), usedVehicleCounts.transmission, TRANSMISSIONS),
    countFacet(db, whereFor(query, slugs, scope, "state"), usedVehicleCounts.state, VEHICLE_STATES),
    countMatching(db, whereFor(query, slugs, scope)),
  ]);
  return {
    makes: makeCounts,
    models: modelCounts,
    fuelTypes: fuel,
    transmissionTypes: transmission,
    vehicleStates: state,
    total,
  };
}

/** The counts below are sums over used_vehicle_counts (a few hundred rows), never counts over the stock. */
const vehicleSum = sql<number>`sum(${usedVehicleCounts.vehicles})::int`;

async function countMatching(db: Database, where: Condition[] | null): Promise<number> {
  return where === null ? 0 : sumCounts(db, where);
}

async function countFacet(
  db: Database,
  where: Condition[] | null,
  column: AnyPgColumn,
  options: readonly string[],
): Promise<FacetOption[]> {
  const rows =
    where === null
      ? []
      : await db
          .select({ value: sql<string>`${column}`, count: vehicleSum })
          .from(usedVehicleCounts)
          .where(and(...where.map((condition) => condition(COUNT_COLUMNS))))
          .groupBy(column);
  return options.map((value) => ({ value, count: Number(rows.find((row) => row.value === value)?.count ?? 0) }));
}

async function countMakes(db: Database, where: Condition[] | null): Promise<MakeOption[]> {
  if (where === null) return [];
  const rows = await db
    .select({ name: makes.name, slug: makes.slug, count: vehicleSum })
    .from(usedVehicleCounts)
    .innerJoin(makes, eq(makes.id, usedVehicleCounts.makeId))
    .where(and(...where.map((condition) => condition(COUNT_COLUMNS))))
    .groupBy(makes.id, makes.name, makes.slug)
    .orderBy(asc(makes.name));
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

/** Models of the chosen make (null `where`: no make chosen, or it names nothing). */
async function countModels(db: Database, where: Condition[] | null): Promise<MakeOption[]> {
  if (where === null) return [];
  const rows = await db
    .select({ name: models.name, slug: models.slug, count: vehicleSum })
    .from(usedVehicleCounts)
    .innerJoin(models, eq(models.id, usedVehicleCounts.modelId))
    .where(and(...where.map((condition) => condition(COUNT_COLUMNS))))
    .groupBy(models.id, models.name, models.slug)
    .orderBy(asc(models.name));
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}
