import { forEachInSlices } from "../shared/slices.server.ts";
import type { ChannelVehicle, FeedImage } from "./channel-vehicle.server.ts";

/**
 * The checks every channel makes before it publishes a vehicle: each answers the reasons, in
 * words a salesperson can act on, that the vehicle cannot go to the channel. A vehicle with any reason is
 * left out of that channel only; it stays on the site.
 */

/** 17 letters and digits without I, O or Q (ISO 3779); the check digit is not checked (South African VINs need not have one). */
const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;

export function vinProblems(vin: string | null): string[] {
  if (!vin) return ["No VIN"];
  if (vin.length !== 17) return [`VIN must be 17 characters (this one has ${vin.length})`];
  return VIN.test(vin) ? [] : ["VIN may hold only letters and digits, without I, O or Q"];
}

/** What a channel takes as a picture: a JPEG or PNG at least this many pixels on its short side. */
const MIN_IMAGE_SHORT_SIDE = 500;

const JPEG_OR_PNG = /\.(?:jpe?g|png)$/i;

/** The pictures a channel may publish, in the page's order. */
export function publishableImages(images: readonly FeedImage[]): FeedImage[] {
  return images.filter(
    (image) => JPEG_OR_PNG.test(image.path) && Math.min(image.width, image.height) >= MIN_IMAGE_SHORT_SIDE,
  );
}

export function imageProblems(images: readonly FeedImage[]): string[] {
  return publishableImages(images).length > 0
    ? []
    : [`No JPEG or PNG photo at least ${MIN_IMAGE_SHORT_SIDE} px on its short side`];
}

export function descriptionProblems(description: string | null, minLength: number): string[] {
  const length = description?.trim().length ?? 0;
  if (length === 0) return ["No description"];
  return length < minLength ? [`Description is ${length} characters; the channel needs at least ${minLength}`] : [];
}

/**
 * A value from one of the channel's lists (body style, fuel type) for one of ours, or the reason it has
 * none. Lists are plain tables keyed by our values, so a new value of ours is one entry per channel.
 */
export function listValue(
  table: Readonly<Record<string, string | null>>,
  ours: string,
  what: string,
  channel: string,
): { value: string } | { problem: string } {
  const value = table[ours];
  return value ? { value } : { problem: `${what} "${ours}" has no value in ${channel}'s list` };
}

/** A price as Meta and TikTok write it: whole rand and the currency ("575900 ZAR"). */
export const priceWithCurrency = (rand: number) => `${rand} ZAR`;

/** The key that decides that two records are one car: the VIN without spaces or dashes, upper case. */
const vinKey = (vin: string) => vin.replace(/[\s-]+/g, "").toUpperCase();

/** A vehicle left out because another dealer of the group lists the same VIN. */
export type DuplicateVin = { vehicleId: number; keptVehicleId: number; keptDealerName: string };

/**
 * One row per VIN across the group (a channel drops every row of an id it sees twice): of the records that
 * share a VIN, the car's own dealer keeps it, the one whose DMS stock number it carries, and among equals
 * the one that listed it first (the lower id). Answers the others. In slices of the event loop: the whole
 * group's stock is 100 000 vehicles.
 */
export async function duplicateVins(vehicles: readonly ChannelVehicle[]): Promise<Map<number, DuplicateVin>> {
  const keeper = new Map<string, ChannelVehicle>();
  const losers: { vehicleId: number; key: string }[] = [];
  const owns = (a: ChannelVehicle, b: ChannelVehicle) =>
    (a.stockNumber !== null) !== (b.stockNumber !== null) ? a.stockNumber !== null : a.id < b.id;
  await forEachInSlices(vehicles, (vehicle) => {
    if (!vehicle.vin) return;
    const key = vinKey(vehicle.vin);
    const kept = keeper.get(key);
    if (!kept) {
      keeper.set(key, vehicle);
      return;
    }
    const [winner, loser] = owns(vehicle, kept) ? [vehicle, kept] : [kept, vehicle];
    keeper.set(key, winner);
    losers.push({ vehicleId: loser.id, key });
  });
  // Named after all are seen: a record may lose to one that later loses in turn.
  return new Map(
    losers.map(({ vehicleId, key }) => {
      const kept = keeper.get(key)!;
      return [vehicleId, { vehicleId, keptVehicleId: kept.id, keptDealerName: kept.dealerName }];
    }),
  );
}
