import { BODY_TYPES, type BodyType } from "../../core/inventory/used-query.ts";

/** Every body type but Motorcycle: what /used lists when the buyer asks for nothing else. */
export const CAR_BODY_TYPES: readonly BodyType[] = BODY_TYPES.filter((type) => type !== "Motorcycle");

/**
 * The body types a used listing shows when the buyer chose none: cars (the page is "Used Cars"), motorcycles at a
 * Honda Wing dealer, and a chosen model whatever it is. Undefined: no body type left out.
 */
export function defaultBodyTypes(
  state: { bodyTypes?: readonly BodyType[]; modelSlug?: string },
  dealer: { is_wing: boolean } | null,
): BodyType[] | undefined {
  if (state.bodyTypes) return [...state.bodyTypes];
  if (state.modelSlug) return undefined;
  return dealer?.is_wing ? ["Motorcycle"] : [...CAR_BODY_TYPES];
}

export type ListingNoun = "Cars" | "Motorcycles" | "Vehicles";

/**
 * What a listing holds, in a word for its heading: from the body types in force, or, when none is left out, from
 * those of the vehicles in view (`inView`: each body type with its count).
 */
export function listingNoun(
  bodyTypes: readonly string[] | undefined,
  inView: readonly { value: string; count: number }[],
): ListingNoun {
  const shown = bodyTypes ?? inView.filter((option) => option.count > 0).map((option) => option.value);
  const motorcycles = shown.filter((type) => type === "Motorcycle").length;
  if (motorcycles === 0) return "Cars";
  return motorcycles === shown.length ? "Motorcycles" : "Vehicles";
}
