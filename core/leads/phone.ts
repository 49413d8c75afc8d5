/**
 * The spellings of a South African cell number the API's document describes: the prefix as written, then the number's
 * nine digits with spaces, hyphens, dots or brackets between them. normaliseSaCell takes every one of them (tested),
 * and a few more (a space inside +27).
 */
export const SA_CELL_PATTERN = "^[\\s().-]*(?:\\+27|0027|27|0)[\\s().-]*[6-8](?:[\\s().-]*[0-9]){8}[\\s().-]*$";

/**
 * A South African cell number in any common spelling (0821234567, 082 123 4567, +27 82 123 4567,
 * 27821234567, 0027...) as +27821234567; null when it is not one. Mobile numbers start 06, 07 or 08.
 */
export function normaliseSaCell(raw: string): string | null {
  const compact = raw.trim().replace(/[\s\-().]/g, "");
  const match = /^(?:\+27|0027|27|0)([6-8]\d{8})$/.exec(compact);
  return match ? `+27${match[1]}` : null;
}
