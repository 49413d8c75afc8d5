import { pageUrlOf } from "../../framework/data-requests.ts";
import { appContext } from "../../load-context.ts";
import { useState } from "react";
import { data, Link, redirect, useLocation } from "react-router";
import { movedListingPath } from "../../../core/catalogue/catalogue-admin.server.ts";
import { dealerDirectoryModel, dealerNamed } from "../../../core/dealers/dealers.server.ts";
import { RecentlyViewed } from "../../components/used/recently-viewed.tsx";
import { ShortlistButtons } from "../../components/used/shortlist-buttons.tsx";
import { VehicleCard } from "../../components/used/vehicle-card.tsx";
import { formatDayMonth, formatKm, formatRand } from "../../../core/shared/format.ts";
import { resolveDealerScope, testDriveModel } from "../../lib/scope.server.ts";
import { dealerPath } from "../../lib/scope.ts";
import { callPing, directionsGoHref, useSiteUrl, whatsAppGoHref } from "../../lib/go-links.ts";
import { ContactBar } from "../../components/contact-bar.tsx";
import { telHref } from "../../lib/hours.ts";
import { VehicleBadges } from "../../components/used/vehicle-badges.tsx";
import { DETAIL_SIZES, THUMBNAIL_SIZES, VehiclePicture } from "../../components/used/vehicle-picture.tsx";
import type { Route } from "./+types/detail";
import { pageMeta, pageTitle } from "../../lib/meta.ts";
import { usedVehicleJsonLd } from "../../lib/structured-data.ts";
import { dealerWords, featureList } from "../../../core/inventory/dealer-words.ts";
import { PUBLIC_PAGE } from "../../lib/page-cache-rule.ts";

/** The same page for every visitor: the rendered-page cache may keep it (decision 047). */
export const handle = PUBLIC_PAGE;

/**
 * /used/{make}/{model}/{id}: one used or demo vehicle. Not found (404) when the id names no vehicle, when
 * the make or model in the path is not the vehicle's, under /dealer/{dealerName} when another dealer has
 * it, or when it is a draft. A sold vehicle's page answers 410 Gone with a link to similar stock.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = await resolveDealerScope(context.get(appContext).readModels, request, params);
  const dealerSlug = scope.inRoute ? (scope.dealer?.slug ?? null) : null;
  const vehicle = /^\d{1,9}$/.test(params.id)
    ? await context.get(appContext).usedStock.vehicle(Number(params.id))
    : null;
  if (vehicle && (vehicle.make_slug !== params.make || vehicle.model_slug !== params.model)) {
    // The vehicle's make or model was renamed or merged: its old address moves for good.
    const moved = await movedListingPath(context.get(appContext).db, params.make, params.model);
    if (moved && moved.makeSlug === vehicle.make_slug && moved.modelSlug === vehicle.model_slug) {
      throw redirect(dealerPath(dealerSlug, `/used/${vehicle.make_slug}/${vehicle.model_slug}/${vehicle.id}`), 301);
    }
  }
  if (
    !vehicle ||
    vehicle.make_slug !== params.make ||
    vehicle.model_slug !== params.model ||
    (dealerSlug !== null && vehicle.dealer_slug !== dealerSlug) ||
    vehicle.status === "Draft"
  ) {
    throw data(null, { status: 404 });
  }
  if (vehicle.status === "Sold") {
    const similar = {
      name: `${vehicle.make} ${vehicle.model}`,
      path: dealerPath(dealerSlug, `/used/${vehicle.make_slug}/${vehicle.model_slug}`),
    };
    return data(
      { sold: { title: `${vehicle.year} ${vehicle.make} ${vehicle.model} ${vehicle.variant}`, similar } } as const,
      { status: 410 },
    );
  }
  const [directory, similar, history, details, testDrive] = await Promise.all([
    context.get(appContext).readModels.read(dealerDirectoryModel),
    context.get(appContext).usedStock.similar(vehicle),
    context.get(appContext).usedStock.priceHistory(vehicle.id),
    context.get(appContext).usedStock.details(vehicle.id),
    testDriveModel(context.get(appContext).readModels, scope, vehicle.make_slug, vehicle.model_slug),
  ]);
  const dealer = dealerNamed(directory, vehicle.dealer_slug);
  // The reductions, newest first: "Reduced by R 15 000 on 3 Nov".
  const reductions = history
    .filter((change) => change.newPrice < change.oldPrice)
    .reverse()
    .map((change) => ({ by: change.oldPrice - change.newPrice, on: change.changedAt.toISOString() }));
  const image = Number(pageUrlOf(request).searchParams.get("image") ?? "1");
  const selected = Number.isInteger(image) && image >= 1 && image <= vehicle.images.length ? image - 1 : 0;
  const canBookTestDrive = testDrive !== null;
  return { sold: null, vehicle, dealer, dealerSlug, selected, similar, reductions, details, canBookTestDrive };
}

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData;
  if (!page) return [{ title: pageTitle("Page not found") }, { name: "robots", content: "noindex" }];
  if (page.sold) return [{ title: pageTitle(`${page.sold.title}: sold`) }, { name: "robots", content: "noindex" }];
  const { vehicle, dealer } = page;
  const name = `${vehicle.year} ${vehicle.make} ${vehicle.model} ${vehicle.variant}`;
  return pageMeta(args, {
    title: `${name} for ${formatRand(vehicle.price)} | Used ${vehicle.body_type === "Motorcycle" ? "motorcycles" : "cars"} | Honda Dealer Group`,
    description: `${vehicle.state_of_vehicle} ${name}, ${formatKm(vehicle.mileage.value)}, ${vehicle.transmission}, ${vehicle.fuel_type}, ${formatRand(vehicle.price)} (about ${formatRand(vehicle.installment)} p/m) at ${vehicle.dealer_name}, ${vehicle.dealer_province}.`,
    type: "product",
    image: vehicle.image.uri,
    jsonLd: (siteUrl) => [
      usedVehicleJsonLd(siteUrl, vehicle, dealer, dealerWords(page.details?.description, page.details?.features)),
    ],
  });
}

export default function UsedVehicleDetail({ loaderData }: Route.ComponentProps) {
  if (loaderData.sold) return <SoldVehicle {...loaderData.sold} />;
  return <AvailableVehicle {...loaderData} />;
}

/** The page of a vehicle that has been sold (410 Gone): where to look instead. */
function SoldVehicle({ title, similar }: { title: string; similar: { name: string; path: string } }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">This vehicle has been sold</h1>
      <p className="mt-4">The {title} is no longer in stock.</p>
      <Link to={similar.path} className="mt-8 inline-block font-semibold text-brand-red underline">
        See other used {similar.name} vehicles
      </Link>
    </div>
  );
}

type AvailableVehicleProps = Exclude<Route.ComponentProps["loaderData"], { sold: object }>;

function AvailableVehicle(loaderData: AvailableVehicleProps) {
  const { vehicle, dealer, dealerSlug, similar, reductions, details, canBookTestDrive } = loaderData;
  const { pathname } = useLocation();
  const [selected, setSelected] = useState(loaderData.selected);
  const title = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
  const enquirePath = `${pathname.replace(/\/+$/, "")}/enquire`;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <PhotoGallery vehicle={vehicle} title={title} selected={selected} onSelect={setSelected} />
        <div>
          <h1 className="text-3xl font-bold">{title}</h1>
          <p className="mt-1 text-lg text-brand-grey-light">{vehicle.variant}</p>
          {vehicle.status === "Reserved" && (
            <p className="mt-4 font-semibold">
              Reserved: another buyer has put down a deposit. Enquire to hear if it comes free.
            </p>
          )}
          <PriceSummary vehicle={vehicle} reductions={reductions} />
          <ContactBar
            dealer={dealer}
            about={`the ${title}`}
            whatsAppHref={whatsAppGoHref(vehicle.dealer_slug, vehicle.id)}
            vehicleId={vehicle.id}
          />
          <ShortlistButtons vehicle={{ id: vehicle.id, title, uri: vehicle.uri }} className="mt-4" />
          <VehicleActions
            vehicle={vehicle}
            dealerSlug={dealerSlug}
            enquirePath={enquirePath}
            canBookTestDrive={canBookTestDrive}
          />
          <h2 className="mt-8 text-xl font-bold">Vehicle details</h2>
          <VehicleFacts vehicle={vehicle} details={details} />
          <DealerDescription description={details?.description ?? null} features={details?.features ?? null} />
          <h2 className="mt-8 text-xl font-bold">Dealer</h2>
          <DealerAddress vehicle={vehicle} dealer={dealer} />
        </div>
      </div>
      {similar.length > 0 && <SimilarVehicles similar={similar} />}
      <RecentlyViewed current={{ id: vehicle.id, title: `${title} ${vehicle.variant}`, uri: vehicle.uri }} />
    </div>
  );
}

type Vehicle = AvailableVehicleProps["vehicle"];

/** The chosen photo, large, and the thumbnails that choose it (links to ?image=n without JavaScript). */
function PhotoGallery({
  vehicle,
  title,
  selected,
  onSelect,
}: {
  vehicle: Vehicle;
  title: string;
  selected: number;
  onSelect: (index: number) => void;
}) {
  return (
    <section aria-label="Photos">
      <div className="relative overflow-hidden rounded-lg bg-gray-100">
        <VehiclePicture
          key={selected}
          image={vehicle.images[selected] ?? vehicle.image}
          alt={`${title} in ${vehicle.exterior_color}, photo ${selected + 1} of ${vehicle.images.length}`}
          sizes={DETAIL_SIZES}
          lcp
          className="aspect-[8/5] h-auto w-full object-cover"
        />
        <VehicleBadges vehicle={vehicle} />
      </div>
      {vehicle.images.length > 1 && (
        <ul className="mt-3 grid grid-cols-4 gap-3" aria-label="Choose a photo">
          {vehicle.images.map((image, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a feed may list one photo twice; the gallery never reorders
            <li key={image.uri + index}>
              <Link
                to={`?image=${index + 1}`}
                replace
                preventScrollReset
                aria-current={index === selected ? "true" : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  onSelect(index);
                }}
                className={`block overflow-hidden rounded border-2 ${index === selected ? "border-brand-red" : "border-transparent hover:border-gray-400"}`}
              >
                <VehiclePicture
                  image={image}
                  alt={`Photo ${index + 1}`}
                  sizes={THUMBNAIL_SIZES}
                  className="aspect-[8/5] h-auto w-full object-cover"
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The price, its reductions, and the estimated instalment. */
function PriceSummary({ vehicle, reductions }: Pick<AvailableVehicleProps, "vehicle" | "reductions">) {
  return (
    <>
      <p className="mt-4 text-3xl font-bold">{formatRand(vehicle.price)}</p>
      {reductions.length > 0 && (
        <ul aria-label="Price history" className="mt-1 text-sm font-semibold text-green-800">
          {reductions.map((r) => (
            <li key={r.on}>
              Reduced by {formatRand(r.by)} on {formatDayMonth(r.on)}
            </li>
          ))}
        </ul>
      )}
      <p>
        Estimated instalment <span className="font-semibold">{`${formatRand(vehicle.installment)} p/m`}</span>
      </p>
      <p className="mt-1 text-xs text-brand-grey-light">
        Estimate at 12% interest over 72 months, no deposit and a 40% balloon; excludes on-the-road costs, insurance and
        bank fees, and is not a quote.
      </p>
    </>
  );
}

function VehicleActions({
  vehicle,
  dealerSlug,
  enquirePath,
  canBookTestDrive,
}: Pick<AvailableVehicleProps, "vehicle" | "dealerSlug" | "canBookTestDrive"> & { enquirePath: string }) {
  return (
    <div className="mt-6 flex flex-wrap gap-3">
      <Link
        to={enquirePath}
        className="inline-flex min-h-11 items-center rounded bg-brand-red px-6 font-semibold text-white hover:bg-brand-red-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-grey"
      >
        Enquire Now
      </Link>
      {canBookTestDrive && (
        <Link
          to={dealerPath(dealerSlug, `/book-test-drive/${vehicle.make_slug}/${vehicle.model_slug}`)}
          className="inline-flex min-h-11 items-center rounded border-2 border-brand-grey px-6 font-semibold hover:bg-gray-100"
        >
          Book a test drive
        </Link>
      )}
      <Link
        to={dealerPath(dealerSlug, `/sell-your-car?vehicle=${vehicle.id}`)}
        className="inline-flex min-h-11 items-center rounded border-2 border-brand-grey px-6 font-semibold hover:bg-gray-100"
      >
        Trade in your car
      </Link>
    </div>
  );
}

function VehicleFacts({ vehicle, details }: Pick<AvailableVehicleProps, "vehicle" | "details">) {
  const facts: [string, string][] = [
    ["Make", vehicle.make],
    ["Model", vehicle.model],
    ["Variant", vehicle.variant],
    ["Year", String(vehicle.year)],
    ["Mileage", formatKm(vehicle.mileage.value)],
    ["Transmission", vehicle.transmission],
    ["Fuel type", vehicle.fuel_type],
    ["Colour", vehicle.exterior_color],
    ["Condition", vehicle.state_of_vehicle],
    // The dealer's own stock number and the VIN, which a buyer quotes to the dealer and checks on the car;
    // a vehicle added on this site without a DMS number is known by its number here.
    ["Stock number", details?.stockNumber ?? String(vehicle.id)],
    ...(details?.vin ? [["VIN", details.vin] as [string, string]] : []),
  ];
  return (
    <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-brand-grey-light">{term}</dt>
          <dd className="font-semibold wrap-anywhere">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The dealer's description, from its DMS or typed by staff, as plain text: React writes it as text, so markup
 * a DMS sends shows as the characters it is and never becomes HTML. A blank line starts a paragraph; a single
 * line break stays a line break.
 */
function DealerDescription({ description, features }: { description: string | null; features: string | null }) {
  const paragraphs = (description ?? "")
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  const items = featureList(features);
  if (paragraphs.length === 0 && items.length === 0) return null;
  return (
    <section aria-labelledby="vehicle-description" className="mt-8">
      <h2 id="vehicle-description" className="text-xl font-bold">
        From the dealer
      </h2>
      {paragraphs.map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text, drawn once in their order
        <p key={index} className="mt-3 max-w-prose whitespace-pre-line">
          {paragraph}
        </p>
      ))}
      {items.length > 0 ? (
        <>
          <h3 className="mt-4 font-bold">Features and extras</h3>
          <ul className="mt-2 grid list-disc gap-x-6 gap-y-1 pl-6 sm:grid-cols-2">
            {items.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: items of one list, drawn once in their order
              <li key={index}>{item}</li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** The selling dealer: its page, its address and directions, its number to call. */
function DealerAddress({ vehicle, dealer }: Pick<AvailableVehicleProps, "vehicle" | "dealer">) {
  const siteUrl = useSiteUrl();
  return (
    <address className="mt-3 not-italic">
      <p className="font-semibold">
        {dealer ? (
          <Link to={dealer.uri} className="inline-flex min-h-11 items-center underline">
            {vehicle.dealer_name}
          </Link>
        ) : (
          vehicle.dealer_name
        )}
      </p>
      <p>{vehicle.dealer_province}</p>
      {dealer && (
        <>
          <p>{dealer.address}</p>
          <p className="flex flex-wrap items-baseline gap-x-6">
            <a
              href={directionsGoHref(dealer.slug, vehicle.id)}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="inline-flex min-h-11 items-center underline"
            >
              Directions<span className="sr-only"> to {vehicle.dealer_name} (opens in a new tab)</span>
            </a>
            <span>
              Call{" "}
              <a
                href={telHref(dealer.dealer_contact_no)}
                ping={callPing(siteUrl, dealer.slug, vehicle.id)}
                className="inline-flex min-h-11 items-center font-semibold underline"
              >
                {dealer.dealer_contact_no}
              </a>
            </span>
          </p>
        </>
      )}
    </address>
  );
}

function SimilarVehicles({ similar }: Pick<AvailableVehicleProps, "similar">) {
  return (
    <section aria-labelledby="similar-heading" className="mt-12">
      <h2 id="similar-heading" className="text-2xl font-bold">
        Similar vehicles
      </h2>
      <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-4" aria-label="Similar vehicles">
        {similar.map((other) => (
          <li key={other.id}>
            <VehicleCard vehicle={other} dealerSlug={null} eager={false} />
          </li>
        ))}
      </ul>
    </section>
  );
}
