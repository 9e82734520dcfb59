// The VDP's finance calculator (docs/features/platform.md "Finance and delivery tools"; anchor
// #finance-calculator). Inputs and limits come from the car's `finance.calculator`; every repayment
// comes from POST /api/v1/finance/repayment (debounced 300 ms, stale requests aborted): the browser
// never computes one.
// Spec: docs/features/shopper-core.md §2 "finance calculator", §3 "Finance calculator state", §5 "Finance
// calculator shows only when ...", "Calculator loan amount", "Loan term", "Interest", "Repayment
// of 25 or less shows 'Enquire for Finance'", §9 "Finance", disclaimer 197 characters.
import { useEffect, useMemo, useRef, useState } from "react";
import type { CarResponse } from "../../api/types";
import { Button } from "../../design/Button";
import { Field } from "../../design/Field";
import { MoneyField } from "../../design/MoneyField";
import { RadioGroup } from "../../design/RadioGroup";
import { formatMoney, formatMoneyCents } from "../../lib/format";
import { type Calculator, type FetchLike, type Frequency, postRepayment, type RepaymentAnswer } from "./api";
import {
  applyClamped,
  type CalcField,
  type CalcInputs,
  disclaimerPreview,
  FREQUENCY_LABELS,
  initialInputs,
  nearestChoice,
  repaymentBody,
  termLabel,
} from "./finance";
import { debouncedRequester, REPAYMENT_DEBOUNCE_MS } from "./requester";
import { AmountEntry, ValueSlider } from "./Slider";
import "./tools.css";

/** The calculator's anchor id (docs/features/shopper-core.md §2 "#finance-calculator"). */
export const FINANCE_ANCHOR = "finance-calculator";

/**
 * The car's calculator, or null when it shows none (docs/features/shopper-core.md §5: the host gives none without a
 * finance provider or with a price of $0 or less). Takes the car response; returns the calculator.
 */
export function calculatorOf(res: CarResponse): Calculator | null {
  return res.finance?.calculator ?? null;
}

/**
 * The lender disclaimer, first 197 characters with More/Less (docs/features/shopper-core.md §9). Takes the text;
 * renders a `<div>`.
 */
export function Disclaimer({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const preview = disclaimerPreview(text);
  return (
    <div
      className="fc-finance__disclaimer fc-muted"
      data-disclaimer={preview.truncated ? (open ? "expanded" : "collapsed") : "short"}
    >
      <p>{open || !preview.truncated ? text.trim() : preview.text}</p>
      {preview.truncated ? (
        <Button variant="ghost" size="sm" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? "Less" : "More"}
        </Button>
      ) : null}
    </div>
  );
}

type Answer = { kind: "none" } | { kind: "ok"; answer: RepaymentAnswer } | { kind: "error"; message: string };

/** Props of {@link FinanceCalculator}: the car, and a fetch (stories and tests pass a fake one). */
export interface FinanceCalculatorProps {
  res: CarResponse;
  fetchImpl?: FetchLike;
  /** Quiet period before asking the host, ms (default 300). */
  debounceMs?: number;
}

const key = (i: CalcInputs) => JSON.stringify(i);

/**
 * The finance calculator (docs/features/shopper-core.md §2, §3, §5, §9): loan amount slider with a
 * field to type the amount in (clamped by the host, its message under it), term slider (years, or
 * the lender's list picked by index, shown in years or months), interest slider (or the lender's
 * fixed rate when disabled), deposit or trade-in and residual fields, repayment frequency; the
 * host's repayment (`$147/wk`) and total, or 'Enquire for Finance' with a blank total; each clamped
 * field's message under it, the field moved to the host's value; establishment fee,
 * comparison-rate wording and the disclaimer (197 characters, More/Less). Renders nothing when the
 * car has no calculator. Takes {@link FinanceCalculatorProps}; renders a `<section
 * id="finance-calculator">`.
 */
export default function FinanceCalculator({ res, fetchImpl, debounceMs = REPAYMENT_DEBOUNCE_MS }: FinanceCalculatorProps) {
  const c = calculatorOf(res);
  if (!c) return null;
  return <Calc res={res} c={c} debounceMs={debounceMs} {...(fetchImpl ? { fetchImpl } : {})} />;
}

function Calc({ res, c, fetchImpl, debounceMs }: { res: CarResponse; c: Calculator; fetchImpl?: FetchLike; debounceMs: number }) {
  const slug = res.car.slug;
  const [inputs, setInputs] = useState<CalcInputs>(() => initialInputs(c));
  const [messages, setMessages] = useState<Partial<Record<CalcField, string>>>({});
  const [answer, setAnswer] = useState<Answer>({ kind: "none" });
  const [pending, setPending] = useState(false);
  // The inputs the shown answer is for: a change back to them (the host's clamped values) asks nothing.
  const answered = useRef<string | null>(null);

  const requester = useMemo(
    () =>
      debouncedRequester<CalcInputs, Awaited<ReturnType<typeof postRepayment>>>({
        delayMs: debounceMs,
        send: (i, signal) => postRepayment(repaymentBody(slug, i), signal, fetchImpl),
        onAnswer: (r, sent) => {
          setPending(false);
          if (!r.ok) {
            const field = r.error.field as CalcField | null | undefined;
            if (field) setMessages((m) => ({ ...m, [field]: r.error.message }));
            setAnswer({ kind: "error", message: r.error.message });
            return;
          }
          const moved = applyClamped(sent, r.data);
          answered.current = key(moved.inputs);
          setMessages((m) => ({ ...m, ...moved.messages }));
          setInputs(moved.inputs);
          setAnswer({ kind: "ok", answer: r.data });
        },
        onError: () => {
          setPending(false);
          setAnswer({ kind: "error", message: "We couldn't calculate a repayment right now. Please try again." });
        },
      }),
    [slug, fetchImpl, debounceMs],
  );
  useEffect(() => () => requester.cancel(), [requester]);
  useEffect(() => {
    if (answered.current === key(inputs)) return;
    setPending(true);
    requester.request(inputs);
  }, [inputs, requester]);

  const change = <K extends keyof CalcInputs>(k: K, field: CalcField | null, v: CalcInputs[K]) => {
    if (field) setMessages(({ [field]: _, ...rest }) => rest);
    setInputs((i) => ({ ...i, [k]: v }));
  };

  useEffect(() => {
    if (window.location.hash === `#${FINANCE_ANCHOR}`) document.getElementById(FINANCE_ANCHOR)?.scrollIntoView();
  }, []);

  const ok = answer.kind === "ok" ? answer.answer : null;
  const term = c.term;
  const interest = c.interest ?? null;
  return (
    <section
      id={FINANCE_ANCHOR}
      className="fc-vdp-section fc-finance"
      aria-labelledby="fc-finance-title"
      data-section="finance-calculator"
      data-lender={c.lender_name ?? undefined}
    >
      <h2 id="fc-finance-title">Finance Calculator</h2>
      <div className="fc-finance__grid">
        <div className="fc-finance__inputs">
          <ValueSlider
            label="Loan amount"
            field="amount"
            min={c.amount.min}
            max={c.amount.max}
            step={c.amount.step}
            value={inputs.amount}
            format={formatMoney}
            message={messages.amount}
            onValueChange={(v) => change("amount", "amount", v)}
            entry={
              <AmountEntry
                label="Loan amount in dollars"
                name="amount"
                value={inputs.amount}
                onCommit={(v) => change("amount", "amount", v)}
              />
            }
          />
          {term.kind === "range" ? (
            <ValueSlider
              label="Loan term"
              field="term_years"
              min={term.min}
              max={term.max}
              step={term.step}
              value={inputs.termYears}
              format={(v) => termLabel(v)}
              message={messages.term_years}
              onValueChange={(v) => change("termYears", "term_years", v)}
            />
          ) : (
            <ValueSlider
              label="Loan term"
              field="term_years"
              min={0}
              max={Math.max(0, term.years.length - 1)}
              step={1}
              value={nearestChoice(term.years, inputs.termYears)}
              format={(i) => termLabel(term.years[i] ?? inputs.termYears, term.display)}
              message={messages.term_years}
              onValueChange={(i) => change("termYears", "term_years", term.years[i] ?? inputs.termYears)}
            />
          )}
          {interest ? (
            <ValueSlider
              label="Interest rate"
              field="interest"
              min={interest.min}
              max={interest.max}
              step={interest.step}
              value={inputs.interest}
              format={(v) => `${v}% p.a.`}
              message={messages.interest}
              onValueChange={(v) => change("interest", "interest", v)}
            />
          ) : (
            <Field label="Interest rate" description="Set by the lender for this car.">
              {(control) => (
                <input
                  className="fc-input"
                  value={`${c.default_interest}% p.a.`}
                  readOnly
                  disabled
                  data-field="interest"
                  {...control}
                />
              )}
            </Field>
          )}
          <div className="fc-finance__pair">
            <MoneyField
              label="Deposit or trade-in"
              name="deposit"
              value={inputs.deposit}
              clampOnBlur={false}
              error={messages.deposit ?? null}
              onValueChange={(v) => change("deposit", "deposit", v ?? 0)}
            />
            <MoneyField
              label="Residual (balloon)"
              name="residual"
              value={inputs.residual}
              clampOnBlur={false}
              error={messages.residual ?? null}
              onValueChange={(v) => change("residual", "residual", v ?? 0)}
            />
          </div>
          {c.frequencies.length > 1 ? (
            <RadioGroup
              label="Repayment frequency"
              name="frequency"
              inline
              options={c.frequencies.map((f) => ({ value: f, label: FREQUENCY_LABELS[f] }))}
              value={inputs.frequency}
              onValueChange={(v) => change("frequency", null, v as Frequency)}
            />
          ) : null}
        </div>
        <div className="fc-finance__result" aria-live="polite" aria-busy={pending}>
          <p className="fc-finance__label">Estimated repayment</p>
          <p className="fc-finance__figure" data-repayment={ok ? (ok.text ? "text" : "figure") : "none"}>
            {ok ? ok.display : answer.kind === "error" ? "—" : "Calculating…"}
          </p>
          <p className="fc-finance__total">
            Total payable: <span data-total="">{ok && !ok.text && ok.total != null ? formatMoneyCents(ok.total) : ""}</span>
          </p>
          {answer.kind === "error" ? (
            <p className="fc-field__error" role="alert">
              {answer.message}
            </p>
          ) : null}
          {c.establishment_fee > 0 ? (
            <p className="fc-finance__fee" data-establishment-fee={c.establishment_fee}>
              Includes an establishment fee of {formatMoneyCents(c.establishment_fee)}
            </p>
          ) : null}
          {c.lender_name ? <p className="fc-muted">Lender: {c.lender_name}</p> : null}
        </div>
      </div>
      {c.comparison_rate_text ? <p className="fc-finance__comparison fc-muted">{c.comparison_rate_text}</p> : null}
      {c.disclaimer ? <Disclaimer text={c.disclaimer} /> : null}
    </section>
  );
}
