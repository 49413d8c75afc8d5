import { setImmediate as nextTurn, setTimeout as sleep } from "node:timers/promises";
import type { Database } from "../../db/client.ts";
import type { Logger } from "pino";
import type { ChangeNotifications } from "../shared/change-notifications.ts";
import { ORDER_FIELDS, type UsedVehicleQuery } from "./used-query.ts";
import { UsedStockIndex } from "./used-stock-index.server.ts";
import {
  findUsedVehicle,
  findUsedVehicles,
  listUsedVehicles,
  loadUsedStock,
  type PriceChange,
  priceHistory,
  similarUsedVehicles,
  type StockRow,
  type UsedFilters,
  usedFilters,
  type UsedVehicleScope,
  type UsedVehicleView,
  type VehicleDetails,
  vehicleDetails,
} from "./used-vehicles.server.ts";

/**
 * The tables the used listing shows, each with migration 0019's or 0024's `data_changed` trigger: a change to
 * any of them makes the stock in memory stale. (Migration 0007's `used_stock_changed` triggers on the same
 * tables are no longer listened to; a later release drops them, see docs/deploy.md.)
 */
const USED_STOCK_TABLES = [
  "used_vehicles",
  "used_vehicle_images",
  "image_renditions",
  "used_vehicle_price_changes",
  "makes",
  "models",
  "dealers",
] as const;

/** How long the stock must stay unchanged before it is read again (a feed's import is many statements). */
const SETTLE_MS = 200;
/** The pause before reading again after a failed read. */
const RETRY_MS = 5_000;

export type UsedStockState =
  /** Not watching the database: every answer is a query. */
  | "database"
  /** Watching, but memory does not hold the stock as it is: being read, or notifications lost; answers are queries meanwhile. */
  | "loading"
  /** Answers come from memory, which holds the stock as it is. */
  | "current";

/**
 * The used-vehicle listing. Once `watch` has been called it answers from an in-memory index of the stock
 * (see used-stock-index.server.ts), which it reads again whenever the process's one change notification says one of
 * USED_STOCK_TABLES changed (core/shared/change-notifications.ts, decision 040). From a change until the new
 * stock is read, and whenever the notifications might be missed, it answers with the SQL listing: an answer
 * is never older than the notification of the change. See docs/decisions/013-used-stock-in-memory.md.
 */
export class UsedStock {
  private index: UsedStockIndex | null = null;
  private indexReadAt = new Date(0);
  private listening = false;
  private changed = false;
  private reading: Promise<void> | null = null;
  private unsubscribe: (() => void) | null = null;
  private readonly stopping = new AbortController();

  constructor(
    private readonly db: Database,
    private readonly logger?: Logger,
  ) {}

  get state(): UsedStockState {
    if (this.index) return "current";
    return this.unsubscribe && !this.stopping.signal.aborted ? "loading" : "database";
  }

  /** When the stock in memory was read (null while answers are queries): its age says how long the stock has been unchanged. */
  get readAt(): Date | null {
    return this.index ? this.indexReadAt : null;
  }

  list(query: UsedVehicleQuery, scope: UsedVehicleScope = {}): Promise<{ members: UsedVehicleView[]; total: number }> {
    const index = this.index;
    if (index?.hasOrder(query.order)) return Promise.resolve(index.list(query, scope));
    // An order not sorted yet is sorted off the request (a sort of the whole stock would hold up every
    // request waiting behind it); this answer is a query.
    if (index) this.sortLater(index, query.order);
    return listUsedVehicles(this.db, query, scope);
  }

  /** The filter panel's options with their counts (product.md §7, /api/filters; the refinements). */
  filters(query: UsedVehicleQuery, scope: UsedVehicleScope = {}): Promise<UsedFilters> {
    const index = this.index;
    return index ? Promise.resolve(index.filters(query, scope)) : usedFilters(this.db, query, scope);
  }

  /**
   * The vehicle with this id, whatever its status (the vehicle page, the enquiry about it, the API): from
   * memory for a vehicle on sale, else (a sold vehicle's 410, a draft's 404) with a query.
   */
  async vehicle(id: number): Promise<UsedVehicleView | null> {
    return this.index?.vehicle(id) ?? findUsedVehicle(this.db, id);
  }

  /** A vehicle's VIN, the dealer's stock number and the dealer's description (the vehicle page and its API answer). */
  async details(id: number): Promise<VehicleDetails | null> {
    return this.index?.details(id) ?? vehicleDetails(this.db, id);
  }

  /** A vehicle's price changes, oldest first (the vehicle page's reductions). */
  async priceHistory(id: number): Promise<PriceChange[]> {
    return this.index?.priceHistory(id) ?? priceHistory(this.db, id);
  }

  /** The vehicles on sale among these ids, in the order of the ids (the shortlists). */
  vehicles(ids: number[]): Promise<UsedVehicleView[]> {
    const index = this.index;
    return index ? Promise.resolve(index.vehicles(ids)) : findUsedVehicles(this.db, ids);
  }

  /** Vehicles like this one (the vehicle page). */
  similar(vehicle: { id: number; price: number; body_type: string }): Promise<UsedVehicleView[]> {
    const index = this.index;
    return index ? Promise.resolve(index.similar(vehicle)) : similarUsedVehicles(this.db, vehicle);
  }

  /**
   * Every vehicle on sale, with when that snapshot was read: the one in memory (the same record the pages
   * show), or a fresh read while memory holds none (then `readAt` is now and `snapshot` is new each time).
   */
  async stockRows(): Promise<{ rows: readonly StockRow[]; readAt: Date; snapshot: object }> {
    const index = this.index;
    if (index) return { rows: index.stockRows(), readAt: this.indexReadAt, snapshot: index };
    const rows = await loadUsedStock(this.db);
    return { rows, readAt: new Date(), snapshot: rows };
  }

  /** Follows the stock's changes and reads it; answers come from memory once it is read. */
  watch(changes: ChangeNotifications): void {
    if (this.unsubscribe) throw new Error("UsedStock is already watching the database");
    this.unsubscribe = changes.subscribe(USED_STOCK_TABLES, {
      onChange: () => this.stockChanged(),
      onLost: () => {
        this.listening = false;
        this.index = null;
        this.logger?.warn(
          "used stock: lost the database's change notifications; answering with queries until they are back",
        );
      },
      onListening: () => {
        this.listening = true;
        this.stockChanged();
      },
    });
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    this.index = null;
    this.unsubscribe?.();
    await this.reading;
  }

  private stockChanged(): void {
    this.index = null;
    this.changed = true;
    this.reading ??= this.readUntilCurrent().finally(() => {
      this.reading = null;
      // A change that arrived as the read finished, after its last look, is read now.
      if (this.changed && !this.stopping.signal.aborted) this.stockChanged();
    });
  }

  /** Reads the stock once it has settled, and again while it changed during the read. */
  private async readUntilCurrent(): Promise<void> {
    while (this.changed && !this.stopping.signal.aborted) {
      do {
        this.changed = false;
        await this.pause(SETTLE_MS);
      } while (this.changed && !this.stopping.signal.aborted);
      try {
        const started = performance.now();
        const index = new UsedStockIndex(await loadUsedStock(this.db));
        await this.prepareSiteOrders(index);
        // A change during the read, or lost notifications, leave it unknown whether the read saw everything.
        if (this.changed || !this.listening || this.stopping.signal.aborted) continue;
        this.index = index;
        this.indexReadAt = new Date();
        this.logger?.info(
          { vehicles: index.size, ms: Math.round(performance.now() - started) },
          "used stock read into memory",
        );
      } catch (error) {
        if (this.stopping.signal.aborted) return;
        this.logger?.warn(
          { err: error },
          "used stock: could not read it into memory; answering with queries, trying again",
        );
        await this.pause(RETRY_MS);
        this.changed = true;
      }
    }
  }

  /**
   * Sorts the default order and every one-field order (what the site and most clients ask for) before the
   * index answers, with a turn of the event loop between sorts, so that no request waits for a whole batch.
   */
  private async prepareSiteOrders(index: UsedStockIndex): Promise<void> {
    const orders: UsedVehicleQuery["order"][] = [
      [],
      ...ORDER_FIELDS.flatMap((field) => (["asc", "desc"] as const).map((direction) => [{ field, direction }])),
    ];
    for (const order of orders) {
      if (this.stopping.signal.aborted) return;
      index.prepareOrder(order);
      await nextTurn();
    }
  }

  /**
   * Sorts an order in a later turn of the event loop, one sort per turn: requests that asked for it meanwhile
   * are answered with queries, and a replaced index is not sorted at all.
   */
  private sortLater(index: UsedStockIndex, order: UsedVehicleQuery["order"]): void {
    setImmediate(() => {
      if (this.index === index && !index.hasOrder(order)) index.prepareOrder(order);
    });
  }

  /** A pause that `stop` cuts short. */
  private pause(ms: number): Promise<void> {
    return sleep(ms, undefined, { signal: this.stopping.signal }).catch(() => {});
  }
}
