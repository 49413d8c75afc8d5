import type { VehicleState } from "../inventory/used-query.ts";
import { absolute, type Channel, shortTitleOf } from "./channel.ts";
import {
  descriptionProblems,
  imageProblems,
  listValue,
  priceWithCurrency,
  publishableImages,
  vinProblems,
} from "./rules.server.ts";

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

export const tiktokVehicles: Channel = {
  id: "tiktok-vehicles",
  label: "TikTok vehicles",
  fetcher: "TikTok",
  formats: ["csv"],
  columns: [
    "vehicle_id",
    "vin",
    "title",
    "description",
    "url",
    "make",
    "model",
    "trim",
    "year",
    "body_style",
    "exterior_color",
    "fuel_type",
    "transmission",
    "mileage.value",
    "mileage.unit",
    "price",
    "state_of_vehicle",
    "image_link",
    "additional_image_link",
  ],
  // TikTok's body styles have no motorcycle: a motorcycle is left out with that reason.
  takes: (bodyType) => bodyType !== "Motorcycle",
  carries: (vehicle) => vehicle.status === "Available",
  map(vehicle, { siteUrl }) {
    const body = listValue(TIKTOK_BODY_STYLES, vehicle.bodyType, "Body style", "TikTok");
    const fuel = listValue(TIKTOK_FUEL_TYPES, vehicle.fuelType, "Fuel type", "TikTok");
    const transmission = listValue(TIKTOK_TRANSMISSIONS, vehicle.transmission, "Transmission", "TikTok");
    const problems = [
      ...vinProblems(vehicle.vin),
      ...imageProblems(vehicle.images),
      ...descriptionProblems(vehicle.description, MIN_DESCRIPTION),
      ...[body, fuel, transmission].flatMap((found) => ("problem" in found ? [found.problem] : [])),
    ];
    if (problems.length > 0 || "problem" in body || "problem" in fuel || "problem" in transmission) return { problems };
    const [main, ...more] = publishableImages(vehicle.images).map((image) => absolute(siteUrl, image.path));
    return {
      row: {
        vehicle_id: vehicle.vin!,
        vin: vehicle.vin!,
        title: shortTitleOf(vehicle, TIKTOK_TITLE_LENGTH),
        description: vehicle.description!.trim(),
        url: absolute(siteUrl, vehicle.path),
        make: vehicle.make,
        model: vehicle.model,
        trim: vehicle.variant,
        year: vehicle.year,
        body_style: body.value,
        exterior_color: vehicle.exteriorColor,
        fuel_type: fuel.value,
        transmission: transmission.value,
        "mileage.value": vehicle.mileageKm,
        "mileage.unit": "KM",
        price: priceWithCurrency(vehicle.price),
        state_of_vehicle: TIKTOK_STATES[vehicle.state as VehicleState] ?? "USED",
        image_link: main!,
        additional_image_link: more.slice(0, ADDITIONAL_IMAGES).join(","),
      },
    };
  },
};
