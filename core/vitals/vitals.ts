/**
 * Real visitors' Core Web Vitals (decision 053): what is measured, how a page is classed, and how a
 * day's values are kept: as counts in fixed value buckets, never one visit's value, from which the p75 is read.
 */

export const VITAL_NAMES = ["LCP", "INP", "CLS", "FCP", "TTFB"] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

export const PAGE_TYPES = [
  "home",
  "new-model",
  "used-listing",
  "used-vehicle",
  "finance",
  "blog",
  "dealer",
  "other",
] as const;
export type PageType = (typeof PAGE_TYPES)[number];

export const DEVICE_CLASSES = ["mobile", "desktop"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

export type Rating = "good" | "needs-improvement" | "poor";

type VitalDefinition = {
  label: string;
  /** "ms" for times, "" for the layout shift score (unitless). */
  unit: "ms" | "";
  /** Google's thresholds: good up to `good`, poor above `poor` (web.dev/articles/vitals). */
  good: number;
  poor: number;
  /**
   * Upper bounds of the value buckets, ascending; a value above the last falls in one more bucket ("over").
   * Both thresholds are bounds, so a p75 read from the buckets is rated exactly as the true p75 would be.
   */
  bounds: readonly number[];
  /** The largest value a beacon may report; anything larger is not a measurement. */
  max: number;
};

export const VITALS: Record<VitalName, VitalDefinition> = {
  LCP: {
    label: "Largest contentful paint",
    unit: "ms",
    good: 2500,
    poor: 4000,
    bounds: [
      250, 500, 750, 1000, 1250, 1500, 1750, 2000, 2250, 2500, 2750, 3000, 3500, 4000, 5000, 6000, 8000, 10000, 15000,
      20000,
    ],
    max: 600_000,
  },
  INP: {
    label: "Interaction to next paint",
    unit: "ms",
    good: 200,
    poor: 500,
    bounds: [25, 50, 75, 100, 125, 150, 175, 200, 250, 300, 350, 400, 450, 500, 600, 800, 1000, 1500, 2000, 3000, 5000],
    max: 600_000,
  },
  CLS: {
    label: "Cumulative layout shift",
    unit: "",
    good: 0.1,
    poor: 0.25,
    bounds: [0.01, 0.02, 0.03, 0.05, 0.075, 0.1, 0.125, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1, 1.5, 2],
    max: 100,
  },
  FCP: {
    label: "First contentful paint",
    unit: "ms",
    good: 1800,
    poor: 3000,
    bounds: [
      200, 400, 600, 800, 1000, 1200, 1400, 1600, 1800, 2000, 2250, 2500, 3000, 3500, 4000, 5000, 6000, 8000, 10000,
    ],
    max: 600_000,
  },
  TTFB: {
    label: "Time to first byte",
    unit: "ms",
    good: 800,
    poor: 1800,
    bounds: [100, 200, 300, 400, 500, 600, 700, 800, 1000, 1200, 1400, 1600, 1800, 2000, 2500, 3000, 4000, 6000],
    max: 600_000,
  },
};

/** The bucket a value falls in: the first whose upper bound holds it, or the "over" bucket past the last. */
export function bucketOf(name: VitalName, value: number): number {
  const { bounds } = VITALS[name];
  const index = bounds.findIndex((bound) => value <= bound);
  return index === -1 ? bounds.length : index;
}

/**
 * The 75th percentile of bucketed counts (`counts[bucket]`, missing buckets none): the upper bound of the bucket
 * that holds the 75th percentile visit, so the true p75 is at most that; `over` when it lies past the last bound.
 * Null without any visit.
 */
export function p75OfBuckets(
  name: VitalName,
  counts: ReadonlyMap<number, number>,
): { value: number; over: boolean; visits: number } | null {
  const { bounds } = VITALS[name];
  const visits = [...counts.values()].reduce((sum, count) => sum + count, 0);
  if (visits === 0) return null;
  const rank = Math.ceil(visits * 0.75);
  let seen = 0;
  for (let bucket = 0; bucket <= bounds.length; bucket += 1) {
    seen += counts.get(bucket) ?? 0;
    if (seen >= rank)
      return bucket < bounds.length
        ? { value: bounds[bucket]!, over: false, visits }
        : { value: bounds.at(-1)!, over: true, visits };
  }
  return { value: bounds.at(-1)!, over: true, visits };
}

export function ratingOf(name: VitalName, p75: { value: number; over: boolean }): Rating {
  const { good, poor } = VITALS[name];
  if (p75.over || p75.value > poor) return "poor";
  return p75.value <= good ? "good" : "needs-improvement";
}

/**
 * A page's type from the route pattern it matched (server/pages.ts pageRoutePatternOf, e.g. `/used/:make/:model/:id`);
 * the same page under `/dealer/:dealerName` is the same type, and a dealer's own home or the dealer list is "dealer".
 */
export function pageTypeOf(routePattern: string | undefined): PageType {
  if (!routePattern) return "other";
  const dealerScoped = /^\/dealer\/:dealerName(?=\/|$)/.exec(routePattern);
  const pattern = dealerScoped ? routePattern.slice(dealerScoped[0].length) || "/dealer/:dealerName" : routePattern;
  return PAGE_TYPE_BY_PATTERN[pattern] ?? "other";
}

const PAGE_TYPE_BY_PATTERN: Record<string, PageType> = {
  "/": "home",
  "/new/:make/:model": "new-model",
  "/honda-wing/:make/:model": "new-model",
  "/used": "used-listing",
  "/used/:make": "used-listing",
  "/used/:make/:model": "used-listing",
  "/used/:make/:model/:id": "used-vehicle",
  "/finance": "finance",
  "/blog": "blog",
  "/blog/:slug": "blog",
  "/dealer": "dealer",
  "/dealer/:dealerName": "dealer",
};

/** Mobile or desktop from the client hint Chromium sends (`Sec-CH-UA-Mobile: ?1`), else from the User-Agent. */
export function deviceClassOf(headers: { mobileHint?: string; userAgent?: string }): DeviceClass {
  if (headers.mobileHint === "?1") return "mobile";
  if (headers.mobileHint === "?0") return "desktop";
  return /Mobi|Android|iPhone|iPod/i.test(headers.userAgent ?? "") ? "mobile" : "desktop";
}
