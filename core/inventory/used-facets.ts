import { FIRST_LISTED_YEAR, MILEAGE_STEPS, PRICE_STEPS } from "./used-query.ts";

/** An option of a range filter: a bound and how many vehicles that bound would give with the other filters. */
export type RangeOption = { value: number; count: number };
export type CountedOption = { value: string; count: number };
export type CountedDealer = { name: string; slug: string; count: number };

/**
 * The counts of the refinements, each given the other filters in force (as the counts of product.md §9's filters are):
 * colours by their lower-cased name; ranges for each step of `rangeSteps`.
 */
export type RefinementFacets = {
  bodyTypes: CountedOption[];
  colours: CountedOption[];
  provinces: CountedOption[];
  dealers: CountedDealer[];
  priceMin: RangeOption[];
  priceMax: RangeOption[];
  yearMin: RangeOption[];
  yearMax: RangeOption[];
  mileageMax: RangeOption[];
};

export type RangeSteps = { price: readonly number[]; year: readonly number[]; mileage: readonly number[] };

/** The bounds the range filters offer: price bands in rand, every model year to this one, mileage bands in km. */
export function rangeSteps(now = new Date()): RangeSteps {
  const year: number[] = [];
  for (let y = now.getFullYear(); y >= FIRST_LISTED_YEAR; y--) year.push(y);
  return { price: PRICE_STEPS, year, mileage: MILEAGE_STEPS };
}

/** 'pearl white' as 'Pearl white': colours are matched lower-cased and shown like this. */
export function colourLabel(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
