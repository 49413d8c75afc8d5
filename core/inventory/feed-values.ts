/**
 * The one reading of the values DMS exports write in a cell, for the back office's form, its upload and the feed
 * API alike: an amount or distance with its currency, unit and separators ("R 529 900", "R529,900.00",
 * "489 900,00", "78 500 km"), a date (dd/mm/yyyy or ISO) and a cell of photo URLs. Each answers undefined for
 * what it cannot read, and the caller keeps the cell as it was so that the field's rule names the fault.
 */

/** Comma thousands, optional dot decimals: "529,900.00", "1,500". */
const COMMA_THOUSANDS = /^\d{1,3}(,\d{3})+(\.\d+)?$/;
/** Dot thousands, optional comma decimals: "529.900,00". */
const DOT_THOUSANDS = /^\d{1,3}(\.\d{3})+(,\d+)?$/;
/** Digits with one decimal separator: "489900.00", "489900,00" (spaces already gone: "489 900,00"). */
const PLAIN = /^\d+([.,]\d+)?$/;

/**
 * A number as a dealer's system writes it: an optional R (or ZAR) before, an optional km after, spaces (also
 * no-break and thin spaces) and thousands separators between digit groups, decimals after a dot or a comma.
 * "1,500" is fifteen hundred (a thousands separator), "1,50" one and a half.
 */
export function readNumber(value: string): number | undefined {
  const cleaned = value
    .trim()
    .replace(/^(R|ZAR)\s*/i, "")
    .replace(/\s*(km|kms|kilometres|kilometers)\.?$/i, "")
    .replace(/[\s\u00a0\u2009\u202f']/g, "");
  if (cleaned === "" || cleaned.length > 20) return undefined;
  let normal: string;
  if (COMMA_THOUSANDS.test(cleaned)) normal = cleaned.replace(/,/g, "");
  else if (DOT_THOUSANDS.test(cleaned)) normal = cleaned.replace(/\./g, "").replace(",", ".");
  else if (PLAIN.test(cleaned)) normal = cleaned.replace(",", ".");
  else return undefined;
  const number = Number(normal);
  return Number.isFinite(number) ? number : undefined;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:\s+[\d:]+)?$/;

/** A calendar date written ISO ("2021-03-15", with or without a time) or day first ("15/03/2021", "15.03.2021"). */
export function readDate(value: string): { year: number; month: number; day: number } | undefined {
  const text = value.trim();
  const iso = ISO_DATE.exec(text);
  const dayFirst = iso ? null : DAY_FIRST.exec(text);
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : dayFirst
      ? [Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1])]
      : [0, 0, 0];
  if (year === 0) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? { year, month, day } : undefined;
}

/**
 * A cell of photo URLs in display order: separated by `|`, white space, or a comma or semicolon before the next
 * `http(s)://` (a comma inside a URL, as image services write their sizes, stays). Duplicates are dropped.
 */
export function readUrlList(value: string): string[] {
  const parts = value
    .split(/[|\s]+/)
    .flatMap((part) => part.split(/[,;]+(?=https?:\/\/)/i))
    .map((url) => url.replace(/^[,;]+|[,;]+$/g, "").trim())
    .filter((url) => url !== "");
  return [...new Set(parts)];
}
