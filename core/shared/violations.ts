/** One field at fault, as the API answers it (product.md §8: violations with propertyPath and message). */
export type Violation = { propertyPath: string; message: string };

export type Parsed<T> = { ok: true; value: T } | { ok: false; violations: Violation[] };

/** Reads a 1-based page number; absent or empty means page 1. */
export function parsePage(raw: string | null, violations: Violation[], maxPage = 100_000): number {
  if (raw === null || raw === "") return 1;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > maxPage) {
    violations.push({ propertyPath: "page", message: `page must be a whole number from 1 to ${maxPage}` });
    return 1;
  }
  return Number(raw);
}

type ZodIssueLike = { path: PropertyKey[]; message: string; code?: string; keys?: string[] };

/**
 * A zod error as violations: the path joined with dots (first_name, vehicle.model) and zod's message; a strict
 * object's unknown fields one violation each, named by the field.
 */
export function violationsFromZod(error: { issues: ZodIssueLike[] }): Violation[] {
  return error.issues.flatMap((issue) => {
    const path = issue.path.map(String);
    if (issue.code !== "unrecognized_keys" || !issue.keys)
      return [{ propertyPath: path.join("."), message: issue.message }];
    return issue.keys.map((key) => ({
      propertyPath: [...path, key].join("."),
      message: `${key} is not a field of this request: leave it out`,
    }));
  });
}
