import { and, asc, desc, eq, getTableName, gte, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  dealers,
  imageRenditions,
  makes,
  models,
  PUBLIC_STOCK_CONDITION,
  usedVehicleCounts,
  usedVehicleImages,
  usedVehiclePriceChanges,
  usedVehicles,
} from "../../db/schema.ts";
import { pictureSources, type RenditionFormat, renditionUrl } from "../media/image-pipeline.server.ts";
import { monthlyRepayment } from "../finance/repayment.ts";
import { PUBLIC_STOCK_STATUSES, type StockStatus } from "./stock-schema.ts";
import { compileKeywords, type KeywordTerm } from "./keyword-match.ts";
import {
  type CountedDealer,
  type CountedOption,
  type RangeOption,
  type RefinementFacets,
  rangeSteps,
} from "./used-facets.ts";
import {
  BODY_TYPES,
  FUEL_TYPES,
  fullOrder,
  hasRefinements,
  PROVINCES,
  type OrderField,
  TRANSMISSIONS,
  USED_PAGE_SIZE,
  type UsedVehicleQuery,
  VEHICLE_STATES,
} from "./used-query.ts";

/** A used or demo vehicle as the API and the pages show it (product.md §3: Used vehicle). */
export type UsedVehicleView = {
  id: number;
  /** The vehicle's page on this site. */
  uri: string;
  /** The main picture (the first). */
  image: VehicleImage;
  images: VehicleImage[];
  make: string;
  make_slug: string;
  model: string;
  model_slug: string;
  variant: string;
  transmission: string;
  fuel_type: string;
  exterior_color: string;
  body_type: string;
  year: number;
  mileage: { value: number; unit: "km" };
  state_of_vehicle: string;
  /** 'Available' or 'Reserved' on the public site; 'Draft' or 'Sold' only on a look-up by id. */
  status: StockStatus;
  price: number;
  /** Estimated monthly instalment with the spec's finance defaults. */
  installment: number;
  dealer_name: string;
  dealer_slug: string;
  dealer_province: string;
};

/**
 * A vehicle's picture: the drawn artwork of seeded stock (`uri` only), or an uploaded photo with its
 * responsive renditions for a <picture> (AVIF, WebP, JPEG at several widths; `uri` is its largest JPEG).
 */
export type VehicleImage = { uri: string; picture?: PictureSources };
export type PictureSources = ReturnType<typeof pictureSources>;

export type UsedVehicleScope = { dealerId?: number };

const ORDER_COLUMNS: Record<OrderField | "id", AnyPgColumn> = {
  id: usedVehicles.id,
  price: usedVehicles.price,
  year: usedVehicles.year,
  mileage: usedVehicles.mileageKm,
};

/**
 * A column named with its table. Drizzle leaves columns bare in a select from one table, and a bare
 * outer column in a correlated subquery would bind to the subquery's own table of the same column name.
 */
const qualified = (column: AnyPgColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/**
 * The make, model and dealer of a vehicle come from scalar subqueries rather than joins: PostgreSQL plans
 * this statement in a third of the time of the four-table join, and planning was most of its cost.
 */
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
  status: sql<StockStatus>`${usedVehicles.status}`,
  bodyType: usedVehicles.bodyType,
  make: sql<
    [name: string, slug: string]
  >`(select array[${makes.name}, ${makes.slug}] from ${makes} where ${makes.id} = ${qualified(usedVehicles.makeId)})`,
  model: sql<
    [name: string, slug: string]
  >`(select array[${models.name}, ${models.slug}] from ${models} where ${models.id} = ${qualified(usedVehicles.modelId)})`,
  dealer: sql<
    [name: string, slug: string, province: string]
  >`(select array[${dealers.dealerName}, ${dealers.slug}, ${dealers.province}] from ${dealers} where ${dealers.id} = ${qualified(usedVehicles.dealerId)})`,
  /** The vehicle's pictures in their order, a photo with its renditions as [hash, format, width, height], smallest first. */
  images: sql<
    ImageRow[]
  >`coalesce((select json_agg(json_build_array(${usedVehicleImages.uri}, (select json_agg(json_build_array(${imageRenditions.hash}, ${imageRenditions.format}, ${imageRenditions.width}, ${imageRenditions.height}) order by ${imageRenditions.width}) from ${imageRenditions} where ${qualified(imageRenditions.imageId)} = ${qualified(usedVehicleImages.imageId)})) order by ${usedVehicleImages.position}) from ${usedVehicleImages} where ${usedVehicleImages.vehicleId} = ${qualified(usedVehicles.id)}), '[]'::json)`,
};

type ImageRow = [
  uri: string,
  renditions: [hash: string, format: RenditionFormat, width: number, height: number][] | null,
];

type ColumnValue<Column> =
  Column extends SQL<infer Value> ? Value : Column extends { _: { data: infer Data } } ? Data : never;
export type ListRow = { [K in keyof typeof listColumns]: ColumnValue<(typeof listColumns)[K]> };

/**
 * Pages that start before this many vehicles are read forwards in one statement that also sums the total
 * (one round trip: most requests are early pages). Deeper pages learn the total first; see `planPage`.
 */
const ONE_STATEMENT_MAX_OFFSET = 10 * USED_PAGE_SIZE;

/**
 * One page of the list and the true total. The page's ids come from an index-only scan of the order's
 * covering index (see db/schema.ts); its vehicles, their make, model, dealer and pictures, and the total
 * (a sum over used_vehicle_counts) come in the same statement.
 */
export async function listUsedVehicles(
  db: Database,
  query: UsedVehicleQuery,
  scope: UsedVehicleScope = {},
): Promise<{ members: UsedVehicleView[]; total: number }> {
  if (hasRefinements(query)) return listRefined(db, query, scope);
  const { statement, knownTotal } = await planPage(db, query, scope);
  if (statement === null) return { members: [], total: knownTotal ?? 0 };
  const rows = await statement;
  if (rows.length > 0) return { members: rows.map(toView), total: rows[0]!.total };
  if (knownTotal !== null) return { members: [], total: knownTotal };
  // An empty first page means nothing matches; a later one lies past the end, and the total still counts.
  return { members: [], total: query.page === 1 ? 0 : await sumCounts(db, whereFor(query, scope)) };
}

/**
 * A list narrowed by the refinements, which the counts table does not hold: the total is a count
 * over the stock. (The server answers these from memory; this is its answer while memory is being read,
 * and the reference the in-memory index is tested against.)
 */
async function listRefined(
  db: Database,
  query: UsedVehicleQuery,
  scope: UsedVehicleScope,
): Promise<{ members: UsedVehicleView[]; total: number }> {
  const where = whereFor(query, scope, { terms: await keywordTerms(db, query.keywords) });
  const [found] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(usedVehicles)
    .where(and(PUBLIC_STOCK_CONDITION, matching(where, VEHICLE_COLUMNS)));
  const total = Number(found?.total ?? 0);
  const slice = pageSlice(total, query.page);
  if (slice === null) return { members: [], total };
  const rows = await pageQuery(db, query, where, slice, sql<number>`${total}::int`);
  return { members: rows.map(toView), total };
}

/** The keywords compiled against the catalogue's make and model names (by id). */
async function keywordTerms(db: Database, keywords: string | undefined): Promise<KeywordTerm<number>[] | undefined> {
  if (keywords === undefined) return undefined;
  const [makeRows, modelRows] = await Promise.all([
    db.select({ key: makes.id, name: makes.name }).from(makes),
    db.select({ key: models.id, name: models.name }).from(models),
  ]);
  return compileKeywords(keywords, { makes: makeRows, models: modelRows });
}

/** The statement that reads a page (null: the page lies past the end), and the total when it was learnt first. */
type PagePlan = { statement: ReturnType<typeof pageQuery> | null; knownTotal: number | null };

/**
 * Early pages: one statement, with the make and model slugs as subqueries. Deep pages: a first statement
 * learns the total and the ids the slugs name; the page statement then carries those ids as constants, so
 * that PostgreSQL plans it knowing the make's real share of the stock (a subquery's answer it can only
 * guess), which is what decides between walking an order's index and sorting; and a page in the second
 * half is read from the far end instead of skipping over most of the stock.
 */
async function planPage(db: Database, query: UsedVehicleQuery, scope: UsedVehicleScope): Promise<PagePlan> {
  const offset = (query.page - 1) * USED_PAGE_SIZE;
  if (offset < ONE_STATEMENT_MAX_OFFSET) {
    const where = whereFor(query, scope);
    const total = sql<number>`(${countsSum(db, where)})`;
    return {
      statement: pageQuery(db, query, where, { offset, limit: USED_PAGE_SIZE, reverse: false }, total),
      knownTotal: null,
    };
  }
  const [found] = await countsSum(db, whereFor(query, scope), {
    makeId: query.makeSlug ? makeIdOf(query.makeSlug) : sql<null>`null`,
    modelIds: query.modelSlug ? modelIdsOf(query.modelSlug, query.makeSlug) : sql<null>`null`,
  });
  const total = Number(found?.total ?? 0);
  const slice = pageSlice(total, query.page);
  if (slice === null) return { statement: null, knownTotal: total };
  const ids = { makeId: found?.makeId ?? undefined, modelIds: found?.modelIds ?? undefined };
  // The total is known by now: the page statement carries it rather than summing the counts again.
  const where = whereFor(query, scope, { ids });
  return { statement: pageQuery(db, query, where, slice, sql<number>`${total}::int`), knownTotal: total };
}

export type PageSlice = { offset: number; limit: number; reverse: boolean };

/** Where a page lies in the ordered answer; from the far end when that is nearer. Null past the end. */
export function pageSlice(total: number, page: number): PageSlice | null {
  const offset = (page - 1) * USED_PAGE_SIZE;
  if (offset >= total) return null;
  const limit = Math.min(USED_PAGE_SIZE, total - offset);
  return offset > total / 2
    ? { offset: total - offset - limit, limit, reverse: true }
    : { offset, limit, reverse: false };
}

/** The ordering of a query (see `fullOrder`), read forwards or (`reverse`) backwards. */
function orderingOf(query: UsedVehicleQuery, reverse: boolean): SQL[] {
  const ascending = (direction: "asc" | "desc") => (direction === "asc") !== reverse;
  return fullOrder(query.order).map(({ field, direction }) =>
    (ascending(direction) ? asc : desc)(ORDER_COLUMNS[field]),
  );
}

/** The ids of one page, in the query's order read forwards or (`reverse`) backwards. */
function pageIdsQuery(db: Database, query: UsedVehicleQuery, where: Condition[], page: PageSlice) {
  return db
    .select({ id: usedVehicles.id })
    .from(usedVehicles)
    .where(and(PUBLIC_STOCK_CONDITION, matching(where, VEHICLE_COLUMNS)))
    .orderBy(...orderingOf(query, page.reverse))
    .limit(page.limit)
    .offset(page.offset);
}

/** The vehicles of one page, in the query's order, each row also carrying the total that matches. */
function pageQuery(db: Database, query: UsedVehicleQuery, where: Condition[], page: PageSlice, total: SQL<number>) {
  return selectVehicles(db, { total })
    .where(inArray(usedVehicles.id, pageIdsQuery(db, query, where, page)))
    .orderBy(...orderingOf(query, false));
}

/** The SQL of the listing's page statement (for EXPLAIN in bench/used-listing.ts); null when the answer needs none. */
export async function usedListingPageSql(
  db: Database,
  query: UsedVehicleQuery,
  scope: UsedVehicleScope = {},
): Promise<{ sql: string; params: unknown[] } | null> {
  return (await planPage(db, query, scope)).statement?.toSQL() ?? null;
}

/** The number of vehicles that meet the conditions: a sum over the counts table, well under a millisecond. */
function countsSum<Extra extends Record<string, SQL>>(db: Database, where: Condition[], extra: Extra = {} as Extra) {
  return db
    .select({ total: sql<number>`coalesce(sum(${usedVehicleCounts.vehicles}), 0)::int`, ...extra })
    .from(usedVehicleCounts)
    .where(matching(where, COUNT_COLUMNS));
}

async function sumCounts(db: Database, where: Condition[]): Promise<number> {
  const [row] = await countsSum(db, where);
  return Number(row?.total ?? 0);
}

/**
 * A vehicle in stock as the in-memory index holds it (see used-stock.server.ts): the listing's row, its dealer and
 * its price changes, oldest first, as [old price, new price, when] (the vehicle page's reductions).
 */
export type StockRow = ListRow & {
  dealerId: number;
  priceChanges: [oldPrice: number, newPrice: number, changedAt: string][];
} & ChannelFields;

/** What the outbound catalogue channels (core/channels) also read from the record: identifiers and the dealer's own words. */
export type ChannelFields = {
  vin: string | null;
  stockNumber: string | null;
  registration: string | null;
  mmCode: string | null;
  description: string | null;
  features: string | null;
  updatedAt: Date;
};

/**
 * What the vehicle's own page shows beyond the listing's row: the identifiers a buyer may quote to the dealer
 * (the VIN and the dealer's stock number, where the record has them) and the dealer's description.
 */
export type VehicleDetails = Pick<ChannelFields, "vin" | "stockNumber" | "description" | "features">;

export async function vehicleDetails(db: Database, id: number): Promise<VehicleDetails | null> {
  const [row] = await db
    .select({
      vin: usedVehicles.vin,
      stockNumber: usedVehicles.stockNumber,
      description: usedVehicles.description,
      features: usedVehicles.features,
    })
    .from(usedVehicles)
    .where(eq(usedVehicles.id, id));
  return row ?? null;
}

const pc = usedVehiclePriceChanges;

/** Every public vehicle, in one statement (so, one consistent snapshot), for the in-memory index. */
export async function loadUsedStock(db: Database): Promise<StockRow[]> {
  return compactStockRows(await selectStockRows(db));
}

function selectStockRows(db: Database): Promise<StockRow[]> {
  return selectVehicles(db, {
    dealerId: sql<number>`${usedVehicles.dealerId}`,
    priceChanges: sql<
      StockRow["priceChanges"]
    >`coalesce((select json_agg(json_build_array(${pc.oldPrice}, ${pc.newPrice}, ${pc.changedAt}) order by ${pc.changedAt}, ${pc.id}) from ${pc} where ${pc.vehicleId} = ${qualified(usedVehicles.id)}), '[]'::json)`,
    vin: sql<string | null>`${usedVehicles.vin}`,
    stockNumber: sql<string | null>`${usedVehicles.stockNumber}`,
    registration: sql<string | null>`${usedVehicles.registration}`,
    mmCode: sql<string | null>`${usedVehicles.mmCode}`,
    description: sql<string | null>`${usedVehicles.description}`,
    features: sql<string | null>`${usedVehicles.features}`,
    updatedAt: sql<Date>`${usedVehicles.updatedAt}`.mapWith(usedVehicles.updatedAt),
  }).where(PUBLIC_STOCK_CONDITION);
}

/**
 * The stock as held in memory, where it stays for hours: every row built as one object literal (one hidden
 * class), and what many vehicles share (words, make, model, dealer, pictures) held once. The rows as the driver
 * maps them repeat all of that in every row, and the collector marks all of it on every major collection: under a burst of page renders that marking took a core of its own.
 */
function compactStockRows(rows: readonly StockRow[]): StockRow[] {
  const shared = new SharedValues();
  return rows.map(
    (row): StockRow => ({
      id: row.id,
      variant: shared.text(row.variant),
      year: row.year,
      mileageKm: row.mileageKm,
      price: row.price,
      transmission: shared.text(row.transmission),
      fuelType: shared.text(row.fuelType),
      state: shared.text(row.state),
      exteriorColor: shared.text(row.exteriorColor),
      status: shared.text(row.status),
      bodyType: shared.text(row.bodyType),
      make: shared.value(row.make),
      model: shared.value(row.model),
      dealer: shared.value(row.dealer),
      images: shared.value(row.images),
      dealerId: row.dealerId,
      priceChanges: row.priceChanges.length === 0 ? NO_PRICE_CHANGES : row.priceChanges,
      vin: row.vin,
      stockNumber: row.stockNumber,
      registration: row.registration,
      mmCode: row.mmCode,
      description: row.description,
      features: row.features,
      updatedAt: row.updatedAt,
    }),
  );
}

const NO_PRICE_CHANGES: StockRow["priceChanges"] = Object.freeze([]) as unknown as StockRow["priceChanges"];

/** One instance of each equal value met: strings by their text, arrays by their JSON (they are never changed). */
class SharedValues {
  private readonly texts = new Map<string, string>();
  private readonly values = new Map<string, unknown>();

  text<T extends string>(value: T): T {
    const kept = this.texts.get(value);
    if (kept !== undefined) return kept as T;
    this.texts.set(value, value);
    return value;
  }

  value<T>(value: T): T {
    const key = JSON.stringify(value);
    const kept = this.values.get(key);
    if (kept !== undefined) return kept as T;
    this.values.set(key, value);
    return value;
  }
}

/** A vehicle's price change (the vehicle page's "Reduced by R 15 000 on 3 Nov"). */
export type PriceChange = { oldPrice: number; newPrice: number; changedAt: Date };

export function priceChangesOf(row: StockRow): PriceChange[] {
  return row.priceChanges.map(([oldPrice, newPrice, changedAt]) => ({
    oldPrice,
    newPrice,
    changedAt: new Date(changedAt),
  }));
}

/** The rule of "vehicles like this one" (`similarUsedVehicles`, and the index's answer to the same question). */
export const SIMILAR = {
  limit: 4,
  /** Priced within 20% of the vehicle: the bounds, in whole rand. */
  priceBounds: (price: number) => [Math.floor(price * 0.8), Math.ceil(price * 1.2)] as const,
};

/** A vehicle whose price has come down: its price when the period began. */
export type ReducedVehicle = UsedVehicleView & { was: number };

/**
 * What a saved search's alert reports: vehicles matching the query listed after `since`, and
 * those listed before whose price is now below their price at `since` (from used_vehicle_price_changes),
 * newest first, at most `limit` of each.
 */
export async function usedVehiclesChangedSince(
  db: Database,
  query: UsedVehicleQuery,
  scope: UsedVehicleScope,
  since: Date,
  limit: number,
): Promise<{ added: UsedVehicleView[]; reduced: ReducedVehicle[] }> {
  const where = matching(whereFor(query, scope, { terms: await keywordTerms(db, query.keywords) }), VEHICLE_COLUMNS);
  const priceAtSince = sql<number>`(select ${pc.oldPrice} from ${pc} where ${pc.vehicleId} = ${qualified(usedVehicles.id)} and ${pc.changedAt} > ${since.toISOString()}::timestamptz order by ${pc.changedAt}, ${pc.id} limit 1)`;
  const [added, reduced] = await Promise.all([
    selectVehicles(db)
      .where(and(PUBLIC_STOCK_CONDITION, where, sql`${usedVehicles.listedAt} > ${since.toISOString()}::timestamptz`))
      .orderBy(desc(usedVehicles.id))
      .limit(limit),
    selectVehicles(db, { was: priceAtSince })
      .where(
        and(
          PUBLIC_STOCK_CONDITION,
          where,
          sql`${usedVehicles.listedAt} <= ${since.toISOString()}::timestamptz`,
          sql`${priceAtSince} > ${usedVehicles.price}`,
        ),
      )
      .orderBy(desc(usedVehicles.id))
      .limit(limit),
  ]);
  return { added: added.map(toView), reduced: reduced.map((row) => ({ ...toView(row), was: Number(row.was) })) };
}

/** A vehicle's price changes, oldest first (the vehicle page's "Reduced by R 15 000 on 3 Nov"). */
export async function priceHistory(db: Database, vehicleId: number): Promise<PriceChange[]> {
  return db
    .select({
      oldPrice: usedVehiclePriceChanges.oldPrice,
      newPrice: usedVehiclePriceChanges.newPrice,
      changedAt: usedVehiclePriceChanges.changedAt,
    })
    .from(usedVehiclePriceChanges)
    .where(eq(usedVehiclePriceChanges.vehicleId, vehicleId))
    .orderBy(asc(usedVehiclePriceChanges.changedAt), asc(usedVehiclePriceChanges.id));
}

/** The vehicles still on sale (Available or Reserved) among these ids, in the order of the ids. */
export async function findUsedVehicles(db: Database, ids: number[]): Promise<UsedVehicleView[]> {
  if (ids.length === 0) return [];
  const rows = await selectVehicles(db).where(and(PUBLIC_STOCK_CONDITION, inArray(usedVehicles.id, ids)));
  const byId = new Map(rows.map((row) => [row.id, toView(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Vehicles like this one (the vehicle page): the same body type, priced within 20% of it, nearest in price
 * first. The price range reads the price index; the body type filters that range.
 */
export async function similarUsedVehicles(
  db: Database,
  vehicle: { id: number; price: number; body_type: string },
  limit = SIMILAR.limit,
): Promise<UsedVehicleView[]> {
  const [low, high] = SIMILAR.priceBounds(vehicle.price);
  const rows = await selectVehicles(db)
    .where(
      and(
        PUBLIC_STOCK_CONDITION,
        sql`${usedVehicles.price} between ${low} and ${high}`,
        eq(usedVehicles.bodyType, vehicle.body_type),
        sql`${usedVehicles.id} <> ${vehicle.id}`,
      ),
    )
    .orderBy(sql`abs(${usedVehicles.price} - ${vehicle.price})`, desc(usedVehicles.id))
    .limit(limit);
  return rows.map(toView);
}

/** Whether the public site shows a vehicle of this status (a Reserved one is shown as reserved). */
export const isPublicStatus = (status: StockStatus) => (PUBLIC_STOCK_STATUSES as readonly string[]).includes(status);

/**
 * The vehicle with this id, whatever its status: a caller showing it publicly answers 404 for a Draft and
 * 410 Gone for a Sold one (see `publicAnswerFor`).
 */
export async function findUsedVehicle(db: Database, id: number): Promise<UsedVehicleView | null> {
  const [row] = await selectVehicles(db).where(eq(usedVehicles.id, id)).limit(1);
  return row ? toView(row) : null;
}

function selectVehicles<Extra extends Record<string, SQL>>(db: Database, extra: Extra = {} as Extra) {
  return db
    .select({ ...listColumns, ...extra })
    .from(usedVehicles)
    .$dynamic();
}

export function toView(row: ListRow): UsedVehicleView {
  const images = row.images.map(
    ([uri, renditions]): VehicleImage =>
      renditions
        ? {
            uri,
            picture: pictureSources(
              renditions.map(([hash, format, width, height]) => ({
                url: renditionUrl(hash, format),
                format,
                width,
                height,
              })),
            ),
          }
        : { uri },
  );
  const [make, makeSlug] = row.make;
  const [model, modelSlug] = row.model;
  const [dealerName, dealerSlug, dealerProvince] = row.dealer;
  return {
    id: row.id,
    uri: `/used/${makeSlug}/${modelSlug}/${row.id}`,
    image: images[0] ?? { uri: "" },
    images,
    make,
    make_slug: makeSlug,
    model,
    model_slug: modelSlug,
    variant: row.variant,
    transmission: row.transmission,
    fuel_type: row.fuelType,
    exterior_color: row.exteriorColor,
    body_type: row.bodyType,
    year: row.year,
    mileage: { value: row.mileageKm, unit: "km" },
    state_of_vehicle: row.state,
    status: row.status,
    price: row.price,
    installment: monthlyRepayment({ price: row.price }),
    dealer_name: dealerName,
    dealer_slug: dealerSlug,
    dealer_province: dealerProvince,
  };
}

type Facet = "make" | "fuel" | "transmission" | "state" | RefinementFacet;
type RefinementFacet =
  | "body"
  | "colour"
  | "province"
  | "dealer"
  | "priceMin"
  | "priceMax"
  | "yearMin"
  | "yearMax"
  | "mileageMax";

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

/** The conditions applied to one table's columns, for a WHERE clause. */
const matching = (where: Condition[], columns: FilterColumns) => and(...where.map((condition) => condition(columns)));

/**
 * The make and model named by slugs, as subqueries PostgreSQL evaluates once per statement (no round trip
 * of their own); a slug that names nothing matches no vehicle. A model slug alone may name models of
 * several makes.
 */
const makeIdOf = (makeSlug: string) =>
  sql<number | null>`(select ${makes.id} from ${makes} where ${makes.slug} = ${makeSlug})`;
const modelIdsOf = (modelSlug: string, makeSlug: string | undefined) =>
  sql<number[]>`array(select ${models.id} from ${models} where ${models.slug} = ${modelSlug}${
    makeSlug ? sql` and ${models.makeId} = ${makeIdOf(makeSlug)}` : sql``
  })`;

/** The ids the make and model slugs were found to name (deep pages), used instead of the subqueries. */
type SlugIds = { makeId?: number; modelIds?: number[] };

/** The WHERE conditions of a query; `ignore` leaves one facet out (so its options can be counted). */
function whereFor(
  query: UsedVehicleQuery,
  scope: UsedVehicleScope,
  { ignore, ids, terms }: { ignore?: Facet | "model"; ids?: SlugIds; terms?: KeywordTerm<number>[] } = {},
): Condition[] {
  const where: Condition[] = [];
  const { dealerId } = scope;
  const { makeSlug, modelSlug, fuelTypes, transmissions, states } = query;
  if (query.keywords !== undefined && terms === undefined)
    throw new Error("keywords must be compiled (keywordTerms) before building conditions");
  if (dealerId !== undefined) where.push((c) => eq(c.dealerId, dealerId));
  if (ignore !== "make" && makeSlug) {
    const makeId = ids?.makeId;
    where.push((c) => (makeId === undefined ? sql`${c.makeId} = ${makeIdOf(makeSlug)}` : eq(c.makeId, makeId)));
  }
  if (ignore !== "make" && ignore !== "model" && modelSlug) {
    const modelIds = ids?.modelIds;
    where.push((c) =>
      modelIds === undefined
        ? sql`${c.modelId} = any(${modelIdsOf(modelSlug, makeSlug)})`
        : inArray(c.modelId, modelIds),
    );
  }
  if (ignore !== "fuel" && fuelTypes.length > 0) where.push((c) => inArray(c.fuelType, fuelTypes));
  if (ignore !== "transmission" && transmissions.length > 0) where.push((c) => inArray(c.transmission, transmissions));
  if (ignore !== "state" && states.length > 0) where.push((c) => inArray(c.state, states));
  where.push(...refinementConditions(query, ignore, terms));
  return where;
}

const dealerIdsWhere = (condition: SQL) =>
  sql`${qualified(usedVehicles.dealerId)} in (select ${dealers.id} from ${dealers} where ${condition})`;

/**
 * The conditions of the refinements. They name used_vehicles' own columns: a query that has any of
 * them counts over the stock, not over used_vehicle_counts.
 */
function refinementConditions(
  query: UsedVehicleQuery,
  ignore: Facet | "model" | undefined,
  terms: KeywordTerm<number>[] | undefined,
): Condition[] {
  const v = usedVehicles;
  const where: SQL[] = [];
  const { priceMin, priceMax, yearMin, yearMax, mileageMax, bodyTypes, colours, provinces, dealerSlugs } = query;
  if (ignore !== "priceMin" && priceMin !== undefined) where.push(gte(v.price, priceMin));
  if (ignore !== "priceMax" && priceMax !== undefined) where.push(lte(v.price, priceMax));
  if (ignore !== "yearMin" && yearMin !== undefined) where.push(gte(v.year, yearMin));
  if (ignore !== "yearMax" && yearMax !== undefined) where.push(lte(v.year, yearMax));
  if (ignore !== "mileageMax" && mileageMax !== undefined) where.push(lte(v.mileageKm, mileageMax));
  if (ignore !== "body" && bodyTypes) where.push(inArray(v.bodyType, bodyTypes));
  if (ignore !== "colour" && colours) where.push(inArray(sql`lower(${v.exteriorColor})`, colours));
  if (ignore !== "province" && provinces) where.push(dealerIdsWhere(inArray(dealers.province, provinces)));
  if (ignore !== "dealer" && dealerSlugs) where.push(dealerIdsWhere(inArray(dealers.slug, dealerSlugs)));
  for (const term of terms ?? []) where.push(keywordCondition(term));
  return where.map((condition) => () => condition);
}

/** One keyword in SQL, exactly as `termMatches` (keyword-match.ts) applies it in memory. */
function keywordCondition(term: KeywordTerm<number>): SQL {
  const v = usedVehicles;
  const contains = (column: AnyPgColumn) => sql`strpos(lower(${column}), ${term.text}) > 0`;
  const startsWith = (column: AnyPgColumn) => sql`left(lower(${column}), ${term.text.length}) = ${term.text}`;
  return or(
    term.makes.size > 0 ? inArray(v.makeId, [...term.makes]) : undefined,
    term.models.size > 0 ? inArray(v.modelId, [...term.models]) : undefined,
    contains(v.variant),
    contains(v.exteriorColor),
    startsWith(v.fuelType),
    startsWith(v.transmission),
    startsWith(v.bodyType),
    term.year === null ? undefined : eq(v.year, term.year),
  )!;
}

export type FacetOption = { value: string; count: number };
export type MakeOption = { name: string; slug: string; count: number };

/** product.md §7, /api/filters: the choices of the used-vehicle filter panel with how many each gives. */
export type UsedFilters = {
  makes: MakeOption[];
  /** Models of the chosen make; empty when no make is chosen. */
  models: MakeOption[];
  fuelTypes: FacetOption[];
  transmissionTypes: FacetOption[];
  vehicleStates: FacetOption[];
  total: number;
} & RefinementFacets;

/**
 * Counts for every filter option given the other filters in force: an option's count is how many
 * vehicles the list would show if that option were chosen alone in its group.
 */
export async function usedFilters(
  db: Database,
  query: UsedVehicleQuery,
  scope: UsedVehicleScope = {},
): Promise<UsedFilters> {
  const terms = await keywordTerms(db, query.keywords);
  const except = (ignore?: Facet | "model") => whereFor(query, scope, { ignore, terms });
  // The filters of product.md §9 alone are answered from the counts table; any other filter needs the stock itself.
  const source = hasRefinements(query) ? STOCK_SOURCE : COUNTS_SOURCE;
  const steps = rangeSteps();
  const [makeCounts, modelCounts, fuel, transmission, state, total, bodyTypes, colours, provinces, dealerCounts] =
    await Promise.all([
      countNamed(db, except("make"), source, "make"),
      // Models only of the chosen make.
      query.makeSlug ? countNamed(db, except("model"), source, "model") : [],
      countFacet(db, except("fuel"), source, source.columns.fuelType, FUEL_TYPES),
      countFacet(db, except("transmission"), source, source.columns.transmission, TRANSMISSIONS),
      countFacet(db, except("state"), source, source.columns.state, VEHICLE_STATES),
      countStock(db, except()),
      countFacet(db, except("body"), STOCK_SOURCE, usedVehicles.bodyType, BODY_TYPES),
      countColours(db, except("colour")),
      countDealerColumn(db, except("province"), dealers.province).then((rows) =>
        PROVINCES.map((value) => ({
          value,
          count: rows.filter((row) => row.value === value).reduce((sum, row) => sum + row.count, 0),
        })),
      ),
      countDealers(db, except("dealer")),
    ]);
  const [priceMin, priceMax, yearMin, yearMax, mileageMax] = await Promise.all([
    countRange(db, except("priceMin"), usedVehicles.price, steps.price, "gte"),
    countRange(db, except("priceMax"), usedVehicles.price, steps.price, "lte"),
    countRange(db, except("yearMin"), usedVehicles.year, steps.year, "gte"),
    countRange(db, except("yearMax"), usedVehicles.year, steps.year, "lte"),
    countRange(db, except("mileageMax"), usedVehicles.mileageKm, steps.mileage, "lte"),
  ]);
  return {
    makes: makeCounts,
    models: modelCounts,
    fuelTypes: fuel,
    transmissionTypes: transmission,
    vehicleStates: state,
    total,
    bodyTypes,
    colours,
    provinces,
    dealers: dealerCounts,
    priceMin,
    priceMax,
    yearMin,
    yearMax,
    mileageMax,
  };
}

/** Where counts come from: the pre-summed counts table, or the stock (any refinement). */
type CountSource = {
  table: typeof usedVehicleCounts | typeof usedVehicles;
  columns: FilterColumns;
  sum: SQL<number>;
  /** The WHERE clause of the conditions on this source (the stock: its public vehicles only). */
  where: (conditions: Condition[]) => SQL | undefined;
};
const COUNTS_SOURCE: CountSource = {
  table: usedVehicleCounts,
  columns: COUNT_COLUMNS,
  sum: sql<number>`sum(${usedVehicleCounts.vehicles})::int`,
  where: (conditions) => matching(conditions, COUNT_COLUMNS),
};
const STOCK_SOURCE: CountSource = {
  table: usedVehicles,
  columns: VEHICLE_COLUMNS,
  sum: sql<number>`count(*)::int`,
  where: (conditions) => and(PUBLIC_STOCK_CONDITION, matching(conditions, VEHICLE_COLUMNS)),
};

async function countStock(db: Database, where: Condition[]): Promise<number> {
  const [row] = await db.select({ total: STOCK_SOURCE.sum }).from(usedVehicles).where(STOCK_SOURCE.where(where));
  return Number(row?.total ?? 0);
}

async function countColours(db: Database, where: Condition[]): Promise<CountedOption[]> {
  const colour = sql<string>`lower(${usedVehicles.exteriorColor})`;
  const rows = await db
    .select({ value: colour, count: STOCK_SOURCE.sum })
    .from(usedVehicles)
    .where(STOCK_SOURCE.where(where))
    .groupBy(colour);
  return rows
    .map((row) => ({ value: row.value, count: Number(row.count) }))
    .sort((a, b) => compareText(a.value, b.value));
}

/** Vehicles by a column of their dealer. */
async function countDealerColumn(db: Database, where: Condition[], column: AnyPgColumn): Promise<CountedOption[]> {
  const rows = await db
    .select({ value: sql<string>`${column}`, count: STOCK_SOURCE.sum })
    .from(usedVehicles)
    .innerJoin(dealers, eq(dealers.id, usedVehicles.dealerId))
    .where(STOCK_SOURCE.where(where))
    .groupBy(column);
  return rows.map((row) => ({ value: row.value, count: Number(row.count) }));
}

async function countDealers(db: Database, where: Condition[]): Promise<CountedDealer[]> {
  const rows = await db
    .select({ name: dealers.dealerName, slug: dealers.slug, count: STOCK_SOURCE.sum })
    .from(usedVehicles)
    .innerJoin(dealers, eq(dealers.id, usedVehicles.dealerId))
    .where(STOCK_SOURCE.where(where))
    .groupBy(dealers.id, dealers.dealerName, dealers.slug);
  return rows.map((row) => ({ ...row, count: Number(row.count) })).sort((a, b) => compareText(a.name, b.name));
}

/** For each step, how many vehicles have the column at or above it (gte) or at or below it (lte). */
async function countRange(
  db: Database,
  where: Condition[],
  column: AnyPgColumn,
  steps: readonly number[],
  bound: "gte" | "lte",
): Promise<RangeOption[]> {
  if (steps.length === 0) return [];
  const columns = Object.fromEntries(
    steps.map((step, i) => [
      `s${i}`,
      sql<number>`count(*) filter (where ${column} ${bound === "gte" ? sql`>=` : sql`<=`} ${step})::int`,
    ]),
  );
  const [row] = await db.select(columns).from(usedVehicles).where(STOCK_SOURCE.where(where));
  return steps.map((value, i) => ({ value, count: Number(row?.[`s${i}`] ?? 0) }));
}

/** Text order independent of the database's collation, so that SQL and memory list options alike. */
export const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

async function countFacet(
  db: Database,
  where: Condition[],
  source: CountSource,
  column: AnyPgColumn,
  options: readonly string[],
): Promise<FacetOption[]> {
  const rows = await db
    .select({ value: sql<string>`${column}`, count: source.sum })
    .from(source.table)
    .where(source.where(where))
    .groupBy(column);
  return options.map((value) => ({ value, count: Number(rows.find((row) => row.value === value)?.count ?? 0) }));
}

/** The vehicles of each make, or each model, by name. */
async function countNamed(
  db: Database,
  where: Condition[],
  source: CountSource,
  named: "make" | "model",
): Promise<MakeOption[]> {
  const [table, idColumn] = named === "make" ? [makes, source.columns.makeId] : [models, source.columns.modelId];
  const rows = await db
    .select({ name: table.name, slug: table.slug, count: source.sum })
    .from(source.table)
    .innerJoin(table, eq(table.id, idColumn))
    .where(source.where(where))
    .groupBy(table.id, table.name, table.slug)
    .orderBy(asc(table.name));
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}
