import { monitorEventLoopDelay } from "node:perf_hooks";
import { CHANNELS, ChannelStock, serialiseFeed } from "../core/channels/channels.server.ts";
import type { StockRow } from "../core/inventory/used-vehicles.server.ts";
import { generateUsedVehicles } from "../seed/used-stock.ts";
import { gzipOf } from "../server/channel-feeds.ts";

/**
 * Times the catalogue feeds on a generated stock held in memory, as the server holds it (no database):
 * `npx tsx bench/channel-feeds.ts 100000 [dealers]` (default 12, the last quarter of them Honda Wing; with 1,
 * one car dealer holds the whole stock). Prints, per channel and format, the file of the largest dealer:
 * items, bytes, gzip bytes and the time to map, serialise and compress it; and the longest the event loop
 * waited during the channels' view and the files' building (what a page request arriving meanwhile waits).
 */
const total = Number(process.argv[2] ?? 100_000);
const dealerCount = Number(process.argv[3] ?? 12);
const wingFrom = dealerCount - Math.floor(dealerCount / 4);
const dealers = Array.from({ length: dealerCount }, (_, i) => ({
  slug: `dealer-${i}`,
  isWing: i >= wingFrom,
  province: "Gauteng",
}));
let id = 0;
const rows: StockRow[] = [...generateUsedVehicles(total, dealers)].map((v) => ({
  id: ++id,
  variant: v.variant,
  year: v.year,
  mileageKm: v.mileageKm,
  price: v.price,
  transmission: v.transmission,
  fuelType: v.fuelType,
  state: v.state,
  exteriorColor: v.exteriorColor,
  status: "Available",
  bodyType: v.bodyType,
  make: [v.makeSlug, v.makeSlug],
  model: [v.modelSlug, v.modelSlug],
  dealer: [v.dealerSlug, v.dealerSlug, "Gauteng"],
  images: v.images.map((uri) => [uri, null]),
  dealerId: Number(v.dealerSlug.split("-")[1]),
  priceChanges: [],
  vin: v.vin,
  stockNumber: null,
  registration: v.registration,
  mmCode: v.mmCode,
  description: v.description,
  features: null,
  updatedAt: new Date(),
}));
const stalls = monitorEventLoopDelay({ resolution: 5 });
let started = performance.now();
stalls.enable();
const stock = await ChannelStock.of(rows);
console.log(
  `${total} vehicles: the channels' view of a snapshot in ${Math.round(performance.now() - started)} ms (once per stock change)`,
);
const largest = [...stock.byDealer.entries()].sort((a, b) => b[1].length - a[1].length);
for (const channel of CHANNELS) {
  const wing = largest.find(([d]) => d >= wingFrom);
  if (channel.id === "meta-products" && !wing) continue;
  const [dealerId] = channel.id === "meta-products" ? wing! : largest[0]!;
  for (const format of channel.formats) {
    started = performance.now();
    const { rows: feedRows } = await stock.feed(channel, {
      siteUrl: "https://cars.example.co.za",
      dealer: {
        id: dealerId,
        slug: "d",
        name: "Dealer",
        street: "1 Road",
        city: "City",
        province: "Gauteng",
        postalCode: "2196",
        fbPageId: "104329871234567",
        latitude: -26.1076,
        longitude: 28.0567,
      },
    });
    const pieces = await serialiseFeed(channel, format, feedRows);
    const built = performance.now() - started;
    const bytes = pieces.reduce((sum, piece) => sum + piece.length, 0);
    const gz = await gzipOf(pieces);
    console.log(
      `${channel.id}.${format}: ${feedRows.length} items, ${(bytes / 1e6).toFixed(1)} MB, gzip ${(gz.length / 1e6).toFixed(2)} MB, built in ${Math.round(built)} ms, gzip ${Math.round(performance.now() - started - built)} ms`,
    );
  }
}
stalls.disable();
console.log(
  `longest event-loop stall while building: ${Math.round(stalls.max / 1e6)} ms (p99 ${Math.round(stalls.percentile(99) / 1e6)} ms)`,
);
