// Test and Storybook fixtures for the VDP tools (docs/features/platform.md
// "Finance and delivery tools"): cars with a finance offer, and a fake host for the tools' calls.
// Not part of the app bundle (only tests and stories import it).
import { CAR } from "../../__tests__/fixtures";
import type { CarResponse } from "../../api/types";
import type { AutogaugeAnswer, Calculator, DeliveryAnswer, FetchLike, QuoteAnswer, RepaymentAnswer, RepaymentBody } from "./api";

/** A calculator like a luxury dealer's lender: $5,000-$100,000, 5.99-15.99 %, fee $1,360.50. */
export const CALCULATOR: Calculator = {
  lender_name: "Harbourside Finance",
  amount: { min: 5000, max: 100000, step: 500 },
  default_amount: 30000,
  term: { kind: "range", min: 1, max: 7, step: 0.5 },
  default_term_years: 5,
  interest: { min: 5.99, max: 15.99, step: 0.5 },
  default_interest: 8.99,
  deposit: { min: 0, max: 250000, step: 0.5 },
  residual: { min: 0, max: 250000, step: 0.5 },
  establishment_fee: 1360.5,
  frequencies: ["week", "fortnight", "month"],
  default_frequency: "week",
  comparison_rate_text:
    "Comparison rate based on a 5-year secured fixed loan of $30,000. WARNING: This comparison rate is true only for the example given and may not include all fees and charges.",
  disclaimer: `${"Finance is subject to the lender's credit approval, terms and conditions. Fees and charges apply. ".repeat(4)}This is an estimate only.`,
};

/** A lender with a list of terms shown in months and a fixed interest rate (the field disabled). */
export const CALCULATOR_CHOICES: Calculator = {
  ...CALCULATOR,
  lender_name: null,
  term: { kind: "choices", years: [1, 2, 3, 4, 5], display: "months", default_index: 4 },
  interest: null,
  default_interest: 12.94,
  establishment_fee: 0,
  frequencies: ["week", "month"],
  disclaimer: "Short disclaimer.",
};

/** A luxury SUV with a finance offer (calculator, widget shown, weekly estimate $147). */
export const CAR_FINANCE: CarResponse = {
  ...CAR,
  finance: { calculator: CALCULATOR, show_widget: true, estimate: { kind: "figure", per_period: 147, total: 38220 } },
};

/** The same car with a lender quote on the car (`youxQuote`). */
export const CAR_YOUX: CarResponse = {
  ...CAR_FINANCE,
  car: { ...CAR_FINANCE.car, youxQuote: { weeklyRepaymentAmount: 139.5, advertisedRate: 7.49, comparisonRate: 8.12 } },
};

/** An electric car (an EV brand's stock). */
export const CAR_ELECTRIC: CarResponse = {
  ...CAR,
  car: { ...CAR.car, make: "IM Motors", model: "LS6", fuel: "Electric", simple_fuel: "electric", fuelconsumptioncombined: null },
};

/** A quote answer (POST /api/v1/finance/quote). */
export const QUOTE: QuoteAnswer = {
  weeklyRepaymentAmount: 152,
  monthlyRepaymentAmount: 658.16,
  advertisedRate: 7.99,
  comparisonRate: 9.01,
  loanTerm: 5,
  purchasePrice: 82990,
  lender: "Harbourside Finance",
  decided_by: "host",
  show_widget: true,
  stored: true,
};

/** An autogauge answer that shows (confidence 0.8, listing inside the range). */
export const GAUGE: AutogaugeAnswer = {
  fill: 62,
  listing_price: 82990,
  market_range_min: 76000,
  market_range_max: 91000,
  confidence: 0.8,
  description: "This car is priced in line with the market.",
  average_market_price: 86000,
  state_average_market_price: 85500,
  comparables: 14,
  basis: "similar cars listed in NSW in the last 90 days",
  visible: true,
  below_market: false,
};

/** A delivery answer with a price. */
export const DELIVERY: DeliveryAnswer = {
  postcode: "4000",
  locality: "Brisbane City",
  state: "QLD",
  distance_km: 917,
  price: 1190,
  name: "South East Queensland",
  message: null,
  from_location: "Drummoyne",
};

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/**
 * A fake repayment answer for a body (stories only; the real figure is the host's): clamps to
 * {@link CALCULATOR}'s amount range and returns an illustrative weekly figure. Takes the body;
 * returns a {@link RepaymentAnswer}.
 */
export function fakeRepayment(body: RepaymentBody, c: Calculator = CALCULATOR): RepaymentAnswer {
  const clamped: RepaymentAnswer["clamped"] = [];
  let amount = body.amount ?? c.default_amount;
  if (amount < c.amount.min || amount > c.amount.max) {
    amount = Math.min(c.amount.max, Math.max(c.amount.min, amount));
    clamped.push({ field: "amount", message: `Cannot be less than ${c.amount.min} or more than ${c.amount.max}` });
  }
  let deposit = body.deposit ?? 0;
  if (deposit > c.deposit.max) {
    deposit = c.deposit.max;
    clamped.push({ field: "deposit", message: `Cannot be less than ${c.deposit.min} or more than ${c.deposit.max}` });
  }
  const frequency = body.frequency ?? "week";
  const suffix = frequency === "week" ? "wk" : frequency === "fortnight" ? "fn" : "mo";
  const financed = Math.max(0, amount - deposit);
  const per =
    financed === 0 ? null : Math.ceil((financed / 1000) * (frequency === "week" ? 4.9 : frequency === "fortnight" ? 9.8 : 21.3));
  return {
    per_period: per,
    total: per === null ? null : per * 260,
    frequency,
    suffix,
    display: per === null ? "Enquire for Finance" : `$${per}/${suffix}`,
    text: per === null ? "Enquire for Finance" : null,
    inputs: {
      amount,
      deposit,
      term_years: body.term_years ?? 5,
      interest: body.interest ?? c.default_interest,
      residual: body.residual ?? 0,
      frequency,
      establishment_fee: c.establishment_fee,
    },
    clamped,
    decided_by: "host",
  };
}

/**
 * A fake host for the tools' calls (stories and tests): repayment, quote, delivery (postcode
 * `0000` is refused with a 400, `9999` has no price) and autogauge. Takes optional overrides
 * of the autogauge answer (null: a 500); returns a fetch.
 */
export function fakeHost(gauge: AutogaugeAnswer | null = GAUGE): FetchLike {
  return async (input, init) => {
    await new Promise((r) => setTimeout(r, 150));
    const url = new URL(input, "http://localhost");
    if (url.pathname === "/api/v1/finance/repayment") return reply(200, fakeRepayment(JSON.parse(String(init?.body))));
    if (url.pathname === "/api/v1/finance/quote") return reply(200, QUOTE);
    if (url.pathname.endsWith("/delivery")) {
      const postcode = url.searchParams.get("postcode") ?? "";
      if (!/^\d{4}$/.test(postcode) || postcode === "0000")
        return reply(400, {
          error: { code: "invalid_field", message: "Invalid postcode. Please enter a 4-digit number.", field: "postcode" },
        });
      if (postcode === "9999") return reply(200, { ...DELIVERY, postcode, price: null, name: null });
      return reply(200, { ...DELIVERY, postcode });
    }
    if (url.pathname.endsWith("/autogauge"))
      return gauge ? reply(200, gauge) : reply(500, { error: { code: "internal", message: "An unknown error occurred." } });
    return reply(404, { error: { code: "not_found", message: "Not found" } });
  };
}
