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
