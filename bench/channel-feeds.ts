import { monitorEventLoopDelay } from "node:perf_hooks";
import { gzipSync } from "node:zlib";
import { CHANNELS, ChannelStock, serialiseFeed } from "../core/channels/channels.ts";
import type { StockRow } from "../core/inventory/used-vehicles.ts";
import { generateUsedVehicles } from "../db/seed/used-stock.ts";

/**
 * Times the catalogue feeds on a generated stock held in memory, as the server holds it (no database):
 * `npx tsx bench/channel-feeds.ts 100000`. Prints, per channel and format, the file of the largest dealer:
 * items, bytes, gzip bytes and the time to map, serialise and compress it; and the longest the event loop
 * waited during the channels' view and the files' building (what a page request arriving meanwhile waits).
 */
const total = Number(process.argv[2] ?? 100_000);
const dealers = Array.from({ length: 12 }, (_, i) => ({ slug: `dealer-${i}`, isWing: i >= 9, province: "Gauteng" }));
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
  updatedAt: new Date(),
}));
const stalls = monitorEventLoopDelay({ resolution: 5 });
let started = performance.now();
stalls.enable();
const stock = await ChannelStock.of(rows);
console.log(`${total} vehicles: the channels' view of a snapshot in ${Math.round(performance.now() - started)} ms (once per stock change)`);
stalls.disable();
const largest = [...stock.byDealer.entries()].sort((a, b) => b[1].length - a[1].length);
for (const channel of CHANNELS) {
  const [dealerId] = channel.id === "meta-products" ? largest.find(([d]) => d >= 9)! : largest[0]!;
  for (const format of channel.formats) {
    started = performance.now();
    stalls.enable();
    const { rows: feedRows } = await stock.feed(channel, { siteUrl: "https://cars.example.co.za", dealer: { id: dealerId, slug: "d", name: "Dealer", street: "1 Road", city: "City", province: "Gauteng", postalCode: "2196" } });
    const body = Buffer.from(await serialiseFeed(channel, format, feedRows));
    const built = performance.now() - started;
    stalls.disable();
    const gz = gzipSync(body, { level: 6 });
    console.log(`${channel.id}.${format}: ${feedRows.length} items, ${(body.length / 1e6).toFixed(1)} MB, gzip ${(gz.length / 1e6).toFixed(2)} MB, built in ${Math.round(built)} ms, gzip ${Math.round(performance.now() - started - built)} ms`);
  }
}
console.log(`longest event-loop stall while building: ${Math.round(stalls.max / 1e6)} ms (p99 ${Math.round(stalls.percentile(99) / 1e6)} ms)`);
