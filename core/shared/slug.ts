/** A slug: small letters and digits in words joined by single hyphens (`honda-sandton`, `cr-v-e-hev-cash-back`). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A slug made from a title: "R40 000 cash back on the CR-V!" gives "r40-000-cash-back-on-the-cr-v". */
export function slugFromTitle(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}
