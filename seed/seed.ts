import { nameKey, slugOf } from "../core/catalogue/make-names.ts";
import { SA_CATALOGUE } from "./sa-catalogue.ts";
import { parseSastDateTime } from "../core/content/schedule.ts";
import { count } from "drizzle-orm";
import { isWingDealerName } from "../core/dealers/dealers.server.ts";
import { type Scene, SCENES, vehicleImageUrl } from "../core/media/shapes.ts";
import type { Database } from "../db/client.ts";
import {
  banners,
  blogPosts,
  dealerLeadChannels,
  channelFeeds,
  dealers,
  deals,
  makes,
  models,
  rangeColours,
  rangeGallery,
  rangeModels,
  rangePrices,
  rangeVariants,
  usedVehicleImages,
  usedVehicles,
} from "../db/schema.ts";
import { BANNERS } from "./content/banners.ts";
import { BLOG_POSTS } from "./content/blog-posts.ts";
import { CAR_MODELS, MOTORCYCLE_MODELS } from "./content/catalogue.ts";
import { DEALS } from "./content/deals.ts";
import type { CatalogueModel } from "./content/types.ts";
import { DEALER_COORDINATES, DEALERS, STANDARD_HOURS, streetAndPostalCode } from "./dealers.ts";
import { generateUsedVehicles, USED_MAKES } from "./used-stock.ts";
import { randomBytes } from "node:crypto";
import { CHANNELS } from "../core/channels/channels.server.ts";
import type { DemoCatalogue } from "../core/operator/commands.server.ts";

export const DEFAULT_USED_COUNT = 320;
const INSERT_BATCH = 1_000;

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Ids = Map<string, number>;

/** Fills an empty database with the demo catalogue, all or nothing. */
export async function seedDatabase(db: Database, options: { usedCount?: number } = {}): Promise<void> {
  await db.transaction(async (tx) => {
    const dealerIds = await seedDealers(tx);
    const modelIds = await seedMakesAndModels(tx);
    await seedRange(tx, modelIds);
    await seedScheduledRise(tx);
    await seedBanners(tx);
    await seedDeals(tx, dealerIds);
    await seedBlog(tx);
    await addUsedVehicles(tx, options.usedCount ?? DEFAULT_USED_COUNT);
    await seedChannels(tx, dealerIds);
  });
}

/**
 * Each dealer's catalogue channels, each with its feed key (core/channels): switched on where the dealer has
 * stock the channel takes (a car dealer's motorcycle catalogue and a motorcycle dealer's vehicle catalogues
 * stay off), so a new site has full feeds and no empty one.
 */
async function seedChannels(tx: Transaction, dealerIds: Ids): Promise<void> {
  const stock = await tx
    .selectDistinct({ dealerId: usedVehicles.dealerId, bodyType: usedVehicles.bodyType })
    .from(usedVehicles);
  await tx.insert(channelFeeds).values(
    [...dealerIds.values()].flatMap((dealerId) => {
      const bodies = stock.filter((row) => row.dealerId === dealerId).map((row) => row.bodyType);
      return CHANNELS.map((channel) => ({
        dealerId,
        channel: channel.id,
        enabled: bodies.some((body) => channel.takes(body)),
        keyNonce: randomBytes(16).toString("base64url"),
      }));
    }),
  );
}

/** Whether the database has no dealers yet, the demo catalogue's to fill. */
export async function isUnseeded(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(dealers);
  return (row?.n ?? 0) === 0;
}

/** Seeds only when the database has no dealers yet; answers whether it seeded. */
export async function seedIfEmpty(db: Database, options: { usedCount?: number } = {}): Promise<boolean> {
  if (!(await isUnseeded(db))) return false;
  await seedDatabase(db, options);
  return true;
}

async function seedDealers(tx: Transaction): Promise<Ids> {
  const rows = await tx
    .insert(dealers)
    .values(
      DEALERS.map((dealer, index) => ({
        slug: dealer.slug,
        dealerName: dealer.dealerName,
        contactNo: dealer.contactNo,
        address: dealer.address,
        ...streetAndPostalCode(dealer.address),
        city: dealer.city,
        province: dealer.province,
        location: `${dealer.dealerName}, ${dealer.address}`,
        latitude: DEALER_COORDINATES[dealer.slug]?.[0] ?? null,
        longitude: DEALER_COORDINATES[dealer.slug]?.[1] ?? null,
        dpName: dealer.dpName,
        dpEmail: `${dealer.dpName.split(" ")[0]?.toLowerCase()}@${dealer.slug}.example.co.za`,
        dpContactNo: dealer.dpContactNo,
        businessHours: dealer.hours ?? STANDARD_HOURS,
        sortOrder: index,
      })),
    )
    .returning({ id: dealers.id, slug: dealers.slug });
  await tx.insert(dealerLeadChannels).values(
    rows.flatMap((row) => [
      // People read leads@ and finance@; the CRM imports every lead's ADF from crm@ (decision 015).
      {
        dealerId: row.id,
        kind: "email",
        target: `leads@${row.slug}.example.co.za`,
        leadKind: "enquiry",
        format: "readable",
      },
      {
        dealerId: row.id,
        kind: "email",
        target: `finance@${row.slug}.example.co.za`,
        leadKind: "finance",
        format: "readable",
      },
      { dealerId: row.id, kind: "email", target: `crm@${row.slug}.example.co.za`, leadKind: "all", format: "adf" },
    ]),
  );
  return new Map(rows.map((row) => [row.slug, row.id]));
}

const modelKey = (makeSlug: string, modelSlug: string) => `${makeSlug}/${modelSlug}`;

/**
 * Every make and model: the Honda range first, then the makes and models seen in used stock, then the rest of
 * the makes sold in South Africa and their common models (SA_CATALOGUE), so the catalogue's suggestions work
 * from the first start.
 */
async function seedMakesAndModels(tx: Transaction): Promise<Ids> {
  const usedKeys = new Set(USED_MAKES.map((make) => nameKey(make.name)));
  const otherMakes = Object.keys(SA_CATALOGUE)
    .filter((name) => !usedKeys.has(nameKey(name)))
    .map((name) => ({ name, slug: slugOf(name) }));
  const makeRows = await tx
    .insert(makes)
    .values([...USED_MAKES.map(({ name, slug }) => ({ name, slug })), ...otherMakes])
    .returning({ id: makes.id, slug: makes.slug });
  const makeIds = new Map(makeRows.map((row) => [row.slug, row.id]));
  const wanted = new Map<string, { makeSlug: string; name: string; slug: string }>();
  for (const model of [...CAR_MODELS, ...MOTORCYCLE_MODELS]) {
    wanted.set(modelKey("honda", model.slug), { makeSlug: "honda", name: model.name, slug: model.slug });
  }
  for (const make of USED_MAKES) {
    for (const model of make.models) {
      const key = modelKey(make.slug, model.slug);
      if (!wanted.has(key)) wanted.set(key, { makeSlug: make.slug, name: model.name, slug: model.slug });
    }
  }
  const makeSlugByKey = new Map([...USED_MAKES, ...otherMakes].map((make) => [nameKey(make.name), make.slug]));
  for (const [makeName, modelNames] of Object.entries(SA_CATALOGUE)) {
    const makeSlug = makeSlugByKey.get(nameKey(makeName))!;
    for (const name of modelNames) {
      const key = modelKey(makeSlug, slugOf(name));
      if (!wanted.has(key)) wanted.set(key, { makeSlug, name, slug: slugOf(name) });
    }
  }
  const modelRows = await tx
    .insert(models)
    .values(
      [...wanted.values()].map((model) => ({
        makeId: makeIds.get(model.makeSlug)!,
        name: model.name,
        slug: model.slug,
      })),
    )
    .returning({ id: models.id, slug: models.slug, makeId: models.makeId });
  const makeSlugById = new Map(makeRows.map((row) => [row.id, row.slug]));
  return new Map(modelRows.map((row) => [modelKey(makeSlugById.get(row.makeId)!, row.slug), row.id]));
}

/** A demo model's key specifications: its outputs from its variants, and the group's usual warranty and plan. */
function demoSpecifications(model: CatalogueModel): Record<string, string> {
  const span = (values: number[], unit: string) => {
    const [low, high] = [Math.min(...values), Math.max(...values)];
    return low === high ? `${low} ${unit}` : `${low} to ${high} ${unit}`;
  };
  return {
    power: span(
      model.variants.map((v) => v.powerKw),
      "kW",
    ),
    torque: span(
      model.variants.map((v) => v.torqueNm),
      "Nm",
    ),
    ...(model.type === "car"
      ? { warranty: "5 years or 200 000 km", servicePlan: "4 years or 60 000 km" }
      : { warranty: "2 years, unlimited distance" }),
  };
}

async function seedRange(tx: Transaction, modelIds: Ids): Promise<void> {
  const range = [...CAR_MODELS, ...MOTORCYCLE_MODELS];
  for (const [index, model] of range.entries()) {
    const [first] = model.colours;
    const [rangeModel] = await tx
      .insert(rangeModels)
      .values({
        modelId: modelIds.get(modelKey("honda", model.slug))!,
        type: model.type,
        description: model.description,
        mainImage: vehicleImageUrl(model.shape, first?.colorCode ?? "#c8102e"),
        brochure: model.hasBrochure ? `/media/brochures/honda/${model.slug}.pdf` : null,
        sortOrder: index,
        bodyType: model.shape,
        specifications: demoSpecifications(model),
      })
      .returning({ id: rangeModels.id });
    const rangeModelId = rangeModel!.id;
    await tx.insert(rangeVariants).values(
      model.variants.map((variant, order) => ({
        rangeModelId,
        name: variant.name,
        slug: variant.slug,
        mmCode: variant.mmCode,
        price: variant.price,
        powerKw: variant.powerKw,
        torqueNm: variant.torqueNm,
        transmission: variant.transmission,
        transmissionType: variant.transmissionType,
        fuel: /e:HEV|hybrid/i.test(`${model.name} ${variant.name}`) ? "Hybrid" : "Petrol",
        sortOrder: order,
      })),
    );
    await tx.insert(rangeColours).values(
      model.colours.map((colour, order) => ({
        rangeModelId,
        name: colour.name,
        colorCode: colour.colorCode,
        image: vehicleImageUrl(model.shape, colour.colorCode),
        sortOrder: order,
      })),
    );
    const gallery = galleryFor(model);
    if (gallery.length > 0) {
      await tx
        .insert(rangeGallery)
        .values(gallery.map((image, order) => ({ rangeModelId, ...image, sortOrder: order })));
    }
  }
}

/** The demo's scheduled rise: the first car model's variants go up this much a month after seeding. */
export const SEEDED_RISE = { modelSlug: CAR_MODELS[0]!.slug, percent: 2.5, days: 30 } as const;

/**
 * One maker's price rise scheduled a month ahead (at midnight, South African time), so a new site shows how prices
 * on a date work: the model page's price until then, the coming price in the back office, the JSON-LD's
 * priceValidUntil.
 */
async function seedScheduledRise(tx: Transaction): Promise<void> {
  const model = CAR_MODELS.find((m) => m.slug === SEEDED_RISE.modelSlug)!;
  const day = new Date(Date.now() + SEEDED_RISE.days * 24 * 60 * 60 * 1000 + 2 * 60 * 60 * 1000);
  const effectiveAt = parseSastDateTime(`${day.toISOString().slice(0, 10)}T00:00`)!;
  const variants = await tx.select({ id: rangeVariants.id, mmCode: rangeVariants.mmCode }).from(rangeVariants);
  const codes = new Map(variants.map((v) => [v.mmCode, v.id]));
  await tx.insert(rangePrices).values(
    model.variants.map((variant) => ({
      rangeVariantId: codes.get(variant.mmCode)!,
      price: Math.round((variant.price * (1 + SEEDED_RISE.percent / 100)) / 100) * 100,
      effectiveAt,
      source: "seed",
    })),
  );
}

/** Gallery pictures: the model in its colours against the scenes other than the studio. */
function galleryFor(model: CatalogueModel): { image: string; alt: string }[] {
  const outdoorScenes = SCENES.filter((scene): scene is Exclude<Scene, "studio"> => scene !== "studio");
  return Array.from({ length: model.galleryCount }, (_, i) => {
    const colour = model.colours[i % model.colours.length]!;
    const scene = outdoorScenes[i % outdoorScenes.length]!;
    return {
      image: vehicleImageUrl(model.shape, colour.colorCode, scene),
      alt: `Honda ${model.name} in ${colour.name}, ${scene} setting`,
    };
  });
}

async function seedBanners(tx: Transaction): Promise<void> {
  await tx.insert(banners).values(
    BANNERS.map((banner, index) => ({
      type: banner.type,
      title: banner.title,
      imageUri: `/media/banners/${banner.shape}/${banner.colorCode.replace("#", "").toLowerCase()}.svg`,
      buttonUrl: banner.buttonUrl,
      buttonText: banner.buttonText ?? "Explore more",
      sortOrder: index,
    })),
  );
}

async function seedDeals(tx: Transaction, dealerIds: Ids): Promise<void> {
  await tx.insert(deals).values(
    DEALS.map((deal, index) => {
      const file = `${deal.shape}-${deal.colorCode.replace("#", "").toLowerCase()}-${deal.slug}.svg`;
      return {
        slug: deal.slug,
        kind: deal.kind,
        dealerId: deal.dealerSlug === null ? null : dealerIds.get(deal.dealerSlug)!,
        title: deal.title,
        summary: deal.summary,
        thumbnail: `/uploads/${file}`,
        image: file,
        validUntil: deal.validUntil,
        sortOrder: index,
      };
    }),
  );
}

async function seedBlog(tx: Transaction): Promise<void> {
  await tx.insert(blogPosts).values(
    BLOG_POSTS.map((post) => ({
      slug: post.slug,
      title: post.title,
      description: post.description,
      publishDate: post.publishDate,
      // Published at the start of its publish date in South African time, as migration 0023 set the posts before it.
      publishedAt: parseSastDateTime(`${post.publishDate}T00:00`)!,
      imageUri: `/media/blog/${post.theme}.svg`,
      author: post.author,
      body: post.body,
      metaTitle: post.metaTitle,
      metaDescription: post.metaDescription,
      keywords: post.keywords,
    })),
  );
}

/**
 * Adds `total` generated used and demo vehicles to a seeded database (the demo stock, or a large stock for
 * benchmarks); a different `seed` gives different vehicles.
 */
export async function addUsedVehicles(db: Database | Transaction, total: number, seed?: number): Promise<void> {
  const dealerRows = await db
    .select({ id: dealers.id, slug: dealers.slug, name: dealers.dealerName, province: dealers.province })
    .from(dealers);
  const dealerIds = new Map(dealerRows.map((row) => [row.slug, row.id]));
  const makeIds = new Map(
    (await db.select({ id: makes.id, slug: makes.slug }).from(makes)).map((row) => [row.slug, row.id]),
  );
  const makeSlugById = new Map([...makeIds].map(([slug, id]) => [id, slug]));
  const modelIds = new Map(
    (await db.select({ id: models.id, slug: models.slug, makeId: models.makeId }).from(models)).map((row) => [
      modelKey(makeSlugById.get(row.makeId)!, row.slug),
      row.id,
    ]),
  );
  const dealerList = dealerRows.map((row) => ({
    slug: row.slug,
    isWing: isWingDealerName(row.name),
    province: row.province,
  }));
  let batch: ReturnType<typeof generateUsedVehicles> extends Generator<infer T> ? T[] : never = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const inserted = await db
      .insert(usedVehicles)
      .values(
        batch.map((vehicle) => ({
          dealerId: dealerIds.get(vehicle.dealerSlug)!,
          makeId: makeIds.get(vehicle.makeSlug)!,
          modelId: modelIds.get(modelKey(vehicle.makeSlug, vehicle.modelSlug))!,
          variant: vehicle.variant,
          year: vehicle.year,
          mileageKm: vehicle.mileageKm,
          price: vehicle.price,
          transmission: vehicle.transmission,
          fuelType: vehicle.fuelType,
          state: vehicle.state,
          exteriorColor: vehicle.exteriorColor,
          bodyType: vehicle.bodyType,
          listedAt: vehicle.listedAt,
          vin: vehicle.vin,
          // A DMS stock number, as if the dealer's DMS had sent it: the dealer's first real feed import marks every
          // demo vehicle not in it as sold (decision 029), so the demo stock gives way to the real one.
          stockNumber: vehicle.stockNumber,
          registration: vehicle.registration,
          mmCode: vehicle.mmCode,
          description: vehicle.description,
        })),
      )
      .returning({ id: usedVehicles.id });
    await db
      .insert(usedVehicleImages)
      .values(
        batch.flatMap((vehicle, i) =>
          vehicle.images.map((uri, position) => ({ vehicleId: inserted[i]!.id, uri, position })),
        ),
      );
    batch = [];
  };
  for (const vehicle of generateUsedVehicles(total, dealerList, seed)) {
    batch.push(vehicle);
    if (batch.length >= INSERT_BATCH) await flush();
  }
  await flush();
}

/** What the operators' `seed` command (core/operator) does with the demo catalogue. */
export const DEMO_CATALOGUE: DemoCatalogue = {
  defaultUsedCount: DEFAULT_USED_COUNT,
  seedIfEmpty,
  addUsedVehicles: (db, total, seed) => db.transaction((tx) => addUsedVehicles(tx, total, seed)),
};
