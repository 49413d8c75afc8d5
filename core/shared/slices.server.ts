import { setImmediate as nextTurn } from "node:timers/promises";

/** How long work over a large list runs before the event loop gets a turn to serve what is waiting. */
const SLICE_MS = 5;

/**
 * Calls `work` for each item of a large list (the whole stock: 100 000 vehicles take seconds) in slices of
 * about SLICE_MS, with a turn of the event loop between slices: a request that arrives meanwhile waits for one
 * slice, not for the whole list. Slices are cut by time rather than by count, because an item's cost differs a
 * hundredfold between lists (a vehicle's channel row, a chunk of CSV) and between an idle and a busy machine.
 */
export async function forEachInSlices<T>(
  items: readonly T[],
  work: (item: T, index: number) => void,
  sliceMs = SLICE_MS,
): Promise<void> {
  let sliceStarted = performance.now();
  for (let index = 0; index < items.length; index++) {
    work(items[index]!, index);
    if (performance.now() - sliceStarted >= sliceMs) {
      await nextTurn();
      sliceStarted = performance.now();
    }
  }
}

/** `items.map(map)`, in slices (see `forEachInSlices`). */
export async function mapInSlices<T, R>(
  items: readonly T[],
  map: (item: T, index: number) => R,
  sliceMs = SLICE_MS,
): Promise<R[]> {
  const mapped = new Array<R>(items.length);
  await forEachInSlices(
    items,
    (item, index) => {
      mapped[index] = map(item, index);
    },
    sliceMs,
  );
  return mapped;
}

/** The list in consecutive chunks of `size` (the last one shorter). */
export function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}
