import { gzipSync } from "node:zlib";
import { CHANNELS, ChannelStock, serialiseFeed } from "../core/channels/channels.ts";
import type { StockRow } from "../core/inventory/used-vehicles.ts";
import { generateUsedVehicles } from "../db/seed/used-stock.ts";

/**
 * Times the catalogue feeds on a generated stock held in memory, as the server holds it (no database):
 * `npx tsx bench/channel-feeds.ts 100000`. Prints, per channel and format, the file of the largest dealer:
 * items, bytes, gzip bytes and the time to map, serialise and compress it.
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
let started = performance.now();
const stock = new ChannelStock(rows);
console.log(`${total} vehicles: the channels' view of a snapshot in ${Math.round(performance.now() - started)} ms (once per stock change)`);
const largest = [...stock.byDealer.entries()].sort((a, b) => b[1].length - a[1].length);
for (const channel of CHANNELS) {
  const [dealerId] = channel.id === "meta-products" ? largest.find(([d]) => d >= 9)! : largest[0]!;
  for (const format of channel.formats) {
    started = performance.now();
    const { rows: feedRows } = stock.feed(channel, { siteUrl: "https://cars.example.co.za", dealer: { id: dealerId, slug: "d", name: "Dealer", street: "1 Road", city: "City", province: "Gauteng", postalCode: "2196" } });
    const body = Buffer.from(serialiseFeed(channel, format, feedRows));
    const built = performance.now() - started;
    const gz = gzipSync(body, { level: 6 });
    console.log(`${channel.id}.${format}: ${feedRows.length} items, ${(body.length / 1e6).toFixed(1)} MB, gzip ${(gz.length / 1e6).toFixed(2)} MB, built in ${Math.round(built)} ms, gzip ${Math.round(performance.now() - started - built)} ms`);
  }
}
