import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FetchLike } from "./api";
import { fakeAuthHost } from "./fixtures";
import { readSignedInHint, writeSignedInHint } from "./hint";
import { readWatchlist, writeWatchlist } from "./saved";
import { forgetSession, getSession, setSession } from "./session";
import {
  CAR_SOLD,
  completePendingSave,
  notifyWatchlist,
  PENDING_KEY,
  toggleWatchlist,
  WATCHLIST_PATH,
  watchlistToast,
} from "./watchlist";

const car = { id: 7, name: "2022 Toyota RAV4 GX", slug: "2022-toyota-rav4-x1", available: true };
const user = { id: 1, phone: "0400000001" };

beforeEach(() => forgetSession());
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

/** A fetch that holds the watchlist call until released, so the test can look in between. */
function held(inner: FetchLike) {
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => {
    release = r;
  });
  const fetch: FetchLike = async (url, init) => {
    if (url.startsWith("/api/watchlist/")) await gate;
    return inner(url, init);
  };
  return { fetch, release };
}

describe("watchlist toggle (docs/features/shopper-core.md §4, §7, §8)", () => {
  it("sends guests to sign-in with type=watchlist and remembers the save", async () => {
    const host = fakeAuthHost();
    const o = await toggleWatchlist(car, "/cars/2022-toyota-rav4-x1?x=1", host.fetch);
    expect(o.kind).toBe("sign-in");
    const u = new URL(o.kind === "sign-in" ? o.href : "", "http://x.invalid");
    expect(u.pathname).toBe("/sign-in");
    expect(u.searchParams.get("type")).toBe("watchlist");
    expect(u.searchParams.get("redirect")).toBe("/cars/2022-toyota-rav4-x1?x=1");
    expect(u.searchParams.get("back")).toBe("/cars/2022-toyota-rav4-x1?x=1");
    expect(JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? "null")).toEqual(car);
    // No signed-in hint in this browser: a guest, without asking the host.
    expect(host.state.calls.map((c) => c.url)).toEqual([]);
    expect(readWatchlist()).toEqual([]);
  });

  it("asks the host once when the hint says signed in, and a 401 clears the hint", async () => {
    writeSignedInHint("0400000001");
    const host = fakeAuthHost();
    const o = await toggleWatchlist(car, "/cars/x", host.fetch);
    expect(o.kind).toBe("sign-in");
    expect(host.state.calls.map((c) => c.url)).toEqual(["/api/v1/auth/me"]);
    expect(readSignedInHint()).toBeNull();
  });

  it("updates the local list first, then the server, with the signed-in phone and numeric id", async () => {
    setSession(user);
    const host = fakeAuthHost({ user });
    const h = held(host.fetch);
    const pending = toggleWatchlist(car, "/cars/x", h.fetch);
    await Promise.resolve();
    await Promise.resolve();
    // The server has not answered: the local list already has the car.
    expect(readWatchlist().map((e) => e.id)).toEqual([7]);
    h.release();
    expect(await pending).toEqual({ kind: "saved", name: car.name });
    expect(host.state.calls.at(-1)).toEqual({ url: "/api/watchlist/save-car", body: { phone_number: "0400000001", car_id: 7 } });
    expect(host.state.saved).toEqual([7]);
    expect(await toggleWatchlist(car, "/cars/x", host.fetch)).toEqual({ kind: "removed", name: car.name });
    expect(host.state.calls.at(-1)?.url).toBe("/api/watchlist/remove-car");
    expect(readWatchlist()).toEqual([]);
  });

  it("puts the local list back and reports the error when the server fails", async () => {
    setSession(user);
    const host = fakeAuthHost({ user, failWith: 500 });
    const h = held(host.fetch);
    const pending = toggleWatchlist(car, "/cars/x", h.fetch);
    await Promise.resolve();
    await Promise.resolve();
    expect(readWatchlist().map((e) => e.id)).toEqual([7]);
    h.release();
    expect(await pending).toEqual({ kind: "error", message: "Something went wrong on our side." });
    expect(readWatchlist()).toEqual([]);

    // Removing: the car comes back when the server fails.
    writeWatchlist([
      { id: 7, name: car.name, slug: car.slug },
      { id: 8, name: "Other", slug: "other" },
    ]);
    expect((await toggleWatchlist(car, "/cars/x", host.fetch)).kind).toBe("error");
    expect(
      readWatchlist()
        .map((e) => e.id)
        .sort(),
    ).toEqual([7, 8]);
  });

  it("refuses to save a sold car, but removes one that is already saved", async () => {
    setSession(user);
    const host = fakeAuthHost({ user, saved: [7] });
    const sold = { ...car, available: false };
    expect(await toggleWatchlist(sold, "/cars/x", host.fetch)).toEqual({ kind: "error", message: CAR_SOLD });
    expect(host.state.calls).toEqual([]);
    writeWatchlist([{ id: 7, name: car.name, slug: car.slug }]);
    expect(await toggleWatchlist(sold, "/cars/x", host.fetch)).toEqual({ kind: "removed", name: car.name });
  });

  it("reverts and sends to sign-in when the session ended on the host (401)", async () => {
    setSession(user);
    const host = fakeAuthHost({ user: null });
    const o = await toggleWatchlist(car, "/cars/x", host.fetch);
    expect(o.kind).toBe("sign-in");
    expect(readWatchlist()).toEqual([]);
    expect(getSession().status).toBe("signed-out");
  });

  it("completes a guest's save after sign-in, once", async () => {
    const host = fakeAuthHost({ saved: [3] });
    await toggleWatchlist(car, "/cars/x", host.fetch);
    host.state.user = user;
    setSession(user);
    expect(await completePendingSave(host.fetch)).toEqual({ kind: "saved", name: car.name });
    expect(host.state.saved).toEqual([3, 7]);
    expect(readWatchlist().map((e) => e.id)).toEqual([3, 7]);
    expect(await completePendingSave(host.fetch)).toBeNull();
  });

  it("words the toasts as the spec does, with View List", () => {
    expect(watchlistToast({ kind: "saved", name: "2022 Toyota RAV4" })).toEqual({
      title: "Car Saved In Watchlist",
      description: "2022 Toyota RAV4 is now available in your watchlist",
      action: { label: "View List", href: WATCHLIST_PATH },
    });
    expect(watchlistToast({ kind: "removed", name: "2022 Toyota RAV4" })).toEqual({
      title: "Car Removed",
      description: "2022 Toyota RAV4 is no longer in your watchlist",
      action: { label: "View List", href: "/watchlist" },
    });
    expect(watchlistToast({ kind: "error", message: "Boom" })).toBeNull();
  });

  it("alerts a failed watchlist call with its message instead of a toast (§8)", () => {
    const toasts: unknown[] = [];
    const alerts: string[] = [];
    notifyWatchlist(
      { kind: "error", message: "Boom" },
      (t) => toasts.push(t),
      (m) => alerts.push(m),
    );
    expect([toasts, alerts]).toEqual([[], ["Boom"]]);
    notifyWatchlist(
      { kind: "saved", name: "2022 Toyota RAV4" },
      (t) => toasts.push(t),
      (m) => alerts.push(m),
    );
    expect([toasts.length, alerts.length]).toEqual([1, 1]);
  });
});
