// The price-comparison gauge's rules (docs/features/platform.md "Finance and delivery tools"): when
// it shows, its fill, and the animation's progress. Spec: docs/features/shopper-core.md §3
// "Autogauge result", §5 "Price comparison gauge is hidden if any field is missing, confidence is
// 0.2 or lower, or the market range maximum is below the listing price. Gauge fill is at least 20
// percent", §9 "Price-comparison animation 2.5 s (counter 2 s)".
import type { AutogaugeAnswer } from "./api";

/** Confidence at or below which the gauge hides (docs/features/shopper-core.md §5). */
export const MIN_CONFIDENCE = 0.2;
/** Smallest fill shown, percent (docs/features/shopper-core.md §5). */
export const MIN_FILL = 20;
/** Gauge fill animation, ms (docs/features/shopper-core.md §9). */
export const GAUGE_FILL_MS = 2500;
/** Price counter animation, ms (docs/features/shopper-core.md §9). */
export const GAUGE_COUNTER_MS = 2000;

/** A gauge that shows: every field the spec requires, present. Money AUD, fill percent, confidence 0..1. */
export interface GaugeView {
  fill: number;
  listingPrice: number;
  min: number;
  max: number;
  confidence: number;
  description: string;
  comparables: number | null;
  basis: string | null;
}

const n = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/**
 * The gauge to show, or null when it hides (docs/features/shopper-core.md §5): any of fill, listing_price,
 * market_range_min, market_range_max, confidence, description missing; confidence 0.2 or lower;
 * market_range_max below listing_price; or the host's own `visible` is false. The fill (percent) is raised to at least 20 and capped at
 * 100. Takes the autogauge answer; returns {@link GaugeView} or null.
 */
export function gaugeView(a: AutogaugeAnswer | null | undefined): GaugeView | null {
  if (!a || a.visible === false) return null;
  const { fill, listing_price, market_range_min, market_range_max, confidence, description } = a;
  if (!n(fill) || !n(listing_price) || !n(market_range_min) || !n(market_range_max) || !n(confidence)) return null;
  if (typeof description !== "string" || description.trim() === "") return null;
  if (confidence <= MIN_CONFIDENCE || market_range_max < listing_price) return null;
  return {
    fill: Math.min(100, Math.max(MIN_FILL, fill)),
    listingPrice: listing_price,
    min: market_range_min,
    max: market_range_max,
    confidence,
    description,
    comparables: n(a.comparables) ? a.comparables : null,
    basis: typeof a.basis === "string" && a.basis !== "" ? a.basis : null,
  };
}

/**
 * Ease-out progress of an animation (cubic). Takes the elapsed time and the duration (ms);
 * returns 0..1 (1 once the duration has passed, or at once for a zero duration).
 */
export function progress(elapsedMs: number, durationMs: number): number {
  if (!(durationMs > 0) || elapsedMs >= durationMs) return 1;
  if (elapsedMs <= 0) return 0;
  const t = elapsedMs / durationMs;
  return 1 - (1 - t) ** 3;
}
