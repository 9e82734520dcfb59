// The finance calculator's pure rules (docs/features/platform.md "Finance and delivery tools"):
// labels, the disclaimer cut, the request body and how the host's clamped answer moves the inputs.
// No maths of the repayment: the host answers it.
// Spec: docs/features/shopper-core.md §3 "Finance calculator state", §5 "Calculator loan amount", "Loan term",
// "Interest", §9 "Finance", "finance disclaimer at 197 characters".
import { truncate } from "../../lib/text";
import type { Calculator, Frequency, RepaymentAnswer, RepaymentBody } from "./api";

/** Characters of the lender disclaimer shown before 'more' (docs/features/shopper-core.md §9). */
export const DISCLAIMER_LIMIT = 197;

/** Frequency names in the calculator (docs/features/shopper-core.md §9: week, fortnight, month). */
export const FREQUENCY_LABELS: Record<Frequency, string> = { week: "Weekly", fortnight: "Fortnightly", month: "Monthly" };

/**
 * The lender disclaimer cut at 197 characters (docs/features/shopper-core.md §9), on a word boundary, with an
 * ellipsis. Takes the disclaimer; returns `{text, truncated}`: the whole text (truncated false)
 * when it is 197 characters or fewer.
 */
export function disclaimerPreview(disclaimer: string): { text: string; truncated: boolean } {
  const t = disclaimer.trim();
  return t.length <= DISCLAIMER_LIMIT ? { text: t, truncated: false } : { text: truncate(t, DISCLAIMER_LIMIT), truncated: true };
}

/**
 * A loan term as shown (docs/features/shopper-core.md §5 "possibly displayed in months"): `5 years`, `1 year`,
 * `4.5 years`, or `60 months`. Takes the term in years and the unit to show; returns the text.
 */
export function termLabel(years: number, unit: "years" | "months" = "years"): string {
  if (unit === "months") {
    const m = Math.round(years * 12);
    return `${m} ${m === 1 ? "month" : "months"}`;
  }
  return `${years} ${years === 1 ? "year" : "years"}`;
}

/** The shopper's calculator inputs (docs/features/shopper-core.md §3): AUD, years, percent p.a., frequency. */
export interface CalcInputs {
  amount: number;
  deposit: number;
  residual: number;
  termYears: number;
  interest: number;
  frequency: Frequency;
}

/** A field of the calculator the host may clamp (`clamped[].field`). */
export type CalcField = "amount" | "deposit" | "residual" | "term_years" | "interest";

/**
 * The calculator's starting inputs from the host's calculator (docs/features/shopper-core.md §9 defaults: amount,
 * term, interest, frequency; deposit and residual at their minimum, normally 0). Takes the
 * {@link Calculator}; returns {@link CalcInputs}.
 */
export function initialInputs(c: Calculator): CalcInputs {
  const termYears =
    c.term.kind === "choices" ? (c.term.years[c.term.default_index] ?? c.default_term_years) : c.default_term_years;
  return {
    amount: c.default_amount,
    deposit: Math.max(0, c.deposit.min),
    residual: Math.max(0, c.residual.min),
    termYears,
    interest: c.default_interest,
    frequency: c.default_frequency,
  };
}

/**
 * The body of POST /api/v1/finance/repayment for a car (docs/features/shopper-core.md §5): every input (the host
 * clamps and answers). Takes the car slug and {@link CalcInputs}; returns the body.
 */
export function repaymentBody(slug: string, i: CalcInputs): RepaymentBody {
  return {
    car: slug,
    amount: i.amount,
    deposit: i.deposit,
    term_years: i.termYears,
    interest: i.interest,
    residual: i.residual,
    frequency: i.frequency,
  };
}

const FIELD_KEY: Record<CalcField, keyof CalcInputs> = {
  amount: "amount",
  deposit: "deposit",
  residual: "residual",
  term_years: "termYears",
  interest: "interest",
};

/**
 * Moves the inputs the host clamped to the values it used (docs/features/shopper-core.md §5 "out-of-range entries
 * are clamped; help text 'Cannot be less than {min} or more than {max}'"). Takes the inputs that
 * were sent and the answer; returns the inputs to show and each clamped field's message.
 */
export function applyClamped(
  sent: CalcInputs,
  answer: Pick<RepaymentAnswer, "clamped" | "inputs">,
): { inputs: CalcInputs; messages: Partial<Record<CalcField, string>> } {
  const inputs = { ...sent };
  const messages: Partial<Record<CalcField, string>> = {};
  for (const c of answer.clamped) {
    const field = c.field as CalcField;
    const key = FIELD_KEY[field];
    if (!key) continue;
    const used = answer.inputs[field];
    if (typeof used === "number" && key !== "frequency") inputs[key] = used;
    messages[field] = c.message;
  }
  return { inputs, messages };
}

/**
 * The index of the term choice nearest `years` (docs/features/shopper-core.md §5 "a configured list of term values
 * picked by index"). Takes the choices (years) and a term (years); returns the index (0 for none).
 */
export function nearestChoice(choices: readonly number[], years: number): number {
  let best = 0;
  choices.forEach((y, i) => {
    if (Math.abs(y - years) < Math.abs((choices[best] ?? y) - years)) best = i;
  });
  return best;
}
