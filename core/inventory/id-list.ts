import type { Parsed } from "../shared/violations.ts";

/**
 * The `ids` of /saved and /compare: vehicle ids separated by commas, each once, in order, at most `max`.
 * Empty or absent: none.
 */
export function parseIdList(raw: string | null, max: number): Parsed<number[]> {
  if (raw === null || raw.trim() === "") return { ok: true, value: [] };
  const parts = raw
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  if (parts.some((part) => !/^\d{1,9}$/.test(part) || Number(part) < 1)) {
    return { ok: false, violations: [{ propertyPath: "ids", message: "must be vehicle numbers separated by commas" }] };
  }
  const ids = [...new Set(parts.map(Number))];
  if (ids.length > max) return { ok: false, violations: [{ propertyPath: "ids", message: `at most ${max} vehicles` }] };
  return { ok: true, value: ids };
}
