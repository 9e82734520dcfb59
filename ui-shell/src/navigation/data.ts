// The site navigation (docs/features/platform.md "Locations, offers and navigation"): GET
// /api/v1/navigation, fetched once per page load and shared by the header menu, the footer columns,
// the home page's popular car types and the popup. Kept small: it is part of the app chunk (the menus
// themselves load on first use, src/navigation/HeaderMenu.tsx). Also the force-close signal every
// dropdown and the drawer listen to.
// Spec: docs/features/locations-forms-marketing.md §2 "Navigation", §4 "Dropdown menus ... close on force-close".
import { useEffect, useSyncExternalStore } from "react";
import type { Navigation } from "../api/types";

/** The API path of the navigation. */
export const NAVIGATION_API = "/api/v1/navigation";

/** The window event that closes every open dropdown and the mobile drawer. */
export const FORCE_CLOSE_EVENT = "fc:force-close-menus";

/**
 * Closes every open header dropdown and the mobile drawer (the spec's force-close signal): the
 * shell calls it on each client-side navigation; anything else (a remote, a dialog) may too.
 * Takes nothing; dispatches {@link FORCE_CLOSE_EVENT} on `window`.
 */
export function forceCloseMenus(): void {
  if (typeof window !== "undefined") window.dispatchEvent(new Event(FORCE_CLOSE_EVENT));
}

/**
 * Calls `close` on every force-close signal until the returned function is called. Takes the
 * callback; returns the unsubscribe function (for an effect's cleanup).
 */
export function onForceClose(close: () => void): () => void {
  window.addEventListener(FORCE_CLOSE_EVENT, close);
  return () => window.removeEventListener(FORCE_CLOSE_EVENT, close);
}

/** The navigation's state: loading, loaded, or failed (the shell's own menu links stay). */
export type NavigationState = { status: "loading" } | { status: "ok"; data: Navigation } | { status: "error" };

/**
 * True when `v` looks like a {@link Navigation}: `open_on` and the header, model, stock, brand,
 * footer and popular-body arrays the shell iterates. Takes the parsed JSON; returns the type guard.
 */
export function isNavigation(v: unknown): v is Navigation {
  const n = (v ?? {}) as Record<string, unknown>;
  return (
    (n.open_on === "click" || n.open_on === "hover") &&
    ["header", "vehicles", "stock", "brands", "footer", "popular_bodies"].every((k) => Array.isArray(n[k]))
  );
}

/**
 * GETs the navigation. Takes a fetch (default the global); resolves to `ok`, or `error` for
 * another status, a body of another shape or a network failure (never rejects).
 */
export async function fetchNavigation(
  fetchImpl: typeof fetch = (i, init) => globalThis.fetch(i, init),
): Promise<NavigationState> {
  try {
    const r = await fetchImpl(NAVIGATION_API, { headers: { accept: "application/json" } });
    const body: unknown = r.ok ? await r.json() : null;
    return isNavigation(body) ? { status: "ok", data: body } : { status: "error" };
  } catch {
    return { status: "error" };
  }
}

let state: NavigationState = { status: "loading" };
let started: Promise<void> | null = null;
const listeners = new Set<() => void>();

function set(next: NavigationState): void {
  state = next;
  for (const l of listeners) l();
}

/**
 * Starts loading the navigation, once per page load (later calls return the same load). The entry
 * (src/main.tsx) starts it before the first render and waits for it with the page's other
 * first-screen parts, so the header's menu is drawn with the navigation's entries at once (the
 * shell's own links first, then the navigation's, moved the header: a layout shift). Takes a fetch
 * (tests); returns a promise settled once subscribers of {@link useNavigation} see the result
 * (never rejects).
 */
export function loadNavigation(fetchImpl?: typeof fetch): Promise<void> {
  started ??= fetchNavigation(fetchImpl).then((s) => {
    if (s.status === "error") console.warn(`[forecourt] ${NAVIGATION_API} failed`);
    set(s);
  });
  return started;
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/**
 * The navigation for this page load (starts the one request on first use). Takes nothing;
 * returns the {@link NavigationState}.
 */
export function useNavigation(): NavigationState {
  useEffect(() => {
    void loadNavigation();
  }, []);
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}

/**
 * Sets the navigation without a request (tests and Storybook), or forgets it (`null`: the next
 * {@link useNavigation} fetches again). Takes the navigation or null; returns nothing.
 */
export function seedNavigation(data: Navigation | null): void {
  started = data ? Promise.resolve() : null;
  set(data ? { status: "ok", data } : { status: "loading" });
}
