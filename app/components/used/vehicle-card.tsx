import { Link } from "react-router";
import type { UsedVehicleView } from "../../../core/inventory/used-vehicles.server.ts";
import { formatKm, formatRand } from "../../../core/shared/format.ts";
import { dealerPath } from "../../lib/scope.ts";
import { ShortlistButtons } from "./shortlist-buttons.tsx";
import { VehicleBadges } from "./vehicle-badges.tsx";
import { VEHICLE_CARD_SIZES, VehiclePicture } from "./vehicle-picture.tsx";

/** What a card shows of a vehicle; the listing sends only these to the page, which encodes and hydrates them. */
const CARD_FIELDS = [
  "id",
  "uri",
  "image",
  "year",
  "make",
  "model",
  "variant",
  "exterior_color",
  "mileage",
  "transmission",
  "fuel_type",
  "price",
  "installment",
  "dealer_name",
  "dealer_province",
  "state_of_vehicle",
  "status",
] as const satisfies readonly (keyof UsedVehicleView)[];

export type VehicleCardFacts = Pick<UsedVehicleView, (typeof CARD_FIELDS)[number]>;

/** The vehicle as its card shows it: without the other pictures, the slugs and the body type the card never reads. */
export function cardFactsOf(vehicle: UsedVehicleView): VehicleCardFacts {
  return Object.fromEntries(CARD_FIELDS.map((field) => [field, vehicle[field]])) as VehicleCardFacts;
}

/**
 * A used or demo vehicle in the listing: image, the key facts, price, instalment, dealer, Demo and Reserved badges,
 * and the Save and Compare buttons below them (never over the picture). On a phone the card is a row, the picture
 * beside the text, so that several vehicles fit a screen; from `sm` it is a column, the picture on top.
 */
export function VehicleCard({
  vehicle,
  dealerSlug,
  eager,
  lcp = false,
}: {
  vehicle: VehicleCardFacts;
  dealerSlug: string | null;
  /** The first row: load at once instead of lazily. */
  eager: boolean;
  /** The first card: the listing's largest picture, preloaded. */
  lcp?: boolean;
}) {
  const title = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
  return (
    <article className="relative grid h-full grid-cols-[minmax(0,2fr)_minmax(0,3fr)] grid-rows-[auto_1fr] gap-x-3 overflow-hidden rounded-lg border border-gray-200 bg-white p-3 shadow-sm focus-within:ring-2 focus-within:ring-brand-red hover:shadow-md sm:flex sm:flex-col sm:p-0">
      <div className="relative col-start-1 row-start-1 overflow-hidden rounded bg-gray-100 sm:rounded-none">
        <VehiclePicture
          image={vehicle.image}
          alt={`${title} in ${vehicle.exterior_color}`}
          sizes={VEHICLE_CARD_SIZES}
          eager={eager}
          lcp={lcp}
          className="aspect-[8/5] h-auto w-full object-cover"
        />
        <VehicleBadges vehicle={vehicle} />
      </div>
      <div className="col-start-2 row-span-2 row-start-1 flex min-w-0 flex-col sm:flex-1 sm:px-4 sm:pt-4">
        <h2 className="text-base font-semibold leading-tight sm:text-lg">
          <Link to={dealerPath(dealerSlug, vehicle.uri)} className="after:absolute after:inset-0 focus:outline-none">
            {title}
          </Link>
        </h2>
        <p className="mt-1 text-sm text-brand-grey-light">{vehicle.variant}</p>
        <ul
          className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-sm sm:mt-3 sm:gap-x-4 sm:gap-y-1"
          aria-label="Key facts"
        >
          <li>{formatKm(vehicle.mileage.value)}</li>
          <li>{vehicle.transmission}</li>
          <li>{vehicle.fuel_type}</li>
        </ul>
        <p className="mt-auto pt-1 text-xl font-bold text-brand-grey sm:pt-4 sm:text-2xl">
          {formatRand(vehicle.price)}
        </p>
        <p className="text-sm">
          Est. <span className="font-semibold">{`${formatRand(vehicle.installment)} p/m`}</span>
        </p>
        <p className="mt-1 text-sm text-brand-grey-light sm:mt-3 sm:border-t sm:border-gray-200 sm:pt-3">
          {`${vehicle.dealer_name}, ${vehicle.dealer_province}`}
        </p>
      </div>
      {/* After the title in the tab order; above the card's link, which covers the rest of the card. Under the picture on a phone. */}
      <ShortlistButtons
        vehicle={{ id: vehicle.id, title, uri: vehicle.uri }}
        className="relative z-10 col-start-1 row-start-2 mt-2 flex-col sm:mt-0 sm:flex-row sm:px-4 sm:pb-4 sm:pt-3"
      />
    </article>
  );
}
