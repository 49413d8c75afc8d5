import { listRangeModels } from "../../../core/catalogue/ranges.server.ts";
import { readBanners } from "../../../core/content/banners.server.ts";
import { readPublicDeals } from "../../../core/content/deals.server.ts";
import type { DealerView } from "../../../core/dealers/dealers.server.ts";
import type { ReadModels } from "../../../core/shared/read-model.server.ts";
import { type RangeCardData, toRangeCard } from "../../components/browse-cards.tsx";

/** How many offers the home page shows under "Latest offers". */
export const HOME_OFFER_COUNT = 3;

/** product.md §1: the motorcycle collection shows each model once. */
export function uniqueByModel<T extends { make_slug: string; model_slug: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = `${item.make_slug}/${item.model_slug}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** In a dealer's scope its own offers come before the group's (the sort is stable, so each keeps its order). */
export function ownDealsFirst<T extends { dealer_slug: string | null }>(deals: T[], dealerSlug: string | null): T[] {
  if (!dealerSlug) return deals;
  return [...deals].sort((a, b) => Number(b.dealer_slug === dealerSlug) - Number(a.dealer_slug === dealerSlug));
}

/**
 * Everything the home page shows (product.md §1), for the group or one dealer: the promotional banners,
 * the new-car collection, the latest offers of the scope and the new-motorcycle collection.
 * Reusable by the dealer home page.
 */
export async function loadHomeData({ readModels }: { readModels: ReadModels }, dealer: DealerView | null) {
  const dealerSlug = dealer?.slug ?? null;
  const [banners, cars, motorcycles, offers] = await Promise.all([
    readBanners(readModels, "", dealerSlug),
    listRangeModels(readModels, { type: "car" }),
    listRangeModels(readModels, { type: "motorcycle" }),
    readPublicDeals(readModels, { dealerSlug, kind: "special" }),
  ]);
  return {
    banners,
    cars: cars.map(toRangeCard) satisfies RangeCardData[],
    motorcycles: uniqueByModel(motorcycles.map(toRangeCard)),
    offers: ownDealsFirst(offers, dealer?.slug ?? null).slice(0, HOME_OFFER_COUNT),
  };
}

export type HomeData = Awaited<ReturnType<typeof loadHomeData>>;
