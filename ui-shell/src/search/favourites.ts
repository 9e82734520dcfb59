// Favourites and compare lists in local storage, per site (docs/features/shopper-core.md §3 "Favourite entry (kept
// in local storage per site): id, name, slug, make, model, primary_image_url"; §4 "The favourites
// variant stores entries locally and toggles add/remove").
import { useCallback, useMemo, useSyncExternalStore } from "react";
import type { CarResponse } from "../api/types";

/** A favourite (docs/features/shopper-core.md §3 "Favourite entry"). */
export interface FavouriteEntry {
  id: number;
  name: string;
  slug: string;
  make: string;
  model: string;
  primary_image_url: string | null;
}

/**
 * The favourite entry of a car on its VDP (the search cards build theirs from the hit). Takes the
 * car response; returns the {@link FavouriteEntry}.
 */
export function favouriteOf(res: CarResponse): FavouriteEntry {
  const c = res.car;
  return {
    id: c.id,
    name: res.name,
    slug: c.slug,
    make: c.make,
    model: c.model,
    primary_image_url: res.primary_image_url ?? null,
  };
}

/** Most cars in the compare list. */
export const COMPARE_MAX = 4;

// Local storage is per origin, and each site (tenant host) is its own origin: these keys are per
// site. The VDP's Fave button uses this module too (src/pages/CarPage.tsx): one list, one code path.
/** Local-storage key of the site's favourites (docs/features/shopper-core.md §3 "Favourite entry"). */
export const FAVOURITES_KEY = "forecourt:favourites";

/** Local-storage key of the site's compare list (favourite entries: the compare page needs the slugs). */
export const COMPARE_KEY = "forecourt:compare";

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

/** The site's favourites, in the order saved. Takes nothing; returns the entries. */
export function readFavourites(): FavouriteEntry[] {
  return read(FAVOURITES_KEY, isFavourite);
}

/**
 * Adds a car to the site's favourites, or removes it when it is there. Takes the entry; returns
 * true when it is now a favourite.
 */
export function toggleFavourite(entry: FavouriteEntry): boolean {
  const list = readFavourites();
  const has = list.some((f) => f.id === entry.id);
  write(FAVOURITES_KEY, has ? list.filter((f) => f.id !== entry.id) : [...list, entry]);
  return !has;
}

/** The site's compare list, oldest first. Takes nothing; returns the entries (ids, names, slugs...). */
export function readCompareEntries(): FavouriteEntry[] {
  return read(COMPARE_KEY, isFavourite);
}

/** The site's compare list (car ids). Takes nothing; returns the ids. */
export function readCompare(): number[] {
  return readCompareEntries().map((e) => e.id);
}

/**
 * Adds a car to the compare list or removes it; when the list is full ({@link COMPARE_MAX}) the
 * oldest is dropped. Takes the car's entry; returns true when it is now in the list.
 */
export function toggleCompare(entry: FavouriteEntry): boolean {
  const list = readCompareEntries();
  const has = list.some((e) => e.id === entry.id);
  write(COMPARE_KEY, has ? list.filter((e) => e.id !== entry.id) : [...list, entry].slice(-COMPARE_MAX));
  return !has;
}

/** Takes a car out of the compare list. Takes the car id; returns nothing. */
export function removeCompare(id: number): void {
  write(
    COMPARE_KEY,
    readCompareEntries().filter((e) => e.id !== id),
  );
}

/**
 * The compare page's address for some cars: `/compare?cars={slug},{slug}` (at most
 * {@link COMPARE_MAX}). Takes the slugs; returns the path and query.
 */
export function compareHref(slugs: readonly string[]): string {
  return `/compare?cars=${slugs.slice(0, COMPARE_MAX).map(encodeURIComponent).join(",")}`;
}

function subscribe(cb: () => void): () => void {
  listeners.add(cb);
  const onStorage = (e: StorageEvent) => {
    if (e.key === FAVOURITES_KEY || e.key === COMPARE_KEY) cb();
  };
  globalThis.addEventListener?.("storage", onStorage);
  return () => {
    listeners.delete(cb);
    globalThis.removeEventListener?.("storage", onStorage);
  };
}

/**
 * Membership tests of the site's favourites and compare list, kept current across toggles and
 * tabs (local-storage `storage` events). Takes nothing; returns `isFavourite(id)`, `isCompared(id)`
 * and how many cars are in the compare list.
 */
export function useSavedCars(): {
  isFavourite: (id: number) => boolean;
  isCompared: (id: number) => boolean;
  compareCount: number;
} {
  const fav = useSyncExternalStore(
    subscribe,
    () =>
      readFavourites()
        .map((f) => f.id)
        .join(","),
    () => "",
  );
  const cmp = useSyncExternalStore(
    subscribe,
    () => readCompare().join(","),
    () => "",
  );
  const isFav = useCallback((id: number) => fav.split(",").includes(String(id)), [fav]);
  const isCmp = useCallback((id: number) => cmp.split(",").includes(String(id)), [cmp]);
  return useMemo(
    () => ({ isFavourite: isFav, isCompared: isCmp, compareCount: cmp ? cmp.split(",").length : 0 }),
    [isFav, isCmp, cmp],
  );
}
