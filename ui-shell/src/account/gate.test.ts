import { describe, expect, it } from "vitest";
import { ROUTES, routeById } from "../routes/table";
import { checkoutSlug, gateDecision, gatedGroups, isGated, signInHref, signInType } from "./gate";

const route = (id: string) => {
  const r = routeById(id);
  if (!r) throw new Error(`no route ${id}`);
  return r;
};
const driveDepot = { sign_in: { gated: ["checkout", "finance"] } };
const southernCross = { sign_in: { gated: ["checkout", "spin-to-win", "trade-in-finance"] } };
const harbourside = { sign_in: { gated: [] } };

describe("gated routes (docs/features/locations-forms-marketing.md §2 'Gated routes')", () => {
  it("gates the garages, online payment and the watchlist always", () => {
    for (const id of ["online-payment", "my-garage", "mymotorama", "mybigboxcars", "myblinkr", "myservco", "watchlist"]) {
      expect(isGated(route(id), harbourside), id).toBe(true);
      expect(isGated(route(id), {}), id).toBe(true);
    }
  });

  it("gates per-site routes only where the tenant lists their group", () => {
    const perSite = ROUTES.filter((r) => r.gate === "per-site").map((r) => r.id);
    expect(perSite.sort()).toEqual(
      [
        "apply-for-finance",
        "car-buy-online",
        "car-checkout",
        "checkout-journey",
        "finance",
        "finance-enquiry",
        "personalised-finance",
        "spin-to-win",
      ].sort(),
    );
    const gatedOn = (t: unknown) => perSite.filter((id) => isGated(route(id), t)).sort();
    // Issue 25: a tenant that gates finance gates every finance page, not /finance alone.
    expect(gatedOn(driveDepot)).toEqual(
      [
        "apply-for-finance",
        "car-buy-online",
        "car-checkout",
        "checkout-journey",
        "finance",
        "finance-enquiry",
        "personalised-finance",
      ].sort(),
    );
    expect(gatedOn(southernCross)).toEqual(
      ["car-buy-online", "car-checkout", "checkout-journey", "personalised-finance", "spin-to-win"].sort(),
    );
    expect(gatedOn(harbourside)).toEqual([]);
    expect(gatedOn({})).toEqual([]);
  });

  it("never gates public routes", () => {
    for (const id of ["home", "car", "search", "sign-in", "compare", "finance-and-insurance"])
      expect(isGated(route(id), { sign_in: { gated: ["checkout", "finance", "spin-to-win", "trade-in-finance"] } })).toBe(false);
  });

  it("reads sign_in.gated defensively", () => {
    expect(gatedGroups({ sign_in: { gated: ["finance", "nope", 3] } })).toEqual(["finance"]);
    expect(gatedGroups({ sign_in: { gated: "finance" } })).toEqual([]);
    expect(gatedGroups(null)).toEqual([]);
  });

  it("decides: show, wait while the session is unknown, sign-in when signed out", () => {
    const fin = route("finance");
    expect(gateDecision(fin, harbourside, "signed-out")).toBe("show");
    expect(gateDecision(fin, driveDepot, "unknown")).toBe("wait");
    expect(gateDecision(fin, driveDepot, "signed-out")).toBe("sign-in");
    expect(gateDecision(fin, driveDepot, "signed-in")).toBe("show");
    expect(gateDecision(route("my-garage"), harbourside, "signed-out")).toBe("sign-in");
  });

  it("checkout waits until the car slug is known before deciding", () => {
    const co = route("car-checkout");
    expect(gateDecision(co, driveDepot, "signed-out", undefined)).toBe("wait");
    expect(gateDecision(co, driveDepot, "signed-out", "some-car")).toBe("sign-in");
    expect(gateDecision(co, harbourside, "signed-out", "some-car")).toBe("show");
    expect(checkoutSlug("car-checkout", { slug: "abc" }, new URLSearchParams())).toBe("abc");
    expect(checkoutSlug("checkout-journey", {}, new URLSearchParams("car_id=xyz"))).toBe("xyz");
    expect(checkoutSlug("checkout-journey", {}, new URLSearchParams())).toBeNull();
    expect(checkoutSlug("finance", {}, new URLSearchParams("car_id=xyz"))).toBeUndefined();
  });

  it("sends to /sign-in?type=&redirect=&back= with the spec's types", () => {
    expect(signInType("car-checkout")).toBe("checkout");
    expect(signInType("checkout-journey")).toBe("checkout");
    expect(signInType("mymotorama")).toBe("my-garage");
    expect(signInType("online-payment")).toBe("online-payment");
    expect(signInType("personalised-finance")).toBe("car-finance");
    expect(signInType("watchlist")).toBe("watchlist");
    const href = signInHref("checkout", "/cars/a/checkout?x=1&y=2", "/cars/a");
    const u = new URL(href, "http://x.invalid");
    expect(u.pathname).toBe("/sign-in");
    expect(Object.fromEntries(u.searchParams)).toEqual({
      type: "checkout",
      redirect: "/cars/a/checkout?x=1&y=2",
      back: "/cars/a",
    });
  });
});
