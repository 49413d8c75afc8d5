import { parseVariantKeys, type VariantKey } from "../catalogue/variant-keys.ts";
import type { Parsed } from "../shared/violations.ts";
import { parseIdList } from "./id-list.ts";

/** How many vehicles /compare shows at once: used vehicles and new models together. */
export const MAX_COMPARED = 3;

export type CompareSelection = { ids: number[]; variants: VariantKey[] };

/**
 * What /compare shows, from its URL: `ids` (used and demo vehicles, as before) and `variants` (new cars and
 * motorcycles), at most MAX_COMPARED of the two together. A malformed value or too many is a violation
 * naming the parameter (the page answers 400).
 */
export function parseCompareSelection(params: URLSearchParams): Parsed<CompareSelection> {
  const ids = parseIdList(params.get("ids"), MAX_COMPARED);
  if (!ids.ok) return ids;
  const variants = parseVariantKeys(params.getAll("variants"), MAX_COMPARED);
  if (!variants.ok) return variants;
  if (ids.value.length + variants.value.length > MAX_COMPARED) {
    return {
      ok: false,
      violations: [{ propertyPath: "ids", message: `and variants: at most ${MAX_COMPARED} vehicles together` }],
    };
  }
  return { ok: true, value: { ids: ids.value, variants: variants.value } };
}
