import { appContext } from "../../load-context.ts";
import { Link } from "react-router";
import { listRangeModels } from "../../../core/catalogue/ranges.server.ts";
import { readBanners } from "../../../core/content/banners.server.ts";
import { BANNER_SIZE } from "../../../core/media/shapes.ts";
import { dealerDirectoryModel, dealersNamedLike } from "../../../core/dealers/dealers.server.ts";
import { scopedHref } from "../../lib/navigation.ts";
import { dealerPath, useScopedDealer } from "../../lib/scope.ts";
import { DealerCard } from "../../components/dealer-card.tsx";
import { RangeModelCard, rangeModelPath, toRangeCard } from "../../components/browse-cards.tsx";
import type { Route } from "./+types/honda-wing";
import { dealerFromMatches, pageMeta, pageTitle } from "../../lib/meta.ts";
import { PUBLIC_PAGE } from "../../lib/page-cache-rule.ts";

/** The same page for every visitor: the rendered-page cache may keep it (decision 047). */
export const handle = PUBLIC_PAGE;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: pageTitle("Honda Wing: motorcycles and dealers", dealerFromMatches(args.matches)),
    description:
      "Honda Wing: the whole range of new Honda motorcycles, scooters and adventure bikes, and the group's Honda motorcycle dealers for sales, service and genuine parts.",
  });
}

/**
 * product.md §2: /honda-wing lists the wing dealers (names containing 'wing'); before them, the whole range of
 * new motorcycles, where a buyer looking for a motorcycle expects it.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  // 'honda-wing' asks for the Motorcycle banners (product.md §7).
  const [directory, banners, range] = await Promise.all([
    context.get(appContext).readModels.read(dealerDirectoryModel),
    readBanners(context.get(appContext).readModels, "Motorcycle", params.dealerName ?? null),
    listRangeModels(context.get(appContext).readModels, { type: "motorcycle" }),
  ]);
  const dealers = dealersNamedLike(directory, "wing");
  return { dealers, banners: banners.slice(0, 3), motorcycles: range.map(toRangeCard) };
}

/** Every new motorcycle of the range, a card each, as /new shows the cars. */
function MotorcycleRange({ motorcycles }: { motorcycles: Route.ComponentProps["loaderData"]["motorcycles"] }) {
  const slug = useScopedDealer()?.slug ?? null;
  return (
    <section aria-labelledby="wing-range" className="mx-auto max-w-7xl px-4 pt-10">
      <h2 id="wing-range" className="text-2xl font-bold">
        The motorcycle range
      </h2>
      <p className="mt-2 text-brand-grey-light">
        {motorcycles.length} models. Choose one to see its colours, specifications and price.
      </p>
      <ul className="mt-6 grid grid-cols-1 gap-6 min-[600px]:grid-cols-2 min-[900px]:grid-cols-3 min-[1200px]:grid-cols-4">
        {motorcycles.map((model) => (
          <li key={model.model_slug}>
            <RangeModelCard
              model={model}
              href={dealerPath(slug, rangeModelPath(model))}
              eager={false}
              headingLevel={3}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function HondaWing({ loaderData }: Route.ComponentProps) {
  const dealer = useScopedDealer();
  return (
    <div>
      <section className="bg-gradient-to-r from-brand-grey to-brand-grey-light text-white">
        <div className="mx-auto max-w-7xl px-4 py-12">
          <h1 className="text-3xl font-bold sm:text-4xl">Honda Wing</h1>
          <p className="mt-3 max-w-2xl text-lg text-gray-100">
            Honda motorcycles, from commuter scooters to adventure tourers, sold and serviced by our Honda Wing dealers.
          </p>
        </div>
      </section>
      {loaderData.banners.length > 0 && (
        <section aria-labelledby="wing-featured" className="mx-auto max-w-7xl px-4 pt-10">
          <h2 id="wing-featured" className="text-2xl font-bold">
            Featured motorcycles
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {loaderData.banners.map((banner) => (
              <li key={banner.id} className="overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm">
                <img
                  src={banner.image.uri}
                  alt=""
                  width={BANNER_SIZE.width}
                  height={BANNER_SIZE.height}
                  loading="lazy"
                  className="aspect-[8/3] h-auto w-full object-cover"
                />
                <div className="p-4">
                  <h3 className="text-lg font-bold">{banner.title}</h3>
                  <Link
                    to={banner.button.url.startsWith("/") ? scopedHref(dealer, banner.button.url) : banner.button.url}
                    className="mt-3 inline-block rounded bg-brand-red px-4 py-2 font-semibold text-white hover:bg-brand-red-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-grey"
                  >
                    {banner.button.text}
                    <span className="sr-only">: {banner.title}</span>
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
      {loaderData.motorcycles.length > 0 && <MotorcycleRange motorcycles={loaderData.motorcycles} />}
      <section aria-labelledby="wing-dealers" className="mx-auto max-w-7xl px-4 py-10">
        <h2 id="wing-dealers" className="text-2xl font-bold">
          Honda Wing dealers
        </h2>
        {loaderData.dealers.length === 0 ? (
          <p className="mt-4">There are no Honda Wing dealers listed at the moment.</p>
        ) : (
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {loaderData.dealers.map((dealer) => (
              <li key={dealer.slug} className="flex">
                <DealerCard dealer={dealer} headingLevel={3} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
