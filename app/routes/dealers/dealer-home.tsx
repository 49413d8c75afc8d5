import { appContext } from "../../load-context.ts";
import { data, Link } from "react-router";
import { readBanners } from "../../../core/content/banners.server.ts";
import { BannerSlide, bannerHref } from "../../components/browse-cards.tsx";
import { Carousel } from "../../components/carousel.tsx";
import { CAROUSEL_AUTOPLAY_MS } from "../../components/home-sections.tsx";
import { resolveDealerScope } from "../../lib/scope.server.ts";
import { callPing, directionsGoHref, useSiteUrl } from "../../lib/go-links.ts";
import { formatOpeningTimes, telHref } from "../../lib/hours.ts";
import { scopedHref } from "../../lib/navigation.ts";
import type { Route } from "./+types/dealer-home";
import { pageMeta, pageTitle } from "../../lib/meta.ts";
import { autoDealerJsonLd } from "../../lib/structured-data.ts";
import { PUBLIC_PAGE } from "../../lib/page-cache-rule.ts";

/** The same page for every visitor: the rendered-page cache may keep it (decision 047). */
export const handle = PUBLIC_PAGE;

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData;
  if (!page) return [{ title: pageTitle("Page not found") }, { name: "robots", content: "noindex" }];
  const { dealer } = page;
  return pageMeta(args, {
    title: pageTitle("Welcome", dealer),
    description: `${dealer.dealerName}, ${dealer.address}. Call ${dealer.dealer_contact_no}. New and used Honda vehicles, specials, service and parts.`,
    jsonLd: (siteUrl) => [autoDealerJsonLd(siteUrl, dealer)],
  });
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { dealer } = await resolveDealerScope(context.get(appContext).readModels, request, params);
  if (!dealer) throw data(null, { status: 404 });
  // The home page's (general) banners: this dealer's own and the group's (decision 035).
  return { dealer, banners: await readBanners(context.get(appContext).readModels, "", dealer.slug) };
}

const SELL_STEPS = [
  {
    title: "Quick details",
    text: "Tell us the make, model, year and mileage of your vehicle. It takes a couple of minutes.",
  },
  {
    title: "Hassle-free inspection",
    text: "Bring the vehicle in, or we come to you. Our appraisers inspect it while you wait, with no obligation.",
  },
  {
    title: "Top rand, fast sale",
    text: "Accept our offer and we settle your finance and pay you quickly, often on the same day.",
  },
];

type Dealer = Route.ComponentProps["loaderData"]["dealer"];

/** product.md §2: the dealer home with the dealer principal banner and the sell-your-car section. */
export default function DealerHome({ loaderData }: Route.ComponentProps) {
  const { dealer, banners } = loaderData;
  return (
    <div>
      {banners.length > 0 ? (
        <Carousel label="Promotions" slideClassName="basis-full" autoplayMs={CAROUSEL_AUTOPLAY_MS} controls="overlay">
          {banners.map((banner, index) => (
            <BannerSlide key={banner.id} banner={banner} href={bannerHref(banner, dealer.slug)} eager={index === 0} />
          ))}
        </Carousel>
      ) : null}
      <DealerHero dealer={dealer} />

      <div className="mx-auto max-w-7xl px-4 py-10">
        <BusinessHours dealer={dealer} />

        <SellYourCarSection dealer={dealer} />
      </div>
    </div>
  );
}

/** The dealer principal and how to reach them. */
function DealerPrincipal({ dealer, siteUrl }: { dealer: Dealer; siteUrl: string }) {
  return (
    <section
      aria-labelledby="dp-heading"
      className="rounded-lg border-l-4 border-brand-red bg-white p-5 text-brand-grey"
    >
      <h2 id="dp-heading" className="text-sm font-bold uppercase tracking-wider text-brand-red">
        Dealer principal
      </h2>
      <p className="mt-2 text-xl font-bold">{dealer.dp_name}</p>
      <p className="mt-1 text-sm text-brand-grey-light">Questions, compliments or a concern? Contact me directly.</p>
      <ul className="mt-2">
        <li>
          <a
            href={`mailto:${dealer.dp_email}`}
            className="inline-flex min-h-11 items-center break-all font-semibold text-brand-red underline-offset-2 hover:underline"
          >
            {dealer.dp_email}
          </a>
        </li>
        <li>
          <a
            href={telHref(dealer.dp_contact_no)}
            ping={callPing(siteUrl, dealer.slug)}
            className="inline-flex min-h-11 items-center font-semibold text-brand-red underline-offset-2 hover:underline"
          >
            {dealer.dp_contact_no}
          </a>
        </li>
      </ul>
    </section>
  );
}

/** The dealership's name, address, telephone and map, its quick links, and its dealer principal. */
function DealerHero({ dealer }: { dealer: Dealer }) {
  const siteUrl = useSiteUrl();
  const quickLinks = dealer.is_wing
    ? [
        { label: "Honda Wing motorcycles", path: "/honda-wing" },
        { label: "Used and demo stock", path: "/used" },
        { label: "Specials", path: "/specials" },
      ]
    : [
        { label: "New cars", path: "/new" },
        { label: "Used and demo cars", path: "/used" },
        { label: "Specials", path: "/specials" },
        { label: "Book a service", path: "/service" },
        { label: "Order parts", path: "/parts" },
      ];

  return (
    <section className="bg-brand-grey text-white">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 md:grid-cols-[2fr_1fr]">
        <div>
          <h1 id="dealer-heading" tabIndex={-1} className="text-3xl font-bold focus:outline-none sm:text-4xl">
            {dealer.dealerName}
          </h1>
          <address className="mt-3 not-italic text-gray-100">{dealer.address}</address>
          <p className="mt-1">
            <a
              href={telHref(dealer.dealer_contact_no)}
              ping={callPing(siteUrl, dealer.slug)}
              className="inline-flex min-h-11 items-center font-semibold text-white underline underline-offset-2"
            >
              {dealer.dealer_contact_no}
            </a>
            <span aria-hidden="true" className="mx-2 text-gray-300">
              ·
            </span>
            <a
              href={directionsGoHref(dealer.slug)}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="inline-flex min-h-11 items-center text-white underline underline-offset-2"
            >
              View on map<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </p>
          <ul className="mt-6 flex flex-wrap gap-3">
            {quickLinks.map((link) => (
              <li key={link.path}>
                <Link
                  to={scopedHref(dealer, link.path)}
                  className="inline-block rounded bg-brand-red px-4 py-2 font-semibold text-white hover:bg-brand-red-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <DealerPrincipal dealer={dealer} siteUrl={siteUrl} />
      </div>
    </section>
  );
}

/** The opening times, day by day. */
function BusinessHours({ dealer }: { dealer: Dealer }) {
  return (
    <section aria-labelledby="hours-heading">
      <h2 id="hours-heading" className="text-2xl font-bold">
        Business hours
      </h2>
      <dl className="mt-4 grid max-w-md grid-cols-[1fr_auto] gap-x-6 gap-y-2">
        {dealer.business_hours.map((line) => (
          <div key={line.days} className="contents">
            <dt>{line.days}</dt>
            <dd className="text-right font-semibold">{formatOpeningTimes(line)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Selling one's car to the dealership in three steps, and the link to start. */
function SellYourCarSection({ dealer }: { dealer: Dealer }) {
  return (
    <section aria-labelledby="sell-heading" className="mt-14 rounded-xl bg-gray-50 p-6 sm:p-10">
      <h2 id="sell-heading" className="text-2xl font-bold sm:text-3xl">
        Sell your car to {dealer.dealerName}
      </h2>
      <p className="mt-2 max-w-2xl text-brand-grey-light">
        Selling privately takes time and carries risk. Sell to us in three simple steps.
      </p>
      <ol className="mt-8 grid gap-6 md:grid-cols-3">
        {SELL_STEPS.map((step, index) => (
          <li key={step.title} className="rounded-lg bg-white p-6 shadow-sm">
            <span
              aria-hidden="true"
              className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-red text-lg font-bold text-white"
            >
              {index + 1}
            </span>
            <h3 className="mt-4 text-lg font-bold">{step.title}</h3>
            <p className="mt-2 text-brand-grey-light">{step.text}</p>
          </li>
        ))}
      </ol>
      <Link
        to={`/dealer/${dealer.slug}/sell-your-car`}
        className="mt-8 inline-block rounded bg-brand-red px-6 py-3 font-semibold text-white hover:bg-brand-red-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-grey"
      >
        Get started: offer us your car
      </Link>
    </section>
  );
}
