import { stringify } from "csv-stringify/sync";
import type { Channel, ChannelContext, ChannelRow, FeedFormat } from "./channel.ts";
import { type ChannelVehicle, channelVehicleOf } from "./channel-vehicle.ts";
import { marketplace } from "./marketplace.ts";
import { metaProducts } from "./meta-products.ts";
import { metaVehicles } from "./meta-vehicles.ts";
import { type DuplicateVin, duplicateVins } from "./rules.ts";
import { tiktokVehicles } from "./tiktok-vehicles.ts";
import type { StockRow } from "../inventory/used-vehicles.ts";

/** Every outbound channel, in the back office's order. */
export const CHANNELS: readonly Channel[] = [metaVehicles, metaProducts, tiktokVehicles, marketplace];
export const CHANNEL_IDS = CHANNELS.map((channel) => channel.id);

export function channelById(id: string): Channel | null {
  return CHANNELS.find((channel) => channel.id === id) ?? null;
}

/** A vehicle a channel's rules leave out, with the reasons. */
export type LeftOut = { vehicleId: number; title: string; stockNumber: string | null; reasons: string[] };

export type BuiltFeed = { rows: ChannelRow[]; leftOut: LeftOut[] };

/**
 * The group's stock as the channels read it, made once per snapshot of the in-memory record: each vehicle
 * as a ChannelVehicle, by dealer, and the VINs listed twice across the group.
 */
export class ChannelStock {
  readonly byDealer = new Map<number, ChannelVehicle[]>();
  readonly duplicates: Map<number, DuplicateVin>;

  constructor(rows: readonly StockRow[]) {
    const vehicles = rows.map(channelVehicleOf);
    for (const vehicle of vehicles) {
      const list = this.byDealer.get(vehicle.dealerId);
      if (list) list.push(vehicle);
      else this.byDealer.set(vehicle.dealerId, [vehicle]);
    }
    this.duplicates = duplicateVins(vehicles);
  }

  /** One dealer's rows for a channel, and what its rules left out and why. */
  feed(channel: Channel, context: ChannelContext): BuiltFeed {
    const rows: ChannelRow[] = [];
    const leftOut: LeftOut[] = [];
    for (const vehicle of this.byDealer.get(context.dealer.id) ?? []) {
      if (!channel.carries(vehicle)) continue;
      const mapped = channel.map(vehicle, context);
      const duplicate = this.duplicates.get(vehicle.id);
      const reasons = [
        ...("problems" in mapped ? mapped.problems : []),
        ...(duplicate ? [`The same VIN is listed by ${duplicate.keptDealerName} (vehicle ${duplicate.keptVehicleId}), whose row the channel gets`] : []),
      ];
      if (reasons.length > 0) {
        leftOut.push({ vehicleId: vehicle.id, title: `${vehicle.year} ${vehicle.make} ${vehicle.model} ${vehicle.variant}`, stockNumber: vehicle.stockNumber, reasons });
      } else if ("row" in mapped) {
        rows.push(mapped.row);
      }
    }
    return { rows, leftOut };
  }
}

/** The file's text: a CSV with the channel's header row (csv-stringify quotes as RFC 4180 needs), or a JSON list. */
export function serialiseFeed(channel: Channel, format: FeedFormat, rows: readonly ChannelRow[]): string {
  if (format === "json") return JSON.stringify(rows.map((row) => (channel.jsonRow ? channel.jsonRow(row) : row)));
  return stringify(rows as ChannelRow[], { header: true, columns: channel.columns as string[], record_delimiter: "\r\n" });
}
