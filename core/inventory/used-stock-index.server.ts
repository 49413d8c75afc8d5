import { type Bitset, bitsetsByCode, bitsetWhere, countOf, has, intersection, union, wordsFor } from "./bitset.ts";
import { compileKeywords, type KeywordTerm } from "./keyword-match.ts";
import { rangeSteps } from "./used-facets.ts";
import {
  BODY_TYPES,
  FUEL_TYPES,
  fullOrder,
  hasRefinements,
  type OrderField,
  PROVINCES,
  TRANSMISSIONS,
  type UsedVehicleQuery,
  VEHICLE_STATES,
} from "./used-query.ts";
import {
  compareText,
  pageSlice,
  type PriceChange,
  priceChangesOf,
  SIMILAR,
  type StockRow,
  toView,
  type UsedFilters,
  type UsedVehicleScope,
  type UsedVehicleView,
  type VehicleDetails,
} from "./used-vehicles.server.ts";

/** Choices of filters whose counts are kept: a few KB each. */
const KEPT_FILTER_CHOICES = 256;

/**
 * The used stock held in memory, answering the listing (filters, order, page, total) without a database
 * round trip. It is one consistent snapshot: UsedStock (used-stock.server.ts) replaces it whole when the stock
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
  /** Each vehicle's values for the refinements and the keywords, as codes (see `Columns`). */
  private readonly columns: Columns;
  /** Each vehicle's position in `rows` by its id, made on the first vehicle page. */
  private positionById: Map<number, number> | null = null;
  /** The vehicles of each body type in order of price, made on the first `similar`. */
  private sortedByBodyType: Map<string, StockRow[]> | null = null;
  /** The filter panel's counts by choice of filters (`filters`), the oldest choice dropped first. */
  private readonly filterCounts = new Map<string, UsedFilters>();

  constructor(rows: StockRow[]) {
    this.rows = rows;
    this.columns = new Columns(rows);
    this.codes = {
      dealer: new Map(),
      make: new Map(),
      model: new Map(),
      fuel: new Map(),
      transmission: new Map(),
      state: new Map(),
    };
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

  /** Every vehicle on sale, as read (the catalogue channels map each to their rows); never to be changed. */
  stockRows(): readonly StockRow[] {
    return this.rows;
  }

  /** A vehicle on sale (Available or Reserved); null when the stock has no such vehicle. */
  vehicle(id: number): UsedVehicleView | null {
    const row = this.rowOf(id);
    return row ? toView(row) : null;
  }

  /** A vehicle's price changes, oldest first (`priceHistory`); null when the stock has no such vehicle. */
  priceHistory(id: number): PriceChange[] | null {
    const row = this.rowOf(id);
    return row ? priceChangesOf(row) : null;
  }

  /** A vehicle's identifiers and description (shown on its page); null when the stock has no such vehicle. */
  details(id: number): VehicleDetails | null {
    const row = this.rowOf(id);
    return row
      ? { vin: row.vin, stockNumber: row.stockNumber, description: row.description, features: row.features }
      : null;
  }

  private rowOf(id: number): StockRow | null {
    this.positionById ??= new Map(this.rows.map((row, position) => [row.id, position]));
    const position = this.positionById.get(id);
    return position === undefined ? null : this.rows[position]!;
  }

  /** The vehicles on sale among these ids, in the order of the ids (`findUsedVehicles`). */
  vehicles(ids: readonly number[]): UsedVehicleView[] {
    return ids.flatMap((id) => this.vehicle(id) ?? []);
  }

  /** Vehicles like this one, as `similarUsedVehicles` answers: the same body type, priced within 20%, nearest in price first. */
  similar(vehicle: { id: number; price: number; body_type: string }, limit = SIMILAR.limit): UsedVehicleView[] {
    const [low, high] = SIMILAR.priceBounds(vehicle.price);
    const sameBody = this.byBodyTypeAndPrice().get(vehicle.body_type) ?? [];
    return nearestInPrice(sameBody, vehicle.price, { low, high, except: vehicle.id, limit }).map(toView);
  }

  /** The vehicles of each body type by price, made on the first vehicle page (a vehicle page asks for similar ones). */
  private byBodyTypeAndPrice(): Map<string, StockRow[]> {
    if (this.sortedByBodyType) return this.sortedByBodyType;
    const byBodyType = new Map<string, StockRow[]>();
    for (const row of this.rows) {
      const list = byBodyType.get(row.bodyType);
      if (list) list.push(row);
      else byBodyType.set(row.bodyType, [row]);
    }
    for (const list of byBodyType.values()) list.sort((a, b) => a.price - b.price);
    this.sortedByBodyType = byBodyType;
    return byBodyType;
  }

  /** Whether the vehicles are sorted in this order already (`list` sorts them on first use otherwise). */
  hasOrder(order: UsedVehicleQuery["order"]): boolean {
    return this.orderings.has(orderKey(order));
  }

  /** Sorts the vehicles in an order ahead of the first query that asks for it, which would otherwise wait for the sort. */
  prepareOrder(order: UsedVehicleQuery["order"]): void {
    this.ordering(order);
  }

  /** One page of the list and the total that matches, as `listUsedVehicles` answers them. */
  list(query: UsedVehicleQuery, scope: UsedVehicleScope = {}): { members: UsedVehicleView[]; total: number } {
    if (hasRefinements(query)) return this.listRefined(query, scope);
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

  /** A list narrowed by the refinements: the set of matching vehicles (bitset.ts), then the page walked in order. */
  private listRefined(query: UsedVehicleQuery, scope: UsedVehicleScope): { members: UsedVehicleView[]; total: number } {
    const matching = intersection(this.conditions(query, scope).map((condition) => condition.set));
    const total = countOf(matching, null, this.rows.length);
    const slice = pageSlice(total, query.page);
    if (slice === null) return { members: [], total };
    const { positions } = this.ordering(query.order);
    const last = positions.length - 1;
    const found: number[] = [];
    let skip = slice.offset;
    for (let step = 0; step <= last && found.length < slice.limit; step++) {
      const position = positions[slice.reverse ? last - step : step]!;
      if (!has(matching, position)) continue;
      if (skip > 0) skip -= 1;
      else found.push(position);
    }
    if (slice.reverse) found.reverse();
    return { members: found.map((i) => toView(this.rows[i]!)), total };
  }

  /**
   * The filter panel's counts (`usedFilters` answers the same from SQL), kept per choice of filters: a listing's
   * pages and orders, and the same listing asked with a campaign's tags, share them. The answer is shared, never
   * to be changed.
   */
  filters(query: UsedVehicleQuery, scope: UsedVehicleScope = {}): UsedFilters {
    const { page: _page, order: _order, ...choice } = query;
    // The year steps follow the calendar, so a new year is a new choice.
    const key = JSON.stringify([choice, scope, new Date().getFullYear()]);
    const kept = this.filterCounts.get(key);
    if (kept) return kept;
    const counted = this.countFilters(query, scope);
    if (this.filterCounts.size >= KEPT_FILTER_CHOICES) this.filterCounts.delete(this.filterCounts.keys().next().value!);
    this.filterCounts.set(key, counted);
    return counted;
  }

  /**
   * An option counts the vehicles in its set and in every other group's filter (its own group's left out), as set
   * intersections (bitset.ts).
   */
  private countFilters(query: UsedVehicleQuery, scope: UsedVehicleScope): UsedFilters {
    const c = this.columns;
    const n = this.rows.length;
    const conditions = this.conditions(query, scope);
    const others = (facet: Facet) =>
      intersection(conditions.filter((cond) => (FACET_BIT[cond.facet] & IGNORED[facet]) === 0).map((cond) => cond.set));
    const perCode = (facet: Facet, sets: Bitset[]) => {
      const base = others(facet);
      return sets.map((set) => countOf(base, set, n));
    };
    const named = (counts: number[], names: { name: string; slug: string }[]) =>
      names
        .map((name, code) => ({ name: name.name, slug: name.slug, count: counts[code]! }))
        .filter((o) => o.count > 0);
    const options = (counts: number[], codes: Map<string | number, number>, values: readonly string[]) =>
      values.map((value) => ({ value, count: counts[codes.get(value) ?? -1] ?? 0 }));
    const steps = rangeSteps();
    const range = (facet: Facet, field: RangeField, bounds: readonly number[], bound: "gte" | "lte") => {
      const base = others(facet);
      return bounds.map((value) => ({
        value,
        count: countOf(
          base,
          bound === "gte" ? c.rangeSet(field, value, undefined) : c.rangeSet(field, undefined, value),
          n,
        ),
      }));
    };
    const colourCounts = perCode("colour", c.sets("colour"));
    return {
      makes: named(perCode("make", c.sets("make")), c.makes).sort(byName),
      models: query.makeSlug ? named(perCode("model", c.sets("modelSlug")), c.modelSlugs).sort(byName) : [],
      fuelTypes: options(perCode("fuel", c.sets("fuel")), c.fuels, FUEL_TYPES),
      transmissionTypes: options(perCode("transmission", c.sets("transmission")), c.transmissions, TRANSMISSIONS),
      vehicleStates: options(perCode("state", c.sets("state")), c.states, VEHICLE_STATES),
      total: countOf(intersection(conditions.map((cond) => cond.set)), null, n),
      bodyTypes: options(perCode("body", c.sets("body")), c.bodies, BODY_TYPES),
      colours: c.colours
        .map((value, code) => ({ value, count: colourCounts[code]! }))
        .filter((o) => o.count > 0)
        .sort((a, b) => compareText(a.value, b.value)),
      provinces: options(perCode("province", c.sets("province")), c.provinces, PROVINCES),
      dealers: named(perCode("dealer", c.sets("dealer")), c.dealers).sort((a, b) => compareText(a.name, b.name)),
      priceMin: range("priceMin", "price", steps.price, "gte"),
      priceMax: range("priceMax", "price", steps.price, "lte"),
      yearMin: range("yearMin", "year", steps.year, "gte"),
      yearMax: range("yearMax", "year", steps.year, "lte"),
      mileageMax: range("mileageMax", "mileage", steps.mileage, "lte"),
    };
  }

  /** Each filter in force as the set of vehicles it lets through, with the group it belongs to. */
  private conditions(query: UsedVehicleQuery, scope: UsedVehicleScope): { facet: Facet | "always"; set: Bitset }[] {
    const c = this.columns;
    const conditions: { facet: Facet | "always"; set: Bitset }[] = [];
    const option = (
      facet: Facet | "always",
      column: CodedColumn,
      codes: Map<string | number, number>,
      values: readonly (string | number)[] | undefined,
    ) => {
      if (!values || values.length === 0) return;
      const sets = c.sets(column);
      const chosen = values.flatMap((value) => sets[codes.get(value) ?? -1] ?? []);
      conditions.push({ facet, set: chosen.length === 1 ? chosen[0]! : union(chosen, c.words) });
    };
    const range = (facet: Facet, field: RangeField, min: number | undefined, max: number | undefined) => {
      if (min !== undefined || max !== undefined) conditions.push({ facet, set: c.rangeSet(field, min, max) });
    };
    if (scope.dealerId !== undefined) option("always", "dealer", c.dealerIds, [scope.dealerId]);
    if (query.makeSlug) option("make", "make", c.makeSlugs, [query.makeSlug]);
    // A model chosen without a make is left out with the make (as the SQL counts do).
    if (query.modelSlug) option(query.makeSlug ? "model" : "make", "modelSlug", c.modelSlugCodes, [query.modelSlug]);
    option("fuel", "fuel", c.fuels, query.fuelTypes);
    option("transmission", "transmission", c.transmissions, query.transmissions);
    option("state", "state", c.states, query.states);
    option("body", "body", c.bodies, query.bodyTypes);
    option("colour", "colour", c.colourCodes, query.colours);
    option("province", "province", c.provinces, query.provinces);
    option("dealer", "dealer", c.dealerSlugs, query.dealerSlugs);
    range("priceMin", "price", query.priceMin, undefined);
    range("priceMax", "price", undefined, query.priceMax);
    range("yearMin", "year", query.yearMin, undefined);
    range("yearMax", "year", undefined, query.yearMax);
    range("mileageMax", "mileage", undefined, query.mileageMax);
    if (query.keywords !== undefined) {
      for (const term of compileKeywords(query.keywords, c.vocabulary))
        conditions.push({ facet: "always", set: c.termSet(term) });
    }
    return conditions;
  }

  /**
   * Which combinations the query accepts (1 at a combination's id) and how many vehicles they hold; null
   * when a slug or option names nothing in stock.
   */
  private acceptedGroups(
    query: UsedVehicleQuery,
    scope: UsedVehicleScope,
  ): { groups: Uint8Array; total: number; everything: boolean } | null {
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
      if (values !== undefined)
        filter.push({ position, codes: values.flatMap((value) => this.codes[field].get(value) ?? []) });
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
      const keys = fullOrder(order).map(({ field, direction }) => ({
        values: this.sortKeys[field],
        sign: direction === "asc" ? 1 : -1,
      }));
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

const orderKey = (order: UsedVehicleQuery["order"]) =>
  fullOrder(order)
    .map(({ field, direction }) => `${field} ${direction}`)
    .join(",");

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

/**
 * The groups of filters whose options are counted, each with a bit; an option is counted with the filters
 * of its own group left out (IGNORED). A make is counted with the model left out too (as the SQL counts do:
 * choosing another make clears the model).
 */
const FACETS = [
  "make",
  "model",
  "fuel",
  "transmission",
  "state",
  "body",
  "colour",
  "province",
  "dealer",
  "priceMin",
  "priceMax",
  "yearMin",
  "yearMax",
  "mileageMax",
] as const;
type Facet = (typeof FACETS)[number];
const FACET_BIT = Object.fromEntries([
  ...FACETS.map((facet, i) => [facet, 1 << i]),
  ["always", 1 << FACETS.length],
]) as Record<Facet | "always", number>;
/** The filters left out when an option of each group is counted. */
const IGNORED = Object.fromEntries(
  FACETS.map((facet) => [facet, facet === "make" ? FACET_BIT.make | FACET_BIT.model : FACET_BIT[facet]]),
) as Record<Facet, number>;

const byName = (a: { name: string }, b: { name: string }) => compareText(a.name, b.name);

/** Codes of a column's distinct values, in order of first appearance. */
class Codes<Value> {
  readonly map = new Map<Value, number>();
  readonly values: Value[] = [];
  code(value: Value): number {
    let code = this.map.get(value);
    if (code === undefined) {
      code = this.values.push(value) - 1;
      this.map.set(value, code);
    }
    return code;
  }
}

/** The stock's columns the refinements and the facet counts read, one typed array each. */
class Columns {
  readonly price: Int32Array;
  readonly year: Int32Array;
  readonly mileage: Int32Array;
  readonly make: Uint16Array;
  readonly modelSlug: Uint16Array;
  readonly model: Uint16Array;
  readonly fuel: Uint16Array;
  readonly transmission: Uint16Array;
  readonly state: Uint16Array;
  readonly body: Uint16Array;
  readonly colour: Uint16Array;
  readonly province: Uint16Array;
  readonly dealer: Uint16Array;
  readonly variant: Uint16Array;
  readonly makes: { name: string; slug: string }[];
  readonly modelSlugs: { name: string; slug: string }[];
  readonly makeSlugs: Map<string | number, number>;
  readonly modelSlugCodes: Map<string | number, number>;
  readonly fuels: Map<string | number, number>;
  readonly transmissions: Map<string | number, number>;
  readonly states: Map<string | number, number>;
  readonly bodies: Map<string | number, number>;
  readonly colourCodes: Map<string | number, number>;
  readonly colours: string[];
  readonly provinces: Map<string | number, number>;
  readonly dealerSlugs: Map<string | number, number>;
  readonly dealerIds: Map<string | number, number>;
  readonly dealers: { name: string; slug: string }[];
  readonly vocabulary: { makes: { key: number; name: string }[]; models: { key: number; name: string }[] };
  private readonly variants: string[];
  private readonly fuelNames: string[];
  private readonly transmissionNames: string[];
  private readonly bodyNames: string[];

  constructor(rows: StockRow[]) {
    const makes = new Codes<string>();
    const modelSlugs = new Codes<string>();
    const models = new Codes<string>();
    const fuels = new Codes<string>();
    const transmissions = new Codes<string>();
    const states = new Codes<string>();
    const bodies = new Codes<string>();
    const colours = new Codes<string>();
    const provinces = new Codes<string>();
    const dealers = new Codes<number>();
    const variants = new Codes<string>();
    const makeNames: { name: string; slug: string }[] = [];
    const modelSlugNames: { name: string; slug: string }[] = [];
    const modelNames: string[] = [];
    const dealerNames: { name: string; slug: string }[] = [];
    const n = rows.length;
    this.price = Int32Array.from(rows, (row) => row.price);
    this.year = Int32Array.from(rows, (row) => row.year);
    this.mileage = Int32Array.from(rows, (row) => row.mileageKm);
    const codes = (codeOf: (row: StockRow, i: number) => number) => Uint16Array.from(rows, codeOf);
    this.make = codes((row) => {
      const code = makes.code(row.make[1]);
      makeNames[code] ??= { name: row.make[0], slug: row.make[1] };
      return code;
    });
    this.modelSlug = codes((row) => {
      const code = modelSlugs.code(row.model[1]);
      modelSlugNames[code] ??= { name: row.model[0], slug: row.model[1] };
      return code;
    });
    this.model = codes((row) => {
      const code = models.code(`${row.make[1]}/${row.model[1]}`);
      modelNames[code] ??= row.model[0];
      return code;
    });
    this.fuel = codes((row) => fuels.code(row.fuelType));
    this.transmission = codes((row) => transmissions.code(row.transmission));
    this.state = codes((row) => states.code(row.state));
    this.body = codes((row) => bodies.code(row.bodyType));
    this.colour = codes((row) => colours.code(row.exteriorColor.toLowerCase()));
    this.province = codes((row) => provinces.code(row.dealer[2]));
    this.dealer = codes((row) => {
      const code = dealers.code(row.dealerId);
      dealerNames[code] ??= { name: row.dealer[0], slug: row.dealer[1] };
      return code;
    });
    this.variant = codes((row) => variants.code(row.variant.toLowerCase()));
    if (
      n > 0 &&
      Math.max(
        makes.values.length,
        models.values.length,
        variants.values.length,
        dealers.values.length,
        colours.values.length,
      ) > 0xffff
    ) {
      throw new Error("used stock index: more than 65 535 distinct values in a column");
    }
    this.makes = makeNames;
    this.modelSlugs = modelSlugNames;
    this.makeSlugs = makes.map;
    this.modelSlugCodes = modelSlugs.map;
    this.fuels = fuels.map;
    this.transmissions = transmissions.map;
    this.states = states.map;
    this.bodies = bodies.map;
    this.colourCodes = colours.map;
    this.colours = colours.values;
    this.provinces = provinces.map;
    this.dealerIds = dealers.map;
    this.dealers = dealerNames;
    this.dealerSlugs = new Map(dealerNames.map((d, code) => [d.slug, code]));
    this.vocabulary = {
      makes: makeNames.map((m, key) => ({ key, name: m.name })),
      models: modelNames.map((name, key) => ({ key, name })),
    };
    this.variants = variants.values;
    this.fuelNames = fuels.values.map((v) => v.toLowerCase());
    this.transmissionNames = transmissions.values.map((v) => v.toLowerCase());
    this.bodyNames = bodies.values.map((v) => v.toLowerCase());
    this.words = wordsFor(n);
  }

  readonly words: number;
  private readonly setCache = new Map<CodedColumn, Bitset[]>();
  private readonly rangeCache = new Map<string, Bitset>();
  private readonly termCache = new Map<string, Bitset>();
  private yearSets: Map<number, Bitset> | null = null;

  /** The set of vehicles of each code of a column (built on first use). */
  sets(column: CodedColumn): Bitset[] {
    let sets = this.setCache.get(column);
    if (!sets) {
      const values = this[column];
      let count = 0;
      for (let i = 0; i < values.length; i++) if (values[i]! + 1 > count) count = values[i]! + 1;
      sets = bitsetsByCode(values, count);
      this.setCache.set(column, sets);
    }
    return sets;
  }

  /** The vehicles whose price, year or mileage lies within the bounds (inclusive); the filter panel's steps stay cached. */
  rangeSet(field: RangeField, min: number | undefined, max: number | undefined): Bitset {
    const key = `${field}:${min ?? ""}:${max ?? ""}`;
    let set = this.rangeCache.get(key);
    if (!set) {
      const values = this[field];
      const low = min ?? -Infinity;
      const high = max ?? Infinity;
      set = bitsetWhere(values.length, (i) => values[i]! >= low && values[i]! <= high);
      remember(this.rangeCache, key, set);
    }
    return set;
  }

  /** The vehicles one keyword matches (termMatches' rule, decided once per distinct value of each field). */
  termSet(term: KeywordTerm<number>): Bitset {
    let set = this.termCache.get(term.text);
    if (!set) {
      const pick = (column: CodedColumn, matches: (code: number) => boolean) =>
        this.sets(column).filter((_, code) => matches(code));
      const parts = [
        ...pick("make", (code) => term.makes.has(code)),
        ...pick("model", (code) => term.models.has(code)),
        ...pick("variant", (code) => this.variants[code]!.includes(term.text)),
        ...pick("colour", (code) => this.colours[code]!.includes(term.text)),
        ...pick("fuel", (code) => this.fuelNames[code]!.startsWith(term.text)),
        ...pick("transmission", (code) => this.transmissionNames[code]!.startsWith(term.text)),
        ...pick("body", (code) => this.bodyNames[code]!.startsWith(term.text)),
      ];
      if (term.year !== null) {
        this.yearSets ??= new Map();
        let years = this.yearSets.get(term.year);
        if (!years) {
          const year = term.year;
          years = bitsetWhere(this.year.length, (i) => this.year[i] === year);
          this.yearSets.set(year, years);
        }
        parts.push(years);
      }
      set = union(parts, this.words);
      remember(this.termCache, term.text, set);
    }
    return set;
  }
}

type CodedColumn =
  | "make"
  | "modelSlug"
  | "model"
  | "fuel"
  | "transmission"
  | "state"
  | "body"
  | "colour"
  | "province"
  | "dealer"
  | "variant";
type RangeField = "price" | "year" | "mileage";

/** At most this many range and keyword sets are kept per snapshot (the filter panel's steps and common words). */
const CACHED_SETS = 512;

function remember(cache: Map<string, Bitset>, key: string, set: Bitset): void {
  if (cache.size >= CACHED_SETS) cache.delete(cache.keys().next().value!);
  cache.set(key, set);
}

/**
 * The `limit` rows nearest in price to `target` within [low, high], `except` one id, in the order of the SQL
 * (`similarUsedVehicles`): nearest first, and among rows as near, the highest id first. `byPrice` is sorted by price;
 * the search starts where `target` would go and widens one price step at a time to either side, so it reads about
 * `limit` rows instead of sorting every row of the body type.
 */
export function nearestInPrice<Row extends { id: number; price: number }>(
  byPrice: readonly Row[],
  target: number,
  { low, high, except, limit }: { low: number; high: number; except: number; limit: number },
): Row[] {
  let right = firstAtOrAbove(byPrice, target);
  let left = right - 1;
  const below = () => (left >= 0 && byPrice[left]!.price >= low ? target - byPrice[left]!.price : Infinity);
  const above = () =>
    right < byPrice.length && byPrice[right]!.price <= high ? byPrice[right]!.price - target : Infinity;
  const nearest: Row[] = [];
  while (nearest.length < limit) {
    const distance = Math.min(below(), above());
    if (distance === Infinity) break;
    const asNear: Row[] = [];
    while (below() === distance) asNear.push(byPrice[left--]!);
    while (above() === distance) asNear.push(byPrice[right++]!);
    asNear.sort((a, b) => b.id - a.id);
    for (const row of asNear) if (row.id !== except && nearest.length < limit) nearest.push(row);
  }
  return nearest;
}

/** The position of the first row priced at or above `price` (the length when none is). */
function firstAtOrAbove(byPrice: readonly { price: number }[], price: number): number {
  let low = 0;
  let high = byPrice.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (byPrice[middle]!.price < price) low = middle + 1;
    else high = middle;
  }
  return low;
}
