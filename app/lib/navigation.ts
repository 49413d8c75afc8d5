import { dealerPath } from "./scope.ts";

/** The dealer a page is scoped to, as far as the navigation needs to know. */
export type NavDealer = { slug: string; is_wing: boolean } | null | undefined;

export type NavItem = { label: string; path: string; href: string };

type NavEntry = { label: string; path: string; scoped: boolean };

/** product.md §2: the main navigation, in order; `scoped` routes get the /dealer/{slug} prefix. */
const MAIN: NavEntry[] = [
  { label: "New Cars", path: "/new", scoped: true },
  { label: "Used Cars", path: "/used", scoped: true },
  { label: "Honda Wing", path: "/honda-wing", scoped: true },
  { label: "Specials", path: "/specials", scoped: true },
  { label: "Service", path: "/service", scoped: true },
  { label: "Parts", path: "/parts", scoped: true },
  { label: "Finance", path: "/finance", scoped: false },
  { label: "Dealers", path: "/dealer", scoped: true },
];

/** product.md §2: the top bar. News and Contact are group-only routes (no dealer-prefixed variant). */
const TOP: NavEntry[] = [
  { label: "News", path: "/blog", scoped: false },
  { label: "Contact", path: "/contact", scoped: false },
];

/** A first-level section's name as the header shows it, e.g. "News" for /blog; undefined for other paths. */
export function navigationLabel(path: string): string | undefined {
  return [...MAIN, ...TOP].find((entry) => entry.path === path)?.label;
}

/** Group-only routes: never prefixed with a dealer (product.md §2: finance, blog, contact). */
const GROUP_ONLY = ["/finance", "/blog", "/contact"];

/** The prefixed routes a Honda Wing (motorcycle) dealer keeps (product.md §2). */
const WING_DEALER_ROUTES = ["/honda-wing", "/specials", "/used"];

function isGroupOnly(path: string): boolean {
  return GROUP_ONLY.some((route) => path === route || path.startsWith(`${route}/`));
}

function wingDealerKeeps(path: string): boolean {
  return WING_DEALER_ROUTES.some((route) => path === route || path.startsWith(`${route}/`));
}

/**
 * Where a site path links to in a dealer's scope: prefixed with /dealer/{slug} unless the route is
 * group-only, or the dealer is a wing dealer and the route is not one a wing dealer shows (then the
 * group's page). Used by links outside the main navigation (footer, cards).
 */
export function scopedHref(dealer: NavDealer, path: string): string {
  if (!dealer || isGroupOnly(path)) return path;
  if (dealer.is_wing && !wingDealerKeeps(path)) return path;
  return dealerPath(dealer.slug, path);
}

/**
 * The header's links for a scope (product.md §2):
 * - no dealer: every item, unprefixed;
 * - a dealer: scoped items prefixed with /dealer/{slug}; group-only items (finance, blog, contact) not;
 * - the Honda Wing item shows only for a wing dealer when a dealer is selected;
 * - a wing dealer hides every prefixed item except Honda Wing, Specials and Used Cars.
 */
export function siteNavigation(dealer: NavDealer): { main: NavItem[]; top: NavItem[] } {
  const toItem = (entry: NavEntry): NavItem => ({
    label: entry.label,
    path: entry.path,
    href: entry.scoped && dealer ? dealerPath(dealer.slug, entry.path) : entry.path,
  });
  const shows = (entry: NavEntry): boolean => {
    if (!dealer) return true;
    if (entry.path === "/honda-wing" && !dealer.is_wing) return false;
    if (dealer.is_wing && entry.scoped) return WING_DEALER_ROUTES.includes(entry.path);
    return true;
  };
  return { main: MAIN.filter(shows).map(toItem), top: TOP.filter(shows).map(toItem) };
}

/**
 * A pathname without its /dealer/{slug} prefix, so that /dealer/honda-sandton/used and /used are the
 * same section. The dealer home (/dealer/{slug}) and the dealer list stay under /dealer.
 */
export function sectionPath(pathname: string): string {
  const match = /^\/dealer\/[^/]+(\/.+)$/.exec(pathname);
  return match?.[1] ?? pathname;
}

/**
 * How an item is current for a pathname: 'page' when it is the page itself, 'true' when the page is
 * inside its section (e.g. a blog post under News), undefined otherwise. Feeds aria-current.
 */
export function currentState(pathname: string, item: Pick<NavItem, "path">): "page" | "true" | undefined {
  const section = sectionPath(pathname.replace(/\/+$/, "") || "/");
  if (section === item.path) return "page";
  // The dealer home /dealer/{slug} is not stripped, so it counts as inside Dealers.
  if (section.startsWith(`${item.path}/`)) return "true";
  return undefined;
}
