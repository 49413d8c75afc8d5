import type { BusinessHours } from "../../core/dealers/business-hours.ts";

/** product.md §9: the group's opening hours, as the contact page states them. */
export const GROUP_OPENING_HOURS: BusinessHours[] = [
  { days: "Monday to Friday", opens: "07:30", closes: "17:30" },
  { days: "Saturday and public holidays", opens: "08:00", closes: "13:00" },
  { days: "Sunday", opens: null, closes: null },
];

export { formatOpeningTimes } from "../../core/shared/format.ts";

/** A phone number as a tel: URI: digits only, South African numbers in international form. */
export function telHref(number: string): string {
  const digits = number.replace(/[^\d+]/g, "");
  return `tel:${digits.startsWith("0") ? `+27${digits.slice(1)}` : digits}`;
}
