import { appContext } from "../../load-context.ts";
import { HomeSections } from "../../components/home-sections.tsx";
import { resolveDealerScope } from "../../lib/scope.server.ts";
import type { Route } from "./+types/home";
import { loadHomeData } from "./home-data.server.ts";
import { absoluteUrl, pageMeta, SITE_NAME } from "../../lib/meta.ts";
import { PUBLIC_PAGE } from "../../lib/page-cache-rule.ts";

/** The same page for every visitor: the rendered-page cache may keep it (decision 047). */
export const handle = PUBLIC_PAGE;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Honda Dealer Group | New and used Honda cars and motorcycles in South Africa",
    description:
      "New Honda cars and Honda Wing motorcycles, used and demo vehicles, specials, service and genuine parts from Honda dealers across South Africa.",
    jsonLd: (siteUrl) => [
      { "@context": "https://schema.org", "@type": "Organization", name: SITE_NAME, url: absoluteUrl(siteUrl, "/") },
      { "@context": "https://schema.org", "@type": "WebSite", name: SITE_NAME, url: absoluteUrl(siteUrl, "/") },
    ],
  });
}

/** The home path is group-wide (product.md §1: visiting it clears the chosen dealer). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = await resolveDealerScope(context.get(appContext).readModels, request, params);
  return loadHomeData(context.get(appContext), scope.dealer);
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <HomeSections
      data={loaderData}
      dealerSlug={null}
      title="Find your next Honda"
      intro="New Honda cars and Honda Wing motorcycles, quality used and demo vehicles, and service you can trust, from Honda dealers across South Africa."
    />
  );
}
