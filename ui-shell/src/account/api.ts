// The account calls to the host (docs/features/platform.md "Sign-in and watchlist"): sign-in by SMS
// code, the session, the watchlist. Every call takes an injectable fetch (tests and stories pass a
// fake one) and answers a CallResult (the error envelope's code, message and field on failure).
// Same-origin only: the session is an HttpOnly cookie the browser sends itself.
// Spec: docs/features/locations-forms-marketing.md §4 "Phone verification", §7, §8;
// docs/features/shopper-core.md §7 watchlist calls.
import type { CodeSent, SendCodeBody, User, WatchlistAnswer, WatchlistCar } from "./types";

export type { CodeSent, SendCodeBody, User, WatchlistAnswer, WatchlistCar };

/** A call's outcome: the body on 2xx, else the status and the error envelope's code, message and field. */
export type CallResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; error: { code: string; message: string; field: string | null } };

/** A fetch function (the browser's, or a fake in tests and stories). */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** The message when nothing better is known (docs/features/locations-forms-marketing.md §8 "generic fallback"). */
export const UNKNOWN_ERROR = "An unknown error occurred.";

/** Code sending times out after 15 seconds (docs/features/locations-forms-marketing.md §7, §9). */
export const SEND_TIMEOUT_MS = 15_000;

const browserFetch: FetchLike = (input, init) => globalThis.fetch(input, init);

async function call<T>(url: string, init: RequestInit, fetchImpl: FetchLike): Promise<CallResult<T>> {
  let r: Response;
  try {
    r = await fetchImpl(url, { credentials: "same-origin", ...init });
  } catch (e) {
    const aborted = e instanceof DOMException && (e.name === "AbortError" || e.name === "TimeoutError");
    return { ok: false, status: 0, error: { code: aborted ? "timeout" : "network", message: UNKNOWN_ERROR, field: null } };
  }
  if (r.status === 204) return { ok: true, data: null as T };
  const body = (await r.json().catch(() => null)) as unknown;
  if (r.ok) return { ok: true, data: body as T };
  const env = (body as { error?: { code?: unknown; message?: unknown; field?: unknown } } | null)?.error;
  return {
    ok: false,
    status: r.status,
    error: {
      code: typeof env?.code === "string" ? env.code : "http_error",
      message: typeof env?.message === "string" && env.message ? env.message : UNKNOWN_ERROR,
      field: typeof env?.field === "string" ? env.field : null,
    },
  };
}

const post = (body: unknown, signal?: AbortSignal): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
  ...(signal ? { signal } : {}),
});

/**
 * `POST /api/rate-limit {phone}`: the probe before a code is sent (docs/features/locations-forms-marketing.md §7
 * "non-OK reply means too many attempts"). Takes the normalised phone; returns ok or the failure.
 */
export function probeRateLimit(phone: string, fetchImpl: FetchLike = browserFetch): Promise<CallResult<unknown>> {
  return call("/api/rate-limit", post({ phone }), fetchImpl);
}

/**
 * `POST /api/v1/auth/send-code`: texts a 6-digit code (docs/features/locations-forms-marketing.md §7 "Auth
 * provider: send one-time code by sms ... times out after 15 seconds"). Takes the body; returns
 * {@link CodeSent} or the failure (400 field `phone`, 429 `too_many_attempts`, 502 `sms_failed`,
 * status 0 code `timeout` after {@link SEND_TIMEOUT_MS}).
 */
export function sendCode(body: SendCodeBody, fetchImpl: FetchLike = browserFetch): Promise<CallResult<CodeSent>> {
  return call("/api/v1/auth/send-code", post(body, AbortSignal.timeout(SEND_TIMEOUT_MS)), fetchImpl);
}

/**
 * `POST /api/v1/auth/verify`: checks the code and starts the session (the host sets the HttpOnly
 * cookie). Takes the phone, the code and an optional dealership slug; returns `{user}` or the
 * failure (400 field `code`, 401 `invalid_code`, 429 `too_many_attempts`).
 * Spec: docs/features/locations-forms-marketing.md §4 "Phone verification", §7 "verify code".
 */
export function verifyCode(
  body: { phone: string; code: string; dealership_slug?: string },
  fetchImpl: FetchLike = browserFetch,
): Promise<CallResult<{ user: User }>> {
  return call("/api/v1/auth/verify", post(body), fetchImpl);
}

/**
 * `GET /api/v1/auth/me`: the signed-in user. Takes an optional fetch; returns `{user}`, or the
 * failure (401 `sign_in_required` when signed out). Spec: docs/features/locations-forms-marketing.md §6 roles.
 */
export function fetchMe(fetchImpl: FetchLike = browserFetch): Promise<CallResult<{ user: User }>> {
  return call("/api/v1/auth/me", {}, fetchImpl);
}

/**
 * `POST /api/v1/auth/sign-out`: ends the session on the host (204). Takes an optional fetch;
 * returns ok or the failure. Spec: docs/features/locations-forms-marketing.md §7 "Auth provider: sign out".
 */
export function signOut(fetchImpl: FetchLike = browserFetch): Promise<CallResult<null>> {
  return call("/api/v1/auth/sign-out", post({}), fetchImpl);
}

/**
 * `POST /api/watchlist/save-car` or `/remove-car` with `{phone_number, car_id}` (docs/features/shopper-core.md §7).
 * Takes `save` (true: save, false: remove), the signed-in user's phone and the numeric car id;
 * returns {@link WatchlistAnswer} or the failure (401 `sign_in_required`, 422 `car_sold`).
 */
export function changeWatchlist(
  save: boolean,
  phone: string,
  carId: number,
  fetchImpl: FetchLike = browserFetch,
): Promise<CallResult<WatchlistAnswer>> {
  return call(`/api/watchlist/${save ? "save-car" : "remove-car"}`, post({ phone_number: phone, car_id: carId }), fetchImpl);
}

/**
 * `GET /api/v1/watchlist`: the signed-in user's saved cars with their current status and price,
 * newest first. Takes an optional fetch; returns `{cars}` or the failure (401 when signed out).
 * Spec: docs/features/shopper-core.md §3 "Watchlist entry", §4 "Watchlist toggle".
 */
export function fetchWatchlist(fetchImpl: FetchLike = browserFetch): Promise<CallResult<{ cars: WatchlistCar[] }>> {
  return call("/api/v1/watchlist", {}, fetchImpl);
}
