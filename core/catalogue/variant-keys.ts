import type { Parsed } from "../shared/violations.ts";

/**
 * A new car or motorcycle variant named in a URL (/compare?variants=honda.amaze.1-2-trend): its make, model
 * and variant slugs joined by dots. Slugs hold only a-z, 0-9 and '-', and none of the three characters needs
 * escaping in a query string, so a link and a plain GET form (which escapes '/') write the same URL.
 * Free of the catalogue's read model (and so of Drizzle): the browser's shortlist checks keys with it, and
 * whatever this module imports is in the scripts of every page that shows a Save or Compare button.
 * The variants a key names are found by findRangeVariants (./ranges.server.ts).
 */
export type VariantKey = { makeSlug: string; modelSlug: string; variantSlug: string };

const SLUG = "[a-z0-9]+(?:-[a-z0-9]+)*";
const KEY = new RegExp(`^(${SLUG})\\.(${SLUG})\\.(${SLUG})$`);

export function variantKey(variant: { make_slug: string; model_slug: string; variant_slug: string }): string {
  return `${variant.make_slug}.${variant.model_slug}.${variant.variant_slug}`;
}

export const isVariantKey = (text: string): boolean => KEY.test(text);

/**
 * The `variants` of /compare: keys separated by commas, or the parameter repeated (a form's checkboxes), each
 * once, in order, at most `max`. Absent or empty: none.
 */
export function parseVariantKeys(raw: string[], max: number): Parsed<VariantKey[]> {
  const parts = raw
    .flatMap((value) => value.split(","))
    .map((part) => part.trim())
    .filter((part) => part !== "");
  const keys = [...new Set(parts)];
  const matches = keys.map((key) => KEY.exec(key));
  if (matches.some((match) => match === null)) {
    return {
      ok: false,
      violations: [
        { propertyPath: "variants", message: "must be new models written make.model.variant, separated by commas" },
      ],
    };
  }
  if (keys.length > max)
    return { ok: false, violations: [{ propertyPath: "variants", message: `at most ${max} models` }] };
  return {
    ok: true,
    value: matches.map((match) => ({ makeSlug: match![1]!, modelSlug: match![2]!, variantSlug: match![3]! })),
  };
}
