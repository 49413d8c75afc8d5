import type { ChannelVehicle } from "./channel-vehicle.ts";

/** The dealer whose feed it is: the address the vehicle channels show. */
export type FeedDealer = {
  id: number;
  slug: string;
  name: string;
  street: string;
  city: string;
  province: string;
  postalCode: string;
};

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
