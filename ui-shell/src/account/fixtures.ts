// A fake host for the account calls (tests and stories): the contract of the
// docs/features/platform.md "Sign-in and watchlist" host API with fixed answers. Code `123456` is
// right; phone 0400 000 429 is rate-limited; 0400 000 502 cannot be texted. Illustrative only: the
// real rules are the host's (e2e/signin.e2e.ts tests those).
import type { FetchLike, User, WatchlistCar } from "./api";

/** What the fake host remembers: the signed-in user, the saved car ids, and every call made. */
export interface FakeHostState {
  user: User | null;
  saved: number[];
  calls: { url: string; body: unknown }[];
  /** Car ids the host refuses to save (answers 422 car_sold). */
  sold: number[];
  /** When set, every watchlist change answers this status (e.g. 500). */
  failWith: number | null;
  /** Milliseconds before each answer (stories show the busy states). */
  delayMs: number;
}

const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const err = (status: number, code: string, message: string, field?: string) =>
  json(status, { error: { code, message, ...(field ? { field } : {}) } });

/**
 * A fake host answering the account calls. Takes a partial start state; returns the fetch and
 * its state (mutated as calls arrive).
 */
export function fakeAuthHost(start: Partial<FakeHostState> = {}): { fetch: FetchLike; state: FakeHostState } {
  const state: FakeHostState = { user: null, saved: [], calls: [], sold: [], failWith: null, delayMs: 0, ...start };
  const fetch: FetchLike = async (url, init) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
    state.calls.push({ url, body });
    if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
    const phone = typeof body?.phone === "string" ? body.phone : "";
    if (url === "/api/rate-limit")
      return phone === "0400000429" ? err(429, "too_many_attempts", "Too many") : json(200, { ok: true });
    if (url === "/api/v1/auth/send-code") {
      if (phone === "0400000502") return err(502, "sms_failed", "The code could not be sent. Please try again.");
      return json(200, { sent: true, phone, expires_in_seconds: 600 });
    }
    if (url === "/api/v1/auth/verify") {
      if (body?.code !== "123456") return err(401, "invalid_code", "The verification code is invalid. Please try again.");
      state.user = { id: 1, phone };
      return json(200, { user: state.user });
    }
    if (url === "/api/v1/auth/me")
      return state.user ? json(200, { user: state.user }) : err(401, "sign_in_required", "Please sign in.");
    if (url === "/api/v1/auth/sign-out") {
      state.user = null;
      return json(204, null);
    }
    if (url.startsWith("/api/watchlist/")) {
      if (!state.user) return err(401, "sign_in_required", "Please sign in.");
      if (state.failWith) return err(state.failWith, "internal", "Something went wrong on our side.");
      const id = Number(body?.car_id);
      const save = url.endsWith("save-car");
      if (save && !state.saved.includes(id) && state.sold.includes(id))
        return err(422, "car_sold", "This car has been sold and cannot be saved.");
      state.saved = save ? [...state.saved.filter((x) => x !== id), id] : state.saved.filter((x) => x !== id);
      return json(200, { success: true, saved: save });
    }
    if (url === "/api/v1/watchlist") {
      if (!state.user) return err(401, "sign_in_required", "Please sign in.");
      const cars: WatchlistCar[] = state.saved.map((id) => ({
        car_id: id,
        slug: `car-${id}`,
        path: `/cars/car-${id}`,
        name: `Car ${id}`,
        status: "in_stock",
        available: true,
        price_view: { kind: "car_price", price: 30000 + id, price_type: null },
        primary_image_url: null,
        saved_at: 0,
      }));
      return json(200, { cars });
    }
    return err(404, "not_found", "Not found");
  };
  return { fetch, state };
}
