import type { MetaDescriptor } from "react-router";
import type { DealerView } from "../../core/dealers/dealers.server.ts";
import { breadcrumbsFor } from "./breadcrumbs.ts";
import { type CrumbNames, SITE_LAYOUT_ID, type SiteLayoutData } from "./scope.ts";

export const SITE_NAME = "Honda Dealer Group";

/** Search engines show about this many characters of a description. */
const DESCRIPTION_MAX = 160;

type MetaMatches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

/** What every route's `meta` function receives and the helper needs: the route matches and the location. */
export type MetaArgsLike = { matches: MetaMatches; location: { pathname: string; search: string } };

export type JsonLd = Record<string, unknown>;

export type PageSeo = {
  /** The whole title as the browser tab shows it. */
  title: string;
  description: string;
  /** Open Graph type: `article` for posts, `product` for a vehicle on sale; `website` otherwise. */
  type?: "website" | "article" | "product";
  /** A picture of the page (a site path or an absolute URL) for link previews. */
  image?: string;
  /** Structured data of the page, given the site's address; the breadcrumb trail is added by the helper. */
  jsonLd?: (siteUrl: string) => JsonLd[];
  /** Keep the page out of search results (thank-you pages). */
  noindex?: boolean;
};

/** "Title | Honda Sandton" in a dealer's scope, "Title | Honda Dealer Group" otherwise. */
export function pageTitle(title: string, dealer?: Pick<DealerView, "dealerName"> | null): string {
  return `${title} | ${dealer?.dealerName ?? SITE_NAME}`;
}

const layoutData = (matches: MetaMatches) =>
  matches.find((match) => match?.id === SITE_LAYOUT_ID)?.loaderData as SiteLayoutData | undefined;

/** The scoped dealer from the site layout's loader data, as route `meta` functions see it in `matches`. */
export function dealerFromMatches(matches: MetaMatches): DealerView | null {
  return layoutData(matches)?.dealer ?? null;
}

/** The site's public address, which the layout loader takes from the server's load context. */
function siteUrlFromMatches(matches: MetaMatches): string | null {
  return layoutData(matches)?.siteUrl ?? null;
}

const DEALER_HOME = /^\/dealer\/[^/]+$/;
const DEALER_PREFIX = /^\/dealer\/[^/]+(?=\/)/;

/**
 * The canonical path of a page (docs/decisions/011): a dealer-scoped copy /dealer/{slug}/x points at the group
 * page /x, while the dealer home /dealer/{slug} is its own page. Of the query only a page number past the first
 * is kept; filters, sorts and the chosen variant or picture are views of the same page.
 */
export function canonicalPath(pathname: string, search = ""): string {
  const path = pathname.replace(/\/+$/, "") || "/";
  const groupPath = DEALER_HOME.test(path) ? path : path.replace(DEALER_PREFIX, "");
  const page = Number(new URLSearchParams(search).get("page"));
  return Number.isInteger(page) && page > 1 ? `${groupPath}?page=${page}` : groupPath;
}

export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, siteUrl).toString();
}

/** A description cut at a word to what search results show. */
export function clipDescription(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 3);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max / 2)).trimEnd()}...`;
}

/** schema.org BreadcrumbList of the trail the page shows (product.md §2, decision 078: a named crumb per segment). */
export function breadcrumbJsonLd(siteUrl: string, pathname: string, names: CrumbNames = {}): JsonLd | null {
  const crumbs = breadcrumbsFor(pathname, names);
  if (crumbs.length === 0) return null;
  const trail = [{ label: "Home", href: "/" }, ...crumbs];
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.label,
      item: absoluteUrl(siteUrl, crumb.href),
    })),
  };
}

/**
 * Every page's head: title, description, canonical URL, Open Graph and JSON-LD, from one place. React Router
 * renders each `script:ld+json` with `<` escaped, so data cannot close the script element.
 */
export function pageMeta({ matches, location }: MetaArgsLike, page: PageSeo): MetaDescriptor[] {
  const description = clipDescription(page.description);
  const tags: MetaDescriptor[] = [
    { title: page.title },
    { name: "description", content: description },
    { property: "og:title", content: page.title },
    { property: "og:description", content: description },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: "en_ZA" },
  ];
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  const siteUrl = siteUrlFromMatches(matches);
  if (!siteUrl) return tags;
  const canonical = absoluteUrl(siteUrl, canonicalPath(location.pathname, location.search));
  tags.push({ tagName: "link", rel: "canonical", href: canonical }, { property: "og:url", content: canonical });
  if (page.image) {
    tags.push(
      { property: "og:image", content: absoluteUrl(siteUrl, page.image) },
      { name: "twitter:card", content: "summary_large_image" },
    );
  }
  const breadcrumbs = breadcrumbJsonLd(siteUrl, location.pathname, layoutData(matches)?.crumbNames);
  for (const data of [...(page.jsonLd?.(siteUrl) ?? []), ...(breadcrumbs ? [breadcrumbs] : [])])
    tags.push({ "script:ld+json": data });
  return tags;
}
