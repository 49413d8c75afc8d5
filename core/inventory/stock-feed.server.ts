import { and, eq, getTableColumns, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { dealers, heldStockImports, makes, models, usedVehicleImages, usedVehicles } from "../../db/schema.ts";
import { CatalogueNames, resolved } from "../catalogue/open-catalogue.server.ts";
import { canonicalMakeName, newCatalogueName } from "../catalogue/make-names.ts";
import { type AuditEntry, changedFields, type FieldChanges, recordAudit, recordAudits } from "../staff/audit.server.ts";
import { ImageRejected, storeImage } from "../media/image-pipeline.server.ts";
import { assertMay, StaffAccessDenied, type StaffActor } from "../staff/roles.ts";
import { photoHostsOf } from "./feed-keys.server.ts";
import {
  checkPhotoUrl,
  DEFAULT_PHOTO_FETCH_LIMITS,
  fetchFeedPhoto,
  PhotoFetchFailed,
  type PhotoFetchLimits,
  unlistedPhotoHost,
} from "./feed-photos.server.ts";
import {
  type FeedColumn,
  type FeedColumnsReport,
  type FeedRow,
  MAX_FEED_PHOTOS,
  photoUrlsOf,
} from "./stock-feed-format.server.ts";
import {
  stockColumnValues,
  stockFieldColumns,
  type StoredStockFields,
  storedStockFields,
} from "./stock-columns.server.ts";
import { parseStockVehicle, type StockVehicleInput } from "./stock-schema.ts";

/**
 * Importing a dealer's stock feed (docs/stock-feed.md, docs/decisions/029-dealer-stock-feeds.md). A feed is
 * the dealer's whole current stock: vehicles are matched by stock number within the dealer; new ones are
 * created, changed ones updated, vehicles with a stock number the feed no longer names become Sold. Rows
 * with errors are skipped and reported while the valid rows apply, all in one transaction. Photos are
 * fetched after it commits, outside any transaction, a few at a time.
 */

export type RowError = { row: number; column: string; message: string };

export type VehicleChange =
  | { action: "created"; row: number; stockNumber: string }
  | { action: "updated"; row: number; stockNumber: string; changes: FieldChanges }
  | { action: "sold"; stockNumber: string; changes: FieldChanges };

export type PhotoOutcome = "stored" | "unchanged" | "would fetch" | "failed";
export type PhotoResult = { row: number; stockNumber: string; url: string; outcome: PhotoOutcome; message?: string };

export type StockFeedReport = {
  dealer: string;
  dryRun: boolean;
  /** Vehicles in the feed. */
  received: number;
  created: number;
  updated: number;
  unchanged: number;
  sold: number;
  rejected: number;
  /** Every vehicle that changed (or would, in a dry run): created, updated with its field changes, sold. */
  changes: VehicleChange[];
  /** Why each rejected row was skipped: one entry per field at fault, the first MAX_REPORTED_ERRORS of them. */
  errors: RowError[];
  /** Every error counted by column (all of them, also those past the first MAX_REPORTED_ERRORS). */
  errorCounts: { column: string; count: number }[];
  /** The feed's columns the import read, as which field, and those it ignored. */
  columns: FeedColumnsReport;
  /** Makes and models the catalogue did not know, added for this feed (or that would be, in a dry run). */
  catalogue: { makes: string[]; models: string[] };
  photos: {
    stored: number;
    unchanged: number;
    failed: number;
    wouldFetch: number;
    results: PhotoResult[];
    /** Hosts the feed's photo URLs name that are not listed for the dealer (their photos are not fetched). */
    hostsNotAllowed: string[];
  };
  /**
   * Set when the import would mark more of the dealer's stock sold than the drop guard allows: nothing was
   * changed, the report says what would be, and the import waits (as this held import) for someone to publish it.
   */
  held: HeldImport | null;
};

/** An import kept back by the drop guard, waiting to be published (core/inventory/held-imports.server.ts). */
export type HeldImport = { id: number; wouldSell: number; stockCount: number };

/**
 * The drop guard at the door: an import that would mark more than `maxShare` of the dealer's stock sold (a
 * truncated export, the wrong dealer's file) changes nothing until someone confirms it. `source` says who
 * confirms: the uploader on the import page, or anyone who may edit the dealer's stock, from the alarm.
 */
export type DropGuard = { maxShare: number; source: "upload" | "feed" };

export type ImportOptions = {
  dryRun?: boolean;
  photoLimits?: PhotoFetchLimits;
  /** Photos fetched at the same time. */
  photoConcurrency?: number;
  /** How the parser placed the feed's columns (parseFeed), for the report. */
  columns?: FeedColumnsReport;
  /** Without it the import applies whatever it sells: for an import already confirmed (a published held import). */
  dropGuard?: DropGuard;
};

/** The database's dealer for a feed's slug, or StaffAccessDenied('not-found') — the same answer as another dealer's. */
async function feedDealer(db: Database, actor: StaffActor, slug: string): Promise<{ id: number; slug: string }> {
  const [dealer] = await db.select({ id: dealers.id, slug: dealers.slug }).from(dealers).where(eq(dealers.slug, slug));
  if (!dealer) throw new StaffAccessDenied("not-found", "stock");
  assertMay(actor, "stock", dealer.id);
  return dealer;
}

/** A vehicle as the feed describes it, make and model by their catalogue names: what is compared between feeds. */
type FeedVehicle = { make: string; model: string } & StoredStockFields;

type ValidRow = {
  row: number;
  stockNumber: string;
  vehicle: FeedVehicle;
  /** False when the row leaves status blank: a vehicle already in stock keeps the status staff gave it. */
  statusGiven: boolean;
  /** False when the row leaves the body blank: a vehicle already in stock keeps its body. */
  bodyTypeGiven: boolean;
  makeId: number;
  modelId: number;
  photoUrls: string[] | null;
};

type Existing = FeedVehicle & { id: number; stockNumber: string };

type Plan = {
  dealerId: number;
  valid: ValidRow[];
  errors: RowError[];
  rejectedRows: Set<number>;
  create: ValidRow[];
  update: { row: ValidRow; id: number; changes: FieldChanges }[];
  unchanged: { row: ValidRow; id: number }[];
  sell: { id: number; stockNumber: string; changes: FieldChanges }[];
  catalogue: { makes: string[]; models: string[] };
};

export async function importStockFeed(
  db: Database,
  actor: StaffActor,
  dealerSlug: string,
  rows: readonly FeedRow[],
  options: ImportOptions,
): Promise<StockFeedReport> {
  const dealer = await feedDealer(db, actor, dealerSlug);
  const dryRun = options.dryRun ?? false;
  const { plan, held } = await db.transaction(async (tx) => {
    // Two feeds of one dealer at once would both create the same stock numbers: the second waits.
    await tx.execute(sql`select pg_advisory_xact_lock(${FEED_LOCK_CLASS}, ${dealer.id})`);
    const plan = await planFeed(tx as unknown as Database, dealer, rows, dryRun);
    const held =
      !dryRun && options.dropGuard
        ? await holdIfTooManySold(tx as unknown as Database, actor, plan, rows, options.columns, options.dropGuard)
        : null;
    if (!dryRun && !held) await applyPlan(tx as unknown as Database, actor, plan);
    return { plan, held };
  });
  // A held import fetches no photo: the report lists those it would fetch, as a dry run's does.
  const photos = await importPhotos(db, actor, plan, dryRun || held !== null, options);
  return {
    dealer: dealer.slug,
    dryRun,
    held,
    received: rows.length,
    created: plan.create.length,
    updated: plan.update.length,
    unchanged: plan.unchanged.length,
    sold: plan.sell.length,
    rejected: plan.rejectedRows.size,
    changes: [
      ...plan.create.map((r): VehicleChange => ({ action: "created", row: r.row, stockNumber: r.stockNumber })),
      ...plan.update.map(
        (u): VehicleChange => ({
          action: "updated",
          row: u.row.row,
          stockNumber: u.row.stockNumber,
          changes: u.changes,
        }),
      ),
      ...plan.sell.map((s): VehicleChange => ({ action: "sold", stockNumber: s.stockNumber, changes: s.changes })),
    ],
    errors: plan.errors.slice(0, MAX_REPORTED_ERRORS),
    errorCounts: countByColumn(plan.errors),
    columns: options.columns ?? { used: [], ignored: [] },
    catalogue: plan.catalogue,
    photos,
  };
}

/**
 * Keeps the import back, unapplied, when it would sell more than the guard's share of the dealer's stock (its
 * vehicles not sold yet): stored with its rows for publishing later, replacing an earlier one of the dealer
 * still waiting, and audited. Answers the held import, or null when the import may go ahead.
 */
async function holdIfTooManySold(
  tx: Database,
  actor: StaffActor,
  plan: Plan,
  rows: readonly FeedRow[],
  columns: FeedColumnsReport | undefined,
  guard: DropGuard,
): Promise<HeldImport | null> {
  if (plan.sell.length === 0) return null;
  const [stock] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(usedVehicles)
    .where(and(eq(usedVehicles.dealerId, plan.dealerId), sql`${usedVehicles.status} <> 'Sold'`));
  const stockCount = stock?.count ?? 0;
  if (plan.sell.length <= guard.maxShare * stockCount) return null;
  await tx
    .update(heldStockImports)
    // A replaced import is never published: its rows are let go.
    .set({ replacedAt: new Date(), rows: [] })
    .where(
      and(
        eq(heldStockImports.dealerId, plan.dealerId),
        sql`${heldStockImports.publishedAt} is null and ${heldStockImports.replacedAt} is null`,
      ),
    );
  const [held] = await tx
    .insert(heldStockImports)
    .values({
      dealerId: plan.dealerId,
      source: guard.source,
      sentBy: actor.label,
      rows,
      columns: columns ?? { used: [], ignored: [] },
      wouldSell: plan.sell.length,
      stockCount,
    })
    .returning({ id: heldStockImports.id });
  await recordAudit(tx, {
    actor,
    action: "stock_import.hold",
    entity: "stock_import",
    entityId: held!.id,
    dealerId: plan.dealerId,
    changes: { wouldSell: { from: null, to: plan.sell.length }, stockCount: { from: null, to: stockCount } },
  });
  return { id: held!.id, wouldSell: plan.sell.length, stockCount };
}

/** Errors listed one by one in a report; the rest are counted by column. */
const MAX_REPORTED_ERRORS = 500;

function countByColumn(errors: readonly RowError[]): { column: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const error of errors) counts.set(error.column, (counts.get(error.column) ?? 0) + 1);
  return [...counts].map(([column, count]) => ({ column, count })).sort((a, b) => b.count - a.count);
}

/** The first key of the advisory locks the feed import takes (the second is the dealer's id). */
const FEED_LOCK_CLASS = 15_003;

// --- Planning: validation and comparison, no writes ---

async function planFeed(
  db: Database,
  dealer: { id: number; slug: string },
  rows: readonly FeedRow[],
  dryRun: boolean,
): Promise<Plan> {
  const catalogue = await CatalogueNames.load(db);
  const errors: RowError[] = [];
  const rejectedRows = new Set<number>();
  const reject = (row: number, column: string, message: string) => {
    errors.push({ row, column, message });
    rejectedRows.add(row);
  };
  /** Stock numbers the feed names, rejected rows included: a vehicle in the feed is not sold because its row has an error. */
  const named = new Set<string>();
  const firstRowOf = new Map<string, number>();
  const candidates: ValidRow[] = [];

  for (const feedRow of rows) {
    const row = validateRow(feedRow, dealer.slug, catalogue, (column, message) => reject(feedRow.row, column, message));
    const stockNumber =
      typeof feedRow.values.stockNumber === "string"
        ? feedRow.values.stockNumber.trim()
        : String(feedRow.values.stockNumber ?? "");
    if (stockNumber !== "") named.add(stockNumber);
    if (!row) continue;
    const first = firstRowOf.get(row.stockNumber);
    if (first !== undefined) {
      reject(
        row.row,
        "stockNumber",
        `Stock number ${row.stockNumber} is also on row ${first}; each vehicle may appear once`,
      );
      continue;
    }
    firstRowOf.set(row.stockNumber, row.row);
    candidates.push(row);
  }

  const existing = await loadExisting(db, dealer.id);
  const valid = await withoutVinConflicts(db, dealer.id, candidates, existing, reject);
  // The open catalogue: a make or model not known yet is added with the feed.
  const added = await catalogue.ensure(
    db,
    valid.map((row) => ({ make: row.vehicle.make, model: row.vehicle.model })),
    { dryRun },
  );
  for (const row of valid) {
    const found = resolved(catalogue, row.vehicle.make, row.vehicle.model);
    row.vehicle.make = found?.make.name ?? newCatalogueName(canonicalMakeName(row.vehicle.make));
    row.vehicle.model = found?.model.name ?? newCatalogueName(row.vehicle.model);
    row.makeId = found?.make.id ?? 0;
    row.modelId = found?.model.id ?? 0;
  }
  const plan: Plan = {
    dealerId: dealer.id,
    valid,
    errors,
    rejectedRows,
    create: [],
    update: [],
    unchanged: [],
    sell: [],
    catalogue: added,
  };
  for (const row of valid) {
    const current = existing.get(row.stockNumber);
    if (!current) {
      plan.create.push(row);
      continue;
    }
    const { id: _id, stockNumber: _stockNumber, ...before } = current;
    // A blank status keeps a Reserved or Draft vehicle as staff left it; a sold vehicle back in the feed is Available again.
    if (!row.statusGiven) row.vehicle.status = current.status === "Sold" ? "Available" : current.status;
    if (!row.bodyTypeGiven) row.vehicle.bodyType = current.bodyType;
    const changes = changedFields(before, row.vehicle);
    if (Object.keys(changes).length > 0) plan.update.push({ row, id: current.id, changes });
    else plan.unchanged.push({ row, id: current.id });
  }
  for (const [stockNumber, vehicle] of existing) {
    if (!named.has(stockNumber) && vehicle.status !== "Sold") {
      plan.sell.push({ id: vehicle.id, stockNumber, changes: { status: { from: vehicle.status, to: "Sold" } } });
    }
  }
  errors.sort((a, b) => a.row - b.row);
  return plan;
}

function validateRow(
  feedRow: FeedRow,
  dealerSlug: string,
  catalogue: CatalogueNames,
  reject: (column: string, message: string) => void,
): ValidRow | null {
  let ok = true;
  const fail = (column: string, message: string) => {
    ok = false;
    reject(column, message);
  };
  if (feedRow.problem) {
    reject("", feedRow.problem);
    return null;
  }
  const { photos, ...fields } = feedRow.values as Record<FeedColumn, unknown>;
  // A JSON feed may send stock numbers as numbers (10412).
  if (typeof fields.stockNumber === "number") fields.stockNumber = String(fields.stockNumber);
  const parsed = parseStockVehicle({ ...fields, dealer: fields.dealer ?? dealerSlug });
  if (!parsed.ok) for (const violation of parsed.violations) fail(violation.propertyPath, violation.message);
  const value: Partial<StockVehicleInput> = parsed.ok ? parsed.value : {};
  if (parsed.ok && value.dealer !== dealerSlug)
    fail("dealer", `This feed is ${dealerSlug}'s stock; the row names another dealer (${value.dealer})`);
  if (parsed.ok && value.stockNumber === undefined)
    fail("stockNumber", "Stock number is required in a feed: it matches the vehicle from one feed to the next");
  if (!ok || !parsed.ok) return null;
  const v = parsed.value;
  // Names as the catalogue has them where it knows them; ids once the catalogue has every make (planFeed).
  const make = catalogue.make(v.make);
  const model = make ? catalogue.model(make, v.model) : undefined;
  return {
    row: feedRow.row,
    stockNumber: v.stockNumber!,
    statusGiven: !(
      fields.status === undefined ||
      fields.status === null ||
      (typeof fields.status === "string" && fields.status.trim() === "")
    ),
    bodyTypeGiven: v.bodyType !== undefined,
    makeId: make?.id ?? 0,
    modelId: model?.id ?? 0,
    photoUrls: photos === undefined || photoUrlsOf(photos).length === 0 ? null : photoUrlsOf(photos),
    vehicle: {
      make: make?.name ?? v.make,
      model: model?.name ?? v.model,
      ...storedStockFields(v),
      bodyType: v.bodyType ?? "Other",
    },
  };
}

async function loadExisting(db: Database, dealerId: number): Promise<Map<string, Existing>> {
  const rows = await db
    .select({
      id: usedVehicles.id,
      stockNumber: usedVehicles.stockNumber,
      make: makes.name,
      model: models.name,
      ...stockFieldColumns,
    })
    .from(usedVehicles)
    .innerJoin(makes, eq(makes.id, usedVehicles.makeId))
    .innerJoin(models, eq(models.id, usedVehicles.modelId))
    .where(and(eq(usedVehicles.dealerId, dealerId), isNotNull(usedVehicles.stockNumber)));
  return new Map(rows.map((row) => [row.stockNumber!, { ...row, stockNumber: row.stockNumber! }]));
}

/**
 * Rejects rows whose VIN another vehicle has (in the database, of any dealer, or on an earlier row): a VIN
 * is unique across the group, and finding it here keeps the transaction from failing on the unique index.
 */
async function withoutVinConflicts(
  db: Database,
  dealerId: number,
  rows: ValidRow[],
  existing: Map<string, Existing>,
  reject: (row: number, column: string, message: string) => void,
): Promise<ValidRow[]> {
  const vins = [...new Set(rows.flatMap((r) => (r.vehicle.vin ? [r.vehicle.vin] : [])))];
  const holders = new Map<string, { id: number; dealerId: number; stockNumber: string | null }>();
  for (let start = 0; start < vins.length; start += 5_000) {
    const found = await db
      .select({
        id: usedVehicles.id,
        vin: usedVehicles.vin,
        dealerId: usedVehicles.dealerId,
        stockNumber: usedVehicles.stockNumber,
      })
      .from(usedVehicles)
      .where(inArray(usedVehicles.vin, vins.slice(start, start + 5_000)));
    for (const holder of found) holders.set(holder.vin!, holder);
  }
  const firstRowOfVin = new Map<string, number>();
  return rows.filter((row) => {
    const vin = row.vehicle.vin;
    if (!vin) return true;
    const earlier = firstRowOfVin.get(vin);
    if (earlier !== undefined) {
      reject(row.row, "vin", `VIN ${vin} is also on row ${earlier}`);
      return false;
    }
    firstRowOfVin.set(vin, row.row);
    const holder = holders.get(vin);
    if (holder && holder.id !== existing.get(row.stockNumber)?.id) {
      const where =
        holder.dealerId === dealerId && holder.stockNumber
          ? `stock number ${holder.stockNumber}`
          : "another vehicle of the group";
      reject(row.row, "vin", `VIN ${vin} already belongs to ${where}`);
      return false;
    }
    return true;
  });
}

// --- Applying, in the feed's transaction ---

const ROWS_PER_INSERT = 1_000;

function vehicleColumns(row: ValidRow) {
  return { makeId: row.makeId, modelId: row.modelId, ...stockColumnValues(row.vehicle) };
}

/** Changed vehicles per UPDATE statement (17 parameters each). */
const ROWS_PER_UPDATE = 500;

/** Writes changed vehicles with one statement (UPDATE ... FROM VALUES), not one per vehicle: a feed may change thousands. */
async function updateVehicles(tx: Database, updates: Plan["update"]): Promise<void> {
  const tableColumns = getTableColumns(usedVehicles);
  const keys = Object.keys(vehicleColumns(updates[0]!.row)) as (keyof ReturnType<typeof vehicleColumns>)[];
  const names = keys.map((key) => sql.identifier(tableColumns[key].name));
  // VALUES leaves its parameters untyped: each is cast to its column's type.
  const values = updates.map(({ row, id }) => {
    const columns = vehicleColumns(row);
    const cells = keys.map((key) => sql`${columns[key]}::${sql.raw(tableColumns[key].getSQLType())}`);
    return sql`(${id}::int, ${sql.join(cells, sql`, `)})`;
  });
  await tx.execute(sql`
    update used_vehicles as u set ${sql.join(
      names.map((name) => sql`${name} = v.${name}`),
      sql`, `,
    )}, updated_at = now()
    from (values ${sql.join(values, sql`, `)}) as v(id, ${sql.join(names, sql`, `)})
    where u.id = v.id`);
}

async function applyPlan(tx: Database, actor: StaffActor, plan: Plan): Promise<void> {
  const audits: AuditEntry[] = [];
  const entry = (action: string, id: number, changes: FieldChanges): AuditEntry => ({
    actor,
    action,
    entity: "used_vehicle",
    entityId: id,
    dealerId: plan.dealerId,
    changes,
  });
  for (let start = 0; start < plan.create.length; start += ROWS_PER_INSERT) {
    const chunk = plan.create.slice(start, start + ROWS_PER_INSERT);
    const ids = await tx
      .insert(usedVehicles)
      .values(chunk.map((row) => ({ ...vehicleColumns(row), dealerId: plan.dealerId, stockNumber: row.stockNumber })))
      .returning({ id: usedVehicles.id, stockNumber: usedVehicles.stockNumber });
    const idOf = new Map(ids.map((r) => [r.stockNumber!, r.id]));
    for (const row of chunk) {
      const id = idOf.get(row.stockNumber)!;
      audits.push(
        entry("used_vehicle.create", id, changedFields({}, { stockNumber: row.stockNumber, ...row.vehicle })),
      );
    }
  }
  for (let start = 0; start < plan.update.length; start += ROWS_PER_UPDATE) {
    await updateVehicles(tx, plan.update.slice(start, start + ROWS_PER_UPDATE));
  }
  for (const { id, changes } of plan.update) audits.push(entry("used_vehicle.update", id, changes));
  const soldIds = plan.sell.map((s) => s.id);
  for (let start = 0; start < soldIds.length; start += ROWS_PER_INSERT) {
    await tx
      .update(usedVehicles)
      .set({ status: "Sold", updatedAt: new Date() })
      .where(inArray(usedVehicles.id, soldIds.slice(start, start + ROWS_PER_INSERT)));
  }
  for (const sold of plan.sell) audits.push(entry("used_vehicle.status", sold.id, sold.changes));
  await recordAudits(tx, audits);
}

// --- Photos, after the transaction ---

type PhotoJob = { vehicleId: number; row: ValidRow; urls: string[] };

async function importPhotos(
  db: Database,
  actor: StaffActor,
  plan: Plan,
  dryRun: boolean,
  options: ImportOptions,
): Promise<StockFeedReport["photos"]> {
  const results: PhotoResult[] = [];
  const hostsNotAllowed = new Set<string>();
  const withPhotos = plan.valid.filter((row) => row.photoUrls !== null);
  if (withPhotos.length > 0) {
    const hosts = await photoHostsOf(db, plan.dealerId);
    for (const row of withPhotos)
      for (const url of row.photoUrls!) {
        const host = unlistedPhotoHost(url, hosts);
        if (host) hostsNotAllowed.add(host);
      }
    const ids = await vehicleIdsOf(db, plan.dealerId, withPhotos);
    const current = await currentPhotos(db, [...ids.values()]);
    const jobs: PhotoJob[] = [];
    for (const row of withPhotos) {
      const vehicleId = ids.get(row.stockNumber);
      const urls = row.photoUrls!;
      for (const url of urls.slice(MAX_FEED_PHOTOS)) {
        results.push({
          row: row.row,
          stockNumber: row.stockNumber,
          url,
          outcome: "failed",
          message: `At most ${MAX_FEED_PHOTOS} photos a vehicle`,
        });
      }
      jobs.push({ vehicleId: vehicleId ?? 0, row, urls: urls.slice(0, MAX_FEED_PHOTOS) });
    }
    if (dryRun) results.push(...jobs.flatMap((job) => previewPhotos(job, current.get(job.vehicleId) ?? [], hosts)));
    else
      for (const result of await fetchAndLink(db, actor, plan.dealerId, jobs, current, hosts, options))
        results.push(result);
  }
  const count = (outcome: PhotoOutcome) => results.filter((r) => r.outcome === outcome).length;
  return {
    stored: count("stored"),
    unchanged: count("unchanged"),
    failed: count("failed"),
    wouldFetch: count("would fetch"),
    results,
    hostsNotAllowed: [...hostsNotAllowed].sort(),
  };
}

async function vehicleIdsOf(db: Database, dealerId: number, rows: ValidRow[]): Promise<Map<string, number>> {
  const found = await db
    .select({ id: usedVehicles.id, stockNumber: usedVehicles.stockNumber })
    .from(usedVehicles)
    .where(
      and(
        eq(usedVehicles.dealerId, dealerId),
        inArray(
          usedVehicles.stockNumber,
          rows.map((row) => row.stockNumber),
        ),
      ),
    );
  return new Map(found.map((row) => [row.stockNumber!, row.id]));
}

type CurrentPhoto = { uri: string; imageId: string | null; sourceUrl: string | null };

async function currentPhotos(db: Database, vehicleIds: number[]): Promise<Map<number, CurrentPhoto[]>> {
  const byVehicle = new Map<number, CurrentPhoto[]>();
  if (vehicleIds.length === 0) return byVehicle;
  const rows = await db
    .select({
      vehicleId: usedVehicleImages.vehicleId,
      uri: usedVehicleImages.uri,
      imageId: usedVehicleImages.imageId,
      sourceUrl: usedVehicleImages.sourceUrl,
    })
    .from(usedVehicleImages)
    .where(inArray(usedVehicleImages.vehicleId, vehicleIds))
    .orderBy(usedVehicleImages.vehicleId, usedVehicleImages.position);
  for (const { vehicleId, ...photo } of rows) byVehicle.set(vehicleId, [...(byVehicle.get(vehicleId) ?? []), photo]);
  return byVehicle;
}

const storedFrom = (photos: CurrentPhoto[], url: string) =>
  photos.find((p) => p.sourceUrl === url && p.imageId !== null);

function previewPhotos(job: PhotoJob, current: CurrentPhoto[], hosts: string[]): PhotoResult[] {
  return job.urls.map((url) => {
    const base = { row: job.row.row, stockNumber: job.row.stockNumber, url };
    if (storedFrom(current, url)) return { ...base, outcome: "unchanged" };
    try {
      checkPhotoUrl(url, hosts);
      return { ...base, outcome: "would fetch" };
    } catch (error) {
      return { ...base, outcome: "failed", message: (error as Error).message };
    }
  });
}

async function fetchAndLink(
  db: Database,
  actor: StaffActor,
  dealerId: number,
  jobs: PhotoJob[],
  current: Map<number, CurrentPhoto[]>,
  hosts: string[],
  options: ImportOptions,
): Promise<PhotoResult[]> {
  const limits = options.photoLimits ?? DEFAULT_PHOTO_FETCH_LIMITS;
  const wanted = jobs.flatMap((job) =>
    job.urls.filter((url) => !storedFrom(current.get(job.vehicleId) ?? [], url)).map((url) => ({ job, url })),
  );
  const fetched = new Map<string, { imageId: string; uri: string } | { error: string }>();
  await inParallel(wanted, options.photoConcurrency ?? 4, async ({ url }) => {
    if (fetched.has(url)) return;
    fetched.set(url, { error: "pending" });
    try {
      const bytes = await fetchFeedPhoto(url, hosts, limits);
      fetched.set(url, await storeFeedPhoto(db, bytes));
    } catch (error) {
      if (!(error instanceof PhotoFetchFailed) && !(error instanceof ImageRejected)) throw error;
      fetched.set(url, { error: (error as Error).message });
    }
  });
  const results: PhotoResult[] = [];
  for (const job of jobs) {
    const before = current.get(job.vehicleId) ?? [];
    const next: { uri: string; imageId: string; sourceUrl: string }[] = [];
    for (const url of job.urls) {
      const base = { row: job.row.row, stockNumber: job.row.stockNumber, url };
      const kept = storedFrom(before, url);
      const got = kept ? undefined : fetched.get(url);
      if (kept) {
        next.push({ uri: kept.uri, imageId: kept.imageId!, sourceUrl: url });
        results.push({ ...base, outcome: "unchanged" });
      } else if (got && "imageId" in got) {
        next.push({ ...got, sourceUrl: url });
        results.push({ ...base, outcome: "stored" });
      } else {
        results.push({ ...base, outcome: "failed", message: got && "error" in got ? got.error : "Not fetched" });
      }
    }
    const unchanged =
      next.length === before.length &&
      next.every((photo, i) => before[i]!.sourceUrl === photo.sourceUrl && before[i]!.imageId === photo.imageId);
    // A vehicle whose photos all failed keeps the ones it had: a feed's bad night does not strip its listing.
    if (unchanged || next.length === 0) continue;
    await db.transaction(async (tx) => {
      await tx.delete(usedVehicleImages).where(eq(usedVehicleImages.vehicleId, job.vehicleId));
      await tx
        .insert(usedVehicleImages)
        .values(next.map((photo, position) => ({ vehicleId: job.vehicleId, position, ...photo })));
      await recordAudit(tx, {
        actor,
        action: "used_vehicle.photos",
        entity: "used_vehicle",
        entityId: job.vehicleId,
        dealerId,
        changes: { photos: { from: before.map((p) => p.sourceUrl ?? p.uri), to: next.map((p) => p.sourceUrl) } },
      });
    });
  }
  return results;
}

/** Stores the photo through the one image pipeline (checked by content, EXIF stripped, renditions); its address is the largest JPEG's. */
async function storeFeedPhoto(db: Database, bytes: Buffer): Promise<{ imageId: string; uri: string }> {
  const image = await storeImage(db, bytes);
  const largestJpeg = image.renditions.filter((r) => r.format === "jpeg").sort((a, b) => b.width - a.width)[0]!;
  return { imageId: image.id, uri: largestJpeg.url };
}

async function inParallel<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}
