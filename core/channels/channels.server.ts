import type { Channel, ChannelContext, ChannelRow, FeedFormat } from "./channel.ts";
import { type ChannelVehicle, channelVehicleOf } from "./channel-vehicle.server.ts";
import { marketplace } from "./marketplace.server.ts";
import { metaProducts } from "./meta-products.server.ts";
import { metaVehicles } from "./meta-vehicles.server.ts";
import { type DuplicateVin, duplicateVins } from "./rules.server.ts";
import { tiktokVehicles } from "./tiktok-vehicles.server.ts";
import type { StockRow } from "../inventory/used-vehicles.server.ts";
import { writeCsv } from "../shared/csv.ts";
import { chunksOf, forEachInSlices, mapInSlices } from "../shared/slices.server.ts";

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
 * as a ChannelVehicle, by dealer, and the VINs listed twice across the group. Made and read in slices of the
 * event loop (core/shared/slices.server.ts): over 100 000 vehicles the work takes seconds, during which the server
 * keeps answering pages.
 */
export class ChannelStock {
  private constructor(
    readonly byDealer: ReadonlyMap<number, readonly ChannelVehicle[]>,
    readonly duplicates: ReadonlyMap<number, DuplicateVin>,
  ) {}

  static async of(rows: readonly StockRow[]): Promise<ChannelStock> {
    const vehicles = await mapInSlices(rows, channelVehicleOf);
    const byDealer = new Map<number, ChannelVehicle[]>();
    await forEachInSlices(vehicles, (vehicle) => {
      const list = byDealer.get(vehicle.dealerId);
      if (list) list.push(vehicle);
      else byDealer.set(vehicle.dealerId, [vehicle]);
    });
    return new ChannelStock(byDealer, await duplicateVins(vehicles));
  }

  /** One dealer's rows for a channel, and what its rules left out and why. */
  async feed(channel: Channel, context: ChannelContext): Promise<BuiltFeed> {
    const rows: ChannelRow[] = [];
    const leftOut: LeftOut[] = [];
    await forEachInSlices(this.byDealer.get(context.dealer.id) ?? [], (vehicle) => {
      if (!channel.carries(vehicle)) return;
      const mapped = channel.map(vehicle, context);
      const duplicate = this.duplicates.get(vehicle.id);
      const reasons = [
        ...("problems" in mapped ? mapped.problems : []),
        ...(duplicate
          ? [
              `The same VIN is listed by ${duplicate.keptDealerName} (vehicle ${duplicate.keptVehicleId}), whose row the channel gets`,
            ]
          : []),
      ];
      if (reasons.length > 0) {
        leftOut.push({
          vehicleId: vehicle.id,
          title: `${vehicle.year} ${vehicle.make} ${vehicle.model} ${vehicle.variant}`,
          stockNumber: vehicle.stockNumber,
          reasons,
        });
      } else if ("row" in mapped) {
        rows.push(mapped.row);
      }
    });
    return { rows, leftOut };
  }
}

/** Rows per piece of a file: a piece is written well within one slice of the event loop. */
const PIECE_ROWS = 100;

/**
 * The file's bytes (UTF-8), in the pieces it was written in: a CSV with the channel's header row (writeCsv:
 * quoted as RFC 4180 needs, a cell a spreadsheet would run as a formula neutralised), or a JSON list. Each
 * piece is written and encoded in a slice of the event loop, and the pieces are never joined: a whole file in
 * one string or buffer, tens of megabytes for a large stock, holds the event loop while it is joined, collected
 * and copied. The pieces one after the other are the bytes of the whole list written at once (a CSV piece ends with
 * its record delimiter and only the first has the header; a JSON piece after the first starts with its comma).
 */
export async function serialiseFeed(
  channel: Channel,
  format: FeedFormat,
  rows: readonly ChannelRow[],
): Promise<Buffer[]> {
  const pieces = chunksOf(rows, PIECE_ROWS);
  if (format === "json") {
    const jsonOf = (row: ChannelRow) => JSON.stringify(channel.jsonRow ? channel.jsonRow(row) : row);
    const items = await mapInSlices(pieces, (piece, index) =>
      Buffer.from(`${index > 0 ? "," : ""}${piece.map(jsonOf).join(",")}`, "utf8"),
    );
    return [Buffer.from("["), ...items, Buffer.from("]")];
  }
  const options = { columns: channel.columns as string[], record_delimiter: "\r\n" };
  // A file without rows is its header row.
  return mapInSlices(pieces.length > 0 ? pieces : [[]], (piece, index) =>
    Buffer.from(writeCsv(piece, { header: index === 0, ...options }), "utf8"),
  );
}
