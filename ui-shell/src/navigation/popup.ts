// The popup's rules (docs/features/platform.md "Locations, offers and navigation"), without React:
// shown once until dismissed or its button is clicked (remembered per popup id in local storage),
// hidden after its expiry, never on the sign-in page.
// Spec: docs/features/locations-forms-marketing.md §2 "Popup dialog", §4 "Popup: visible until closed or its link is
// clicked; hidden after its expiry date".
import type { Popup } from "../api/types";

/** The local storage key that remembers a dismissed popup: `fc-popup-dismissed:{id}`. */
export function popupStorageKey(id: string): string {
  return `fc-popup-dismissed:${id}`;
}

/**
 * True when the popup has expired: its `expires_at` (RFC 3339) is at or before `nowMs`. A missing
 * or unreadable date never expires. Takes the popup and now (ms since the epoch, `Date.now()`);
 * returns whether it is past its expiry.
 */
export function isExpired(popup: Pick<Popup, "expires_at">, nowMs: number): boolean {
  if (!popup.expires_at) return false;
  const at = Date.parse(popup.expires_at);
  return Number.isFinite(at) && at <= nowMs;
}

/**
 * Whether to show the popup: there is one, it was not dismissed, it has not expired, and the page
 * is not the sign-in page. Takes the popup (null/undefined: none), now (ms since the epoch), whether
 * it was dismissed, and the current path; returns true to show it.
 */
export function isPopupVisible(popup: Popup | null | undefined, nowMs: number, dismissed: boolean, pathname: string): boolean {
  if (!popup || dismissed || isExpired(popup, nowMs)) return false;
  return !(pathname === "/sign-in" || pathname.startsWith("/sign-in/"));
}

/** A Storage-like object (the browser's local storage, or a fake in tests). */
export type KeyValueStore = Pick<Storage, "getItem" | "setItem">;

function local(): KeyValueStore | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * Whether the popup `id` was dismissed in this browser. Takes the id and a store (default local
 * storage; unavailable storage counts as not dismissed); returns the flag.
 */
export function wasDismissed(id: string, store: KeyValueStore | null = local()): boolean {
  try {
    return (store?.getItem(popupStorageKey(id)) ?? null) !== null;
  } catch {
    return false;
  }
}

/**
 * Remembers that the popup `id` was dismissed (closed, or its button clicked). Takes the id, a
 * store (default local storage) and now (ms, stored as the value); returns nothing.
 */
export function rememberDismissed(id: string, store: KeyValueStore | null = local(), nowMs: number = Date.now()): void {
  try {
    store?.setItem(popupStorageKey(id), String(nowMs));
  } catch {
    // Storage full or blocked: the popup may show again next time.
  }
}
