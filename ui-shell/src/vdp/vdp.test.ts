// Unit tests of the VDP's pure parts: sales counter, spin frame maths, truncation, specification
// rows, share links, video embeds, location, config and the sidebar props from the API's decisions.
import { describe, expect, it } from "vitest";
import { CAR, CAR_SOLD, TENANTS } from "../__tests__/fixtures";
import type { CarResponse, TenantSettings } from "../api/types";
import { truncate } from "../lib/text";
import { commentsHtml, spinFrames, vdpConfig } from "./data";
import {
  autoRotateStep,
  detailRows,
  frameAfterDrag,
  fullSpecRows,
  perSuffix,
  salesCount,
  shareLinks,
  shareWindowFeatures,
  specRows,
  videoEmbedUrl,
  wrapFrame,
} from "./maths";
import { directionsHref, locatedAt, overlayText } from "./place";
import { readHotspots } from "./SpinViewer";
import { displayPrice, priceNote, type SidebarState, sidebarProps } from "./sidebar";

const noop = () => {};
const STATE: SidebarState = { views: null, copied: false, faved: false, onShare: noop, onFave: noop };
const ELIGIBLE = {
  reserve: true,
  trade_in: true,
  online_purchase: true,
  history_report: true,
  compare_favourite: true,
  test_drive_only: false,
  autograb_report: false,
};

describe("sales counter (docs/features/shopper-core.md §9)", () => {
  it("is day of month x 192 + seconds of the Brisbane day / 450", () => {
    // 2026-11-20T14:30:00Z is 2026-11-21 00:30:00 in Brisbane (UTC+10, no daylight saving).
    expect(salesCount(new Date("2026-11-20T14:30:00Z"))).toBe(21 * 192 + Math.floor(1800 / 450));
    // 2026-11-21T13:59:59Z is 23:59:59 on the 21st in Brisbane.
    expect(salesCount(new Date("2026-11-21T13:59:59Z"))).toBe(Math.floor(21 * 192 + 86399 / 450));
  });
  it("uses Brisbane's date, not UTC's, across midnight", () => {
    expect(salesCount(new Date("2026-11-30T15:00:00Z"))).toBe(1 * 192 + Math.floor(3600 / 450));
  });
});

describe("spin maths (docs/features/shopper-core.md §9: 20 px per frame, 100 ms auto-rotate)", () => {
  it("turns one frame per 20 px, dragging left forward, wrapping", () => {
    expect(frameAfterDrag(0, -19, 36)).toBe(0);
    expect(frameAfterDrag(0, -20, 36)).toBe(1);
    expect(frameAfterDrag(0, -200, 36)).toBe(10);
    expect(frameAfterDrag(0, 20, 36)).toBe(35);
    expect(frameAfterDrag(35, -40, 36)).toBe(1);
    expect(wrapFrame(-1, 0)).toBe(0);
  });
  it("auto-rotates one full turn, then stops on the first frame", () => {
    const frames = Array.from({ length: 13 }, (_, tick) => autoRotateStep(tick, 12));
    expect(frames.map((f) => f.frame)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0]);
    expect(frames.findIndex((f) => f.done)).toBe(12);
    expect(autoRotateStep(1, 1).done).toBe(true);
  });
});

describe("dealer comments truncation (docs/features/shopper-core.md §9: 400 characters)", () => {
  it("keeps short text and cuts long text at a word boundary with an ellipsis", () => {
    expect(truncate("short", 400)).toBe("short");
    const long = "word ".repeat(100).trim();
    const cut = truncate(long, 400);
    expect(cut.length).toBeLessThanOrEqual(401);
    expect(cut.endsWith("word…")).toBe(true);
  });
  it("reads the host-sanitised HTML, then the car's copy of it", () => {
    expect(commentsHtml({ ...CAR, dealercomments_html: "<p>safe</p>" })).toBe("<p>safe</p>");
    expect(commentsHtml({ ...CAR, car: { ...CAR.car, dealercomments: "<p>same</p>" }, dealercomments_html: null })).toBe(
      "<p>same</p>",
    );
    expect(commentsHtml({ ...CAR, car: { ...CAR.car, dealercomments: null }, dealercomments_html: null })).toBe("");
  });
});

describe("specification rows (docs/features/shopper-core.md §5: empty values dropped)", () => {
  it("drops null, undefined, blank and non-finite values and appends units", () => {
    expect(
      specRows([
        ["A", null],
        ["B", undefined],
        ["C", "  "],
        ["D", Number.NaN],
        ["E", 0, "kg"],
        ["F", "Turbo"],
      ]),
    ).toEqual([
      { label: "E", value: "0 kg" },
      { label: "F", value: "Turbo" },
    ]);
  });
  it("builds details and full specifications with variant and caravan fields", () => {
    const car = {
      ...CAR.car,
      cylinders: 4,
      torque: 370,
      vehiclelength: 4669,
      induction: "",
      caravan_specifications: { sleeps: 4, axle_type: "Tandem", tare_weight: null },
    };
    const specs = fullSpecRows(car);
    expect(specs).toContainEqual({ label: "Cylinders", value: "4" });
    expect(specs).toContainEqual({ label: "Torque", value: "370 Nm" });
    expect(specs).toContainEqual({ label: "Length", value: "4669 mm" });
    expect(specs).toContainEqual({ label: "Sleeps", value: "4" });
    expect(specs.map((s) => s.label)).not.toContain("Induction");
    expect(specs.map((s) => s.label)).not.toContain("Tare weight");
    expect(detailRows(car).every((r) => r.value !== "")).toBe(true);
    expect(detailRows(car)[0]).toEqual({ label: "Make", value: "Mercedes-Benz" });
  });
});

describe("share row (docs/features/shopper-core.md §2, §9)", () => {
  const url = "https://example.test/cars/a b";
  it("links Facebook, Twitter, WhatsApp, email and SMS with the URL encoded", () => {
    const links = shareLinks(url, "2021 GLC", false);
    expect(links.map((l) => l.id)).toEqual(["facebook", "twitter", "whatsapp", "email", "sms"]);
    expect(links[0]?.href).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`);
    expect(links[3]?.href).toBe(`mailto:?subject=2021%20GLC&body=${encodeURIComponent(url)}`);
    expect(links[4]?.href.startsWith("sms:?&body=2021%20GLC%20")).toBe(true);
  });
  it("drops Twitter when the tenant hides it", () => {
    expect(shareLinks(url, "t", true).map((l) => l.id)).not.toContain("twitter");
  });
  it("opens a 550x400 window centred on the screen", () => {
    expect(shareWindowFeatures(1920, 1080)).toBe("width=550,height=400,left=685,top=340,noopener");
  });
});

describe("video, location, config", () => {
  it("embeds YouTube and Vimeo, plays other videos directly", () => {
    expect(videoEmbedUrl("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toBe(
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    );
    expect(videoEmbedUrl("https://youtu.be/dQw4w9WgXcQ")).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
    expect(videoEmbedUrl("https://vimeo.com/123456789")).toBe("https://player.vimeo.com/video/123456789");
    expect(videoEmbedUrl("https://cdn.example.test/walkaround.mp4")).toBeNull();
    expect(videoEmbedUrl("not a url")).toBeNull();
  });
  it("shows city and state, or the location name when configured; 'Located at' only away from the primary location", () => {
    expect(overlayText(CAR, { locationOverlay: "city_state" })).toBe("Drummoyne NSW");
    expect(overlayText(CAR, { locationOverlay: "location_name" })).toBe("Harbourside Mercedes-Benz Sales");
    expect(locatedAt(CAR)).toBeNull();
    const loc = CAR.location;
    if (!loc) throw new Error("fixture has a location");
    const away = { ...CAR, location: { ...loc, primary: false, address: { ...loc.address, place_url: null } } };
    const bar = locatedAt(away);
    expect(bar?.text).toBe("Located at Drummoyne");
    expect(bar?.href).toContain("https://www.google.com/maps/search/?api=1&query=");
    expect(directionsHref(loc)).toBe(loc.address.place_url);
  });
  it("defaults the tenant's vdp settings and reads them when present", () => {
    expect(vdpConfig(TENANTS.classic)).toEqual({
      spinDefaultTab: "spin",
      stickyHeader: true,
      hideTwitter: false,
      locationOverlay: "city_state",
      reserveDeposit: 200,
      reserveHoldHours: 48,
      showPriceReduced: false,
    });
    const t = {
      ...TENANTS.ev,
      vdp: { spin_default_tab: "images", sticky_header: false, reserve_deposit: 500, show_price_reduced: true },
    } as TenantSettings;
    expect(vdpConfig(t)).toMatchObject({
      spinDefaultTab: "images",
      stickyHeader: false,
      reserveDeposit: 500,
      reserveHoldHours: 48,
      showPriceReduced: true,
    });
    expect(perSuffix("fortnight")).toBe("/fn");
  });
  it("reads spin frames and hotspots defensively", () => {
    const res = {
      ...CAR,
      spin_images: ["/a.jpg", "", "/b.jpg"],
      hotspots: {
        exterior: [{ id: 1, description: "Lights" }, { description: "no id" }],
        interior: "nope",
        positions: { "1": [{ activeAngle: 2, posX: 10, posY: 20 }, { activeAngle: "x" }], bad: 5 },
      },
    } as unknown as CarResponse;
    expect(spinFrames(res)).toEqual(["/a.jpg", "/b.jpg"]);
    expect(spinFrames(CAR)).toEqual([]);
    expect(readHotspots(res)).toEqual({
      exterior: [{ id: "1", description: "Lights" }],
      interior: [],
      positions: { "1": [{ hotspotId: "1", activeAngle: 2, posX: 10, posY: 20 }] },
    });
    expect(readHotspots(CAR)).toEqual({ exterior: [], interior: [], positions: {} });
  });
});

describe("sidebar props from the API's decisions (docs/features/shopper-core.md §2, §4, §5)", () => {
  it("formats each price view kind without re-deciding it", () => {
    expect(displayPrice({ kind: "car_price", price: 82990, price_type: "Drive Away" }, "x")).toEqual({
      kind: "price",
      text: "$82,990",
      typeLabel: "Drive Away",
    });
    expect(displayPrice({ kind: "was_now", now: 82990, was: 89990 }, "x")).toMatchObject({ text: "$82,990", was: "$89,990" });
    expect(displayPrice({ kind: "subscription", weekly: 199, suffix: "/wk" }, "x").text).toBe("$199/wk");
    expect(displayPrice({ kind: "no_price", text: "Call us" }, "x").text).toBe("Call us");
    expect(displayPrice(undefined, "Enquire for price")).toEqual({ kind: "no_price", text: "Enquire for price" });
    expect(priceNote({ kind: "was_now", now: 82990, was: 89990 })).toBe("Reduced by $7,000");
    expect(priceNote({ kind: "car_price", price: 1 })).toBeUndefined();
  });
  it("shows buttons by eligibility, the tag, the masked phone and the view count", () => {
    const res: CarResponse = {
      ...CAR,
      eligibility: ELIGIBLE,
      car: { ...CAR.car, file: "https://reports.example.test/h.pdf" },
      tag: { kind: "coming_soon", text: "COMING SOON" },
      phone: { display: "02 5550 0100", dial: "+61255500100", masked: "02 5550 XXXX" },
      price_view: { kind: "car_price", price: 82990 },
    };
    const p = sidebarProps(res, TENANTS.classic, { ...STATE, views: 42, copied: true, faved: true });
    expect(p.actions.map((a) => a.id)).toEqual([
      "reserve",
      "enquire",
      "call",
      "finance",
      "trade-in",
      "online-purchase",
      "history",
      "share",
      "fave",
      "print",
    ]);
    expect(p.actions[0]?.emphasis).toBe("primary");
    expect(p.actions.find((a) => a.id === "share")?.label).toBe("Copied");
    expect(p.actions.find((a) => a.id === "fave")).toMatchObject({ label: "Faved", pressed: true });
    expect(p.actions.find((a) => a.id === "print")).toMatchObject({
      href: "/print?car_id=2021-mercedes-benz-glc-class-hm10570",
      newTab: true,
    });
    expect(p.actions.find((a) => a.id === "call")?.href).toBe("tel:+61255500100");
    expect(p.phone?.display).toBe("02 5550 XXXX");
    expect(p.tag).toEqual({ kind: "coming_soon", text: "COMING SOON", imageUrl: null });
    expect(p.views).toBe(42);
    expect(p.highlights?.map((h) => h.icon)).toEqual(["km", "transmission", "body"]);
  });
  it("links finance to the site's finance page with its label (issue 39: always /finance)", () => {
    const res: CarResponse = { ...CAR, eligibility: ELIGIBLE };
    const plain = sidebarProps(res, TENANTS.classic, STATE).actions.find((a) => a.id === "finance");
    expect(plain?.href.startsWith("/finance?")).toBe(true);
    const tenant = {
      ...TENANTS.superstore,
      finance: { ...TENANTS.superstore.finance, link: "/finance-enquiry" },
    } as TenantSettings;
    const own = sidebarProps(res, tenant, STATE).actions.find((a) => a.id === "finance");
    expect(own?.label).toBe("Get Pre-Approved");
    expect(own?.href).toMatch(/^\/finance-enquiry\?.*car_id=2021-mercedes-benz-glc-class-hm10570.*#finance-form$/);
  });
  it("hides reserve for test-drive-only cars and the history report without a file", () => {
    const res: CarResponse = { ...CAR, eligibility: { ...ELIGIBLE, test_drive_only: true }, car: { ...CAR.car, file: null } };
    const ids = sidebarProps(res, TENANTS.classic, STATE).actions.map((a) => a.id);
    expect(ids).not.toContain("reserve");
    expect(ids).not.toContain("history");
    expect(ids[0]).toBe("enquire");
  });
  it("gives a sold car Find Me Something Similar instead of the buy buttons", () => {
    const ids = sidebarProps({ ...CAR_SOLD, eligibility: ELIGIBLE }, TENANTS.classic, STATE).actions.map((a) => a.id);
    expect(ids[0]).toBe("similar");
    expect(ids).not.toContain("reserve");
    expect(ids).not.toContain("finance");
  });
  it("gives sites without favourites the watchlist's Save toggle; a sold car keeps it only when saved (docs/features/shopper-core.md §4)", () => {
    const onToggle = () => {};
    const open = sidebarProps({ ...CAR, eligibility: ELIGIBLE }, TENANTS.classic, {
      ...STATE,
      watchlist: { saved: false, onToggle },
    }).actions;
    expect(open.map((a) => a.id)).toContain("save");
    expect(open.map((a) => a.id)).not.toContain("fave");
    expect(open.find((a) => a.id === "save")).toMatchObject({ label: "Save", pressed: false, onSelect: onToggle });
    const saved = sidebarProps({ ...CAR, eligibility: ELIGIBLE }, TENANTS.classic, {
      ...STATE,
      watchlist: { saved: true, onToggle },
    }).actions;
    expect(saved.find((a) => a.id === "save")).toMatchObject({ label: "Saved", pressed: true });
    const sold = (w: boolean) =>
      sidebarProps({ ...CAR_SOLD, eligibility: ELIGIBLE }, TENANTS.classic, {
        ...STATE,
        watchlist: { saved: w, onToggle },
      }).actions.map((a) => a.id);
    expect(sold(false)).not.toContain("save");
    expect(sold(true)).toContain("save");
  });
});
