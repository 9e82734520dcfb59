import { describe, expect, it } from "vitest";
import { CAR } from "../../__tests__/fixtures";
import { CAR_FINANCE, CAR_YOUX, QUOTE } from "./fixtures";
import { marketSaving, ownAverages } from "./market";
import { financeFigures, needsQuote } from "./quote";

describe("finance widget figures (docs/features/shopper-core.md §2, §4, §5, §9)", () => {
  it("asks for a quote only when the car has none and a price above 0", () => {
    expect(needsQuote(CAR_FINANCE)).toBe(true);
    expect(needsQuote(CAR_YOUX)).toBe(false);
    expect(needsQuote({ ...CAR_FINANCE, car: { ...CAR_FINANCE.car, price: 0 } })).toBe(false);
    expect(needsQuote({ ...CAR_FINANCE, finance: null })).toBe(false);
  });

  it("uses the car's youxQuote: weekly, monthly = weekly x 4.33, rates", () => {
    const f = financeFigures(CAR_YOUX, { status: "none" });
    expect(f).toMatchObject({ show: true, weekly: 139.5, advertisedRate: 7.49, comparisonRate: 8.12, teaser: "$140/wk" });
    expect(f.monthly).toBeCloseTo(139.5 * 4.33, 2);
  });

  it("uses the fetched quote, shown per its show_widget", () => {
    const f = financeFigures(CAR_FINANCE, { status: "ok", quote: QUOTE });
    expect(f).toMatchObject({ show: true, weekly: 152, monthly: 658.16, comparisonRate: 9.01, teaser: "$152/wk" });
    expect(financeFigures(CAR_FINANCE, { status: "ok", quote: { ...QUOTE, show_widget: false } }).show).toBe(false);
  });

  it("is loading while the quote is fetched, and falls back to the host's estimate when it failed", () => {
    expect(financeFigures(CAR_FINANCE, { status: "loading" })).toMatchObject({ show: false, loading: true });
    expect(financeFigures(CAR_FINANCE, { status: "failed" })).toMatchObject({ show: true, teaser: "$147/wk", weekly: 147 });
    const hidden = { ...CAR_FINANCE, finance: { ...CAR_FINANCE.finance, show_widget: false } } as typeof CAR_FINANCE;
    expect(financeFigures(hidden, { status: "failed" }).show).toBe(false);
    expect(financeFigures(CAR, { status: "failed" }).show).toBe(false);
  });
});

describe("market-price indicator (docs/features/shopper-core.md §5: $500 under the average, state preferred)", () => {
  it("shows at $500 or more under the state average", () => {
    expect(marketSaving(80000, { state_average_market_price: 80500, average_market_price: 70000 })).toEqual({
      saving: 500,
      average: 80500,
      basis: "state",
    });
    expect(marketSaving(80000, { state_average_market_price: 80499, average_market_price: 90000 })).toBeNull();
  });

  it("uses the national average without a state one", () => {
    expect(marketSaving(80000, { state_average_market_price: null, average_market_price: 81000 })).toMatchObject({
      saving: 1000,
      basis: "national",
    });
    expect(marketSaving(80000, {})).toBeNull();
    expect(marketSaving(0, { average_market_price: 81000 })).toBeNull();
  });

  it("reads the car's autograb_data whenever the host sent one, null figures included", () => {
    expect(ownAverages(null)).toBeNull();
    expect(ownAverages(undefined)).toBeNull();
    const none = ownAverages({ average_market_price: null, state_average_market_price: null });
    expect(none).toEqual({ average_market_price: null, state_average_market_price: null });
    expect(marketSaving(80000, none ?? {})).toBeNull();
    expect(ownAverages({ average_market_price: 90000 })).toEqual({
      average_market_price: 90000,
      state_average_market_price: null,
    });
  });
});
