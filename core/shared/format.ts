// biome-ignore lint/style/noRestrictedImports: types only, which the browser's script does not carry
import type { BusinessHours } from "../../db/schema.ts";

/**
 * product.md §9: prices in rand (en-ZA), distances in km, dates as DD.MM.YYYY, power in HP with one decimal.
 *
 * Numbers are written here rather than by Intl.NumberFormat: the first en-ZA formatter a browser makes loads
 * its locale data, a noticeable stretch of a phone's main thread on the first page, and the server and
 * the browser then print the same characters whatever ICU each has. The output is Intl's en-ZA output (tested
 * against it): a no-break space between groups of three, a decimal comma, "R" and a no-break space before
 * rand, and halves rounded away from zero on the number's shortest decimal form.
 */
const GROUP_SEPARATOR = "\u00a0";
const DECIMAL_SEPARATOR = ",";

const KW_TO_HP = 1.34102;

/** R 459 900 */
export function formatRand(amount: number): string {
  return withSign(amount, (digits) => `R${GROUP_SEPARATOR}${digits}`, 0, 0);
}

/** R 4 719,03 */
export function formatRandCents(amount: number): string {
  return withSign(amount, (digits) => `R${GROUP_SEPARATOR}${digits}`, 2, 2);
}

/** 45 300 km */
export function formatKm(km: number): string {
  return `${formatWhole(km)} km`;
}

/** 1 234 567: a count or whole amount, rounded to a whole number. */
export function formatWhole(value: number): string {
  return withSign(value, (digits) => digits, 0, 0);
}

/** 1 234,568: as Number.prototype.toLocaleString("en-ZA") writes it (up to three decimals). */
export function formatNumber(value: number): string {
  return withSign(value, (digits) => digits, 0, 3);
}

function withSign(
  value: number,
  decorate: (digits: string) => string,
  minFraction: number,
  maxFraction: number,
): string {
  if (!Number.isFinite(value)) return String(value);
  const negative = value < 0 || Object.is(value, -0);
  const text = decorate(groupedDecimal(Math.abs(value), minFraction, maxFraction));
  return negative ? `-${text}` : text;
}

/** A non-negative finite number with its whole part grouped and between min and max decimals. */
function groupedDecimal(value: number, minFraction: number, maxFraction: number): string {
  const [whole, fraction] = roundedDigits(value, maxFraction);
  const grouped = groupedThousands(whole);
  const decimals = fraction.replace(/0+$/, "").padEnd(minFraction, "0");
  return decimals ? `${grouped}${DECIMAL_SEPARATOR}${decimals}` : grouped;
}

/** "1234567" -> "1 234 567" (no-break spaces). A loop, not a regular expression: a phone formats hundreds of numbers while a listing hydrates. */
function groupedThousands(digits: string): string {
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let at = grouped.length; at < digits.length; at += 3) grouped += GROUP_SEPARATOR + digits.slice(at, at + 3);
  return grouped;
}

/** The whole and fraction digits of `value` rounded half away from zero to `places` decimals, as decimal text. */
function roundedDigits(value: number, places: number): [whole: string, fraction: string] {
  if (Number.isSafeInteger(value)) return [String(value), "0".repeat(places)];
  const [whole = "0", fraction = ""] = plainDecimal(value).split(".");
  if (fraction.length <= places) return [whole, fraction.padEnd(places, "0")];
  const kept = `${whole}${fraction.slice(0, places)}`;
  const roundUp = fraction.charCodeAt(places) >= 53; // "5"
  const digits = roundUp ? incremented(kept) : kept;
  const wholeLength = digits.length - places;
  return [digits.slice(0, wholeLength) || "0", digits.slice(wholeLength)];
}

/** The shortest decimal text of a non-negative number, never in exponent form. */
function plainDecimal(value: number): string {
  const text = String(value);
  if (!text.includes("e")) return text;
  return value >= 1 ? BigInt(Math.round(value)).toString() : value.toFixed(20);
}

/** A string of decimal digits plus one ("0999" -> "1000", "999" -> "1000"). */
function incremented(digits: string): string {
  let carry = 1;
  let result = "";
  for (let index = digits.length - 1; index >= 0; index--) {
    const sum = digits.charCodeAt(index) - 48 + carry;
    carry = sum === 10 ? 1 : 0;
    result = String(sum % 10) + result;
  }
  return carry ? `1${result}` : result;
}

/** An ISO date (YYYY-MM-DD...) as DD.MM.YYYY. */
export function formatDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split("-");
  return `${day}.${month}.${year}`;
}

const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** South Africa keeps UTC+2 all year (no daylight saving). */
const SOUTH_AFRICAN_OFFSET_MS = 2 * 60 * 60 * 1000;

/** A moment (ISO text) as its day and month in South African time: "3 Nov". */
export function formatDayMonth(isoMoment: string): string {
  const local = new Date(new Date(isoMoment).getTime() + SOUTH_AFRICAN_OFFSET_MS);
  return `${local.getUTCDate()} ${SHORT_MONTHS[local.getUTCMonth()]}`;
}

/** kW to HP with one decimal: 110 kW is 147.5 HP. */
export function horsepower(kw: number): string {
  return (kw * KW_TO_HP).toFixed(1);
}

/** "07:30 – 17:30", or "Closed" when the line has no opening time. */
export function formatOpeningTimes(line: BusinessHours): string {
  return line.opens && line.closes ? `${line.opens} – ${line.closes}` : "Closed";
}
