import type { ReactNode } from "react";
import { Link } from "react-router";
import { dealerPath } from "../lib/scope.ts";
import type { HomeData } from "../routes/site/home-data.server.ts";
import { BannerSlide, bannerHref, DealCard, RangeModelCard, rangeModelPath } from "./browse-cards.tsx";
import { Carousel } from "./carousel.tsx";

/** product.md §9: the collection carousel advances every 5 seconds. */
export const CAROUSEL_AUTOPLAY_MS = 5000;
/** 1 slide below 600 px, 2 from 600 px, 3 from 900 px, 4 from 1200 px (docs/decisions/010-carousel-slides-per-view.md). */
const COLLECTION_SLIDE_CLASS =
  "basis-full min-[600px]:basis-1/2 min-[900px]:basis-1/3 min-[1200px]:basis-1/4 px-2 py-2";

const sectionHeading = "text-2xl font-extrabold tracking-tight text-brand-grey sm:text-3xl";
const eyebrow = "text-xs font-bold uppercase tracking-[0.2em] text-brand-red";

function SectionHeading({ id, kicker, children }: { id: string; kicker: string; children: ReactNode }) {
  return (
    <>
      <p className={eyebrow}>{kicker}</p>
      <h2 id={id} className={`mt-1 ${sectionHeading}`}>
        {children}
      </h2>
    </>
  );
}

/** A path on the site, under /dealer/{dealerName} on a dealer's pages. */
type ScopedPath = (path: string) => string;

/**
 * The home page's sections (product.md §1): promotional banners, the new-car collection carousel,
 * latest offers, the new-motorcycle collection and the service and parts calls to action. `title` is the
 * page's one h1; every link stays inside the dealer scope.
 */
export function HomeSections({
  data,
  dealerSlug,
  title,
  intro,
}: {
  data: HomeData;
  dealerSlug: string | null;
  title: string;
  intro: string;
}) {
  const to = (path: string) => dealerPath(dealerSlug, path);
  return (
    <div className="pb-8">
      {data.banners.length > 0 ? (
        <Carousel label="Promotions" slideClassName="basis-full" autoplayMs={CAROUSEL_AUTOPLAY_MS} controls="overlay">
          {data.banners.map((banner, index) => (
            <BannerSlide key={banner.id} banner={banner} href={bannerHref(banner, dealerSlug)} eager={index === 0} />
          ))}
        </Carousel>
      ) : null}

      <HomeIntro title={title} intro={intro} to={to} />

      {data.cars.length > 0 ? <NewCarCollection cars={data.cars} to={to} /> : null}

      <LatestOffers offers={data.offers} to={to} />

      {data.motorcycles.length > 0 ? <MotorcycleCollection motorcycles={data.motorcycles} to={to} /> : null}

      <div className="mx-auto mt-14 grid max-w-7xl gap-6 px-4 sm:px-6 md:grid-cols-2">
        <CallToAction
          id="service-cta"
          kicker="Owning a Honda"
          title="Book a service"
          text="Factory-trained technicians and genuine Honda parts. Enjoy free Wi-Fi while you wait, and a complimentary wash and vacuum with every service."
          action="Book a service"
          href={to("/service")}
          tone="dark"
        />
        <CallToAction
          id="parts-cta"
          kicker="Genuine Parts"
          title="Genuine parts, ordered for you"
          text="Tell us the part you need and the vehicle it is for. Our parts team finds it, quotes it and lets you know when it is ready."
          action="Enquire about parts"
          href={to("/parts")}
          tone="red"
        />
      </div>
    </div>
  );
}

/** The page's heading and introduction, and the links to shop by kind of vehicle. */
function HomeIntro({ title, intro, to }: { title: string; intro: string; to: ScopedPath }) {
  return (
    <section aria-labelledby="home-title" className="border-b border-gray-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 lg:flex-row lg:items-center lg:justify-between lg:py-12">
        <div className="max-w-2xl">
          <h1 id="home-title" className="text-3xl font-extrabold tracking-tight text-brand-grey sm:text-4xl">
            {title}
          </h1>
          <p className="mt-3 text-base leading-relaxed text-brand-grey-light sm:text-lg">{intro}</p>
        </div>
        <ul className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap" aria-label="Shop by">
          {[
            ["New cars", "/new"],
            ["Motorcycles", "/honda-wing"],
            ["Used cars", "/used"],
            ["Specials", "/specials"],
          ].map(([label, path]) => (
            <li key={path}>
              <Link
                to={to(path as string)}
                className="block rounded-full border-2 border-brand-grey px-5 py-2.5 text-center text-sm font-semibold text-brand-grey transition hover:border-brand-red hover:bg-brand-red hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-red"
              >
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The new cars in a carousel, then the link to all of them. */
function NewCarCollection({ cars, to }: { cars: HomeData["cars"]; to: ScopedPath }) {
  return (
    <div id="new-cars" className="mx-auto max-w-7xl px-4 pt-14 sm:px-6">
      <Carousel
        label="New car collection"
        slideClassName={COLLECTION_SLIDE_CLASS}
        viewportClassName="-mx-2"
        autoplayMs={CAROUSEL_AUTOPLAY_MS}
        heading={
          <SectionHeading id="new-cars-title" kicker="New Honda cars">
            The new-car collection
          </SectionHeading>
        }
      >
        {cars.map((model) => (
          <RangeModelCard key={model.model_slug} model={model} href={to(rangeModelPath(model))} />
        ))}
      </Carousel>
      <p className="mt-4">
        <Link to={to("/new")} className="text-sm font-semibold text-brand-red underline-offset-4 hover:underline">
          View all new cars <span aria-hidden="true">&rarr;</span>
        </Link>
      </p>
    </div>
  );
}

/** The latest specials, or a word that there are none. */
function LatestOffers({ offers, to }: { offers: HomeData["offers"]; to: ScopedPath }) {
  return (
    <section aria-labelledby="offers-title" className="mx-auto max-w-7xl px-4 pt-14 sm:px-6">
      <div className="flex items-end justify-between gap-4">
        <div>
          <SectionHeading id="offers-title" kicker="Specials">
            Latest offers
          </SectionHeading>
        </div>
        <Link
          to={to("/specials")}
          className="shrink-0 text-sm font-semibold text-brand-red underline-offset-4 hover:underline"
        >
          All specials <span aria-hidden="true">&rarr;</span>
        </Link>
      </div>
      {offers.length > 0 ? (
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {offers.map((deal) => (
            <li key={deal.slug}>
              <DealCard deal={deal} href={to(`/specials/${deal.slug}`)} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6 text-brand-grey-light">There are no offers right now. Please check back soon.</p>
      )}
    </section>
  );
}

/** The new motorcycles in a carousel, then the link to the Honda Wing dealers. */
function MotorcycleCollection({ motorcycles, to }: { motorcycles: HomeData["motorcycles"]; to: ScopedPath }) {
  return (
    <div className="mt-14 bg-gray-50 py-14">
      <div id="motorcycles" className="mx-auto max-w-7xl px-4 sm:px-6">
        <Carousel
          label="New motorcycle collection"
          slideClassName={COLLECTION_SLIDE_CLASS}
          viewportClassName="-mx-2"
          autoplayMs={CAROUSEL_AUTOPLAY_MS}
          heading={
            <SectionHeading id="motorcycles-title" kicker="Honda Wing">
              The new-motorcycle collection
            </SectionHeading>
          }
        >
          {motorcycles.map((model) => (
            <RangeModelCard key={model.model_slug} model={model} href={to(rangeModelPath(model))} />
          ))}
        </Carousel>
        <p className="mt-4">
          <Link
            to={to("/honda-wing")}
            className="text-sm font-semibold text-brand-red underline-offset-4 hover:underline"
          >
            Find a Honda Wing dealer <span aria-hidden="true">&rarr;</span>
          </Link>
        </p>
      </div>
    </div>
  );
}

function CallToAction(props: {
  id: string;
  kicker: string;
  title: string;
  text: string;
  action: string;
  href: string;
  tone: "dark" | "red";
}) {
  const dark = props.tone === "dark";
  return (
    <section
      aria-labelledby={props.id}
      className={`relative overflow-hidden rounded-3xl p-8 text-white sm:p-10 ${dark ? "bg-brand-grey" : "bg-brand-red"}`}
    >
      <svg aria-hidden="true" viewBox="0 0 200 200" className="absolute -right-10 -bottom-10 size-56 opacity-10">
        {dark ? (
          <path
            fill="currentColor"
            d="M150 20a40 40 0 0 0-52 49L24 143a17 17 0 0 0 24 24l74-74a40 40 0 0 0 49-52l-24 24-22-6-6-22 24-24a40 40 0 0 0-3-13Z"
          />
        ) : (
          <path
            fill="currentColor"
            d="M100 10l13 24 26-8 2 27 27 6-10 25 21 18-21 17 10 26-27 5-2 27-26-8-13 24-13-24-26 8-2-27-27-5 10-26-21-17 21-18-10-25 27-6 2-27 26 8Zm0 55a35 35 0 1 0 0 70 35 35 0 0 0 0-70Z"
          />
        )}
      </svg>
      <p className="relative text-xs font-bold uppercase tracking-[0.2em] text-white/85">{props.kicker}</p>
      <h2 id={props.id} className="relative mt-2 text-2xl font-extrabold sm:text-3xl">
        {props.title}
      </h2>
      <p className="relative mt-3 max-w-md leading-relaxed text-white/90">{props.text}</p>
      <Link
        to={props.href}
        className={`relative mt-6 inline-flex items-center gap-2 rounded-full px-6 py-3 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white ${dark ? "bg-brand-red text-white hover:bg-brand-red-dark" : "bg-white text-brand-red hover:bg-gray-100"}`}
      >
        {props.action} <span aria-hidden="true">&rarr;</span>
      </Link>
    </section>
  );
}
