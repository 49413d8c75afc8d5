import type { VehicleState } from "../inventory/used-query.ts";
import { absolute, type Channel, shortTitleOf } from "./channel.ts";
import { publishableImages } from "./rules.server.ts";
import {
  VEHICLE_CATALOGUE_COLUMNS,
  type VehicleCatalogueLists,
  vehicleCatalogueRow,
} from "./vehicle-catalogue.server.ts";

/**
 * TikTok's automotive inventory catalogue: the same kind of file as Meta's with TikTok's field names
 * (one `image_link`, more in `additional_image_link`). TikTok has no pending state: a reserved vehicle is absent.
 */

const MIN_DESCRIPTION = 50;
const ADDITIONAL_IMAGES = 10;
/** TikTok shows a title whole up to 40 characters ("Recommend 40 or less for full title display"). */
const TIKTOK_TITLE_LENGTH = 40;

/** TikTok's body styles for ours; null: TikTok's list has none. */
export const TIKTOK_BODY_STYLES: Readonly<Record<string, string | null>> = {
  Hatchback: "HATCHBACK",
  Sedan: "SEDAN",
  SUV: "SUV",
  Bakkie: "TRUCK",
  MPV: "MINIVAN",
  Coupe: "COUPE",
  Motorcycle: null,
  Other: "OTHER",
};

export const TIKTOK_FUEL_TYPES: Readonly<Record<string, string | null>> = {
  Petrol: "GASOLINE",
  Diesel: "DIESEL",
  Hybrid: "HYBRID",
  "Plug-in hybrid": "PLUGIN_HYBRID",
  Electric: "ELECTRIC",
};

const TIKTOK_TRANSMISSIONS: Readonly<Record<string, string | null>> = {
  Automatic: "AUTOMATIC",
  Manual: "MANUAL",
};

const TIKTOK_STATES: Readonly<Record<VehicleState, string>> = { Used: "USED", Demo: "USED" };

const TIKTOK_LISTS: VehicleCatalogueLists = {
  channel: "TikTok",
  bodyStyles: TIKTOK_BODY_STYLES,
  fuelTypes: TIKTOK_FUEL_TYPES,
  transmissions: TIKTOK_TRANSMISSIONS,
  states: TIKTOK_STATES,
  minDescription: MIN_DESCRIPTION,
};

export const tiktokVehicles: Channel = {
  id: "tiktok-vehicles",
  label: "TikTok vehicles",
  fetcher: "TikTok",
  formats: ["csv"],
  columns: [...VEHICLE_CATALOGUE_COLUMNS, "image_link", "additional_image_link"],
  // TikTok's body styles have no motorcycle: a motorcycle is left out with that reason.
  takes: (bodyType) => bodyType !== "Motorcycle",
  carries: (vehicle) => vehicle.status === "Available",
  map(vehicle, { siteUrl }) {
    const vetted = vehicleCatalogueRow(vehicle, siteUrl, TIKTOK_LISTS, shortTitleOf(vehicle, TIKTOK_TITLE_LENGTH));
    if ("problems" in vetted) return vetted;
    const [main, ...more] = publishableImages(vehicle.images).map((image) => absolute(siteUrl, image.path));
    return {
      row: { ...vetted.row, image_link: main!, additional_image_link: more.slice(0, ADDITIONAL_IMAGES).join(",") },
    };
  },
};
