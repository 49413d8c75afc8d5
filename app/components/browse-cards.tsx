import { Link } from "react-router";
import type { RangeModelView } from "../../core/catalogue/ranges.server.ts";
import type { BannerSlideData, BannerView } from "../../core/content/banners.server.ts";
import type { DealCardData } from "../../core/content/deals.server.ts";
import { formatDate, formatRand } from "../../core/shared/format.ts";
import { dealerPath } from "../lib/scope.ts";
import { BANNER_SIZE, UPLOAD_IMAGE_SIZE, VEHICLE_IMAGE_SIZE } from "../../core/media/shapes.ts";
import { CARD_SIZES, VehiclePicture } from "./used/vehicle-picture.tsx";

/** The model page of a new car (/new/...) or motorcycle (/honda-wing/...). */
export function rangeModelPath(model: Pick<RangeModelView, "type" | "make_slug" | "model_slug">): string {
  return `${model.type === "motorcycle" ? "/honda-wing" : "/new"}/${model.make_slug}/${model.model_slug}`;
}

/** What a range card needs: a slim copy of the model, so list pages do not ship every variant to the browser. */
export type RangeCardData = Pick<
  RangeModelView,
  "make" | "make_slug" | "model" | "model_slug" | "type" | "mainImage" | "minPrice" | "state"
>;

export function toRangeCard(model: RangeModelView): RangeCardData {
  const { make, make_slug, model: name, model_slug, type, mainImage, minPrice, state } = model;
  return { make, make_slug, model: name, model_slug, type, mainImage, minPrice, state };
}

/** A card for one model of the range: picture, name, "From R ..." and a link to the model page. */
export function RangeModelCard({
  model,
  href,
  eager = false,
  headingLevel = 3,
}: {
  model: RangeCardData;
  href: string;
  eager?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg focus-within:ring-2 focus-within:ring-brand-red">
      <div className="bg-gradient-to-b from-gray-50 to-gray-100">
        <img
          src={model.mainImage}
          alt=""
          width={VEHICLE_IMAGE_SIZE.width}
          height={VEHICLE_IMAGE_SIZE.height}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="aspect-[16/10] h-auto w-full object-cover transition duration-300 group-hover:scale-[1.03]"
        />
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs font-semibold uppercase tracking-widest text-brand-grey-light">{model.make}</p>
        <Heading className="mt-1 text-lg font-bold text-brand-grey">
          <Link to={href} className="after:absolute after:inset-0 focus-visible:outline-none">
            {model.model}
          </Link>
        </Heading>
        <p className="mt-1 text-sm text-brand-grey-light">
          From <span className="font-semibold text-brand-grey">{formatRand(model.minPrice)}</span>
        </p>
        {model.state === "run_out" ? (
          <p className="mt-1 text-sm font-semibold text-brand-grey">Run-out model, while stocks last</p>
        ) : null}
        <p className="mt-auto pt-4 text-sm font-semibold text-brand-red" aria-hidden="true">
          Explore <span className="inline-block transition group-hover:translate-x-1">&rarr;</span>
        </p>
      </div>
    </article>
  );
}

/** A card for one special: picture, title, summary, validity and a link to its page. */
export function DealCard({ deal, href, headingLevel = 3 }: { deal: DealCardData; href: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg focus-within:ring-2 focus-within:ring-brand-red">
      <VehiclePicture
        image={{ uri: deal.thumbnail, picture: deal.picture ?? undefined }}
        alt=""
        sizes={CARD_SIZES}
        artSize={UPLOAD_IMAGE_SIZE}
        className="aspect-[2/1] h-auto w-full object-cover"
      />
      <div className="flex flex-1 flex-col p-5">
        <Heading className="text-lg font-bold leading-snug text-brand-grey">
          <Link to={href} className="after:absolute after:inset-0 focus-visible:outline-none">
            {deal.title}
          </Link>
        </Heading>
        <p className="mt-2 line-clamp-3 text-sm leading-relaxed text-brand-grey-light">{deal.summary}</p>
        <div className="mt-auto flex items-center justify-between gap-3 pt-4 text-sm">
          <span className="text-brand-grey-light">Valid until {formatDate(deal.valid_until)}</span>
          <span className="font-semibold text-brand-red" aria-hidden="true">
            View offer &rarr;
          </span>
        </div>
      </div>
    </article>
  );
}

/** One promotional banner as a full-width slide with its title and button. */
export function BannerSlide({ banner, href, eager }: { banner: BannerSlideData; href: string; eager: boolean }) {
  return (
    <div className="relative overflow-hidden bg-brand-grey">
      <VehiclePicture
        image={{ uri: banner.image.uri, picture: banner.picture ?? undefined }}
        alt=""
        sizes="100vw"
        artSize={BANNER_SIZE}
        lcp={eager}
        className="aspect-[16/9] h-auto w-full object-cover object-[85%_50%] sm:aspect-[16/7] sm:object-center lg:aspect-[8/3]"
      />
      <div className="absolute inset-0 hidden bg-gradient-to-r from-black/70 via-black/30 to-transparent sm:block" />
      <div className="mx-auto max-w-7xl px-4 pt-5 pb-6 sm:absolute sm:inset-0 sm:flex sm:flex-col sm:justify-center sm:px-8 sm:py-0 sm:pr-48">
        <p className="max-w-xl text-2xl font-extrabold leading-tight text-white sm:text-4xl sm:drop-shadow lg:text-5xl">
          {banner.title}
        </p>
        <Link
          to={href}
          className="mt-4 inline-flex w-fit items-center gap-2 rounded-full bg-brand-red sm:mt-6 px-6 py-3 text-sm font-semibold text-white shadow-lg transition hover:bg-brand-red-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          {banner.button.text || "Explore more"}
          <span aria-hidden="true">&rarr;</span>
        </Link>
      </div>
    </div>
  );
}

/** Where a banner's button goes: site paths stay inside the dealer scope. */
export function bannerHref(banner: BannerView, dealerSlug: string | null | undefined): string {
  return banner.button.url.startsWith("/") ? dealerPath(dealerSlug, banner.button.url) : banner.button.url;
}
