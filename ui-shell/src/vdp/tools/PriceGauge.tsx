// The VDP's price-comparison gauge (docs/features/platform.md "Finance and delivery tools"): where
// the listing price sits in the market range.
// Spec: docs/features/shopper-core.md §2 "price comparison gauge", §3, §5, §7 "GET {car path}/autogauge ... on
// failure log and hide the widget", §8 "logs 'Failed to fetch auto gauge data.' and renders
// nothing", §9 "Price-comparison animation 2.5 s (counter 2 s)".
import { useEffect, useState } from "react";
import type { CarResponse } from "../../api/types";
import { formatMoney } from "../../lib/format";
import { type AutogaugeAnswer, getAutogauge } from "./api";
import { GAUGE_COUNTER_MS, GAUGE_FILL_MS, type GaugeView, gaugeView, progress } from "./gauge";
import "./tools.css";

/** The failure message logged when the autogauge call fails (docs/features/shopper-core.md §8). */
export const GAUGE_FAILURE = "Failed to fetch auto gauge data.";

const reducedMotion = () => typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * Animation progress of the gauge's fill (2.5 s) and price counter (2 s), each 0..1, driven by
 * requestAnimationFrame from mount; both 1 at once with prefers-reduced-motion (docs/features/shopper-core.md §9).
 * Takes whether to run; returns `{fill, counter}`.
 */
export function useGaugeAnimation(run: boolean): { fill: number; counter: number } {
  const [p, setP] = useState(() => (reducedMotion() ? { fill: 1, counter: 1 } : { fill: 0, counter: 0 }));
  useEffect(() => {
    if (!run) return;
    if (reducedMotion() || typeof requestAnimationFrame !== "function") {
      setP({ fill: 1, counter: 1 });
      return;
    }
    let frame = 0;
    let start: number | null = null;
    const tick = (now: number) => {
      start ??= now;
      const fill = progress(now - start, GAUGE_FILL_MS);
      setP({ fill, counter: progress(now - start, GAUGE_COUNTER_MS) });
      if (fill < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [run]);
  return p;
}

/**
 * The gauge itself, for an answer that shows (docs/features/shopper-core.md §5, §9): the market range with the fill
 * animated to at least 20 %, the listing price counting up to its value, the description and the
 * basis. Takes the {@link GaugeView}; renders a `<section>`.
 */
export function Gauge({ view }: { view: GaugeView }) {
  const p = useGaugeAnimation(true);
  const shownPrice = view.min + (view.listingPrice - view.min) * p.counter;
  return (
    <section className="fc-vdp-section fc-gauge" aria-labelledby="fc-gauge-title" data-section="price-gauge">
      <h2 id="fc-gauge-title">Price Comparison</h2>
      <p className="fc-gauge__price">
        This car:{" "}
        <strong data-gauge-price={view.listingPrice}>{formatMoney(p.counter >= 1 ? view.listingPrice : shownPrice)}</strong>
      </p>
      <meter
        className="fc-visually-hidden"
        aria-labelledby="fc-gauge-title"
        min={0}
        max={100}
        value={view.fill}
        aria-valuetext={`${formatMoney(view.listingPrice)} in a market range of ${formatMoney(view.min)} to ${formatMoney(view.max)}`}
      />
      <div className="fc-gauge__track" aria-hidden="true" data-gauge-fill={view.fill}>
        <span className="fc-gauge__fill" style={{ width: `${view.fill * p.fill}%` }} />
      </div>
      <p className="fc-gauge__range">
        <span>{formatMoney(view.min)}</span>
        <span>{formatMoney(view.max)}</span>
      </p>
      <p className="fc-gauge__description" data-gauge-description="">
        {view.description}
      </p>
      {view.comparables !== null || view.basis ? (
        <p className="fc-muted fc-gauge__basis">
          {view.comparables !== null ? `Based on ${view.comparables} comparable cars` : "Based on"}
          {view.basis ? ` (${view.basis})` : ""}.
        </p>
      ) : null}
    </section>
  );
}

/** Props of {@link PriceGauge}: the car, and optionally how to load the answer (stories, tests). */
export interface PriceGaugeProps {
  res: CarResponse;
  load?: (slug: string) => Promise<AutogaugeAnswer>;
}

/**
 * The price-comparison gauge (docs/features/shopper-core.md §2, §5, §7, §8): GET /api/v1/cars/{slug}/autogauge
 * (shared with the sidebar's indicator), then the gauge when the answer passes the visibility
 * rules; on failure `console.error('Failed to fetch auto gauge data.')` and nothing renders.
 * Takes {@link PriceGaugeProps}; renders the gauge or nothing.
 */
export default function PriceGauge({ res, load = getAutogauge }: PriceGaugeProps) {
  const slug = res.car.slug;
  const [answer, setAnswer] = useState<{ slug: string; view: GaugeView | null } | null>(null);
  useEffect(() => {
    let live = true;
    load(slug).then(
      (a) => {
        if (live) setAnswer({ slug, view: gaugeView(a) });
      },
      () => {
        if (!live) return;
        console.error(GAUGE_FAILURE);
        setAnswer({ slug, view: null });
      },
    );
    return () => {
      live = false;
    };
  }, [slug, load]);
  const view = answer?.slug === slug ? answer.view : null;
  return view ? <Gauge view={view} /> : null;
}
