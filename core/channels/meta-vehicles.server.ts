import type { VehicleState } from "../inventory/used-query.ts";
import { absolute, type Channel, type ChannelRow, titleOf } from "./channel.ts";
import { publishableImages } from "./rules.server.ts";
import {
  VEHICLE_CATALOGUE_COLUMNS,
  type VehicleCatalogueLists,
  vehicleCatalogueRow,
} from "./vehicle-catalogue.server.ts";

/**
 * Meta's automotive inventory catalogue (Facebook and Instagram automotive inventory ads): a CSV that Meta
 * fetches on a schedule; a "replace" schedule deletes what the file no longer lists. docs/channels.md says
 * what each column is built from.
 */

/** Meta lists up to 20 pictures per vehicle; a CSV needs a fixed set of columns. */
const META_IMAGE_COLUMNS = 20;
const MIN_DESCRIPTION = 50;

/**
 * Meta's body styles for ours, from the feed documentation's list (CONVERTIBLE, COUPE, HATCHBACK, MINIVAN,
 * TRUCK, SUV, SEDAN, VAN, WAGON, CROSSOVER, OTHER): a bakkie is a TRUCK, an MPV a MINIVAN. Meta's Graph API
 * knows PICKUP and MPV too, but a feed's validator checks the feed's list. null: Meta's list has none
 * (motorcycles go to Meta's product catalogue).
 */
export const META_BODY_STYLES: Readonly<Record<string, string | null>> = {
  Hatchback: "HATCHBACK",
  Sedan: "SEDAN",
  SUV: "SUV",
  Bakkie: "TRUCK",
  MPV: "MINIVAN",
  Coupe: "COUPE",
  Motorcycle: null,
  Other: "OTHER",
};

export const META_FUEL_TYPES: Readonly<Record<string, string | null>> = {
  Petrol: "PETROL",
  Diesel: "DIESEL",
  Hybrid: "HYBRID",
  "Plug-in hybrid": "PLUGIN_HYBRID",
  Electric: "ELECTRIC",
};

const META_TRANSMISSIONS: Readonly<Record<string, string | null>> = { Automatic: "AUTOMATIC", Manual: "MANUAL" };

/** A demonstrator is registered and driven: Meta's NEW is for unregistered cars, so a demo is USED. */
const META_STATES: Readonly<Record<VehicleState, string>> = { Used: "USED", Demo: "USED" };

const META_AVAILABILITY = { Available: "AVAILABLE", Reserved: "PENDING" } as const;

const META_LISTS: VehicleCatalogueLists = {
  channel: "Meta",
  bodyStyles: META_BODY_STYLES,
  fuelTypes: META_FUEL_TYPES,
  transmissions: META_TRANSMISSIONS,
  states: META_STATES,
  minDescription: MIN_DESCRIPTION,
};

/** Motorcycles go to Meta's product catalogue: its vehicle catalogue has no body style for them. */
const takesBody = (bodyType: string) => bodyType !== "Motorcycle";

export const metaVehicles: Channel = {
  id: "meta-vehicles",
  label: "Meta vehicles",
  fetcher: "Meta",
  formats: ["csv"],
  columns: [
    ...VEHICLE_CATALOGUE_COLUMNS,
    "availability",
    "dealer_id",
    "dealer_name",
    "fb_page_id",
    "latitude",
    "longitude",
    "address.addr1",
    "address.city",
    "address.region",
    "address.postal_code",
    "address.country",
    ...Array.from({ length: META_IMAGE_COLUMNS }, (_, i) => `image[${i}].url`),
  ],
  takes: takesBody,
  carries: (vehicle) => takesBody(vehicle.bodyType) && vehicle.status in META_AVAILABILITY,
  map(vehicle, { siteUrl, dealer }) {
    const vetted = vehicleCatalogueRow(vehicle, siteUrl, META_LISTS, titleOf(vehicle));
    if ("problems" in vetted) return vetted;
    const images = publishableImages(vehicle.images).slice(0, META_IMAGE_COLUMNS);
    const row: ChannelRow = {
      ...vetted.row,
      availability: META_AVAILABILITY[vehicle.status as keyof typeof META_AVAILABILITY],
      dealer_id: dealer.slug,
      dealer_name: dealer.name,
      fb_page_id: dealer.fbPageId ?? "",
      latitude: dealer.latitude ?? "",
      longitude: dealer.longitude ?? "",
      "address.addr1": dealer.street,
      "address.city": dealer.city,
      "address.region": dealer.province,
      "address.postal_code": dealer.postalCode,
      "address.country": "ZA",
    };
    for (let i = 0; i < META_IMAGE_COLUMNS; i++)
      row[`image[${i}].url`] = images[i] ? absolute(siteUrl, images[i]!.path) : "";
    return { row };
  },
};
