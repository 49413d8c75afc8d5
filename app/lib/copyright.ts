import { southAfricanDay } from "../../core/shared/days.ts";

/** The year of the group's first copyright line (product.md §2: a 2024 copyright line). */
const FIRST_COPYRIGHT_YEAR = 2024;

/** The copyright years up to the South African year of `now`: "2024–2026", or "2024" in 2024 itself. */
export function copyrightYears(now: Date): string {
  const year = Number(southAfricanDay(now).slice(0, 4));
  return year > FIRST_COPYRIGHT_YEAR ? `${FIRST_COPYRIGHT_YEAR}–${year}` : String(FIRST_COPYRIGHT_YEAR);
}
