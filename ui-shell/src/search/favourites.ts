// Favourites and compare lists in local storage, per site (shopper-core §3 "Favourite entry (kept
// in local storage per site): id, name, slug, make, model, primary_image_url"; §4 "The favourites
// variant stores entries locally and toggles add/remove").
import { useCallback, useSyncExternalStore } from "react";

/** A favourite (shopper-core §3 "Favourite entry"). */
export interface FavouriteEntry {
  id: number;
  name: string;
  slug: string;
  make: string;
  model: string;
  primary_image_url: string | null;
}

/** Most cars in the compare list. */
export const COMPARE_MAX = 4;

/** Local-storage key of a site's favourites. Takes the site (tenant) slug. */
export function favouritesKey(site: string): string {
  return `forecourt:${site}:favourites`;
}

/** Local-storage key of a site's compare list (car ids). Takes the site (tenant) slug. */
export function compareKey(site: string): string {
  return `forecourt:${site}:compare`;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function read<T>(key: string, ok: (v: unknown) => v is T): T[] {
  try {
    const v: unknown = JSON.parse(storage()?.getItem(key) ?? "[]");
    return Array.isArray(v) ? v.filter(ok) : [];
  } catch {
    return [];
  }
}

const listeners = new Set<() => void>();
function write(key: string, value: unknown[]): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // A full quota or private mode: the toggle just does not stick.
  }
  for (const l of listeners) l();
}

function isFavourite(v: unknown): v is FavouriteEntry {
  const o = v as FavouriteEntry;
  return typeof o === "object" && o !== null && typeof o.id === "number" && typeof o.slug === "string";
}
function isId(v: unknown): v is number {
  return typeof v === "number";
}

/** A site's favourites, in the order saved. Takes the site slug; returns the entries. */
export function readFavourites(site: string): FavouriteEntry[] {
  return read(favouritesKey(site), isFavourite);
}

/**
 * Adds a car to a site's favourites, or removes it when it is there. Takes the site slug and the
 * entry; returns true when it is now a favourite.
 */
export function toggleFavourite(site: string, entry: FavouriteEntry): boolean {
  const list = readFavourites(site);
  const has = list.some((f) => f.id === entry.id);
  write(favouritesKey(site), has ? list.filter((f) => f.id !== entry.id) : [...list, entry]);
  return !has;
}

/** A site's compare list (car ids). Takes the site slug; returns the ids. */
export function readCompare(site: string): number[] {
  return read(compareKey(site), isId);
}

/**
 * Adds a car to the compare list or removes it; when the list is full ({@link COMPARE_MAX}) the
 * oldest is dropped. Takes the site slug and car id; returns true when it is now in the list.
 */
export function toggleCompare(site: string, id: number): boolean {
  const list = readCompare(site);
  const has = list.includes(id);
  write(compareKey(site), has ? list.filter((x) => x !== id) : [...list, id].slice(-COMPARE_MAX));
  return !has;
}

function subscribe(cb: () => void): () => void {
  listeners.add(cb);
  const onStorage = (e: StorageEvent) => {
    if (e.key?.startsWith("forecourt:")) cb();
  };
  globalThis.addEventListener?.("storage", onStorage);
  return () => {
    listeners.delete(cb);
    globalThis.removeEventListener?.("storage", onStorage);
  };
}

/**
 * The ids of a site's favourites and compare list, kept current across toggles and tabs. Takes
 * the site slug; returns `{favourites, compare}` as comma-joined id strings (stable snapshots) and
 * membership tests.
 */
export function useSavedCars(site: string): { isFavourite: (id: number) => boolean; isCompared: (id: number) => boolean } {
  const fav = useSyncExternalStore(
    subscribe,
    () =>
      readFavourites(site)
        .map((f) => f.id)
        .join(","),
    () => "",
  );
  const cmp = useSyncExternalStore(
    subscribe,
    () => readCompare(site).join(","),
    () => "",
  );
  const isFav = useCallback((id: number) => fav.split(",").includes(String(id)), [fav]);
  const isCmp = useCallback((id: number) => cmp.split(",").includes(String(id)), [cmp]);
  return { isFavourite: isFav, isCompared: isCmp };
}
