import { describe, expect, it } from "vitest";
import type { AutogaugeAnswer } from "./api";
import { GAUGE } from "./fixtures";
import { GAUGE_COUNTER_MS, GAUGE_FILL_MS, gaugeView, progress } from "./gauge";

const with_ = (o: Partial<AutogaugeAnswer>): AutogaugeAnswer => ({ ...GAUGE, ...o });

describe("price comparison gauge visibility (docs/features/shopper-core.md §5)", () => {
  it("shows a complete answer", () => {
    expect(gaugeView(GAUGE)).toMatchObject({ fill: 62, listingPrice: 82990, min: 76000, max: 91000, confidence: 0.8 });
  });

  it.each(["fill", "listing_price", "market_range_min", "market_range_max", "confidence", "description"] as const)(
    "hides when %s is missing",
    (field) => {
      expect(gaugeView(with_({ [field]: null }))).toBeNull();
    },
  );

  it("hides when the host says it is not visible", () => {
    expect(gaugeView(with_({ visible: false }))).toBeNull();
  });

  it("hides an empty description and a missing answer", () => {
    expect(gaugeView(with_({ description: "  " }))).toBeNull();
    expect(gaugeView(null)).toBeNull();
  });

  it("hides at confidence 0.2 or lower, shows above", () => {
    expect(gaugeView(with_({ confidence: 0.2 }))).toBeNull();
    expect(gaugeView(with_({ confidence: 0.1 }))).toBeNull();
    expect(gaugeView(with_({ confidence: 0.21 }))).not.toBeNull();
  });

  it("hides when the market maximum is below the listing price, shows when equal", () => {
    expect(gaugeView(with_({ market_range_max: 82989 }))).toBeNull();
    expect(gaugeView(with_({ market_range_max: 82990 }))).not.toBeNull();
  });

  it("fills at least 20 percent and at most 100", () => {
    expect(gaugeView(with_({ fill: 3 }))?.fill).toBe(20);
    expect(gaugeView(with_({ fill: 20 }))?.fill).toBe(20);
    expect(gaugeView(with_({ fill: 140 }))?.fill).toBe(100);
  });

  it("does not need the optional fields", () => {
    expect(gaugeView(with_({ basis: null, average_market_price: null }))).toMatchObject({
      comparables: 14,
      basis: null,
    });
  });
});

describe("gauge animation (docs/features/shopper-core.md §9: fill 2.5 s, counter 2 s)", () => {
  it("runs from 0 to 1 over the duration, eased out", () => {
    expect(GAUGE_FILL_MS).toBe(2500);
    expect(GAUGE_COUNTER_MS).toBe(2000);
    expect(progress(0, GAUGE_FILL_MS)).toBe(0);
    expect(progress(1250, GAUGE_FILL_MS)).toBeCloseTo(0.875, 6);
    expect(progress(2499, GAUGE_FILL_MS)).toBeLessThan(1);
    expect(progress(2500, GAUGE_FILL_MS)).toBe(1);
    expect(progress(2000, GAUGE_COUNTER_MS)).toBe(1);
    expect(progress(10, 0)).toBe(1);
  });
});
