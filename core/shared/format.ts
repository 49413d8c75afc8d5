import type { BusinessHours } from "../../db/schema.ts";

/** SPEC section 9: prices in rand (en-ZA), distances in km, dates as DD.MM.YYYY, power in HP with one decimal. */
const randFormat = new Intl.NumberFormat("en-ZA", { style: "currency", currency: "ZAR", maximumFractionDigits: 0 });
const randCentsFormat = new Intl.NumberFormat("en-ZA", { style: "currency", currency: "ZAR", minimumFractionDigits: 2 });
const wholeNumber = new Intl.NumberFormat("en-ZA", { maximumFractionDigits: 0 });

export const KW_TO_HP = 1.34102;

/** R 459 900 */
export function formatRand(amount: number): string {
  return randFormat.format(amount);
}

/** R 4 719,03 */
export function formatRandCents(amount: number): string {
  return randCentsFormat.format(amount);
}

/** 45 300 km */
export function formatKm(km: number): string {
  return `${wholeNumber.format(km)} km`;
}

/** An ISO date (YYYY-MM-DD...) as DD.MM.YYYY. */
export function formatDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split("-");
  return `${day}.${month}.${year}`;
}

/** kW to HP with one decimal: 110 kW is 147.5 HP. */
export function horsepower(kw: number): string {
  return (kw * KW_TO_HP).toFixed(1);
}

/** "07:30 – 17:30", or "Closed" when the line has no opening time. */
export function formatOpeningTimes(line: BusinessHours): string {
  return line.opens && line.closes ? `${line.opens} – ${line.closes}` : "Closed";
}
