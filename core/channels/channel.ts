// biome-ignore lint/style/noRestrictedImports: types only, which the browser's script does not carry
import type { ChannelVehicle } from "./channel-vehicle.server.ts";

/** The dealer whose feed it is: the address the vehicle channels show. */
export type FeedDealer = {
  id: number;
  slug: string;
  name: string;
  street: string;
  city: string;
  province: string;
  postalCode: string;
  /** The dealer's Facebook page id (digits), or null when not set. */
  fbPageId: string | null;
  latitude: number | null;
  longitude: number | null;
};

/** The dealer's row as every channel reads it. */
export function feedDealerOf(row: {
  id: number;
  slug: string;
  dealerName: string;
  street: string | null;
  address: string;
  city: string;
  province: string;
  postalCode: string | null;
  fbPageId: string | null;
  latitude: number | null;
  longitude: number | null;
}): FeedDealer {
  return {
    id: row.id,
    slug: row.slug,
    name: row.dealerName,
    street: row.street ?? row.address,
    city: row.city,
    province: row.province,
    postalCode: row.postalCode ?? "",
    fbPageId: row.fbPageId,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

export type ChannelContext = {
  /** The public address, for absolute links (SITE_URL). */
  siteUrl: string;
  dealer: FeedDealer;
};

/** One row of a channel's file: its columns' values (an array for a JSON list, such as the marketplace's images). */
export type ChannelRow = Record<string, string | number | string[]>;

export type Mapped = { row: ChannelRow } | { problems: string[] };

export type FeedFormat = "csv" | "json";

/**
 * One outbound catalogue channel: its file's columns, which vehicles it is for at all, and the pure mapping
 * from a vehicle to its row, or to the reasons the channel's rules leave the vehicle out.
 */
export type Channel = {
  id: string;
  /** As the back office names it ("Meta vehicles"). */
  label: string;
  /** Who fetches the file, for "Meta fetched 412 vehicles 38 minutes ago". */
  fetcher: string;
  formats: readonly FeedFormat[];
  /** The file's columns, in order (for JSON, each object's keys). */
  columns: readonly string[];
  /**
   * Whether the channel takes vehicles of this body type at all (Meta's and TikTok's vehicle catalogues no
   * motorcycles, Meta's product catalogue only motorcycles): a channel is switched on by default only for a
   * dealer with stock it takes.
   */
  takes(bodyType: string): boolean;
  /**
   * Whether the vehicle belongs in this channel at all: a reserved vehicle where the channel has no pending
   * state, a motorcycle in Meta's vehicle catalogue (it goes to Meta's product catalogue). Not a rule
   * failure: nothing to fix, so not reported.
   */
  carries(vehicle: ChannelVehicle): boolean;
  map(vehicle: ChannelVehicle, context: ChannelContext): Mapped;
  /** A row as a JSON file's object, when the channel has a JSON format. */
  jsonRow?(row: ChannelRow): Record<string, unknown>;
};

/** An absolute URL on the site. */
export const absolute = (siteUrl: string, path: string) => new URL(path, siteUrl).href;

export const titleOf = (vehicle: ChannelVehicle) =>
  `${vehicle.year} ${vehicle.make} ${vehicle.model} ${vehicle.variant}`;

/**
 * The title within `maxLength` characters, for a channel that cuts longer ones off: year, make and model, then
 * as many whole words of the variant as fit (a model name longer than the limit is cut at a word, with "…").
 */
export function shortTitleOf(vehicle: ChannelVehicle, maxLength: number): string {
  let title = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
  if (title.length > maxLength) return `${title.slice(0, maxLength - 1).replace(/\s+\S*$/, "")}…`;
  for (const word of vehicle.variant.split(/\s+/).filter(Boolean)) {
    if (title.length + 1 + word.length > maxLength) break;
    title = `${title} ${word}`;
  }
  return title;
}
