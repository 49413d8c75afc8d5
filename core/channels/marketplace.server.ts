import { absolute, type Channel, type ChannelRow } from "./channel.ts";
import { descriptionProblems, imageProblems, listValue, publishableImages, vinProblems } from "./rules.server.ts";

/**
 * A generic South African marketplace or syndicator export, in the field names their stock APIs use
 * (AutoSLM's among them), as CSV or JSON. Each file is the whole current stock; a marketplace has no
 * reserved state, so a reserved vehicle is absent.
 */

const MIN_DESCRIPTION = 30;
const MARKETPLACE_IMAGE_COLUMNS = 10;

/** Our body types as the marketplaces name them (they list motorcycles too). */
export const MARKETPLACE_BODY_TYPES: Readonly<Record<string, string | null>> = {
  Hatchback: "Hatchback",
  Sedan: "Sedan",
  SUV: "SUV",
  Bakkie: "Bakkie",
  MPV: "MPV",
  Coupe: "Coupe",
  Motorcycle: "Motorcycle",
  Other: "Other",
};

export const MARKETPLACE_FUEL_TYPES: Readonly<Record<string, string | null>> = {
  Petrol: "Petrol",
  Diesel: "Diesel",
  Hybrid: "Hybrid",
  "Plug-in hybrid": "Plug-in Hybrid",
  Electric: "Electric",
};

const IMAGE_COLUMNS = Array.from({ length: MARKETPLACE_IMAGE_COLUMNS }, (_, i) => `Image${i + 1}`);

const MARKETPLACE_COLUMNS = [
  "StockNo",
  "VinNo",
  "MMCode",
  "Regno",
  "Make",
  "Model",
  "Variant",
  "ModelYear",
  "Mileage",
  "Colour",
  "Fuel",
  "Transmission",
  "Bodytype",
  "Price",
  "Description",
  "Url",
  "Dealer",
] as const;

export const marketplace: Channel = {
  id: "marketplace",
  label: "Marketplace export",
  fetcher: "The marketplace",
  formats: ["csv", "json"],
  // CSV has one column per picture; JSON has the list as `Images` (see `serialiseFeed`).
  columns: [...MARKETPLACE_COLUMNS, ...IMAGE_COLUMNS],
  takes: () => true,
  carries: (vehicle) => vehicle.status === "Available",
  map(vehicle, { siteUrl, dealer }) {
    const body = listValue(MARKETPLACE_BODY_TYPES, vehicle.bodyType, "Body type", "the marketplace");
    const fuel = listValue(MARKETPLACE_FUEL_TYPES, vehicle.fuelType, "Fuel type", "the marketplace");
    const problems = [
      ...vinProblems(vehicle.vin),
      ...imageProblems(vehicle.images),
      ...descriptionProblems(vehicle.description, MIN_DESCRIPTION),
      ...[body, fuel].flatMap((found) => ("problem" in found ? [found.problem] : [])),
    ];
    if (problems.length > 0 || "problem" in body || "problem" in fuel) return { problems };
    const images = publishableImages(vehicle.images).slice(0, MARKETPLACE_IMAGE_COLUMNS);
    const row: ChannelRow = {
      StockNo: vehicle.stockNumber ?? `W${vehicle.id}`,
      VinNo: vehicle.vin!,
      MMCode: vehicle.mmCode ?? "",
      Regno: vehicle.registration ?? "",
      Make: vehicle.make,
      Model: vehicle.model,
      Variant: vehicle.variant,
      ModelYear: vehicle.year,
      Mileage: vehicle.mileageKm,
      Colour: vehicle.exteriorColor,
      Fuel: fuel.value,
      Transmission: vehicle.transmission,
      Bodytype: body.value,
      Price: vehicle.price,
      Description: vehicle.description!.trim(),
      Url: absolute(siteUrl, vehicle.path),
      Dealer: dealer.name,
    };
    for (const [i, column] of IMAGE_COLUMNS.entries()) row[column] = images[i] ? absolute(siteUrl, images[i].path) : "";
    return { row };
  },
  jsonRow(row) {
    const fields: Record<string, unknown> = Object.fromEntries(
      MARKETPLACE_COLUMNS.map((column) => [column, row[column]]),
    );
    fields.Images = IMAGE_COLUMNS.map((column) => row[column]).filter((url) => url !== "");
    return fields;
  },
};
