/**
 * Prices on a date (docs/decisions/084-prices-on-a-date.md): a variant's price is its own price until the first
 * change takes effect, then each change's from its instant on. What a page, the API or the sitemap shows is
 * decided when it is answered, from these rows and the clock, so a change needs no job and reaches every
 * instance at its instant (the rows themselves reach every instance through the change notification).
 */

export type PriceChange = { price: number; effectiveAt: Date };

export type PriceTimeline = {
  /** The variant's price before any change (set when the variant was made). */
  base: number;
  /** Its changes, oldest first. */
  changes: readonly PriceChange[];
};

/** The price in force at `now`. */
export function priceAt(timeline: PriceTimeline, now: Date): number {
  let price = timeline.base;
  for (const change of timeline.changes) {
    if (change.effectiveAt.getTime() > now.getTime()) break;
    price = change.price;
  }
  return price;
}

/** The first change still to come after `now`, or null. */
export function nextChange(timeline: PriceTimeline, now: Date): PriceChange | null {
  return timeline.changes.find((change) => change.effectiveAt.getTime() > now.getTime()) ?? null;
}

/** The instant of the last change already in force at `now`, or null when the base price still holds. */
export function lastChangeAt(timeline: PriceTimeline, now: Date): Date | null {
  let last: Date | null = null;
  for (const change of timeline.changes) {
    if (change.effectiveAt.getTime() > now.getTime()) break;
    last = change.effectiveAt;
  }
  return last;
}

/**
 * The window around `now` in which no price of these timelines changes: from the last instant passed (or the
 * beginning of time) to the next one (or never), in epoch milliseconds, `until` excluded.
 */
export function quietWindow(timelines: Iterable<PriceTimeline>, now: Date): { from: number; until: number } {
  const at = now.getTime();
  let from = Number.NEGATIVE_INFINITY;
  let until = Number.POSITIVE_INFINITY;
  for (const timeline of timelines)
    for (const change of timeline.changes) {
      const instant = change.effectiveAt.getTime();
      if (instant <= at) from = Math.max(from, instant);
      else until = Math.min(until, instant);
    }
  return { from, until };
}

/** The change between two prices in percent, one decimal ("+4.5" for a rise). */
export function percentChange(from: number, to: number): number {
  if (from === 0) return 0;
  return Math.round(((to - from) / from) * 1000) / 10;
}
