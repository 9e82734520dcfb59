import { describe, expect, it } from "vitest";
import { TENANTS } from "../__tests__/fixtures";
import { searchHit } from "../__tests__/fixtures/search";
import type { TenantSettings } from "../api/types";
import { cardActions, cardImage, cardPrice, hitCardProps, type SearchHit } from "./cards";
import { cardToggles, DEFAULT_SEARCH_CONFIG, searchConfig } from "./config";

const hit: SearchHit = searchHit(7, {
  slug: "2022-toyota-rav4-x1",
  path: "/cars/2022-toyota-rav4-x1",
  badge: "GX",
  km: 12345,
  fuel: "hybrid",
  transmission: "automatic",
  tag: { kind: "hybrid", text: "HYBRID" },
  price_view: { kind: "was_now", now: 38990, was: 41990, price_type: "Drive Away" },
});

describe("search cards (docs/features/shopper-core.md §2, §4)", () => {
  it("uses the host's tag and price view, and formats chips", () => {
    const p = hitCardProps(hit, 0, TENANTS.classic, ["finance", "details"]);
    expect(p.card.title).toBe("2022 Toyota RAV4");
    expect(p.card.tag).toBe("HYBRID");
    expect(p.card.tagKind).toBe("hybrid");
    expect(p.card.price).toEqual({ kind: "was_now", text: "$38,990", was: "$41,990", typeLabel: "Drive Away" });
    expect(p.card.chips).toEqual(["12,345 kms", "Automatic", "Hybrid", "SUV"]);
    expect(cardPrice({ kind: "subscription", weekly: 199, suffix: "/wk" }).text).toBe("$199/wk");
    expect(cardPrice({ kind: "no_price", text: "Call for price" })).toEqual({ kind: "no_price", text: "Call for price" });
  });

  it("chips show the feed's lower-case values as the filters label them (issue 39: 'sedan', 'suv')", () => {
    const chips = (body: string, fuel: string, transmission: string) =>
      hitCardProps({ ...hit, body, fuel, transmission }, 0, TENANTS.classic, ["details"]).card.chips;
    expect(chips("sedan", "petrol", "automatic")).toEqual(["12,345 kms", "Automatic", "Petrol", "Sedan"]);
    expect(chips("suv", "diesel", "manual")).toEqual(["12,345 kms", "Manual", "Diesel", "SUV"]);
    expect(chips("peopleMover", "electric", "auto")).toEqual(["12,345 kms", "Automatic", "Electric", "People Mover"]);
  });

  it("shows the body-type placeholder without a photo, srcset with one; the first row eager", () => {
    const none = cardImage(hit, 0);
    expect(none).toMatchObject({ src: "/img/placeholder/suv.svg", placeholder: true, loading: "eager", fetchPriority: "high" });
    expect(none.srcSet).toBeUndefined();
    const photo = cardImage({ primary_image_url: "/img/cars/7/1.jpg", body: "SUV" }, 2);
    expect(photo.srcSet).toBe("/img/cars/7/1.jpg?w=250 250w, /img/cars/7/1.jpg?w=400 400w, /img/cars/7/1.jpg?w=500 500w");
    expect(photo.loading).toBe("eager");
    expect(photo.fetchPriority).toBeUndefined();
    expect(cardImage({ primary_image_url: "https://cdn.example/a.jpg", body: null }, 3)).toMatchObject({
      src: "https://cdn.example/a.jpg",
      loading: "lazy",
    });
  });

  it("picks the tenant's buttons by eligibility; sold cars get Find Me Something Similar", () => {
    const ids = (h: SearchHit, b: Parameters<typeof cardActions>[2]) => cardActions(h, TENANTS.classic, b).map((a) => a.label);
    expect(ids(hit, ["finance", "details"])).toEqual([TENANTS.classic.wording.finance_label, "View Details"]);
    expect(ids(hit, ["details", "reserve", "similar"])).toEqual(["View Details", "Reserve this Car"]);
    expect(ids({ ...hit, eligibility: { ...hit.eligibility, test_drive_only: true } }, ["reserve", "details"])).toEqual([
      "View Details",
    ]);
    expect(ids({ ...hit, available: false, status: "sold" }, ["finance", "details"])).toEqual([
      "Find Me Something Similar",
      "View Details",
    ]);
    expect(cardActions(hit, TENANTS.classic, ["details", "finance"]).map((a) => a.emphasis)).toEqual(["primary", "secondary"]);
  });

  it("reads the tenant's search settings defensively", () => {
    expect(searchConfig(TENANTS.classic)).toEqual(DEFAULT_SEARCH_CONFIG);
    const t = {
      ...TENANTS.classic,
      search: {
        page_size: 12,
        view: "carousel",
        card_buttons: ["reserve", "bogus", "details"],
        promo_first_jitter: 7,
        promos: [{ id: "x", position: 8, display: ["used"], strict_display: true }, { position: 0 }],
      },
    } as unknown as TenantSettings;
    const c = searchConfig(t);
    expect(c).toMatchObject({ page_size: 12, view: "carousel", card_buttons: ["reserve", "details"], promo_first_jitter: 2 });
    expect(c.promos).toEqual([
      expect.objectContaining({ id: "x", position: 8, display: ["used"], strict_display: true, href: "/trade-in", start: null }),
    ]);
    expect(cardToggles({ ...TENANTS.classic, features: { garage_enabled: true } })).toEqual({ favourites: true, compare: false });
    expect(cardToggles({ ...TENANTS.classic, features: { garage_enabled: true, favourites: false, compare: true } })).toEqual({
      favourites: false,
      compare: true,
    });
  });
});
