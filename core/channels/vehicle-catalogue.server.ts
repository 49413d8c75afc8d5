import type { VehicleState } from "../inventory/used-query.ts";
import { absolute, type ChannelRow } from "./channel.ts";
import type { ChannelVehicle } from "./channel-vehicle.server.ts";
import { descriptionProblems, imageProblems, listValue, priceWithCurrency, vinProblems } from "./rules.server.ts";

/**
 * What Meta's and TikTok's automotive inventory catalogues share: the same checks before a vehicle is
 * published and the same vehicle columns, each channel with its own value lists, title and further columns
 * (dealer and images).
 */

/** The vehicle columns both catalogues start with, in their files' order. */
export const VEHICLE_CATALOGUE_COLUMNS = [
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
] as const;

/** A catalogue's own values for ours; null in a list: the catalogue has none for it. */
export type VehicleCatalogueLists = {
  /** As the channel is named in a reason ("Meta", "TikTok"). */
  channel: string;
  bodyStyles: Readonly<Record<string, string | null>>;
  fuelTypes: Readonly<Record<string, string | null>>;
  transmissions: Readonly<Record<string, string | null>>;
  states: Readonly<Record<VehicleState, string>>;
  minDescription: number;
};

/** The vehicle columns of a catalogue row, or every reason the vehicle cannot go to the catalogue. */
export function vehicleCatalogueRow(
  vehicle: ChannelVehicle,
  siteUrl: string,
  lists: VehicleCatalogueLists,
  title: string,
): { row: ChannelRow } | { problems: string[] } {
  const body = listValue(lists.bodyStyles, vehicle.bodyType, "Body style", lists.channel);
  const fuel = listValue(lists.fuelTypes, vehicle.fuelType, "Fuel type", lists.channel);
  const transmission = listValue(lists.transmissions, vehicle.transmission, "Transmission", lists.channel);
  const problems = [
    ...vinProblems(vehicle.vin),
    ...imageProblems(vehicle.images),
    ...descriptionProblems(vehicle.description, lists.minDescription),
    ...[body, fuel, transmission].flatMap((found) => ("problem" in found ? [found.problem] : [])),
  ];
  if (problems.length > 0 || "problem" in body || "problem" in fuel || "problem" in transmission) return { problems };
  return {
    row: {
      vehicle_id: vehicle.vin!,
      vin: vehicle.vin!,
      title,
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
      state_of_vehicle: lists.states[vehicle.state as VehicleState] ?? "USED",
    },
  };
}
