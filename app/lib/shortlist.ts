import { useSyncExternalStore } from "react";
import { isVariantKey } from "../../core/catalogue/variant-keys.ts";

/**
 * The visitor's favourites, compare picks and recently viewed vehicles: kept in this browser's
 * local storage only (no account, nothing sent to the server), as small snapshots so that a list can still
 * name a vehicle that has since been sold. Pages that show a list read its ids from their URL
 * (/saved?ids=, /compare?ids=&variants=), so they render on the server and can be shared. The compare list
 * also holds new cars and motorcycles (variants of the range, by key), sharing its limit with used vehicles.
 */
export type ShortlistKind = "favourites" | "compare" | "recent";
export type SavedVehicle = { id: number; title: string; uri: string };
/** A new variant in the compare list: `variant` is its key (core/catalogue/variant-keys.ts). */
export type SavedVariant = { variant: string; title: string; uri: string };
export type CompareItem = SavedVehicle | SavedVariant;
type Entry<K extends ShortlistKind> = K extends "compare" ? CompareItem : SavedVehicle;
/** What tells entries apart: a used vehicle's id (a number) or a variant's key (a string). */
type EntryKey = number | string;
const keyOf = (entry: CompareItem): EntryKey => ("variant" in entry ? entry.variant : entry.id);

const LIMITS: Record<ShortlistKind, number> = { favourites: 50, compare: 3, recent: 8 };
const storageKey = (kind: ShortlistKind) => `honda:${kind}`;
const listeners = new Set<() => void>();
const cache = new Map<ShortlistKind, { raw: string | null; list: CompareItem[] }>();
const EMPTY: never[] = [];

function read<K extends ShortlistKind>(kind: K): Entry<K>[] {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(storageKey(kind));
  } catch {
    return EMPTY; // storage blocked: nothing kept
  }
  const cached = cache.get(kind);
  if (cached && cached.raw === raw) return cached.list as Entry<K>[];
  let list: CompareItem[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed))
      list = parsed
        .filter((value) => isSavedVehicle(value) || (kind === "compare" && isSavedVariant(value)))
        .slice(0, LIMITS[kind]);
  } catch {
    list = [];
  }
  cache.set(kind, { raw, list });
  return list as Entry<K>[];
}

const isLink = (v: { title?: unknown; uri?: unknown }) =>
  typeof v.title === "string" && typeof v.uri === "string" && v.uri.startsWith("/");

function isSavedVehicle(value: unknown): value is SavedVehicle {
  const v = value as SavedVehicle;
  return typeof v === "object" && v !== null && Number.isInteger(v.id) && v.id > 0 && isLink(v);
}

function isSavedVariant(value: unknown): value is SavedVariant {
  const v = value as SavedVariant;
  return typeof v === "object" && v !== null && typeof v.variant === "string" && isVariantKey(v.variant) && isLink(v);
}

function write<K extends ShortlistKind>(kind: K, list: Entry<K>[]): void {
  try {
    window.localStorage.setItem(storageKey(kind), JSON.stringify(list.slice(0, LIMITS[kind])));
  } catch {
    // storage full or blocked: the list stays as it was
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key?.startsWith("honda:")) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** A list and its changes; empty on the server and in the first render (hydration matches the HTML). */
export function useShortlist<K extends ShortlistKind>(kind: K) {
  const list = useSyncExternalStore(
    subscribe,
    () => read(kind),
    () => EMPTY as Entry<K>[],
  );
  const without = (entries: Entry<K>[], key: EntryKey) => entries.filter((v) => keyOf(v) !== key);
  return {
    list,
    /** A used vehicle by its id, or a new variant by its key. */
    has: (key: EntryKey) => list.some((v) => keyOf(v) === key),
    full: list.length >= LIMITS[kind],
    limit: LIMITS[kind],
    toggle: (entry: Entry<K>) => {
      const current = read(kind);
      if (current.some((v) => keyOf(v) === keyOf(entry))) write(kind, without(current, keyOf(entry)));
      else if (current.length < LIMITS[kind]) write(kind, [entry, ...current]);
    },
    remove: (key: EntryKey) => write(kind, without(read(kind), key)),
    /** Puts a vehicle first, dropping the oldest past the limit (recently viewed). */
    push: (entry: Entry<K>) => write(kind, [entry, ...without(read(kind), keyOf(entry))]),
    replace: (entries: Entry<K>[]) => write(kind, entries),
  };
}

/** "?ids=12,7,3": the ids a list page shows, in order. */
export const idsQuery = (list: { id: number }[]) => (list.length > 0 ? `?ids=${list.map((v) => v.id).join(",")}` : "");

/** "?ids=12,7&variants=honda.amaze.1-2-trend": what /compare shows, used vehicles first, each kind in order. */
export function compareQuery(list: readonly CompareItem[]): string {
  const params: string[] = [];
  const ids = list.flatMap((entry) => ("variant" in entry ? [] : [entry.id]));
  const variants = list.flatMap((entry) => ("variant" in entry ? [entry.variant] : []));
  if (ids.length > 0) params.push(`ids=${ids.join(",")}`);
  if (variants.length > 0) params.push(`variants=${variants.join(",")}`);
  return params.length > 0 ? `?${params.join("&")}` : "";
}
