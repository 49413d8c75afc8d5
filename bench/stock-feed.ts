/**
 * Times a dealer's stock-feed import (10 000 vehicles without photos in under 30 s on the embedded
 * database): a fresh embedded database (a PGlite data directory, as `npm start` uses) with the demo catalogue,
 * then three feeds of one dealer, as the DMS would send them on three nights:
 *   1. 10 000 new vehicles (all created),
 *   2. the same feed again (all unchanged),
 *   3. 1 000 prices changed and 500 vehicles gone (updated and sold),
 *   4. every price changed and the 500 back (all updated).
 * Each time covers reading the CSV (csv-parse) and the import's transaction, audit entries included.
 * Then a DMS's own export: `--vehicles` rows under AutoSLM-style headers (StockNo, VinNo, MMCode,
 * Regno, ModelYear, Fuel, Bodytype, NewUsed...) to another dealer, with 100 makes the catalogue does not know
 * (five models each, all created with the feed), aliases (VW, Mercedes, Great Wall), CVT and DCT gearboxes,
 * electric and plug-in cars and double cabs.
 * Then another DMS's export: semicolons, Windows-1252, CRLF, read on the parsing thread with the dealer's saved layout.
 * Then a feed with photos: `--photo-vehicles` vehicles (default 10) with three photos each (the test fixtures,
 * served by a loopback HTTP server listed as the dealer's photo host), fetched and run through the image
 * pipeline (renditions in AVIF, WebP and JPEG), then the same feed again (no photo fetched twice).
 *
 *   npm run bench:feed [-- --vehicles 10000 --photo-vehicles 10 --postgres postgres://postgres@127.0.0.1:5432/postgres]
 *
 * With --postgres, a scratch database honda_bench_feed_* on that server is measured as well and dropped after.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { adminQuery } from "../db/admin.ts";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import { dealerFeedLayouts, dealerFeedPhotoHosts, dealers, makes, models } from "../db/schema.ts";
import { seedDatabase } from "../seed/seed.ts";
import { feedKeyActor } from "../core/inventory/feed-keys.server.ts";
import { importStockFeed, type StockFeedReport } from "../core/inventory/stock-feed.server.ts";
import { parseFeed, readFeed } from "../core/inventory/stock-feed-format.server.ts";
import { feedProfileReader, layoutKey } from "../core/inventory/feed-layouts.server.ts";
import { parseCommandLine } from "../server/cli/command-line.ts";

const USAGE = `Usage: npm run bench:feed -- [--vehicles 10000] [--photo-vehicles 10] [--postgres URL] [--only-semicolon]
  Times a dealer's stock-feed import on a fresh embedded database (and, with --postgres, on a scratch
  database on that server, dropped after): new, unchanged, changed and returned vehicles, then feeds with photos.`;

const { values: options } = parseCommandLine(USAGE, {
  vehicles: { type: "string", default: "10000" },
  "photo-vehicles": { type: "string", default: "10" },
  postgres: { type: "string" },
});
const vehicleCount = Number(options.vehicles);
const DEALER = "honda-sandton";
const MODELS = ["Jazz", "Civic", "CR-V", "HR-V", "BR-V", "Amaze", "Ballade", "Accord", "WR-V", "Fit"];

type Vehicle = { stock: string; model: string; year: number; mileage: number; price: number; vin: string };

function feedCsv(vehicles: Vehicle[]): string {
  const lines = vehicles.map(
    (v) =>
      `${v.stock},Honda,${v.model},1.5 Comfort CVT,${v.year},${v.mileage},${v.price},Automatic,Petrol,White,Used,${v.vin},"Full service history, one owner"`,
  );
  return [
    "stockNumber,make,model,variant,year,mileage,price,transmission,fuelType,colour,condition,vin,description",
    ...lines,
  ].join("\n");
}

const stock: Vehicle[] = Array.from({ length: vehicleCount }, (_, i) => ({
  stock: `SND-${String(i + 1).padStart(6, "0")}`,
  model: MODELS[i % MODELS.length]!,
  year: 2012 + (i % 13),
  mileage: 5_000 + ((i * 7919) % 200_000),
  price: 120_000 + ((i * 104_729) % 600_000),
  vin: `JHMBENCH${String(i + 1).padStart(9, "0")}`,
}));
const nights = [
  { name: `${vehicleCount.toLocaleString("en")} new vehicles`, vehicles: stock },
  { name: "the same feed again", vehicles: stock },
  {
    name: `${Math.round(vehicleCount / 10)} prices changed, ${Math.round(vehicleCount / 20)} vehicles gone`,
    vehicles: stock
      .slice(0, vehicleCount - Math.round(vehicleCount / 20))
      .map((v, i) => (i % 10 === 0 ? { ...v, price: v.price - 5_000 } : v)),
  },
  { name: `every price changed, the gone ones back`, vehicles: stock.map((v) => ({ ...v, price: v.price - 10_000 })) },
];

const PHOTO_FILES = ["trade-in-sideways-gps.jpg", "trade-in-side.png", "trade-in-interior.webp"];

/** The fixtures served over loopback; each vehicle's photo URLs differ, so each photo is fetched and processed. */
async function photoServer(): Promise<{ origin: string; close(): Promise<void> }> {
  const dir = path.resolve(import.meta.dirname, "../tests/fixtures/photos");
  const files = await Promise.all(PHOTO_FILES.map((name) => fs.readFile(path.join(dir, name))));
  const server = http.createServer((req, res) => {
    const index = Number(/\/(\d+)$/.exec(req.url ?? "")?.[1] ?? -1);
    if (!files[index]) return res.writeHead(404).end();
    res.writeHead(200).end(files[index]);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function measurePhotos(database: DatabaseHandle, dealerId: number): Promise<void> {
  const count = Number(options["photo-vehicles"]);
  if (count <= 0) return;
  const photos = await photoServer();
  try {
    await database.db.insert(dealerFeedPhotoHosts).values({ dealerId, host: new URL(photos.origin).host });
    const lines = Array.from({ length: count }, (_, i) => {
      const urls = PHOTO_FILES.map((_, p) => `${photos.origin}/v${i}/${p}`).join("|");
      return `PHOTO-${i + 1},Honda,Jazz,1.5 Comfort,2020,61000,219900,Manual,Petrol,Silver,Used,${urls}`;
    });
    const csv = [
      "stockNumber,make,model,variant,year,mileage,price,transmission,fuelType,colour,condition,photos",
      ...lines,
    ].join("\n");
    const actor = feedKeyActor({ dealerId, name: "bench" });
    for (const night of ["new", "the same again"]) {
      const parsed = parseFeed(csv, "csv");
      if (!parsed.ok) throw new Error(parsed.reason);
      const started = performance.now();
      const report = await importStockFeed(database.db, actor, "honda-menlyn", parsed.rows, {});
      const seconds = (performance.now() - started) / 1000;
      const { stored, unchanged, failed } = report.photos;
      console.log(
        `  ${count} vehicles with ${count * PHOTO_FILES.length} photos, ${night}: ${seconds.toFixed(1)} s - photos stored ${stored}, unchanged ${unchanged}, failed ${failed}` +
          (stored > 0 ? ` (${((seconds * 1000) / stored).toFixed(0)} ms a photo)` : ""),
      );
    }
  } finally {
    await photos.close();
  }
}

const DMS_HEADER =
  "StockNo,VinNo,MMCode,Regno,Make,Model,Variant,ModelYear,Mileage,Colour,Fuel,Transmission,Bodytype,Price,NewUsed,Description,Branch";
const KNOWN = [
  ["VW", "Polo Vivo", "Petrol", "Manual", "Hatch"],
  ["Mercedes", "C-Class", "Petrol", "9G-Tronic", "Sedan"],
  ["Great Wall", "P-Series", "Diesel", "Auto", "Double Cab"],
  ["Toyota", "Hilux", "Diesel", "Manual", "Single Cab"],
  ["BYD", "Atto 3", "Electric", "Single speed", "SUV"],
  ["Honda", "BR-V", "Petrol", "CVT", "MPV"],
  ["BMW", "X5", "PHEV", "Steptronic", "SUV"],
] as const;

/** A DMS export of `count` used vehicles: one row in three of a make the catalogue does not know yet. */
function dmsExport(count: number): string {
  const lines = Array.from({ length: count }, (_, i) => {
    const [make, model, fuel, gearbox, body] =
      i % 3 === 0
        ? [`Bench Motors ${String(i % 100).padStart(2, "0")}`, `Model ${(i >> 2) % 5}`, "Petrol", "DCT", "SUV"]
        : KNOWN[i % KNOWN.length]!;
    return `DMS${String(i + 1).padStart(6, "0")},JHMDMS${String(i + 1).padStart(11, "0")},${60_000_000 + i},ND ${i}-GP,${make},${model},1.5 Comfort,${2012 + (i % 13)},"${5_000 + ((i * 7919) % 200_000)}",White,${fuel},${gearbox},${body},R ${120_000 + ((i * 104_729) % 600_000)},U,"One owner, full service history",Umhlanga`;
  });
  return [DMS_HEADER, ...lines].join("\n");
}

async function measureDmsExport(database: DatabaseHandle): Promise<void> {
  const [dealer] = await database.db.select({ id: dealers.id }).from(dealers).where(eq(dealers.slug, "honda-umhlanga"));
  const csv = dmsExport(vehicleCount);
  const started = performance.now();
  const parsed = parseFeed(csv, "csv");
  if (!parsed.ok) throw new Error(parsed.reason);
  const report = await importStockFeed(
    database.db,
    feedKeyActor({ dealerId: dealer!.id, name: "bench" }),
    "honda-umhlanga",
    parsed.rows,
    { columns: parsed.columns },
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `  DMS export, ${vehicleCount.toLocaleString("en")} rows with new makes (${(csv.length / 1024 / 1024).toFixed(1)} MB CSV): ${seconds.toFixed(1)} s - ` +
      `created ${report.created}, rejected ${report.rejected}, makes added ${report.catalogue.makes.length}, models added ${report.catalogue.models.length}`,
  );
}

const SEMICOLON_HEADER =
  "Stock Code;Chassis No;M&M Code;Manufacturer;Range;Derivative;Year Model;Odometer;Selling Price;Type;Fuel;Gearbox;Colour;Body;Comments;Image URLs";
const SEMICOLON_KINDS = [
  ["TOYOTA", "Hilux", "D", "Automatic", "D/Cab"],
  ["VW", "Polo", "P", "Manual", "Hatch"],
  ["ISUZU", "D-Max", "D", "Manual", "S/Cab"],
  ["TOYOTA", "Corolla Cross", "Hybrid", "CVT", "SUV"],
  ["BMW", "iX3", "EV", "Auto", "SUV"],
] as const;

/**
 * Another DMS's export (decision 076): semicolons, Windows-1252 with CRLF, prices "R 529 900" and "489900.00",
 * odometers "78 500 km", fuel P and D, bodies D/Cab and S/Cab, descriptions with accents. Its condition column
 * ("Type") and its D for Diesel are the dealer's saved layout, as staff map them once on the upload page.
 */
function semicolonExport(count: number): Uint8Array {
  const lines = Array.from({ length: count }, (_, i) => {
    const [make, model, fuel, gearbox, body] = SEMICOLON_KINDS[i % SEMICOLON_KINDS.length]!;
    const price = 120_000 + ((i * 104_729) % 600_000);
    const priceCell = i % 2 === 0 ? `R ${formatGroups(price)}` : `${price}.00`;
    const km = `${formatGroups(5_000 + ((i * 7919) % 200_000))} km`;
    return `SC${String(i + 1).padStart(6, "0")};;;${make};${model};2.0 Bench ${gearbox};${2012 + (i % 13)};${km};${priceCell};U;${fuel};${gearbox};Glacier White;${body};"Café owner; naïve buyer welcome";`;
  });
  return new Uint8Array(Buffer.from(`${[SEMICOLON_HEADER, ...lines].join("\r\n")}\r\n`, "latin1"));
}

const formatGroups = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, " ");

/** The semicolon Windows-1252 export through the same reading as the feed API: the parsing thread, the dealer's saved layout. */
async function measureSemicolonExport(database: DatabaseHandle): Promise<void> {
  const slug = "honda-cape-town";
  const [dealer] = await database.db.select({ id: dealers.id }).from(dealers).where(eq(dealers.slug, slug));
  const actor = feedKeyActor({ dealerId: dealer!.id, name: "bench" });
  await database.db.insert(dealerFeedLayouts).values({
    dealerId: dealer!.id,
    layout: layoutKey(SEMICOLON_HEADER.split(";")),
    headers: SEMICOLON_HEADER.split(";"),
    columns: { condition: "Type" },
    valueMaps: { fuelType: { D: "Diesel" } },
  });
  const bytes = semicolonExport(vehicleCount);
  const megabytes = (bytes.byteLength / 1024 / 1024).toFixed(1);
  const started = performance.now();
  const parsed = await readFeed(bytes, "csv", feedProfileReader(database.db, slug));
  if (!parsed.ok) throw new Error(parsed.reason);
  const parsedAt = performance.now();
  const report = await importStockFeed(database.db, actor, slug, parsed.rows, { columns: parsed.columns });
  const ended = performance.now();
  console.log(
    `  semicolon Windows-1252 export, ${vehicleCount.toLocaleString("en")} rows (${megabytes} MB): ${((ended - started) / 1000).toFixed(1)} s ` +
      `(read ${((parsedAt - started) / 1000).toFixed(1)} s, import ${((ended - parsedAt) / 1000).toFixed(1)} s) - created ${report.created}, rejected ${report.rejected}`,
  );
}

async function measure(label: string, database: DatabaseHandle): Promise<void> {
  await database.migrate();
  await seedDatabase(database.db);
  const [dealer] = await database.db.select({ id: dealers.id }).from(dealers).where(eq(dealers.slug, DEALER));
  const actor = feedKeyActor({ dealerId: dealer!.id, name: "bench" });
  console.log(`\n${label}`);
  console.log(
    `  the demo catalogue starts with ${await database.db.$count(makes)} makes and ${await database.db.$count(models)} models`,
  );
  for (const night of nights) {
    const csv = feedCsv(night.vehicles);
    const started = performance.now();
    const parsed = parseFeed(csv, "csv");
    if (!parsed.ok) throw new Error(parsed.reason);
    const parsedAt = performance.now();
    const report: StockFeedReport = await importStockFeed(database.db, actor, DEALER, parsed.rows, {});
    const ended = performance.now();
    const counts = `created ${report.created}, updated ${report.updated}, unchanged ${report.unchanged}, sold ${report.sold}, rejected ${report.rejected}`;
    console.log(
      `  ${night.name} (${(csv.length / 1024 / 1024).toFixed(1)} MB CSV): ${((ended - started) / 1000).toFixed(1)} s ` +
        `(parse ${((parsedAt - started) / 1000).toFixed(1)} s, import ${((ended - parsedAt) / 1000).toFixed(1)} s) - ${counts}`,
    );
  }
  await measureDmsExport(database);
  await measureSemicolonExport(database);
  const [menlyn] = await database.db.select({ id: dealers.id }).from(dealers).where(eq(dealers.slug, "honda-menlyn"));
  await measurePhotos(database, menlyn!.id);
}

console.log(
  `Stock feed import, ${os.cpus()[0]?.model ?? "CPU"} x ${os.cpus().length}, Node ${process.version}, load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")}`,
);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "honda-bench-feed-"));
try {
  const embedded = await openDatabase({ dataDir });
  try {
    await measure("Embedded database (PGlite data directory)", embedded);
  } finally {
    await embedded.close();
  }
} finally {
  await fs.rm(dataDir, { recursive: true, force: true });
}
if (options.postgres) {
  const name = `honda_bench_feed_${randomBytes(4).toString("hex")}`;
  await adminQuery(options.postgres, `CREATE DATABASE "${name}"`);
  try {
    const url = new URL(options.postgres);
    url.pathname = `/${name}`;
    const postgres = await openDatabase({ databaseUrl: url.toString() });
    try {
      await measure(`PostgreSQL (${url.host})`, postgres);
    } finally {
      await postgres.close();
    }
  } finally {
    await adminQuery(options.postgres, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}
