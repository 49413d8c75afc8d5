import {
  FUEL_TYPES,
  type FuelType,
  type OrderField,
  parseUsedVehicleQuery,
  type SortDirection,
  SPEC_FUEL_TYPES,
  TRANSMISSIONS,
  type Transmission,
  type UsedRefinements,
  type UsedVehicleQuery,
  VEHICLE_STATES,
  type VehicleState,
} from "../../core/inventory/used-query.ts";
import { dealerPath } from "./scope.ts";

/**
 * The used listing's URLs (product.md §2, §4 and §9): make and model live in the path, everything else in
 * the query string, which core/inventory/used-query.ts parses (the same parser as the API). The filter
 * form posts plain field names (make, model, sort); `canonicalListing` turns a submitted form into the
 * listing's canonical URL, with the spec's rules, for the server (no JavaScript: a redirect) and the
 * browser (JavaScript: a client-side navigation) alike.
 */

/** The sort menu (product.md §9), mapped to order[price] / order[mileage]. */
export const SORT_OPTIONS: { value: string; label: string; order?: { field: OrderField; direction: SortDirection } }[] =
  [
    { value: "", label: "Default" },
    { value: "price-asc", label: "Price: low to high", order: { field: "price", direction: "asc" } },
    { value: "price-desc", label: "Price: high to low", order: { field: "price", direction: "desc" } },
    { value: "mileage-asc", label: "Mileage: low to high", order: { field: "mileage", direction: "asc" } },
    { value: "mileage-desc", label: "Mileage: high to low", order: { field: "mileage", direction: "desc" } },
  ];

/** Query-string names of the option groups (the API's, without the optional []). */
export const FILTER_GROUPS = [
  { name: "transmissionType", legend: "Manual/Automatic", options: TRANSMISSIONS, key: "transmissions" },
  { name: "vehicle_state", legend: "Demo/Used", options: VEHICLE_STATES, key: "states" },
  { name: "fuelType", legend: "Fuel type", options: FUEL_TYPES, key: "fuelTypes" },
] as const;

/**
 * The options a group's checkboxes show: all of them, except that the fuels product.md §9 does not name (Plug-in
 * hybrid, Electric) appear only where stock has them, or when chosen.
 */
export function shownOptions(
  group: (typeof FILTER_GROUPS)[number],
  counts: readonly { value: string; count: number }[],
  chosen: readonly string[],
): readonly string[] {
  if (group.key !== "fuelTypes") return group.options;
  const spec: readonly string[] = SPEC_FUEL_TYPES;
  return group.options.filter(
    (option) =>
      spec.includes(option) || chosen.includes(option) || (counts.find((c) => c.value === option)?.count ?? 0) > 0,
  );
}

/** The parameters only the filter form sends; their presence means "a form was submitted". */
const FORM_FIELDS = ["make", "model", "sort"] as const;

export type ListingState = {
  makeSlug?: string;
  modelSlug?: string;
  fuelTypes: FuelType[];
  transmissions: Transmission[];
  states: VehicleState[];
  order: UsedVehicleQuery["order"];
  page: number;
} & UsedRefinements;

/** The refinements (`UsedRefinements`) in the query string, in the order they are written, with the API's names. */
const REFINEMENT_PARAMS: {
  name: string;
  values: (state: UsedRefinements) => readonly (string | number)[] | undefined;
}[] = [
  { name: "q", values: (s) => (s.keywords === undefined ? undefined : [s.keywords]) },
  { name: "price[gte]", values: (s) => one(s.priceMin) },
  { name: "price[lte]", values: (s) => one(s.priceMax) },
  { name: "year[gte]", values: (s) => one(s.yearMin) },
  { name: "year[lte]", values: (s) => one(s.yearMax) },
  { name: "mileage[lte]", values: (s) => one(s.mileageMax) },
  { name: "bodyType[]", values: (s) => s.bodyTypes },
  { name: "colour[]", values: (s) => s.colours },
  { name: "province[]", values: (s) => s.provinces },
  { name: "dealer[]", values: (s) => s.dealerSlugs },
];
const one = (value: number | undefined) => (value === undefined ? undefined : [value]);

/** The refinements a state holds, and no others (absent keys stay absent). */
function refinementsOf(state: UsedRefinements): UsedRefinements {
  const { priceMin, priceMax, yearMin, yearMax, mileageMax, bodyTypes, colours, provinces, dealerSlugs, keywords } =
    state;
  const all: UsedRefinements = {
    priceMin,
    priceMax,
    yearMin,
    yearMax,
    mileageMax,
    bodyTypes,
    colours,
    provinces,
    dealerSlugs,
    keywords,
  };
  return Object.fromEntries(Object.entries(all).filter(([, value]) => value !== undefined));
}

export function sortValue(order: UsedVehicleQuery["order"]): string {
  const [first] = order;
  if (!first || order.length > 1) return "";
  return SORT_OPTIONS.find((o) => o.order?.field === first.field && o.order.direction === first.direction)?.value ?? "";
}

/** /used, /used/{make}, /used/{make}/{model}, under the dealer's prefix when scoped. */
export function listingPath(dealerSlug: string | null | undefined, makeSlug?: string, modelSlug?: string): string {
  const segments = ["used", makeSlug, makeSlug ? modelSlug : undefined].filter(Boolean) as string[];
  return dealerPath(dealerSlug, `/${segments.map(encodeURIComponent).join("/")}`);
}

/** The query string of a listing state, in a fixed order; page 1 is left out. Empty when there is nothing. */
function listingSearch(state: Omit<ListingState, "makeSlug" | "modelSlug">): string {
  const parts: string[] = [];
  for (const value of state.transmissions) parts.push(`transmissionType=${encodeURIComponent(value)}`);
  for (const value of state.states) parts.push(`vehicle_state=${encodeURIComponent(value)}`);
  for (const value of state.fuelTypes) parts.push(`fuelType=${encodeURIComponent(value)}`);
  for (const { name, values } of REFINEMENT_PARAMS) {
    for (const value of values(state) ?? []) parts.push(`${name}=${encodeURIComponent(String(value))}`);
  }
  for (const { field, direction } of state.order) parts.push(`order[${field}]=${direction}`);
  if (state.page > 1) parts.push(`page=${state.page}`);
  return parts.length > 0 ? `?${parts.join("&")}` : "";
}

export function listingHref(dealerSlug: string | null | undefined, state: ListingState): string {
  return listingPath(dealerSlug, state.makeSlug, state.modelSlug) + listingSearch(state);
}

/**
 * The listing a request asks for. `redirect` is set when the URL is not the canonical one and should be
 * replaced: a submitted filter form (make, model, sort fields), make_slug/model_slug in the query, or
 * parameters at fault (dropped; a bad page means page 1).
 */
export function canonicalListing(
  path: { makeSlug?: string; modelSlug?: string },
  params: URLSearchParams,
): { state: ListingState; redirect: boolean } {
  const submitted = FORM_FIELDS.some((field) => params.has(field));
  let redirect = submitted || params.has("make_slug") || params.has("model_slug");
  const clean = new URLSearchParams(params);
  for (const key of [...FORM_FIELDS, "make_slug", "model_slug"]) clean.delete(key);

  let parsed = parseUsedVehicleQuery(clean);
  if (!parsed.ok) {
    redirect = true;
    for (const { propertyPath } of parsed.violations) {
      clean.delete(propertyPath);
      if (propertyPath.endsWith("[]")) clean.delete(propertyPath.slice(0, -2));
    }
    parsed = parseUsedVehicleQuery(clean);
  }
  const query = parsed.ok ? parsed.value : { page: 1, fuelTypes: [], transmissions: [], states: [], order: [] };

  // Make and model: a chosen make clears the model; 'Any' or empty clears it (product.md §4).
  let makeSlug = path.makeSlug ?? nonEmpty(params.get("make_slug"));
  let modelSlug = path.modelSlug ?? nonEmpty(params.get("model_slug"));
  if (params.has("make")) {
    const chosen = nonEmpty(params.get("make"));
    if (chosen !== makeSlug) modelSlug = undefined;
    else if (params.has("model")) modelSlug = nonEmpty(params.get("model"));
    makeSlug = chosen;
  } else if (params.has("model") && makeSlug) {
    modelSlug = nonEmpty(params.get("model"));
  }
  if (!makeSlug) modelSlug = undefined;

  let order = query.order;
  if (params.has("sort")) {
    const chosen = SORT_OPTIONS.find((option) => option.value === params.get("sort"))?.order;
    order = chosen ? [chosen] : [];
  }

  return {
    state: {
      makeSlug,
      modelSlug,
      fuelTypes: query.fuelTypes,
      transmissions: query.transmissions,
      states: query.states,
      ...refinementsOf(query),
      order,
      // A submitted form changes sort, a filter or make/model: back to page 1 (product.md §4).
      page: submitted ? 1 : query.page,
    },
    redirect,
  };
}

function nonEmpty(value: string | null): string | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  return trimmed === "" || trimmed.toLowerCase() === "any" ? undefined : trimmed;
}

/** The "Email me new matches" page for a listing: its filters (not its order or page) and its dealer scope. */
export function alertHref(dealerSlug: string | null | undefined, state: ListingState): string {
  const params = new URLSearchParams(listingSearch({ ...state, order: [], page: 1 }).slice(1));
  if (state.makeSlug) params.set("make_slug", state.makeSlug);
  if (state.makeSlug && state.modelSlug) params.set("model_slug", state.modelSlug);
  if (dealerSlug) params.set("dealer_scope", dealerSlug);
  const search = params.toString();
  return `/alerts/new${search ? `?${search}` : ""}`;
}
