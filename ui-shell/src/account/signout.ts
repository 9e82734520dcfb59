// Signing out (docs/features/locations-forms-marketing.md §7 "Auth provider: sign out"), one path for the
// account page, the watchlist page and the header's account chip.
import { type FetchLike, signOut } from "./api";
import { setSession } from "./session";
import { clearLocalWatchlist } from "./watchlist";

/**
 * Signs the visitor out: `POST /api/v1/auth/sign-out`, then forgets the local watchlist and any
 * pending save and records the signed-out session (the header's hint too). Takes an optional
 * fetch; resolves null on success, or the host's error message (nothing forgotten then).
 */
export async function signOutVisitor(fetchImpl?: FetchLike): Promise<string | null> {
  const r = await signOut(fetchImpl);
  if (!r.ok) return r.error.message;
  clearLocalWatchlist();
  setSession(null);
  return null;
}
