/** One field at fault, as the API answers it (SPEC section 8: violations with propertyPath and message). */
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

/** A zod error as violations: the path joined with dots (first_name, vehicle.model) and zod's message. */
export function violationsFromZod(error: { issues: { path: PropertyKey[]; message: string }[] }): Violation[] {
  return error.issues.map((issue) => ({ propertyPath: issue.path.map(String).join("."), message: issue.message }));
}
