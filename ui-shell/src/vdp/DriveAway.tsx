// The VDP's "Drive-away breakdown" panel (issue 26 item 1, the shopper's side): the host's
// drive-away estimate for the buyer's state (stamp duty, registration, CTP, dealer delivery), with
// a state select and a postcode field that ask the host again. The shell shows the host's figures
// and never computes them. Loaded after the first render, below the VDP sidebar (src/pages/CarPage.tsx).
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Button } from "../design/Button";
import { Field } from "../design/Field";
import { formatMoney } from "../lib/format";
import { type BuyerPlace, type DriveAway, getDriveAway, postcodeError } from "./driveAway";
import type { FetchLike } from "./tools/api";
import "./driveAway.css";

/** The text when the host could not answer (network failure, 5xx, unknown car). */
export const DRIVE_AWAY_FAILED = "We couldn't update the estimate. Please try again.";

/** Props of {@link DriveAwayPanel}. */
export interface DriveAwayPanelProps {
  /** The car's slug (`/cars/{slug}`), for GET /api/v1/cars/{slug}/drive-away. */
  slug: string;
  /** The estimate for the car's own state: `drive_away` of GET /api/v1/cars/{slug}. */
  initial: DriveAway;
  /** A fetch (stories and tests pass a fake host). */
  fetchImpl?: FetchLike;
}

type Errors = { state: string | null; postcode: string | null; other: string | null };
const NO_ERRORS: Errors = { state: null, postcode: null, other: null };

/** The distinct source links of the breakdown, in order, with the items they back. */
function sourcesOf(d: DriveAway): { href: string; labels: string[]; effective: string | null }[] {
  const out = new Map<string, { href: string; labels: string[]; effective: string | null }>();
  for (const c of d.components) {
    if (!c.source) continue;
    const s = out.get(c.source) ?? { href: c.source, labels: [], effective: c.effective_from ?? null };
    s.labels.push(c.label);
    out.set(c.source, s);
  }
  return [...out.values()];
}

/**
 * The drive-away breakdown: the total for the chosen state (announced when it changes), each
 * component with its amount (AUD, whole dollars) and whether the advertised price includes it,
 * the items the host could not price with the reason, the disclaimer and the sources as links.
 * Choosing a state, or submitting a 4-digit postcode, asks GET /api/v1/cars/{slug}/drive-away; a
 * postcode that is not 4 digits gets an inline error naming the field and no request; the host's
 * 400 or 404 is shown under the field it names (`state` or `postcode`). Takes {@link DriveAwayPanelProps};
 * renders a `<section>`.
 */
export default function DriveAwayPanel({ slug, initial, fetchImpl }: DriveAwayPanelProps) {
  const [data, setData] = useState<DriveAway>(initial);
  const [state, setState] = useState(initial.state);
  const [postcode, setPostcode] = useState("");
  const [errors, setErrors] = useState<Errors>(NO_ERRORS);
  const [loading, setLoading] = useState(false);
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => () => inFlight.current?.abort(), []);

  const ask = (place: BuyerPlace) => {
    inFlight.current?.abort();
    const ac = new AbortController();
    inFlight.current = ac;
    setLoading(true);
    setErrors(NO_ERRORS);
    getDriveAway(slug, place, ac.signal, fetchImpl).then(
      (r) => {
        if (ac.signal.aborted) return;
        setLoading(false);
        if (r.ok) {
          setData(r.data);
          setState(r.data.state);
          return;
        }
        // 400 names a malformed field; 404 names `postcode` for four digits that are no postcode.
        const field = r.status === 400 || r.status === 404 ? r.error.field : null;
        setErrors({
          state: field === "state" ? r.error.message : null,
          postcode: field === "postcode" ? r.error.message : null,
          other: field === "state" || field === "postcode" ? null : DRIVE_AWAY_FAILED,
        });
      },
      () => {
        if (ac.signal.aborted) return;
        setLoading(false);
        setErrors({ ...NO_ERRORS, other: DRIVE_AWAY_FAILED });
      },
    );
  };

  const chooseState = (next: string) => {
    setState(next);
    setPostcode("");
    ask({ state: next });
  };
  const submitPostcode = (e: FormEvent) => {
    e.preventDefault();
    const bad = postcodeError(postcode);
    if (bad) {
      setErrors({ ...NO_ERRORS, postcode: bad });
      return;
    }
    ask({ postcode: postcode.trim() });
  };

  const states = data.states.includes(state) ? data.states : [state, ...data.states];
  const sources = sourcesOf(data);
  return (
    <section
      className="fc-drive-away"
      aria-labelledby="fc-drive-away-title"
      data-section="drive-away"
      data-drive-away-state={data.state}
      data-basis={data.basis}
    >
      <h2 id="fc-drive-away-title">Drive-away breakdown</h2>
      <div className="fc-drive-away__total" aria-live="polite" aria-atomic="true" aria-busy={loading}>
        <p className="fc-drive-away__label">{data.label}</p>
        <p className="fc-drive-away__figure" data-drive-away-total={data.total}>
          {formatMoney(data.total)}
        </p>
        {data.complete ? null : (
          <p className="fc-drive-away__partial">Estimate: excludes the items listed under "Not included".</p>
        )}
      </div>
      <div className="fc-drive-away__controls">
        <Field label="Your state" error={errors.state}>
          {(control) => (
            <select
              className="fc-input fc-native-select"
              name="state"
              value={state}
              onChange={(e) => chooseState(e.target.value)}
              {...control}
            >
              {states.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          )}
        </Field>
        <form className="fc-drive-away__postcode" onSubmit={submitPostcode} noValidate>
          <Field label="Or your postcode" error={errors.postcode}>
            {(control) => (
              <input
                className="fc-input"
                name="postcode"
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={4}
                value={postcode}
                onChange={(e) => setPostcode(e.target.value)}
                {...control}
              />
            )}
          </Field>
          <Button type="submit" variant="secondary" size="sm">
            Update
          </Button>
        </form>
      </div>
      {errors.other ? (
        <p className="fc-field__error" role="alert">
          {errors.other}
        </p>
      ) : null}
      <ul className="fc-drive-away__items" aria-label="Breakdown">
        {data.components.map((c) => (
          <li key={`${c.kind}:${c.label}`} data-kind={c.kind} data-included={c.included_in_advertised ? "" : undefined}>
            <span className="fc-drive-away__item">
              {c.label}
              {c.estimate ? <span className="fc-drive-away__muted"> (estimate)</span> : null}
            </span>
            <span className="fc-drive-away__amount">{formatMoney(c.amount)}</span>
            {c.included_in_advertised ? (
              <span className="fc-drive-away__included">
                <span aria-hidden="true">✓ </span>Included in the advertised price
              </span>
            ) : null}
            {c.note ? <span className="fc-drive-away__note">{c.note}</span> : null}
          </li>
        ))}
      </ul>
      {data.missing.length > 0 ? (
        <div className="fc-drive-away__missing">
          <h3>Not included</h3>
          <ul>
            {data.missing.map((m) => (
              <li key={`${m.kind}:${m.label}`} data-missing={m.kind}>
                <strong>{m.label}</strong>: {m.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="fc-drive-away__disclaimer">{data.disclaimer}</p>
      {sources.length > 0 ? (
        <div className="fc-drive-away__citations">
          <h3>Sources</h3>
          <ul>
            {sources.map((s) => (
              <li key={s.href}>
                <a href={s.href} target="_blank" rel="noopener noreferrer">
                  {s.labels.join(", ")}
                </a>
                {s.effective ? <span className="fc-drive-away__muted"> (rates from {s.effective})</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
