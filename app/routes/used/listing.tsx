import { pageUrlOf } from "../../framework/data-requests.ts";
import { appContext } from "../../load-context.ts";
import { redirect, useNavigation } from "react-router";
import { dealerDirectoryModel, dealerIdNamed } from "../../../core/dealers/dealers.server.ts";
import { usedPageCount } from "../../../core/inventory/used-query.ts";
import { movedListingPath } from "../../../core/catalogue/catalogue-admin.server.ts";
import { FilterPanel } from "../../components/used/filter-panel.tsx";
import { Pagination } from "../../components/used/pagination.tsx";
import { SortMenu } from "../../components/used/sort-menu.tsx";
import { ShortlistLinks } from "../../components/used/shortlist-buttons.tsx";
import { cardFactsOf, VehicleCard } from "../../components/used/vehicle-card.tsx";
import { useAnnouncement } from "../../lib/announcement.ts";
import { resolveDealerScope } from "../../lib/scope.server.ts";
import { alertHref, canonicalListing, listingHref } from "../../lib/used-listing.ts";
import { defaultBodyTypes, listingNoun } from "../../lib/used-kind.ts";
import type { Route } from "./+types/listing";
import { pageMeta, pageTitle } from "../../lib/meta.ts";
import { formatNumber } from "../../../core/shared/format.ts";
import { PUBLIC_PAGE } from "../../lib/page-cache-rule.ts";

/** The same page for every visitor: the rendered-page cache may keep it (decision 047). */
export const handle = PUBLIC_PAGE;

/**
 * /used, /used/{make}, /used/{make}/{model}, group-wide or under /dealer/{dealerName} (that dealer's stock
 * only). Every state is a URL; a submitted filter form or a faulty query redirects to the canonical URL.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = await resolveDealerScope(context.get(appContext).readModels, request, params);
  // The listing follows the URL only: a dealer remembered from an earlier visit does not narrow /used.
  const dealer = scope.inRoute ? scope.dealer : null;
  const url = pageUrlOf(request);
  const { state, redirect: mustRedirect } = canonicalListing(
    { makeSlug: params.make, modelSlug: params.model },
    url.searchParams,
  );
  if (mustRedirect) throw redirect(listingHref(dealer?.slug, state));

  // Cars unless the buyer asks for motorcycles (or the dealer sells only motorcycles): the page says which.
  const query = { ...state, bodyTypes: defaultBodyTypes(state, dealer) };
  const dealerScope = {
    dealerId: dealer
      ? (dealerIdNamed(await context.get(appContext).readModels.read(dealerDirectoryModel), dealer.slug) ?? undefined)
      : undefined,
  };
  const [list, filters] = await Promise.all([
    context.get(appContext).usedStock.list(query, dealerScope),
    context.get(appContext).usedStock.filters(query, dealerScope),
  ]);
  const make = filters.makes.find((option) => option.slug === state.makeSlug);
  const model = filters.models.find((option) => option.slug === state.modelSlug);
  if (state.makeSlug && (!make || (state.modelSlug && !model))) {
    // A make or model renamed or merged in the back office: its old listing address moves for good.
    const moved = await movedListingPath(context.get(appContext).db, state.makeSlug, state.modelSlug);
    if (moved) throw redirect(listingHref(dealer?.slug, { ...state, ...moved, page: 1 }), 301);
  }
  return {
    state,
    dealerSlug: dealer?.slug ?? null,
    dealerName: dealer?.dealerName ?? null,
    vehicles: list.members.map(cardFactsOf),
    total: list.total,
    pages: usedPageCount(list.total),
    filters,
    makeName: make?.name ?? null,
    modelName: model?.name ?? null,
    noun: listingNoun(query.bodyTypes, filters.bodyTypes),
  };
}

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData;
  if (!page) return [{ title: pageTitle("Page not found") }, { name: "robots", content: "noindex" }];
  const subject = [page.makeName, page.modelName].filter(Boolean).join(" ");
  const where = page.dealerName ? ` at ${page.dealerName}` : "";
  return pageMeta(args, {
    title: `Used ${subject ? `${subject} ` : ""}${page.noun.toLowerCase()} for sale${where} | Honda Dealer Group`,
    description: `${page.total} used and demo ${subject || page.noun.toLowerCase()} for sale${where || " at Honda dealers across South Africa"}: filter by make, model, gearbox, fuel and condition; prices in rand with an estimated monthly instalment.`,
  });
}

export default function UsedListing({ loaderData }: Route.ComponentProps) {
  const { state, dealerSlug, vehicles, total, pages, filters, noun } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location?.pathname.includes("/used");
  const foundText = `Found ${formatNumber(total)} Used ${noun}`;
  const announcement = useAnnouncement(foundText, listingHref(dealerSlug, state));
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="md:grid md:grid-cols-[16rem_1fr] md:gap-8">
        <FilterPanel state={state} filters={filters} dealerSlug={dealerSlug} announcement={announcement} />
        <section
          aria-labelledby="used-heading"
          aria-busy={busy}
          className={busy ? "opacity-60 transition-opacity" : undefined}
        >
          <div className="flex flex-wrap items-end justify-between gap-4">
            <h1 id="used-heading" className="text-2xl font-bold sm:text-3xl">
              {foundText}
            </h1>
            <div className="flex flex-wrap items-center gap-4">
              <SortMenu state={state} dealerSlug={dealerSlug} />
              <a
                href={alertHref(dealerSlug, state)}
                className="inline-flex min-h-11 items-center rounded border border-brand-grey px-3 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-grey"
              >
                Email me new matches
              </a>
            </div>
          </div>
          <p role="status" className="sr-only">
            {announcement}
          </p>
          <div className="mt-3">
            <ShortlistLinks />
          </div>
          {vehicles.length > 0 ? (
            <ul className="mt-6 grid gap-3 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3" aria-label="Vehicles">
              {vehicles.map((vehicle, index) => (
                <li key={vehicle.id}>
                  <VehicleCard vehicle={vehicle} dealerSlug={dealerSlug} eager={index < 3} lcp={index === 0} />
                </li>
              ))}
            </ul>
          ) : total > 0 ? (
            <p className="mt-6">
              There are no vehicles on page {state.page}.{" "}
              <a
                className="font-semibold text-brand-red underline"
                href={listingHref(dealerSlug, { ...state, page: 1 })}
              >
                Go to the first page
              </a>
            </p>
          ) : (
            <p className="mt-6">No vehicles match these filters. Try another make or fewer filters.</p>
          )}
          {pages > 1 && <Pagination state={state} pages={pages} dealerSlug={dealerSlug} />}
        </section>
      </div>
    </div>
  );
}
