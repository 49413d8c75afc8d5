import { Link } from "react-router";
import type { UsedVehicleView } from "../../../core/inventory/used-vehicles.ts";
import { formatKm, formatRand } from "../../../core/shared/format.ts";
import { dealerPath } from "../../lib/scope.ts";
import { ShortlistButtons } from "./shortlist-buttons.tsx";
import { VehicleBadges } from "./vehicle-badges.tsx";
import { CARD_SIZES, VehiclePicture } from "./vehicle-picture.tsx";

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

/** A used or demo vehicle in the listing: image, the key facts, price, instalment, dealer, Demo and Reserved badges. */
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
    <article className="relative flex h-full flex-col overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm focus-within:ring-2 focus-within:ring-brand-red hover:shadow-md">
      <div className="relative bg-gray-100">
        <VehiclePicture
          image={vehicle.image}
          alt={`${title} in ${vehicle.exterior_color}`}
          sizes={CARD_SIZES}
          eager={eager}
          lcp={lcp}
          className="aspect-[8/5] h-auto w-full object-cover"
        />
        <VehicleBadges vehicle={vehicle} />
      </div>
      <div className="flex flex-1 flex-col p-4">
        <h2 className="text-lg font-semibold leading-tight">
          <Link to={dealerPath(dealerSlug, vehicle.uri)} className="after:absolute after:inset-0 focus:outline-none">
            {title}
          </Link>
        </h2>
        {/* After the title in the tab order; shown over the photo. */}
        <ShortlistButtons
          vehicle={{ id: vehicle.id, title, uri: vehicle.uri }}
          className="absolute right-2 top-2 z-10"
        />
        <p className="mt-1 text-sm text-brand-grey-light">{vehicle.variant}</p>
        <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Key facts">
          <li>{formatKm(vehicle.mileage.value)}</li>
          <li>{vehicle.transmission}</li>
          <li>{vehicle.fuel_type}</li>
        </ul>
        <p className="mt-auto pt-4 text-2xl font-bold text-brand-grey">{formatRand(vehicle.price)}</p>
        <p className="text-sm">
          Est. <span className="font-semibold">{`${formatRand(vehicle.installment)} p/m`}</span>
        </p>
        <p className="mt-3 border-t border-gray-200 pt-3 text-sm text-brand-grey-light">
          {`${vehicle.dealer_name}, ${vehicle.dealer_province}`}
        </p>
      </div>
    </article>
  );
}
