// The sidebar's market-price indicator rule (docs/features/platform.md
// "Finance and delivery tools"). First-load code: kept small.
// Spec: docs/features/shopper-core.md §2 sidebar "market-price indicator", §3 autograb_data, §5 "Market-price
// indicator appears when the car is at least 500 dollars under the average (state average
// preferred)", §9 "market indicator threshold 500".

/** Dollars under the market average from which the indicator shows (docs/features/shopper-core.md §9). */
export const MARKET_THRESHOLD = 500;

/** Market averages, AUD (the car's `autograb_data`, or the autogauge answer). */
export interface MarketAverages {
  average_market_price?: unknown;
  state_average_market_price?: unknown;
}

const money = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) && v > 0 ? v : null);

/**
 * How far the car's price is under the market average, when it is at least $500 under (docs/features/shopper-core.md
 * §5): the state average when known, else the national one. Takes the price (AUD) and the
 * averages (AUD; null or missing fields allowed); returns the difference in AUD and which average
 * was used, or null when the indicator does not show.
 */
export function marketSaving(
  price: number,
  averages: MarketAverages | null | undefined,
): { saving: number; average: number; basis: "state" | "national" } | null {
  if (!averages || !(price > 0)) return null;
  const state = money(averages.state_average_market_price);
  const average = state ?? money(averages.average_market_price);
  if (average === null) return null;
  const saving = average - price;
  return saving >= MARKET_THRESHOLD ? { saving, average, basis: state !== null ? "state" : "national" } : null;
}

/**
 * The car's own market averages (`car.autograb_data`: the feed's, or the host's from comparable
 * stock, whose figures are null when there are too few cars), or null when the car response has
 * none. Takes the car's `autograb_data` field as the API gives it; returns the averages or null.
 */
export function ownAverages(data: unknown): MarketAverages | null {
  if (typeof data !== "object" || data === null) return null;
  const d = data as MarketAverages;
  return {
    average_market_price: money(d.average_market_price),
    state_average_market_price: money(d.state_average_market_price),
  };
}
