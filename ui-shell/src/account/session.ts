// The visitor's session in one small store (docs/features/platform.md "Sign-in and watchlist":
// "Signed-in state comes from GET /api/v1/auth/me ... keep it in one small context/store, refreshed
// after sign-in and sign-out"). Module state read through useSyncExternalStore: no provider, loaded
// only by the chunks that need it (gated routes, sign-in, watchlist), never on a first load.
// Spec: docs/features/locations-forms-marketing.md §6 "Roles: anonymous visitor and signed-in user (phone-verified)".
import { useEffect, useSyncExternalStore } from "react";
import { type FetchLike, fetchMe, type User } from "./api";
import type { SessionStatus } from "./gate";
import { readSignedInHint, writeSignedInHint } from "./hint";

/** The session as the shell knows it: status and, when signed in, the user. */
export interface Session {
  status: SessionStatus;
  user: User | null;
}

let current: Session = { status: "unknown", user: null };
let pending: Promise<Session> | null = null;
const listeners = new Set<() => void>();

function set(next: Session): void {
  current = next;
  // The header's hint (./hint.ts): kept in step with what the host said.
  if (next.status === "signed-in") writeSignedInHint(next.user?.phone ?? "");
  else if (next.status === "signed-out") writeSignedInHint(null);
  for (const l of listeners) l();
}

/** The session now. Takes nothing; returns {@link Session} (status `unknown` until checked). */
export function getSession(): Session {
  return current;
}

/**
 * Asks the host who is signed in (`GET /api/v1/auth/me`) and stores the answer; concurrent
 * callers share one request. Takes an optional fetch; resolves the new {@link Session} (a 401 or
 * a failed call: signed out).
 */
export function refreshSession(fetchImpl?: FetchLike): Promise<Session> {
  pending ??= fetchMe(fetchImpl).then((r) => {
    pending = null;
    const next: Session = r.ok ? { status: "signed-in", user: r.data.user } : { status: "signed-out", user: null };
    set(next);
    return next;
  });
  return pending;
}

/**
 * The session, checked once if still unknown. A browser whose signed-in hint (./hint.ts) is
 * absent has not signed in on this site since it last signed out (signing in sets the hint;
 * every answer of the host keeps it in step), so it is a guest without asking: a guest's page
 * makes no `GET /api/v1/auth/me` whose 401 the browser logs as a failed load. The host still
 * decides every signed-in request; a session whose hint was cleared by hand reads as signed out
 * until the visitor signs in again. Takes an optional fetch; resolves the {@link Session} (no
 * request when already known or when there is no hint).
 */
export function ensureSession(fetchImpl?: FetchLike): Promise<Session> {
  if (current.status !== "unknown") return Promise.resolve(current);
  if (readSignedInHint() === null) {
    set({ status: "signed-out", user: null });
    return Promise.resolve(current);
  }
  return refreshSession(fetchImpl);
}

/**
 * Records a session the shell learnt without asking (`POST verify` answered the user; sign-out
 * answered 204). Takes the user, or null for signed out; returns nothing.
 */
export function setSession(user: User | null): void {
  set(user ? { status: "signed-in", user } : { status: "signed-out", user: null });
}

/**
 * Forgets what the shell knew, so the next use asks the host again (tests; a tab that may have
 * signed in elsewhere). Takes nothing; returns nothing.
 */
export function forgetSession(): void {
  pending = null;
  set({ status: "unknown", user: null });
}

function subscribe(cb: () => void): () => void {
  listeners.add(cb);
  return () => listeners.delete(cb);
}

/**
 * The current session, re-rendering on change; checks it with the host on first use when `check`
 * (default true). Takes whether to check; returns {@link Session}.
 */
export function useSession(check = true): Session {
  const s = useSyncExternalStore(subscribe, getSession, getSession);
  useEffect(() => {
    if (check) void ensureSession();
  }, [check]);
  return s;
}
