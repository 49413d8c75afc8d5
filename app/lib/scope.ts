/** Where the chosen dealer is remembered: local storage key (product.md §4) and the cookie that mirrors it for SSR. */
export const DEALER_SLUG_KEY = "dealer_slug";

/**
 * The Set-Cookie value that remembers `slug` for a year, or forgets the dealer (null). Written by the server's
 * answers (app/lib/scope.server.ts) and, for a change made in the browser, by the site's layout.
 */
export function dealerCookie(slug: string | null): string {
  return slug
    ? `${DEALER_SLUG_KEY}=${encodeURIComponent(slug)}; Path=/; Max-Age=31536000; SameSite=Lax`
    : `${DEALER_SLUG_KEY}=; Path=/; Max-Age=0; SameSite=Lax`;
}

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
