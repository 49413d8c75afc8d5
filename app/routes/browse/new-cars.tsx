import { appContext } from "../../load-context.ts";
import { data } from "react-router";
import { listRangeModels } from "../../../core/catalogue/ranges.server.ts";
import { readBanners } from "../../../core/content/banners.server.ts";
import {
  BannerSlide,
  bannerHref,
  RangeModelCard,
  rangeModelPath,
  toRangeCard,
} from "../../components/browse-cards.tsx";
import { Carousel } from "../../components/carousel.tsx";
import { CAROUSEL_AUTOPLAY_MS } from "../../components/home-sections.tsx";
import { formatRand } from "../../../core/shared/format.ts";
import { dealerPath } from "../../lib/scope.ts";
import { resolveDealerScope } from "../../lib/scope.server.ts";
import { useScopedDealer } from "../../lib/scope.ts";
import type { Route } from "./+types/new-cars";
import { pageMeta, pageTitle } from "../../lib/meta.ts";
import { PUBLIC_PAGE } from "../../lib/page-cache-rule.ts";

/** The same page for every visitor: the rendered-page cache may keep it (decision 047). */
export const handle = PUBLIC_PAGE;

/** /new and /new/{make}: Car banners on top, then a card for each new car model. An unknown make is a 404. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = await resolveDealerScope(context.get(appContext).readModels, request, params);
  const [banners, models] = await Promise.all([
    readBanners(context.get(appContext).readModels, "Car", scope.dealer?.slug ?? null),
    listRangeModels(context.get(appContext).readModels, { type: "car", makeSlug: params.make }),
  ]);
  if (params.make && models.length === 0) throw data(null, { status: 404 });
  return {
    banners,
    models: models.map(toRangeCard),
    make: params.make ? (models[0]?.make ?? null) : null,
    dealerName: scope.dealer?.dealerName ?? null,
  };
}

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData;
  if (!page) return [{ title: pageTitle("Page not found") }, { name: "robots", content: "noindex" }];
  const what = page.make ? `New ${page.make} cars` : "New Honda cars";
  const where = page.dealerName ?? "Honda Dealer Group";
  const cheapest = Math.min(...page.models.map((model) => model.minPrice));
  return pageMeta(args, {
    title: `${what} | ${where}`,
    description: `${what} in South Africa from ${formatRand(cheapest)}: ${page.models.map((model) => model.model).join(", ")}. Compare models, colours and prices at ${where}.`,
    image: page.models[0]?.mainImage,
  });
}

export default function NewCars({ loaderData }: Route.ComponentProps) {
  const { banners, models, make, dealerName } = loaderData;
  const slug = useScopedDealer()?.slug ?? null;
  const title = make ? `New ${make} cars` : "New Honda cars";
  return (
    <div className="pb-8">
      {banners.length > 0 ? (
        <Carousel
          label="New car promotions"
          slideClassName="basis-full"
          autoplayMs={CAROUSEL_AUTOPLAY_MS}
          controls="overlay"
        >
          {banners.map((banner, index) => (
            <BannerSlide key={banner.id} banner={banner} href={bannerHref(banner, slug)} eager={index === 0} />
          ))}
        </Carousel>
      ) : null}
      <div className="mx-auto max-w-7xl px-4 pt-10 sm:px-6">
        <p className="text-xs font-bold uppercase tracking-[0.2em] text-brand-red">{dealerName ?? "The range"}</p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-brand-grey sm:text-4xl">{title}</h1>
        <p className="mt-3 max-w-2xl text-brand-grey-light">
          {models.length} models, from city runabouts to seven-seat family SUVs and hybrids. Choose a model to see its
          colours, specifications, prices and finance estimate.
        </p>
        <ul className="mt-8 grid grid-cols-1 gap-6 min-[600px]:grid-cols-2 min-[900px]:grid-cols-3 min-[1200px]:grid-cols-4">
          {models.map((model, index) => (
            <li key={model.model_slug}>
              <RangeModelCard
                model={model}
                href={dealerPath(slug, rangeModelPath(model))}
                eager={index < 2}
                headingLevel={2}
              />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
