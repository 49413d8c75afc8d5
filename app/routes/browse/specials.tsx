import { appContext } from "../../load-context.ts";
import { readPublicDeals } from "../../../core/content/deals.server.ts";
import { DealCard } from "../../components/browse-cards.tsx";
import { dealerPath } from "../../lib/scope.ts";
import { resolveDealerScope } from "../../lib/scope.server.ts";
import { ownDealsFirst } from "../site/home-data.server.ts";
import { useScopedDealer } from "../../lib/scope.ts";
import type { Route } from "./+types/specials";
import { pageMeta } from "../../lib/meta.ts";
import { PUBLIC_PAGE } from "../../lib/page-cache-rule.ts";

/** The same page for every visitor: the rendered-page cache may keep it (decision 047). */
export const handle = PUBLIC_PAGE;

/** /specials: the group's specials, or a dealer's own specials together with the group's. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = await resolveDealerScope(context.get(appContext).readModels, request, params);
  const specials = await readPublicDeals(context.get(appContext).readModels, {
    dealerSlug: scope.dealer?.slug ?? null,
    kind: "special",
  });
  return {
    specials: ownDealsFirst(specials, scope.dealer?.slug ?? null),
    dealerName: scope.dealer?.dealerName ?? null,
  };
}

export function meta(args: Route.MetaArgs) {
  const where = args.loaderData?.dealerName ?? "Honda Dealer Group";
  return pageMeta(args, {
    title: `Specials | ${where}`,
    description: `This month's specials on new Honda cars and motorcycles at ${where}: cash back, finance offers and service plan top-ups. T&Cs apply.`,
  });
}

export default function Specials({ loaderData }: Route.ComponentProps) {
  const { specials, dealerName } = loaderData;
  const slug = useScopedDealer()?.slug ?? null;
  return (
    <div className="mx-auto max-w-7xl px-4 pt-10 pb-8 sm:px-6">
      <p className="text-xs font-bold uppercase tracking-[0.2em] text-brand-red">
        {dealerName ?? "Honda Dealer Group"}
      </p>
      <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-brand-grey sm:text-4xl">Specials</h1>
      <p className="mt-3 max-w-2xl text-brand-grey-light">
        Our latest offers on new Honda cars and motorcycles. Choose an offer for the details and to send an enquiry.
        Terms and conditions apply; while stocks last.
      </p>
      {specials.length > 0 ? (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {specials.map((deal) => (
            <li key={deal.slug}>
              <DealCard deal={deal} href={dealerPath(slug, `/specials/${deal.slug}`)} headingLevel={2} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-8 rounded-2xl bg-gray-50 p-8 text-center text-brand-grey-light">
          There are no specials right now. Please check back soon.
        </p>
      )}
    </div>
  );
}
