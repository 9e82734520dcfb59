// The electric-model area's pure logic (docs/features/locations-forms-marketing.md §2, §4, §9).
import { describe, expect, it } from "vitest";
import { MODELS_FIXTURE } from "./fixture";
import {
  BANNER_REPEAT,
  bannerStatsFor,
  carouselEnds,
  ctaVariant,
  DEFAULT_BANNER_STATS,
  familyFor,
  isComingSoon,
  repeatBanner,
  stockSearchHref,
  swipeStep,
  tabId,
  tabIndexFor,
  wrapIndex,
} from "./models";

describe("wrapIndex (hero slider loops, §9)", () => {
  it("next from the last slide is the first, previous from the first is the last", () => {
    expect(wrapIndex(2, 2)).toBe(0);
    expect(wrapIndex(-1, 2)).toBe(1);
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
  });
  it("keeps indexes in range and wraps any distance", () => {
    expect(wrapIndex(1, 3)).toBe(1);
    expect(wrapIndex(7, 3)).toBe(1);
    expect(wrapIndex(-4, 3)).toBe(2);
  });
  it("is 0 without slides or for a non-finite index", () => {
    expect(wrapIndex(5, 0)).toBe(0);
    expect(wrapIndex(Number.NaN, 3)).toBe(0);
    expect(wrapIndex(0, 1)).toBe(0);
    expect(wrapIndex(1, 1)).toBe(0);
  });
});

describe("carouselEnds (previous/next disabled at the ends, §4)", () => {
  it("is at the start before any scroll, not at the end while cards overflow", () => {
    expect(carouselEnds({ scrollLeft: 0, scrollWidth: 1500, clientWidth: 400 })).toEqual({ atStart: true, atEnd: false });
  });
  it("is at neither end in the middle", () => {
    expect(carouselEnds({ scrollLeft: 500, scrollWidth: 1500, clientWidth: 400 })).toEqual({ atStart: false, atEnd: false });
  });
  it("is at the end when scrolled fully, within a sub-pixel tolerance", () => {
    expect(carouselEnds({ scrollLeft: 1100, scrollWidth: 1500, clientWidth: 400 })).toEqual({ atStart: false, atEnd: true });
    expect(carouselEnds({ scrollLeft: 1099.4, scrollWidth: 1500, clientWidth: 400 }).atEnd).toBe(true);
    expect(carouselEnds({ scrollLeft: 1.5, scrollWidth: 1500, clientWidth: 400 }).atStart).toBe(true);
  });
  it("is at both ends when everything fits", () => {
    expect(carouselEnds({ scrollLeft: 0, scrollWidth: 400, clientWidth: 400 })).toEqual({ atStart: true, atEnd: true });
    expect(carouselEnds({ scrollLeft: 0, scrollWidth: 0, clientWidth: 0 })).toEqual({ atStart: true, atEnd: true });
  });
});

describe("swipeStep", () => {
  it("a swipe to the left is next, to the right previous, a short one nothing", () => {
    expect(swipeStep(-80)).toBe(1);
    expect(swipeStep(80)).toBe(-1);
    expect(swipeStep(20)).toBe(0);
    expect(swipeStep(-49)).toBe(0);
  });
});

describe("tabIndexFor (tab from ?tab=, §2 tabbed content block)", () => {
  const tabs = [{ name: "Design" }, { name: "Performance" }, { name: "Technology" }];
  it("defaults to the first tab", () => {
    expect(tabIndexFor(tabs, null)).toBe(0);
    expect(tabIndexFor(tabs, undefined)).toBe(0);
    expect(tabIndexFor(tabs, "")).toBe(0);
  });
  it("matches the name case-insensitively", () => {
    expect(tabIndexFor(tabs, "performance")).toBe(1);
    expect(tabIndexFor(tabs, "PERFORMANCE")).toBe(1);
    expect(tabIndexFor(tabs, " Technology ")).toBe(2);
  });
  it("falls back to the first for an unknown name or no tabs", () => {
    expect(tabIndexFor(tabs, "range")).toBe(0);
    expect(tabIndexFor([], "performance")).toBe(0);
  });
  it("gives tabs stable ids", () => {
    expect(tabId("Performance", 1)).toBe("performance-1");
    expect(tabId("Range & Charging", 0)).toBe("range-charging-0");
    expect(tabId("—", 3)).toBe("tab-3");
  });
});

describe("repeatBanner (scrolling banner text repeated 20 times, §9)", () => {
  it("repeats the text 20 times", () => {
    const copies = repeatBanner("Drive away offers");
    expect(BANNER_REPEAT).toBe(20);
    expect(copies).toHaveLength(20);
    expect(new Set(copies)).toEqual(new Set(["Drive away offers"]));
  });
  it("takes another count, trims, and gives nothing for blank text", () => {
    expect(repeatBanner(" Hi ", 3)).toEqual(["Hi", "Hi", "Hi"]);
    expect(repeatBanner("   ")).toEqual([]);
    expect(repeatBanner("Hi", 0)).toEqual([]);
  });
});

describe("families, stats and CTAs", () => {
  it("finds a family by baseId; unknown ones are undefined (404)", () => {
    expect(familyFor(MODELS_FIXTURE, "im6")?.title).toBe("IM IM6");
    expect(familyFor(MODELS_FIXTURE, "nope")).toBeUndefined();
    expect(familyFor(MODELS_FIXTURE, undefined)).toBeUndefined();
  });
  it("uses the family's stats, else the content's bannerStats, else the spec's defaults", () => {
    const im6 = familyFor(MODELS_FIXTURE, "im6");
    const im5 = familyFor(MODELS_FIXTURE, "im5");
    if (!im6 || !im5) throw new Error("fixture");
    expect(bannerStatsFor(im6, MODELS_FIXTURE)).toEqual(im6.stats);
    expect(bannerStatsFor(im5, MODELS_FIXTURE)).toEqual(MODELS_FIXTURE.bannerStats);
    expect(bannerStatsFor(im5, { ...MODELS_FIXTURE, bannerStats: [] })).toEqual(DEFAULT_BANNER_STATS);
    expect(DEFAULT_BANNER_STATS.map((s) => `${s.label} ${s.value}`)).toEqual([
      "Range up to 755km",
      "0-100km/h from 3.2s",
      "Drivetrain RWD/AWD",
    ]);
  });
  it("maps CTA styles to button variants", () => {
    expect(ctaVariant({ style: "primary" })).toBe("primary");
    expect(ctaVariant({ style: "secondary" })).toBe("secondary");
    expect(ctaVariant({ style: "outline" })).toBe("secondary");
    expect(ctaVariant({ style: "" })).toBe("primary");
  });
  it("shows Coming Soon for coming_soon only, and builds the stock search", () => {
    expect(isComingSoon({ status: "coming_soon" })).toBe(true);
    expect(isComingSoon({ status: "available" })).toBe(false);
    expect(stockSearchHref("im5")).toBe("/search/new-used-and-demo-cars?query=im5");
  });
});
