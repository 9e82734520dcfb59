import { describe, expect, it } from "vitest";
import { emptyState, formatAddress } from "./address";
import {
  clampPriceThumbs,
  clearFilters,
  filterCount,
  firstLoadState,
  PRICE_SLIDER,
  persistKey,
  priceRangeOf,
  priceThumbs,
  readPersisted,
  setRange,
  sortChoices,
  toggleRefinement,
  writePersisted,
} from "./filters";

describe("filter state (docs/features/shopper-core.md §2 filters)", () => {
  it("toggles refinement values and goes back to page 1", () => {
    let s = { ...emptyState(), page: 4 };
    s = toggleRefinement(s, "make", "Toyota", true);
    s = toggleRefinement(s, "make", "Mazda", true);
    expect(s.refinements.make).toEqual(["Toyota", "Mazda"]);
    expect(s.page).toBe(1);
    expect(formatAddress(s)).toBe("make=Toyota&make=Mazda");
    s = toggleRefinement(toggleRefinement(s, "make", "Toyota", false), "make", "Mazda", false);
    expect(s.refinements).toEqual({});
  });

  it("keeps the price slider's min below its max, on the 500 grid, within 5000-250000", () => {
    expect(clampPriceThumbs([0, 999_999])).toEqual([5000, 250_000]);
    expect(clampPriceThumbs([30_000, 30_000])).toEqual([30_000, 30_500]);
    expect(clampPriceThumbs([250_000, 250_000])).toEqual([249_500, 250_000]);
    expect(clampPriceThumbs([12_340, 20_260])).toEqual([12_500, 20_500]);
    expect(PRICE_SLIDER).toEqual({ min: 5000, max: 250_000, step: 500 });
  });

  it("leaves a price end open at the slider's end, and reads it back", () => {
    expect(priceRangeOf([5000, 250_000])).toEqual({ min: null, max: null });
    expect(priceRangeOf([10_000, 250_000])).toEqual({ min: 10_000, max: null });
    const s = setRange(emptyState(), "price", priceRangeOf([10_000, 40_000]));
    expect(formatAddress(s)).toBe("price=10000:40000");
    expect(priceThumbs(s)).toEqual([10_000, 40_000]);
    expect(priceThumbs(emptyState())).toEqual([5000, 250_000]);
    expect(setRange(s, "price", { min: null, max: null }).ranges).toEqual({});
  });

  it("clears filters and counts them", () => {
    const s = setRange(toggleRefinement({ ...emptyState(), query: "rav4", sortBy: "price_asc" }, "body", "SUV", true), "km", {
      min: null,
      max: 50_000,
    });
    expect(filterCount(s)).toBe(3);
    const c = clearFilters(s);
    expect(filterCount(c)).toBe(0);
    expect(c.sortBy).toBe("price_asc");
  });

  it("persists filters per site and ignores malformed storage", () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    } as unknown as Storage;
    const s = setRange(toggleRefinement(emptyState(), "make", "Kia", true), "year", { min: 2020, max: null });
    writePersisted(storage, "site-a", s);
    expect(readPersisted(storage, "site-a")).toEqual({
      refinements: { make: ["Kia"] },
      ranges: { year: { min: 2020, max: null } },
    });
    expect(readPersisted(storage, "site-b")).toBeNull();
    store.set(persistKey("site-b"), "{not json");
    expect(readPersisted(storage, "site-b")).toBeNull();
    writePersisted(storage, "site-a", emptyState());
    expect(store.has(persistKey("site-a"))).toBe(false);
  });

  it("applies persisted filters, else the tenant's defaults, on a first load without filters", () => {
    const bare = emptyState();
    const persisted = { refinements: { make: ["Kia"], car_type: ["used"] }, ranges: { km: { min: null, max: 50_000 } } };
    expect(firstLoadState(bare, {}, persisted, { car_type: ["new"] }).refinements).toEqual({ make: ["Kia"], car_type: ["used"] });
    expect(firstLoadState(bare, {}, null, { car_type: ["new"] }).refinements).toEqual({ car_type: ["new"] });
    // The route's own attributes win (a /search/used-cars page never gets car_type=new).
    expect(firstLoadState(bare, { car_type: ["used"] }, null, { car_type: ["new"] }).refinements).toEqual({});
    // An address with filters is kept as it is.
    const withMake = toggleRefinement(bare, "make", "BMW", true);
    expect(firstLoadState(withMake, {}, persisted, { car_type: ["new"] })).toBe(withMake);
  });
});

describe("sort choices (docs/features/platform.md 'Price history and freshness')", () => {
  it("offers Recently reduced only on a tenant that shows price drops, or when the address asks for it", () => {
    const values = (on: boolean, current: string) => sortChoices(on, current).map((c) => c.value);
    expect(values(false, "custom_rank")).not.toContain("recently_reduced");
    expect(values(true, "custom_rank")).toContain("recently_reduced");
    expect(values(false, "recently_reduced")).toContain("recently_reduced");
    expect(values(false, "custom_rank")).toHaveLength(6);
  });
});
