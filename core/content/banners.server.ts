import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { banners, dealers } from "../../db/schema.ts";
import { pictureSources, renditionsOf } from "../media/image-pipeline.server.ts";
import { defineReadModel, type ReadModels } from "../shared/read-model.server.ts";
import { publicationState } from "./schedule.ts";

import type { BannerType } from "./content-labels.ts";

export { BANNER_TYPES, type BannerType } from "./content-labels.ts";

/**
 * product.md §7: the banner types a request names, exactly as the API's document lists them; 'new' asks for Car
 * banners and 'honda-wing' for Motorcycle banners, empty for the home page's. A Map, not an object: `?type=constructor`
 * must not find Object.prototype's constructor (a property test found it).
 */
const BANNER_TYPE_NAMES = new Map<string, BannerType>([
  ["", ""],
  ["Car", "Car"],
  ["Motorcycle", "Motorcycle"],
  ["new", "Car"],
  ["honda-wing", "Motorcycle"],
]);

/** The banner type a query value asks for, or null when it names none (the document's values only, as written). */
export function bannerTypeFor(raw: string | null): BannerType | null {
  return BANNER_TYPE_NAMES.get(raw ?? "") ?? null;
}

/** product.md §3: Banner. */
export type BannerView = {
  id: number;
  title: string;
  type: BannerType;
  image: { uri: string };
  button: { url: string; text: string };
};

/** What a page shows: the API's fields and, for an uploaded image, its responsive renditions. */
export type BannerSlideData = BannerView & { picture: ReturnType<typeof pictureSources> | null };

/** A banner as stored, with its dealer and schedule (the read model's rows). */
export type BannerRecord = BannerSlideData & {
  dealerSlug: string | null;
  startsAt: Date | null;
  endsAt: Date | null;
};

/** Every banner in display order, with its dealer's slug and its uploaded image's renditions. */
async function loadBanners(db: Database): Promise<BannerRecord[]> {
  const rows = await db
    .select({ banner: banners, dealerSlug: dealers.slug })
    .from(banners)
    .leftJoin(dealers, eq(dealers.id, banners.dealerId))
    .orderBy(asc(banners.sortOrder), asc(banners.id));
  const renditions = await renditionsOf(
    db,
    rows.flatMap(({ banner }) => (banner.imageId ? [banner.imageId] : [])),
  );
  return rows.map(({ banner, dealerSlug }) => {
    const uploaded = banner.imageId ? renditions.get(banner.imageId) : undefined;
    return {
      id: banner.id,
      title: banner.title,
      type: banner.type as BannerType,
      image: { uri: banner.imageUri },
      button: { url: banner.buttonUrl, text: banner.buttonText },
      picture: uploaded?.length ? pictureSources(uploaded) : null,
      dealerSlug,
      startsAt: banner.startsAt,
      endsAt: banner.endsAt,
    };
  });
}

/** The public site's banners (decision 034): read through `context.readModels.read(bannersModel)`. */
export const bannersModel = defineReadModel({ name: "banners", tables: ["banners", "dealers"], load: loadBanners });

/** Whether a banner is shown (decision 035): live, within its schedule (a banner has no drafts). */
export function isBannerShown(banner: Pick<BannerRecord, "startsAt" | "endsAt">, now: Date): boolean {
  return publicationState({ startsAt: banner.startsAt, endsAt: banner.endsAt }, now) === "live";
}

/**
 * The banners of a page: its type, shown now, group-wide ones and (on a dealer's pages, /dealer/{slug}/...)
 * that dealer's own, in display order.
 */
function bannersFor(
  all: readonly BannerRecord[],
  type: BannerType,
  dealerSlug: string | null,
  now: Date,
): BannerSlideData[] {
  return all
    .filter(
      (banner) =>
        banner.type === type &&
        (banner.dealerSlug === null || banner.dealerSlug === dealerSlug) &&
        isBannerShown(banner, now),
    )
    .map(({ dealerSlug: _dealer, startsAt: _start, endsAt: _end, ...slide }) => slide);
}

/** The fields of product.md §3 only (the API's answer). */
export function toBannerView({ id, title, type, image, button }: BannerView): BannerView {
  return { id, title, type, image, button };
}

/** The banners of a page now, from the read model (pages and API). */
export async function readBanners(
  models: Pick<ReadModels, "read">,
  type: BannerType,
  dealerSlug: string | null,
  now = new Date(),
): Promise<BannerSlideData[]> {
  return bannersFor(await models.read(bannersModel), type, dealerSlug, now);
}
