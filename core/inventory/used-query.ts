import { type Parsed, parsePage, type Violation } from "../shared/violations.ts";

export const USED_PAGE_SIZE = 12;
/** What South African used stock runs on; the filter of product.md §9 offered the first three. */
export const FUEL_TYPES = ["Petrol", "Diesel", "Hybrid", "Plug-in hybrid", "Electric"] as const;
/** The fuel filter's options product.md §9 names: always offered; the others only where stock has them. */
export const SPEC_FUEL_TYPES = ["Petrol", "Diesel", "Hybrid"] as const satisfies readonly (typeof FUEL_TYPES)[number][];
export const TRANSMISSIONS = ["Automatic", "Manual"] as const;
export const VEHICLE_STATES = ["Used", "Demo"] as const;
export const ORDER_FIELDS = ["price", "year", "mileage"] as const;
export const BODY_TYPES = ["Hatchback", "Sedan", "SUV", "Bakkie", "MPV", "Coupe", "Motorcycle", "Other"] as const;
export const PROVINCES = [
  "Eastern Cape",
  "Free State",
  "Gauteng",
  "KwaZulu-Natal",
  "Limpopo",
  "Mpumalanga",
  "North West",
  "Northern Cape",
  "Western Cape",
] as const;

/** The steps the listing's range selects offer (rand, years, km); the API accepts any whole number. */
export const PRICE_STEPS = [
  50_000, 100_000, 150_000, 200_000, 250_000, 300_000, 350_000, 400_000, 500_000, 600_000, 750_000, 1_000_000,
] as const;
export const MILEAGE_STEPS = [10_000, 20_000, 40_000, 60_000, 80_000, 100_000, 150_000, 200_000] as const;
export const FIRST_LISTED_YEAR = 2010;

export type FuelType = (typeof FUEL_TYPES)[number];
export type Transmission = (typeof TRANSMISSIONS)[number];
export type VehicleState = (typeof VEHICLE_STATES)[number];
export type OrderField = (typeof ORDER_FIELDS)[number];
export type SortDirection = "asc" | "desc";
export type BodyType = (typeof BODY_TYPES)[number];
export type Province = (typeof PROVINCES)[number];

/**
 * The refinements: filters beyond product.md §7's, each absent when not in force (so a query without them is exactly the
 * one of product.md §7): ranges are inclusive; colours are compared lower-cased; `keywords` is the raw `q`, matched by
 * core/inventory/keyword-match.ts.
 */
export type UsedRefinements = {
  priceMin?: number;
  priceMax?: number;
  yearMin?: number;
  yearMax?: number;
  mileageMax?: number;
  bodyTypes?: BodyType[];
  colours?: string[];
  provinces?: Province[];
  dealerSlugs?: string[];
  keywords?: string;
};

/** Everything that narrows or orders the used-vehicle list (product.md §7, GET [apiUri]/vehicles). */
export type UsedVehicleQuery = {
  page: number;
  makeSlug?: string;
  modelSlug?: string;
  fuelTypes: FuelType[];
  transmissions: Transmission[];
  states: VehicleState[];
  /** In the order the client gave them; the first decides, the next break ties. */
  order: { field: OrderField; direction: SortDirection }[];
} & UsedRefinements;

/** Whether a query uses any of the refinements (the filters of product.md §9 alone are answered from pre-summed counts). */
export function hasRefinements(query: UsedRefinements): boolean {
  return REFINEMENT_KEYS.some((key) => query[key] !== undefined);
}

const REFINEMENT_KEYS = [
  "priceMin",
  "priceMax",
  "yearMin",
  "yearMax",
  "mileageMax",
  "bodyTypes",
  "colours",
  "provinces",
  "dealerSlugs",
  "keywords",
] as const satisfies readonly (keyof UsedRefinements)[];

const ORDER_KEY = /^order\[(\w+)\]$/;

/**
 * The whole ordering of a list: the client's orders, then the id in the direction of the last of them
 * (newest first by default), so that pages never repeat or skip a vehicle and one index scan, forwards or
 * backwards, gives the order without a sort.
 */
export function fullOrder(order: UsedVehicleQuery["order"]): { field: OrderField | "id"; direction: SortDirection }[] {
  return [...order, { field: "id", direction: order.at(-1)?.direction ?? "desc" }];
}

/**
 * How many pages a total fills: rounded up, so that the last partial page can be reached. (product.md §9
 * says rounded down, which would hide up to 11 vehicles; see docs/decisions/004-used-listing.md.)
 */
export function usedPageCount(total: number): number {
  return Math.ceil(Math.max(0, total) / USED_PAGE_SIZE);
}

/**
 * Parses the list's query string. Rules: empty values are ignored; 'Any' clears its group (even beside
 * other values of the group); option values
 * match case-insensitively; list parameters may be repeated with or without `[]`; an unknown option
 * value, order field or direction, or a page that is not a whole number from 1, is a violation (400).
 */
export function parseUsedVehicleQuery(params: URLSearchParams): Parsed<UsedVehicleQuery> {
  const violations: Violation[] = [];
  const query: UsedVehicleQuery = {
    page: parsePage(params.get("page"), violations),
    makeSlug: nonEmpty(params.get("make_slug")),
    modelSlug: nonEmpty(params.get("model_slug")),
    fuelTypes: readOptions(params, "fuelType", FUEL_TYPES, violations),
    transmissions: readOptions(params, "transmissionType", TRANSMISSIONS, violations),
    states: readOptions(params, "vehicle_state", VEHICLE_STATES, violations),
    order: [],
    ...parseRefinements(params, violations),
  };
  for (const [key, rawValue] of params) {
    const field = ORDER_KEY.exec(key)?.[1];
    if (field === undefined || rawValue === "") continue;
    const direction = rawValue.toLowerCase();
    if (!isOneOf(field, ORDER_FIELDS)) {
      violations.push({ propertyPath: key, message: `can order by ${ORDER_FIELDS.join(", ")} only` });
    } else if (direction !== "asc" && direction !== "desc") {
      violations.push({ propertyPath: key, message: "must be asc or desc" });
    } else if (!query.order.some((o) => o.field === field)) {
      query.order.push({ field, direction });
    }
  }
  return violations.length > 0 ? { ok: false, violations } : { ok: true, value: query };
}

const MAX_KEYWORDS_LENGTH = 100;
const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;
const COLOUR = /^[\p{L} -]{1,30}$/u;

/** The refinements; only those given are set. */
function parseRefinements(params: URLSearchParams, violations: Violation[]): UsedRefinements {
  const refinements: UsedRefinements = {
    priceMin: readWhole(params, "price[gte]", 0, 100_000_000, violations),
    priceMax: readWhole(params, "price[lte]", 0, 100_000_000, violations),
    yearMin: readWhole(params, "year[gte]", 1900, 2100, violations),
    yearMax: readWhole(params, "year[lte]", 1900, 2100, violations),
    mileageMax: readWhole(params, "mileage[lte]", 0, 10_000_000, violations),
    bodyTypes: nonEmptyList(readOptions(params, "bodyType", BODY_TYPES, violations)),
    provinces: nonEmptyList(readOptions(params, "province", PROVINCES, violations)),
    colours: nonEmptyList(
      readWords(params, "colour", COLOUR, "must be a colour name (letters, spaces, hyphens)", violations).map((c) =>
        c.toLowerCase(),
      ),
    ),
    // Only `dealer[]`: a bare `dealer` is /api/filters' scope (product.md §7), not this filter.
    dealerSlugs: nonEmptyList(readWords(params, "dealer[]", SLUG, "must be a dealer's slug", violations)),
    keywords: readKeywords(params.get("q"), violations),
  };
  checkRange(refinements.priceMin, refinements.priceMax, "price", violations);
  checkRange(refinements.yearMin, refinements.yearMax, "year", violations);
  for (const key of REFINEMENT_KEYS) if (refinements[key] === undefined) delete refinements[key];
  return refinements;
}

function readWhole(
  params: URLSearchParams,
  name: string,
  min: number,
  max: number,
  violations: Violation[],
): number | undefined {
  const raw = params.get(name)?.trim();
  if (raw === undefined || raw === "" || raw.toLowerCase() === "any") return undefined;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    violations.push({ propertyPath: name, message: `must be a whole number from ${min} to ${max}` });
    return undefined;
  }
  return Number(raw);
}

function checkRange(min: number | undefined, max: number | undefined, name: string, violations: Violation[]): void {
  if (min !== undefined && max !== undefined && min > max) {
    violations.push({ propertyPath: `${name}[gte]`, message: `must not be above ${name}[lte]` });
  }
}

/** Free values of a repeated parameter (with or without []), once each; 'Any' clears the group. */
function readWords(
  params: URLSearchParams,
  name: string,
  pattern: RegExp,
  message: string,
  violations: Violation[],
): string[] {
  const names = name.endsWith("[]") ? [name] : [`${name}[]`, name];
  // As the documented pattern reads them: an empty value is no choice, and a value is taken as it is, untrimmed.
  const values = names.flatMap((key) => params.getAll(key)).filter((raw) => raw !== "");
  if (values.some((raw) => raw.toLowerCase() === "any")) return [];
  const chosen = new Set<string>();
  for (const raw of values) {
    if (pattern.test(raw)) chosen.add(raw);
    else violations.push({ propertyPath: names[0]!, message });
  }
  return [...chosen];
}

function readKeywords(raw: string | null, violations: Violation[]): string | undefined {
  const keywords = raw?.replace(/\s+/g, " ").trim();
  if (!keywords) return undefined;
  if (keywords.length > MAX_KEYWORDS_LENGTH) {
    violations.push({ propertyPath: "q", message: `must be at most ${MAX_KEYWORDS_LENGTH} characters` });
    return undefined;
  }
  return keywords;
}

function nonEmptyList<T>(values: T[]): T[] | undefined {
  return values.length > 0 ? values : undefined;
}

function readOptions<T extends string>(
  params: URLSearchParams,
  name: string,
  allowed: readonly T[],
  violations: Violation[],
): T[] {
  const chosen = new Set<T>();
  const values = [...params.getAll(`${name}[]`), ...params.getAll(name)];
  // product.md §4: choosing 'Any' clears that filter, whatever else the group holds.
  const any = values.some((raw) => raw.toLowerCase() === "any");
  for (const raw of values) {
    if (raw === "" || raw.toLowerCase() === "any") continue;
    const match = allowed.find((option) => option.toLowerCase() === raw.toLowerCase());
    if (match) chosen.add(match);
    else violations.push({ propertyPath: `${name}[]`, message: `must be one of Any, ${allowed.join(", ")}` });
  }
  return any ? [] : [...chosen];
}

function nonEmpty(value: string | null): string | undefined {
  return value === null || value.trim() === "" ? undefined : value.trim();
}

function isOneOf<T extends string>(value: string, options: readonly T[]): value is T {
  return (options as readonly string[]).includes(value);
}
