import { useSyncExternalStore } from "react";

/**
 * The visitor's favourites, compare picks and recently viewed vehicles (issue 17): kept in this browser's
 * local storage only (no account, nothing sent to the server), as small snapshots so that a list can still
 * name a vehicle that has since been sold. Pages that show a list read its ids from their URL
 * (/saved?ids=, /compare?ids=), so they render on the server and can be shared.
 */
export type ShortlistKind = "favourites" | "compare" | "recent";
export type SavedVehicle = { id: number; title: string; uri: string };

const LIMITS: Record<ShortlistKind, number> = { favourites: 50, compare: 3, recent: 8 };
const storageKey = (kind: ShortlistKind) => `honda:${kind}`;
const listeners = new Set<() => void>();
const cache = new Map<ShortlistKind, { raw: string | null; list: SavedVehicle[] }>();
const EMPTY: SavedVehicle[] = [];

function read(kind: ShortlistKind): SavedVehicle[] {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(storageKey(kind));
  } catch {
    return EMPTY; // storage blocked: nothing kept
  }
  const cached = cache.get(kind);
  if (cached && cached.raw === raw) return cached.list;
  let list: SavedVehicle[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) list = parsed.filter(isSavedVehicle).slice(0, LIMITS[kind]);
  } catch {
    list = [];
  }
  cache.set(kind, { raw, list });
  return list;
}

function isSavedVehicle(value: unknown): value is SavedVehicle {
  const v = value as SavedVehicle;
  return typeof v === "object" && v !== null && Number.isInteger(v.id) && v.id > 0 && typeof v.title === "string" && typeof v.uri === "string" && v.uri.startsWith("/");
}

function write(kind: ShortlistKind, list: SavedVehicle[]): void {
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
export function useShortlist(kind: ShortlistKind) {
  const list = useSyncExternalStore(subscribe, () => read(kind), () => EMPTY);
  return {
    list,
    has: (id: number) => list.some((v) => v.id === id),
    full: list.length >= LIMITS[kind],
    limit: LIMITS[kind],
    toggle: (vehicle: SavedVehicle) => {
      const current = read(kind);
      if (current.some((v) => v.id === vehicle.id)) write(kind, current.filter((v) => v.id !== vehicle.id));
      else if (current.length < LIMITS[kind]) write(kind, [vehicle, ...current]);
    },
    remove: (id: number) => write(kind, read(kind).filter((v) => v.id !== id)),
    /** Puts a vehicle first, dropping the oldest past the limit (recently viewed). */
    push: (vehicle: SavedVehicle) => write(kind, [vehicle, ...read(kind).filter((v) => v.id !== vehicle.id)]),
    replace: (vehicles: SavedVehicle[]) => write(kind, vehicles),
  };
}

/** "?ids=12,7,3": the ids a list page shows, in order. */
export const idsQuery = (list: { id: number }[]) => (list.length > 0 ? `?ids=${list.map((v) => v.id).join(",")}` : "");
