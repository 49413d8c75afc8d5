/** The dealer-name route prefix of product.md §2. */
export const DEALER_PREFIX = "/dealer";

/** A site path in the scope of a dealer: `/used` becomes `/dealer/honda-sandton/used`. */
export function dealerPath(dealerSlug: string | null | undefined, path: string): string {
  if (!dealerSlug) return path;
  return `${DEALER_PREFIX}/${dealerSlug}${path === "/" ? "" : path}`;
}

/** Breadcrumbs from path segments, hyphens turned into spaces (product.md §2). */
export function breadcrumbsFor(pathname: string): { label: string; href: string }[] {
  const segments = pathname.split("/").filter(Boolean);
  return segments.map((segment, index) => ({
    label: decodeURIComponent(segment).replace(/-/g, " "),
    href: `/${segments.slice(0, index + 1).join("/")}`,
  }));
}
