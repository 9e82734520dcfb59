// The finance quote and the figures the sidebar teaser, the 'Car Finance' card and the sticky
// header show (docs/features/platform.md "Finance and delivery tools"). First-load code (the
// sidebar uses it), so it is kept small: the call itself is in ./api, loaded after the first
// render.
// Spec: docs/features/shopper-core.md §2 sidebar "weekly finance teaser", sticky header, 'Car Finance' card;
// §3 youxQuote; §4 "Finance quote: fetched once if absent and price above 0; shows loading";
// §5 finance widget; §7 POST /api/youx/quote; §8 "Quote fetch fails: silently ignored"; §9.

import { useEffect, useState } from "react";
import type { CarResponse } from "../../api/types";
import { formatMoney } from "../../lib/format";
import { shownPrice } from "../sidebar";
import type { QuoteAnswer } from "./api";

/** Weeks in a month for the monthly figure (docs/features/shopper-core.md §9 "monthly amount = weekly x 4.33"). */
export const WEEKS_PER_MONTH = 4.33;
/** The quote's loan term, years (docs/features/shopper-core.md §9 "quote loan term 5 years"). */
export const QUOTE_TERM_YEARS = 5;

/** Where the quote stands: not needed, being fetched, answered, or failed (ignored). */
export type QuoteState = { status: "none" } | { status: "loading" } | { status: "ok"; quote: QuoteAnswer } | { status: "failed" };

/** What the finance widget shows: money in AUD, rates in percent p.a. */
export interface FinanceFigures {
  /** Whether the widget (teaser and 'Car Finance' card) shows. */
  show: boolean;
  /** The quote is being fetched (the teaser shows its loading state). */
  loading: boolean;
  /** Weekly repayment, AUD, or null. */
  weekly: number | null;
  /** Monthly repayment (weekly x 4.33), AUD, or null. */
  monthly: number | null;
  advertisedRate: number | null;
  comparisonRate: number | null;
  /** The teaser's figure, e.g. `$147/wk`, or null. */
  teaser: string | null;
}

/**
 * Display suffixes by frequency (docs/features/shopper-core.md §9); src/vdp/maths.ts `perSuffix` has the same, kept out
 * of the first load.
 */
const SUFFIX: Record<string, string> = { week: "/wk", fortnight: "/fn", month: "/mo" };

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/**
 * The car's own quote (`car.youxQuote`: weeklyRepaymentAmount, advertisedRate, comparisonRate;
 * docs/features/shopper-core.md §3) when it has a weekly figure, else null. Takes the car response; returns the
 * three numbers (AUD, percent) or null.
 */
export function carQuote(
  res: CarResponse,
): { weekly: number; advertisedRate: number | null; comparisonRate: number | null } | null {
  const q = res.car.youxQuote as Record<string, unknown> | null | undefined;
  const weekly = num(q?.weeklyRepaymentAmount);
  if (!q || weekly === null) return null;
  return { weekly, advertisedRate: num(q.advertisedRate), comparisonRate: num(q.comparisonRate) };
}

/**
 * Whether the page must ask for a quote (docs/features/shopper-core.md §4 "fetched once if absent and price above
 * 0"): `youxQuote` absent, a price the page shows (src/vdp/sidebar.ts shownPrice: no placeholder), and the host offering finance for the car (with
 * `finance` null the host answers the quote 422, which the browser would log). Takes the car
 * response; returns true when the quote is to be fetched.
 */
export function needsQuote(res: CarResponse): boolean {
  return carQuote(res) === null && (res.car.price ?? 0) > 0 && shownPrice(res.price_view) !== null && res.finance != null;
}

/**
 * The finance widget's figures (docs/features/shopper-core.md §2, §5, §9): the car's `youxQuote` when present (the
 * widget shows per `finance.show_widget`), else the fetched quote (per its `show_widget`), else,
 * once the quote failed or was not needed, the host's estimate at the calculator's defaults. The
 * monthly figure is weekly x 4.33. Takes the car response and the quote state; returns
 * {@link FinanceFigures}.
 */
export function financeFigures(res: CarResponse, quote: QuoteState): FinanceFigures {
  const none = { weekly: null, monthly: null, advertisedRate: null, comparisonRate: null, teaser: null };
  const own = carQuote(res);
  const fromQuote = (weekly: number | null, advertisedRate: number | null, comparisonRate: number | null, show: boolean) => ({
    show: show && weekly !== null,
    loading: false,
    weekly,
    monthly: weekly === null ? null : Math.round(weekly * WEEKS_PER_MONTH * 100) / 100,
    advertisedRate,
    comparisonRate,
    teaser: weekly === null ? null : `${formatMoney(weekly)}/wk`,
  });
  if (own) return fromQuote(own.weekly, own.advertisedRate, own.comparisonRate, res.finance?.show_widget === true);
  if (quote.status === "ok") {
    const q = quote.quote;
    return fromQuote(num(q.weeklyRepaymentAmount), num(q.advertisedRate), num(q.comparisonRate), q.show_widget === true);
  }
  if (quote.status === "loading") return { show: false, loading: true, ...none };
  const est = res.finance?.estimate;
  if (!res.finance?.show_widget || est?.kind !== "figure") return { show: false, loading: false, ...none };
  const suffix = SUFFIX[res.finance.calculator?.default_frequency ?? "week"] ?? "/wk";
  return {
    show: true,
    loading: false,
    ...none,
    weekly: suffix === "/wk" ? est.per_period : null,
    monthly: suffix === "/wk" ? Math.round(est.per_period * WEEKS_PER_MONTH * 100) / 100 : null,
    teaser: `${formatMoney(est.per_period)}${suffix}`,
  };
}

/**
 * Fetches the finance quote once per car when the car has none and a price above 0 (docs/features/shopper-core.md
 * §4, §7: credit score GREAT, loan term 5, year, vin, nvic, whoIsHelping null); failures are
 * silently ignored (§8). Takes the car response (or null while loading); returns the
 * {@link QuoteState}.
 */
export function useFinanceQuote(res: CarResponse | null): QuoteState {
  const need = res ? needsQuote(res) : false;
  const slug = res?.car.slug ?? "";
  const [state, setState] = useState<{ slug: string; quote: QuoteState }>({ slug: "", quote: { status: "none" } });
  useEffect(() => {
    if (!res || !need) return;
    const car = res.car;
    const ac = new AbortController();
    // Another car's quote (or none) already reads as loading below: no re-render of the page then.
    setState((s) => (s.slug === slug ? { slug, quote: { status: "loading" } } : s));
    // The request starts in a task of its own, not in the first render's effects (total blocking time).
    new Promise((resolve) => setTimeout(resolve, 0))
      .then(() => import("./api"))
      .then((m) =>
        m.postQuote(
          {
            car: car.slug,
            selfAssessedCreditScore: "GREAT",
            purchasePrice: car.price,
            loanTerm: QUOTE_TERM_YEARS,
            year: car.year,
            vin: car.vin ?? null,
            nvic: car.nvic ?? null,
            whoIsHelping: null,
          },
          ac.signal,
        ),
      )
      .then(
        (r) => {
          if (!ac.signal.aborted) setState({ slug, quote: r.ok ? { status: "ok", quote: r.data } : { status: "failed" } });
        },
        () => {
          if (!ac.signal.aborted) setState({ slug, quote: { status: "failed" } });
        },
      );
    return () => ac.abort();
    // `res` changes identity only with the car (useCar): one request per car.
  }, [res, slug, need]);
  if (!need) return { status: "none" };
  return state.slug === slug ? state.quote : { status: "loading" };
}
