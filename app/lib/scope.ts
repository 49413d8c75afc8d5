import type { GroupLegalDetails } from "../../core/dealers/group.ts";
import { useRouteLoaderData } from "react-router";
import type { DealerView } from "../../core/dealers/dealers.server.ts";

/** The dealer-name route prefix of product.md §2. */
export const DEALER_PREFIX = "/dealer";

/** A site path in the scope of a dealer: `/used` becomes `/dealer/honda-sandton/used`. */
export function dealerPath(dealerSlug: string | null | undefined, path: string): string {
  if (!dealerSlug) return path;
  return `${DEALER_PREFIX}/${dealerSlug}${path === "/" ? "" : path}`;
}

/** What the site calls the things a path names, keyed by their path segment: `{ "cr-v": "CR-V" }` (decision 078). */
export type CrumbNames = Readonly<Record<string, string>>;

/**
 * The site layout's route id (app/routes/site/layout.tsx), whose loader gives every public page its dealer scope and
 * the site's address. Pages reach its data through here rather than importing the layout, so that the layout stays a
 * route module of its own and is not split into a shared chunk and a facade for the browser (two requests).
 */
export const SITE_LAYOUT_ID = "routes/site/layout";

/** What the site layout's loader gives every page under it. */
export type SiteLayoutData = {
  dealer: DealerView | null;
  /** Whether the scope comes from the path (`/dealer/:slug/...`) rather than the remembered dealer. */
  dealerInRoute: boolean;
  siteUrl: string;
  /** The names behind the path's segments, for the breadcrumbs (decision 078). */
  crumbNames: CrumbNames;
  /** The share of visits that report their Core Web Vitals. */
  vitalsSampleRate: number;
  /** The group's legal details, shown in the footer. */
  groupLegal: GroupLegalDetails;
};

/** The dealer the current page is scoped to (null for the whole group), for any component under the layout. */
export function useScopedDealer(): DealerView | null {
  return useRouteLoaderData<SiteLayoutData>(SITE_LAYOUT_ID)?.dealer ?? null;
}
