// The finance application (docs/features/platform.md "Leads"): the finance pages' form card and the VDP's finance popup
// (four stage labels, two steps split at the name field). The quick quote comes from the host's
// `POST /api/v1/finance/quote`, re-requested 500 ms after the last change and blank while
// pending; submitting records the application as a lead; when the tenant's lender creates the
// customer (`adapters.finance_application`), the host answers its `redirect_url` and the visitor
// is sent there, or 'Failed to create customer' (the lead is kept; the form stays filled and a
// resubmit reuses the idempotency key).
// Spec: docs/features/locations-forms-marketing.md §2 "Finance page and popup", §4 "Finance quote", §5, §7, §8, §9.
import { type FormEvent, useEffect, useState } from "react";
import { useSite } from "../app/site";
import { MoneyField } from "../design/MoneyField";
import { RadioGroup } from "../design/RadioGroup";
import { formatMoney } from "../lib/format";
import {
  type ContactValues,
  checkContact,
  clampLoanTerm,
  clampPurchasePrice,
  type Errors,
  type FetchLike,
  leadsSettings,
  PRICE_MAX,
  PRICE_MIN,
  QUOTE_FAILED,
} from "./lead";
import { ContactFields, ErrorSummary, initialContact, SubmitButton, useLeadSubmit } from "./parts";

/** The popup's stage labels (docs/features/locations-forms-marketing.md §2 "Finance popup"). */
export const FINANCE_STAGES = ["Quick Estimate", "Your Details", "Instant pre-approval", "Apply to lender"] as const;
/** The quote debounce, ms (docs/features/locations-forms-marketing.md §9). */
export const QUOTE_DEBOUNCE_MS = 500;
/** Credit score choices (docs/features/locations-forms-marketing.md §5). */
export const CREDIT_SCORES = ["GREAT", "DECENT", "POOR"] as const;

/** Quote state: blank while pending, the weekly figure (AUD), or the failure message with a blank figure. */
export type Quote = { status: "pending" } | { status: "ok"; weekly: number | null } | { status: "failed" };

/**
 * Asks the host for the quick quote. Takes the credit score, price (AUD), term (years), an
 * AbortSignal and a fetch; returns the weekly repayment (AUD; null when the lender shows none)
 * or throws on failure. Spec: docs/features/locations-forms-marketing.md §7 finance-quote call.
 */
export async function fetchQuickQuote(
  body: { selfAssessedCreditScore: string; purchasePrice: number; loanTerm: number },
  signal: AbortSignal,
  fetchImpl: FetchLike = (i, init) => globalThis.fetch(i, init),
): Promise<number | null> {
  const r = await fetchImpl("/api/v1/finance/quote", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal,
  });
  if (!r.ok) throw new Error(`HTTP ${r.status}`);
  const b = (await r.json()) as { weeklyRepaymentAmount?: number | null };
  return typeof b.weeklyRepaymentAmount === "number" ? b.weeklyRepaymentAmount : null;
}

/**
 * The quick quote for the inputs, re-requested 500 ms after the last change (pending, and blank,
 * meanwhile; an out-of-range price is not quoted). Takes the inputs and a fetch; returns {@link Quote}.
 * Spec: docs/features/locations-forms-marketing.md §4 "Finance quote", §8 'Failed to get quick quote'.
 */
export function useQuickQuote(credit: string, price: number | null, term: number, fetchImpl?: FetchLike): Quote {
  const [quote, setQuote] = useState<Quote>({ status: "pending" });
  useEffect(() => {
    setQuote({ status: "pending" });
    if (price === null || price < 10000 || price > 200000) return;
    const ctrl = new AbortController();
    const t = setTimeout(() => {
      fetchQuickQuote({ selfAssessedCreditScore: credit, purchasePrice: price, loanTerm: term }, ctrl.signal, fetchImpl).then(
        (weekly) => !ctrl.signal.aborted && setQuote({ status: "ok", weekly }),
        () => !ctrl.signal.aborted && setQuote({ status: "failed" }),
      );
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      clearTimeout(t);
      ctrl.abort();
    };
  }, [credit, price, term, fetchImpl]);
  return quote;
}

/** Props of {@link FinanceForm}. */
export interface FinanceFormProps {
  /** The popup: stage labels and two steps split at the name field. */
  popup?: boolean;
  /** The car financed (numeric id), its price (AUD) and VIN. */
  car?: { id: number; price: number; vin?: string | null };
  /** The dealership the application is for (`preferredDealership`), sent as `dealership_slug`. */
  dealership?: string;
  /** Start price, AUD (e.g. `vehiclePriceBudget`); default 30000. */
  price?: number;
  fetchImpl?: FetchLike;
  onSuccess?: (leadId: string) => void;
  /** Sends the browser to the lender's address (default `window.location.assign`). */
  assign?: (url: string) => void;
}

/**
 * The finance form: purchase price (a money field: `$` prefix, thousands separators, typed freely,
 * clamped to 10,000-200,000 on blur), loan term
 * (1-7 years, step 1), credit score (GREAT, DECENT, POOR), the quick quote, then the contact
 * fields; submit records a `finance` lead and goes to /success, or to the lender's `redirect_url`
 * when the host returns one (an external lender created the customer); the host's create-customer
 * failure ('Failed to create customer', 'Failed to create customer or no redirect URL received.')
 * shows as the form error with the form kept. In the popup, step 1 is the
 * estimate and step 2 the details from the name field on, under the four stage labels.
 * Takes {@link FinanceFormProps}; renders the form.
 */
export function FinanceForm({ popup, car, dealership, price, fetchImpl, onSuccess, assign }: FinanceFormProps) {
  const { tenant } = useSite();
  const rules = leadsSettings(tenant);
  const lead = useLeadSubmit("finance", { fetchImpl, onSuccess, assign });
  const start = clampPurchasePrice(String(Math.round(price ?? car?.price ?? 30000))) ?? 30000;
  const [purchase, setPurchase] = useState<number | null>(start);
  const [term, setTerm] = useState(5);
  const [credit, setCredit] = useState("GREAT");
  const [contact, setContact] = useState<ContactValues>(initialContact);
  const [step, setStep] = useState(1);
  const quote = useQuickQuote(credit, purchase, term, fetchImpl);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (popup && step === 1) {
      if (purchase === null) return lead.setErrors({ purchase_price: "This is a required field." });
      lead.setErrors({});
      setStep(2);
      return;
    }
    const errors: Errors = checkContact(contact, rules.postcode_required);
    if (purchase === null) errors.purchase_price = "This is a required field.";
    void lead.submit(
      {
        ...contact,
        category: "Finance Application",
        purchase_price: purchase,
        loan_term: term,
        credit_score: credit,
        car_id: car?.id,
        vin: car?.vin ?? undefined,
        ...(dealership ? { dealership_slug: dealership } : {}),
      },
      errors,
    );
  };
  const err = lead.errors;
  const showEstimate = !popup || step === 1;
  const showDetails = !popup || step === 2;
  return (
    <form noValidate onSubmit={onSubmit} className="fc-lead-form" data-form="finance" id="finance-form">
      {popup ? (
        <ol className="fc-lead-stages">
          {FINANCE_STAGES.map((s, i) => (
            <li key={s} aria-current={i === step - 1 ? "step" : undefined}>
              {s}
            </li>
          ))}
        </ol>
      ) : null}
      <ErrorSummary errors={err} formError={lead.formError} />
      {showEstimate ? (
        <>
          <MoneyField
            label="Purchase Price"
            name="purchase_price"
            required
            min={PRICE_MIN}
            max={PRICE_MAX}
            value={purchase}
            onValueChange={setPurchase}
            error={err.purchase_price ?? null}
          />
          <label className="fc-field">
            <span className="fc-field__label">{`Loan Term: ${term} ${term === 1 ? "year" : "years"}`}</span>
            <input
              type="range"
              name="loan_term"
              min={1}
              max={7}
              step={1}
              value={term}
              onChange={(e) => setTerm(clampLoanTerm(Number(e.target.value)))}
            />
          </label>
          <RadioGroup
            label="Credit Score"
            name="credit_score"
            inline
            options={CREDIT_SCORES.map((c) => ({ value: c, label: c }))}
            value={credit}
            onValueChange={setCredit}
          />
          <p className="fc-lead-quote" aria-live="polite" data-quote={quote.status}>
            {"Quick quote: "}
            <strong>{quote.status === "ok" && quote.weekly !== null ? `${formatMoney(Math.round(quote.weekly))}/wk` : ""}</strong>
            {quote.status === "failed" ? <span className="fc-field__error">{` ${QUOTE_FAILED}`}</span> : null}
          </p>
          <p className="fc-muted">Estimate based on a 5-year term, 10.0% deposit and 30% final payment.</p>
        </>
      ) : null}
      {showDetails ? (
        <ContactFields values={contact} onChange={setContact} errors={err} postcodeRequired={rules.postcode_required} />
      ) : null}
      {popup && step === 2 ? (
        <button type="button" className="fc-button fc-button--ghost" onClick={() => setStep(1)}>
          Back
        </button>
      ) : null}
      <SubmitButton submitting={lead.submitting}>{popup && step === 1 ? "Next" : "Apply Now"}</SubmitButton>
    </form>
  );
}
