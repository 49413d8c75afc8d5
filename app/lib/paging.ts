/**
 * The page number of a list from its ?page= value (product.md §4: the page is written to the query string).
 * Missing or empty means page 1; anything but a whole number from 1 up (e.g. "0", "-2", "2.5", "abc",
 * "02") is invalid and answers null, which the pages turn into HTTP 400: a wrong address should not
 * quietly show another page under it.
 */
export function parsePageParam(raw: string | null): number | null {
  if (raw === null || raw === "") return 1;
  if (!/^[1-9]\d{0,5}$/.test(raw)) return null;
  return Number(raw);
}

/** Number of pages for `total` items, `pageSize` to a page (at least 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
