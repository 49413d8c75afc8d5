import { type Parsed, parsePage, type Violation } from "../shared/violations.ts";

export const USED_PAGE_SIZE = 12;
export const FUEL_TYPES = ["Petrol", "Diesel", "Hybrid"] as const;
export const TRANSMISSIONS = ["Automatic", "Manual"] as const;
export const VEHICLE_STATES = ["Used", "Demo"] as const;
export const ORDER_FIELDS = ["price", "year", "mileage"] as const;

export type FuelType = (typeof FUEL_TYPES)[number];
export type Transmission = (typeof TRANSMISSIONS)[number];
export type VehicleState = (typeof VEHICLE_STATES)[number];
export type OrderField = (typeof ORDER_FIELDS)[number];
export type SortDirection = "asc" | "desc";

/** Everything that narrows or orders the used-vehicle list (SPEC section 7, GET [apiUri]/vehicles). */
export type UsedVehicleQuery = {
  page: number;
  makeSlug?: string;
  modelSlug?: string;
  fuelTypes: FuelType[];
  transmissions: Transmission[];
  states: VehicleState[];
  /** In the order the client gave them; the first decides, the next break ties. */
  order: { field: OrderField; direction: SortDirection }[];
};

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
 * How many pages a total fills: rounded up, so that the last partial page can be reached. (SPEC section 9
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

function readOptions<T extends string>(
  params: URLSearchParams,
  name: string,
  allowed: readonly T[],
  violations: Violation[],
): T[] {
  const chosen = new Set<T>();
  const values = [...params.getAll(`${name}[]`), ...params.getAll(name)];
  // SPEC section 4: choosing 'Any' clears that filter, whatever else the group holds.
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
