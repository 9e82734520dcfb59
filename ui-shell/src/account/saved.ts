// The site's local watchlist list (docs/features/shopper-core.md §4 "Watchlist toggle": "Saving updates the local
// list first, then calls the server"). Small on purpose: the VDP and the search cards read it on
// their first render (membership only); the toggle itself (./watchlist.ts) loads on the first click.
// Local storage is per origin and each site is its own origin, so the list is per site. The host's
// `GET /api/v1/watchlist` is the truth: the list is replaced from it after sign-in and on the
// watchlist page, and cleared on sign-out.
import { useCallback, useSyncExternalStore } from "react";

/** A car in the local watchlist list: id (the host's numeric car id), name and slug. */
export interface WatchEntry {
  id: number;
  name: string;
  slug: string;
}

/** Local-storage key of the site's watchlist list. */
export const WATCHLIST_KEY = "forecourt:watchlist";

const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The site's local watchlist list, in the order saved. Takes nothing; returns the entries (malformed storage: none). */
export function readWatchlist(): WatchEntry[] {
  try {
    const v: unknown = JSON.parse(storage()?.getItem(WATCHLIST_KEY) ?? "[]");
    return Array.isArray(v)
      ? v.filter((e): e is WatchEntry => typeof e === "object" && e !== null && typeof (e as WatchEntry).id === "number")
      : [];
  } catch {
    return [];
  }
}

/** Replaces the site's local watchlist list and tells the subscribers. Takes the entries; returns nothing. */
export function writeWatchlist(list: WatchEntry[]): void {
  try {
    if (list.length > 0) storage()?.setItem(WATCHLIST_KEY, JSON.stringify(list));
    else storage()?.removeItem(WATCHLIST_KEY);
  } catch {
    // A full quota or private mode: the list lives until the page goes.
  }
  for (const l of listeners) l();
}

function subscribe(cb: () => void): () => void {
  listeners.add(cb);
  const onStorage = (e: StorageEvent) => {
    if (e.key === WATCHLIST_KEY || e.key === null) cb();
  };
  globalThis.addEventListener?.("storage", onStorage);
  return () => {
    listeners.delete(cb);
    globalThis.removeEventListener?.("storage", onStorage);
  };
}

const snapshot = () =>
  readWatchlist()
    .map((e) => e.id)
    .join(",");

/**
 * Membership test of the local watchlist list, kept current across toggles and tabs. Takes
 * nothing; returns `isSaved(carId)`. Spec: docs/features/shopper-core.md §4 "Watchlist toggle: saved and not saved".
 */
export function useWatchlisted(): (carId: number) => boolean {
  const ids = useSyncExternalStore(subscribe, snapshot, () => "");
  return useCallback((carId: number) => ids !== "" && ids.split(",").includes(String(carId)), [ids]);
}
