import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { dealers, deals } from "../../db/schema.ts";
import { pictureSources, renditionsOf } from "../media/image-pipeline.server.ts";
import { defineReadModel, type ReadModels } from "../shared/read-model.server.ts";
import { endOfSastDay, publicationState } from "./schedule.ts";

import type { DealKind } from "./content-labels.ts";

export type { DealKind } from "./content-labels.ts";
const DEAL_STATUSES = ["draft", "published"] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

export type DealPicture = ReturnType<typeof pictureSources>;

/**
 * product.md §3: Special (and service deal). `image` is a file name under /uploads/ for the seed's deals,
 * or the path of its largest JPEG rendition (/media/images/...) for an image uploaded in the back office.
 */
export type DealView = {
  slug: string;
  kind: DealKind;
  title: string;
  summary: string;
  thumbnail: string;
  image: string;
  valid_until: string;
  /** Null for a group-wide (head office) deal. */
  dealer_slug: string | null;
};

/** What a page shows of a deal: the API's fields and, for an uploaded image, its responsive renditions. */
export type DealCardData = DealView & { picture: DealPicture | null };

/** A deal as stored, with what the public rule and the pages need (the read model's rows). */
export type DealRecord = {
  id: number;
  slug: string;
  kind: DealKind;
  dealerId: number | null;
  dealerSlug: string | null;
  title: string;
  summary: string;
  thumbnail: string;
  image: string;
  validUntil: string;
  status: DealStatus;
  startsAt: Date | null;
  endsAt: Date | null;
  picture: DealPicture | null;
};

/** Every deal with its dealer's slug and its uploaded image's renditions, in display order. */
async function loadDeals(db: Database): Promise<DealRecord[]> {
  const rows = await db
    .select({ deal: deals, dealerSlug: dealers.slug })
    .from(deals)
    .leftJoin(dealers, eq(dealers.id, deals.dealerId))
    .orderBy(asc(deals.sortOrder), asc(deals.title), asc(deals.id));
  const renditions = await renditionsOf(
    db,
    rows.flatMap(({ deal }) => (deal.imageId ? [deal.imageId] : [])),
  );
  return rows.map(({ deal, dealerSlug }) => {
    const uploaded = deal.imageId ? renditions.get(deal.imageId) : undefined;
    return {
      id: deal.id,
      slug: deal.slug,
      kind: deal.kind as DealKind,
      dealerId: deal.dealerId,
      dealerSlug,
      title: deal.title,
      summary: deal.summary,
      thumbnail: deal.thumbnail,
      image: deal.image,
      validUntil: deal.validUntil,
      status: deal.status as DealStatus,
      startsAt: deal.startsAt,
      endsAt: deal.endsAt,
      picture: uploaded?.length ? pictureSources(uploaded) : null,
    };
  });
}

/** The public site's deals (decision 034): read through `context.readModels.read(dealsModel)`. */
export const dealsModel = defineReadModel({ name: "deals", tables: ["deals", "dealers"], load: loadDeals });

export type DealVisibility = "public" | "not-found" | "gone";

/**
 * THE rule for whether a deal is on the public site (pages, API and sitemap; decision 035): published and
 * within its schedule. A published deal whose schedule has passed is gone (its page answers 410); a draft
 * or one not started yet is not found, as an unknown slug.
 */
export function dealVisibility(
  deal: Pick<DealRecord, "status" | "startsAt" | "endsAt" | "validUntil">,
  now: Date,
): DealVisibility {
  const schedule = { startsAt: deal.startsAt, endsAt: deal.endsAt ?? endOfSastDay(deal.validUntil) };
  const state = publicationState({ ...schedule, status: deal.status }, now);
  if (state === "draft" || state === "scheduled") return "not-found";
  return state === "ended" ? "gone" : "public";
}

export type DealFilter = {
  /** Null: the group's own deals only; a dealer's slug: that dealer's deals and the group's. */
  dealerSlug: string | null;
  kind?: DealKind;
  slug?: string;
};

/** The public deals of a scope, in display order. */
function publicDeals(all: readonly DealRecord[], filter: DealFilter, now: Date): DealCardData[] {
  return all
    .filter((deal) => deal.dealerSlug === null || deal.dealerSlug === filter.dealerSlug)
    .filter((deal) => (!filter.kind || deal.kind === filter.kind) && (!filter.slug || deal.slug === filter.slug))
    .filter((deal) => dealVisibility(deal, now) === "public")
    .map(toDealCard);
}

/** One deal by slug, as the public sees it: shown, gone (expired) or not found. */
function publicDeal(
  all: readonly DealRecord[],
  slug: string,
  now: Date,
): { visibility: "public" | "gone"; deal: DealCardData } | null {
  const record = all.find((deal) => deal.slug === slug);
  if (!record) return null;
  const visibility = dealVisibility(record, now);
  return visibility === "not-found" ? null : { visibility, deal: toDealCard(record) };
}

export function toDealCard(deal: DealRecord): DealCardData {
  return { ...toDealView(deal), picture: deal.picture };
}

/** The fields of product.md §3 only (the API's answer). */
function toDealView(
  deal: Pick<DealRecord, "slug" | "kind" | "title" | "summary" | "thumbnail" | "image" | "validUntil" | "dealerSlug">,
): DealView {
  return {
    slug: deal.slug,
    kind: deal.kind,
    title: deal.title,
    summary: deal.summary,
    thumbnail: deal.thumbnail,
    image: deal.image,
    valid_until: deal.validUntil,
    dealer_slug: deal.dealerSlug,
  };
}

type Models = Pick<ReadModels, "read">;

/** The public deals of a scope now, from the read model (pages and API). */
export async function readPublicDeals(models: Models, filter: DealFilter, now = new Date()): Promise<DealCardData[]> {
  return publicDeals(await models.read(dealsModel), filter, now);
}

/** One deal as the public sees it now, from the read model: shown, gone (410) or not found (null). */
export async function readPublicDeal(models: Models, slug: string, now = new Date()) {
  return publicDeal(await models.read(dealsModel), slug, now);
}

/** The fields of product.md §3 of what a page shows (the API's answer). */
export function dealApiView({ picture: _picture, ...deal }: DealCardData): DealView {
  return deal;
}
