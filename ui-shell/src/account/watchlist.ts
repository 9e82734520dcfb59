// The watchlist toggle (docs/features/shopper-core.md §4 "Watchlist toggle: saved and not saved. Guests are
// redirected to sign-in. Saving updates the local list first, then calls the server. A sold car
// cannot be saved unless already saved."; §6 "Saving to the watchlist requires a signed-in user
// with a phone"; §7 save-car / remove-car; §8 failure alert and success toasts). Loaded on the
// first click of a Save toggle, by the sign-in page and by the watchlist page.
import type { ToastOptions } from "../design/Toast";
import { changeWatchlist, type FetchLike, fetchWatchlist, UNKNOWN_ERROR } from "./api";
import { signInHref } from "./gate";
import { readWatchlist, type WatchEntry, writeWatchlist } from "./saved";
import { ensureSession, setSession } from "./session";

/** The car a toggle is for: its local entry plus whether it is available (in stock or coming soon). */
export interface ToggleCar extends WatchEntry {
  available: boolean;
}

/** The watchlist page's path ('View List' in the toasts). */
export const WATCHLIST_PATH = "/watchlist";

/** The host's message for a sold car (also shown when the shell refuses before asking). */
export const CAR_SOLD = "This car has been sold and cannot be saved.";

/** What a toggle did: saved, removed, needs sign-in (with the address), or failed (with the message). */
export type ToggleOutcome =
  | { kind: "saved" | "removed"; name: string }
  | { kind: "sign-in"; href: string }
  | { kind: "error"; message: string };

/** Session storage key of a save a guest asked for before signing in (completed after sign-in). */
export const PENDING_KEY = "forecourt:watchlist-pending";

function session(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * Toggles a car in the watchlist: guests get the sign-in address (type `watchlist`, back to
 * `here`) and the save is remembered for after sign-in; a sold car that is not saved is refused;
 * otherwise the local list changes first, then the server is called, and a failure puts the list
 * back. Takes the car, the current path + query (`redirect` and `back`) and an optional fetch;
 * resolves the {@link ToggleOutcome}. Spec: docs/features/shopper-core.md §4 "Watchlist toggle", §7, §8.
 */
export async function toggleWatchlist(car: ToggleCar, here: string, fetchImpl?: FetchLike): Promise<ToggleOutcome> {
  const s = await ensureSession(fetchImpl);
  if (s.status !== "signed-in" || !s.user) {
    session()?.setItem(PENDING_KEY, JSON.stringify(car));
    return { kind: "sign-in", href: signInHref("watchlist", here, here) };
  }
  const before = readWatchlist();
  const saved = before.some((e) => e.id === car.id);
  if (!saved && !car.available) return { kind: "error", message: CAR_SOLD };
  const entry: WatchEntry = { id: car.id, name: car.name, slug: car.slug };
  writeWatchlist(saved ? before.filter((e) => e.id !== car.id) : [...before, entry]);
  const r = await changeWatchlist(!saved, s.user.phone, car.id, fetchImpl);
  if (r.ok && r.data.success) return { kind: saved ? "removed" : "saved", name: car.name };
  // Put back exactly what changed (another toggle may have run meanwhile).
  const now = readWatchlist().filter((e) => e.id !== car.id);
  writeWatchlist(saved ? [...now, entry] : now);
  if (!r.ok && r.status === 401) {
    setSession(null);
    session()?.setItem(PENDING_KEY, JSON.stringify(car));
    return { kind: "sign-in", href: signInHref("watchlist", here, here) };
  }
  return { kind: "error", message: r.ok ? UNKNOWN_ERROR : r.error.message };
}

/**
 * The toast for an outcome (docs/features/shopper-core.md §8): 'Car Saved In Watchlist' / '{car name} is now
 * available in your watchlist', 'Car Removed' / '{car name} is no longer in your watchlist', both
 * with 'View List'. A failure is no toast: §8 "Watchlist call fails: browser alert with the error
 * message" ({@link notifyWatchlist}). Takes the outcome; returns the toast, or null for sign-in and
 * failures.
 */
export function watchlistToast(o: ToggleOutcome): ToastOptions | null {
  const view = { label: "View List", href: WATCHLIST_PATH };
  if (o.kind === "saved")
    return { title: "Car Saved In Watchlist", description: `${o.name} is now available in your watchlist`, action: view };
  if (o.kind === "removed")
    return { title: "Car Removed", description: `${o.name} is no longer in your watchlist`, action: view };
  return null;
}

/**
 * Tells the visitor how a toggle went (docs/features/shopper-core.md §8): the toast of a save or
 * removal ({@link watchlistToast}), or a browser alert with the error message when the call
 * failed. Takes the outcome, the toast function and the alert (default `window.alert`); returns
 * nothing (sign-in outcomes are the caller's: it navigates).
 */
export function notifyWatchlist(
  o: ToggleOutcome,
  showToast: (t: ToastOptions) => void,
  alertFn: (message: string) => void = (m) => globalThis.alert?.(m),
): void {
  if (o.kind === "error") {
    alertFn(o.message);
    return;
  }
  const t = watchlistToast(o);
  if (t) showToast(t);
}

/**
 * Replaces the local list with the host's (`GET /api/v1/watchlist`). Takes an optional fetch;
 * resolves the host's cars, or null when the call failed (the list is then left alone).
 */
export async function syncWatchlist(fetchImpl?: FetchLike) {
  const r = await fetchWatchlist(fetchImpl);
  if (!r.ok) return null;
  writeWatchlist(r.data.cars.map((c) => ({ id: c.car_id, name: c.name, slug: c.slug })));
  return r.data.cars;
}

/**
 * After sign-in: refreshes the local list from the host, then completes the save a guest asked
 * for (if any, and not already saved). Takes an optional fetch; resolves the save's outcome, or
 * null when nothing was pending. Spec: docs/features/shopper-core.md §4 "Guests are redirected to sign-in".
 */
export async function completePendingSave(fetchImpl?: FetchLike): Promise<ToggleOutcome | null> {
  const raw = session()?.getItem(PENDING_KEY) ?? null;
  session()?.removeItem(PENDING_KEY);
  await syncWatchlist(fetchImpl);
  if (!raw) return null;
  let car: ToggleCar;
  try {
    car = JSON.parse(raw) as ToggleCar;
  } catch {
    return null;
  }
  if (typeof car?.id !== "number" || readWatchlist().some((e) => e.id === car.id)) return null;
  return toggleWatchlist(car, "/", fetchImpl);
}

/** Forgets the local list and any pending save (after sign-out). Takes nothing; returns nothing. */
export function clearLocalWatchlist(): void {
  session()?.removeItem(PENDING_KEY);
  writeWatchlist([]);
}
