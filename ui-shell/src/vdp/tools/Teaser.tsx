// The sidebar's finance teaser and market-price indicator (docs/features/platform.md
// "Finance and delivery tools"), rendered in the template sidebar's `financeTeaser` slot
// (src/contract.ts). First-screen code, so it stays small; the autogauge call (./api) loads after
// the first render and only when the car has no market data.
// Spec: docs/features/shopper-core.md §2 sidebar "market-price indicator", "weekly finance teaser"; §4 "Finance
// quote ... shows loading"; §5; §9.
import { useEffect, useState } from "react";
import type { CarResponse } from "../../api/types";
import { Skeleton } from "../../design/Skeleton";
import { formatMoney } from "../../lib/format";
import { shownPrice } from "../sidebar";
import { type MarketAverages, marketSaving, ownAverages } from "./market";
import type { FinanceFigures } from "./quote";

/**
 * The car's market averages (AUD): its `autograb_data` when present, else the autogauge answer
 * (GET /api/v1/cars/{slug}/autogauge, shared with the gauge; a failure shows no indicator here,
 * the gauge logs it). Takes the car response (or null while loading); returns the averages or null.
 */
export function useMarketAverages(res: CarResponse | null): MarketAverages | null {
  const own = res ? ownAverages(res.car.autograb_data) : null;
  const slug = res?.car.slug ?? "";
  const need = res !== null && own === null && shownPrice(res.price_view) !== null;
  const [fetched, setFetched] = useState<{ slug: string; data: MarketAverages } | null>(null);
  useEffect(() => {
    if (!need) return;
    let live = true;
    import("./api")
      .then((m) => m.getAutogauge(slug))
      .then(
        (data) => {
          if (live) setFetched({ slug, data });
        },
        () => {},
      );
    return () => {
      live = false;
    };
  }, [slug, need]);
  return own ?? (fetched?.slug === slug ? fetched.data : null);
}

/** Props of {@link FinanceTeaser}: the widget's figures, the price the page shows (AUD; 0 when it shows none: src/vdp/sidebar.ts shownPrice) and the market averages. */
export interface FinanceTeaserProps {
  figures: FinanceFigures;
  price: number;
  averages: MarketAverages | null;
}

/**
 * The sidebar's market-price indicator (at least $500 under the market average, state average
 * preferred) and weekly finance teaser (`$147/wk` when the finance widget shows; a loading line
 * while the quote is fetched, as tall as the teaser: two lines, app.css `.fc-teaser`). Takes
 * {@link FinanceTeaserProps}; renders a fragment (empty when neither shows).
 */
export function FinanceTeaser({ figures, price, averages }: FinanceTeaserProps) {
  const market = marketSaving(price, averages);
  return (
    <>
      {market ? (
        <p className="fc-market" data-market-indicator={market.basis}>
          <strong>{formatMoney(market.saving)} below</strong> the {market.basis === "state" ? "state " : ""}market average of{" "}
          {formatMoney(market.average)}
        </p>
      ) : null}
      {figures.loading ? (
        <p className="fc-teaser" data-finance-teaser="loading" aria-busy="true">
          <Skeleton width="9em" height="1.2em" shape="text" />
          <span className="fc-visually-hidden">Loading finance estimate</span>
        </p>
      ) : figures.show && figures.teaser ? (
        <p className="fc-teaser" data-finance-teaser="">
          Finance from <strong>{figures.teaser}</strong>
          {figures.comparisonRate !== null ? (
            <span className="fc-teaser__rate"> ({figures.comparisonRate}% p.a. comparison rate)</span>
          ) : null}
        </p>
      ) : null}
    </>
  );
}
