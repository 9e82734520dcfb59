// Who is signed in, as a hint the header can read without loading the session code (docs/features/platform.md
// "Sign-in and watchlist": the session code stays out of first loads). The session store
// (./session.ts) writes it whenever it learns the visitor's state; the header's account chip
// (./AccountChip.tsx) shows it and, when it says signed in, asks the host to confirm.
// Spec: docs/features/locations-forms-marketing.md §6 "Roles: anonymous visitor and signed-in user".

/** Local-storage key holding the signed-in visitor's phone (absent: signed out or never known). */
export const SIGNED_IN_KEY = "forecourt:signed-in";
/** The window event fired when the hint changes in this tab. */
export const SESSION_EVENT = "forecourt:session";

/**
 * The signed-in phone the hint holds. Takes nothing; returns the normalised phone ("" when signed
 * in without one), or null when the hint says signed out (or there is no storage).
 */
export function readSignedInHint(): string | null {
  try {
    return globalThis.localStorage?.getItem(SIGNED_IN_KEY) ?? null;
  } catch {
    return null;
  }
}

/**
 * Sets the hint: the phone when signed in, null when signed out; tells this tab's listeners
 * (other tabs see the storage event). Takes the phone or null; returns nothing.
 */
export function writeSignedInHint(phone: string | null): void {
  try {
    if (phone === null) globalThis.localStorage?.removeItem(SIGNED_IN_KEY);
    else globalThis.localStorage?.setItem(SIGNED_IN_KEY, phone);
  } catch {
    // No storage: the header shows nothing.
  }
  globalThis.dispatchEvent?.(new Event(SESSION_EVENT));
}

/**
 * Subscribes to hint changes (this tab's event and other tabs' storage events). Takes the
 * callback; returns the unsubscribe function.
 */
export function subscribeSignedInHint(cb: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === SIGNED_IN_KEY || e.key === null) cb();
  };
  globalThis.addEventListener?.(SESSION_EVENT, cb);
  globalThis.addEventListener?.("storage", onStorage);
  return () => {
    globalThis.removeEventListener?.(SESSION_EVENT, cb);
    globalThis.removeEventListener?.("storage", onStorage);
  };
}
