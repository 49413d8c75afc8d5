import { fullOrder, type OrderField, type UsedVehicleQuery } from "./used-query.ts";
import { pageSlice, type StockRow, toView, type UsedVehicleScope, type UsedVehicleView } from "./used-vehicles.ts";

/**
 * The used stock held in memory, answering the listing (filters, order, page, total) without a database
 * round trip. It is one consistent snapshot: UsedStock (used-stock.ts) replaces it whole when the stock
 * changes. Its answers are exactly those of the SQL listing (`listUsedVehicles`); used-stock.test.ts
 * compares the two on random queries. (The SQL matches a model among the make's models and the index
 * matches the vehicle's model slug: the same thing, because the database refuses a vehicle whose model is
 * another make's, migration 0008.)
 *
 * Vehicles are grouped by their combination of filter values (a few hundred combinations): a query decides
 * which combinations it accepts, which gives the total, and a page is read by walking the vehicles in the
 * query's order, sorted once per snapshot, with one array look-up per vehicle.
 */
export class UsedStockIndex {
  private readonly rows: StockRow[];
  private readonly codes: Record<FilterField, Map<string | number, number>>;
  /** The distinct combinations of filter codes (a few hundred), with how many vehicles have each. */
  private readonly groups: { codes: number[]; vehicles: number }[] = [];
  /** Each vehicle's combination, by position in `rows`. */
  private readonly groupOf: Int32Array;
  private readonly sortKeys: Record<OrderField | "id", Int32Array>;
  /** For each order asked for: the vehicles' positions in that order, and their combinations in the same order. */
  private readonly orderings = new Map<string, { positions: Int32Array; groups: Int32Array }>();

  constructor(rows: StockRow[]) {
    this.rows = rows;
    this.codes = { dealer: new Map(), make: new Map(), model: new Map(), fuel: new Map(), transmission: new Map(), state: new Map() };
    this.sortKeys = {
      id: Int32Array.from(rows, (row) => row.id),
      price: Int32Array.from(rows, (row) => row.price),
      year: Int32Array.from(rows, (row) => row.year),
      mileage: Int32Array.from(rows, (row) => row.mileageKm),
    };
    const groupIds = new Map<string, number>();
    this.groupOf = Int32Array.from(rows, (row) => {
      const codes = FILTER_FIELDS.map((field) => codeOf(this.codes[field], FILTER_VALUE[field](row)));
      const key = codes.join(",");
      let id = groupIds.get(key);
      if (id === undefined) {
        id = this.groups.push({ codes, vehicles: 0 }) - 1;
        groupIds.set(key, id);
      }
      this.groups[id]!.vehicles += 1;
      return id;
    });
  }

  get size(): number {
    return this.rows.length;
  }

  /** Whether the vehicles are sorted in this order already (`list` sorts them on first use otherwise). */
  hasOrder(order: UsedVehicleQuery["order"]): boolean {
    return this.orderings.has(orderKey(order));
  }

  /** Sorts the vehicles in an order ahead of the first query that asks for it (a sort of 100 000 takes about 100 ms). */
  prepareOrder(order: UsedVehicleQuery["order"]): void {
    this.ordering(order);
  }

  /** One page of the list and the total that matches, as `listUsedVehicles` answers them. */
  list(query: UsedVehicleQuery, scope: UsedVehicleScope = {}): { members: UsedVehicleView[]; total: number } {
    const accepted = this.acceptedGroups(query, scope);
    if (accepted === null) return { members: [], total: 0 };
    const slice = pageSlice(accepted.total, query.page);
    if (slice === null) return { members: [], total: accepted.total };
    const { positions, groups } = this.ordering(query.order);
    const last = positions.length - 1;
    const at = (step: number) => (slice.reverse ? last - step : step);
    const found: number[] = [];
    if (accepted.everything) {
      // Every vehicle matches: the page starts right at its offset.
      for (let step = slice.offset; step < slice.offset + slice.limit; step++) found.push(positions[at(step)]!);
    } else {
      let skip = slice.offset;
      for (let step = 0; step <= last && found.length < slice.limit; step++) {
        if (accepted.groups[groups[at(step)]!] !== 1) continue;
        if (skip > 0) skip -= 1;
        else found.push(positions[at(step)]!);
      }
    }
    if (slice.reverse) found.reverse();
    return { members: found.map((i) => toView(this.rows[i]!)), total: accepted.total };
  }

  /**
   * Which combinations the query accepts (1 at a combination's id) and how many vehicles they hold; null
   * when a slug or option names nothing in stock.
   */
  private acceptedGroups(query: UsedVehicleQuery, scope: UsedVehicleScope): { groups: Uint8Array; total: number; everything: boolean } | null {
    const wanted: Record<FilterField, readonly (string | number)[] | undefined> = {
      dealer: scope.dealerId === undefined ? undefined : [scope.dealerId],
      make: query.makeSlug ? [query.makeSlug] : undefined,
      model: query.modelSlug ? [query.modelSlug] : undefined,
      fuel: query.fuelTypes.length > 0 ? query.fuelTypes : undefined,
      transmission: query.transmissions.length > 0 ? query.transmissions : undefined,
      state: query.states.length > 0 ? query.states : undefined,
    };
    const filter: { position: number; codes: number[] }[] = [];
    FILTER_FIELDS.forEach((field, position) => {
      const values = wanted[field];
      if (values !== undefined) filter.push({ position, codes: values.flatMap((value) => this.codes[field].get(value) ?? []) });
    });
    if (filter.some(({ codes }) => codes.length === 0)) return null;
    const groups = new Uint8Array(this.groups.length);
    let total = 0;
    this.groups.forEach((group, id) => {
      if (filter.every(({ position, codes }) => codes.includes(group.codes[position]!))) {
        groups[id] = 1;
        total += group.vehicles;
      }
    });
    return { groups, total, everything: total === this.rows.length };
  }

  /** The vehicles in a query's full order, sorted the first time that order is asked for. */
  private ordering(order: UsedVehicleQuery["order"]): { positions: Int32Array; groups: Int32Array } {
    const key = orderKey(order);
    let sorted = this.orderings.get(key);
    if (!sorted) {
      const keys = fullOrder(order).map(({ field, direction }) => ({ values: this.sortKeys[field], sign: direction === "asc" ? 1 : -1 }));
      const positions = Int32Array.from(this.rows, (_row, i) => i).sort((a, b) => {
        for (const { values, sign } of keys) {
          const difference = values[a]! - values[b]!;
          if (difference !== 0) return sign * difference;
        }
        return 0;
      });
      sorted = { positions, groups: positions.map((i) => this.groupOf[i]!) };
      this.orderings.set(key, sorted);
    }
    return sorted;
  }
}

const orderKey = (order: UsedVehicleQuery["order"]) => fullOrder(order).map(({ field, direction }) => `${field} ${direction}`).join(",");

const FILTER_FIELDS = ["dealer", "make", "model", "fuel", "transmission", "state"] as const;
type FilterField = (typeof FILTER_FIELDS)[number];

/** The value each filter compares, as the SQL listing compares it (a make or model by its slug). */
const FILTER_VALUE: Record<FilterField, (row: StockRow) => string | number> = {
  dealer: (row) => row.dealerId,
  make: (row) => row.make[1],
  model: (row) => row.model[1],
  fuel: (row) => row.fuelType,
  transmission: (row) => row.transmission,
  state: (row) => row.state,
};

function codeOf(codes: Map<string | number, number>, value: string | number): number {
  let code = codes.get(value);
  if (code === undefined) {
    code = codes.size;
    codes.set(value, code);
  }
  return code;
}
