/**
 * The words the range's back-office pages and public pages share about a model: its states and its key
 * specifications. No database here, so the pages' scripts may import it.
 */

/**
 * A model's state: a draft is not public (staff preview it at its real address), on sale and run-out are
 * listed (a run-out model is marked as such), a retired model's page answers 301 to its successor or 410.
 */
export const MODEL_STATES = ["draft", "on_sale", "run_out", "retired"] as const;
export type ModelState = (typeof MODEL_STATES)[number];

export const MODEL_STATE_LABELS: Record<ModelState, string> = {
  draft: "Draft (not public)",
  on_sale: "On sale",
  run_out: "Run-out (still sold, marked as such)",
  retired: "Retired",
};

/** The states whose models the public site lists and sells. */
export const LISTED_STATES: readonly ModelState[] = ["on_sale", "run_out"];

export const isModelState = (value: unknown): value is ModelState =>
  typeof value === "string" && (MODEL_STATES as readonly string[]).includes(value);

/** A model's key specifications, in the order the model page shows them. */
export const SPECIFICATIONS = [
  ["engine", "Engine"],
  ["power", "Power"],
  ["torque", "Torque"],
  ["fuelUse", "Fuel use"],
  ["seats", "Seats"],
  ["boot", "Boot"],
  ["safetyRating", "Safety rating"],
  ["warranty", "Warranty"],
  ["servicePlan", "Service plan"],
] as const;
export type SpecificationKey = (typeof SPECIFICATIONS)[number][0];
export type Specifications = Partial<Record<SpecificationKey, string>>;

/** The fuels a variant may use. */
export const FUELS = ["Petrol", "Diesel", "Hybrid", "Electric"] as const;

/** The M&M (Mead & McGrouther) code of a variant: eight digits. */
export const MM_CODE = /^\d{8}$/;

/** An uploaded brochure may be at most this large. */
export const MAX_BROCHURE_BYTES = 10 * 1024 * 1024;
