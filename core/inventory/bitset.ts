/**
 * Sets of vehicles as bits (one bit per position in the in-memory stock, 32 to a word): the
 * refinements are answered by AND-ing one set per filter, and an option's count is the size of its set AND
 * the other filters' (a few thousand words each for 100 000 vehicles: microseconds).
 */
export type Bitset = Uint32Array;

export const wordsFor = (size: number) => (size + 31) >>> 5;

export function bitsetWhere(size: number, test: (position: number) => boolean): Bitset {
  const bits = new Uint32Array(wordsFor(size));
  for (let i = 0; i < size; i++) if (test(i)) bits[i >>> 5]! |= 1 << (i & 31);
  return bits;
}

/** One set per code of a column (codes 0..count-1). */
export function bitsetsByCode(column: ArrayLike<number>, count: number): Bitset[] {
  const words = wordsFor(column.length);
  const sets = Array.from({ length: count }, () => new Uint32Array(words));
  for (let i = 0; i < column.length; i++) sets[column[i]!]![i >>> 5]! |= 1 << (i & 31);
  return sets;
}

export function union(sets: Bitset[], words: number): Bitset {
  const out = new Uint32Array(words);
  for (const set of sets) for (let w = 0; w < words; w++) out[w]! |= set[w]!;
  return out;
}

/** The sets' intersection; null for no sets (no condition: everything). */
export function intersection(sets: Bitset[]): Bitset | null {
  if (sets.length === 0) return null;
  if (sets.length === 1) return sets[0]!;
  const out = Uint32Array.from(sets[0]!);
  for (let s = 1; s < sets.length; s++) {
    const set = sets[s]!;
    for (let w = 0; w < out.length; w++) out[w]! &= set[w]!;
  }
  return out;
}

function bitCount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** How many are in `a` (and in `b`, when given); a null set is everything (`size`). */
export function countOf(a: Bitset | null, b: Bitset | null, size: number): number {
  if (a === null && b === null) return size;
  if (a === null || b === null) {
    const set = (a ?? b)!;
    let count = 0;
    for (let w = 0; w < set.length; w++) count += bitCount(set[w]!);
    return count;
  }
  let count = 0;
  for (let w = 0; w < a.length; w++) count += bitCount(a[w]! & b[w]!);
  return count;
}

export const has = (set: Bitset | null, position: number) =>
  set === null || ((set[position >>> 5]! >>> (position & 31)) & 1) === 1;
