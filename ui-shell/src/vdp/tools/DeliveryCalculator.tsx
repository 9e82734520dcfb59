// The VDP's delivery calculator (docs/features/platform.md "Finance and delivery tools"): postcode
// in, the host's estimate out.
// Spec: docs/features/shopper-core.md §2 "delivery calculator", §3 "Delivery estimate result: price, name (region)",
// §4 "Delivery calculator: idle, loading, result, error", §5 "empty postcode gives 'Please enter a
// postcode.'", §7 "Postcode lookup for delivery", §8 "No delivery price".
import { type FormEvent, useEffect, useRef, useState } from "react";
import type { CarResponse } from "../../api/types";
import { Button } from "../../design/Button";
import { TextField } from "../../design/Field";
import { formatMoney } from "../../lib/format";
import { type DeliveryAnswer, type FetchLike, getDelivery } from "./api";
import "./tools.css";

/** 'Please enter a postcode.' (docs/features/shopper-core.md §5, §8). */
export const EMPTY_POSTCODE = "Please enter a postcode.";
/** The text when there is no estimate (docs/features/shopper-core.md §8 "No delivery price"). */
export const NO_ESTIMATE =
  "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.";

/**
 * The calculator's state (docs/features/shopper-core.md §4): idle, loading, result, error (a message for the postcode
 * field).
 */
export type DeliveryState =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "result"; answer: DeliveryAnswer }
  | { status: "error"; message: string };

/**
 * The state after a lookup (docs/features/shopper-core.md §4, §5, §8): an empty postcode is an error with 'Please
 * enter a postcode.' and no request; a 400 shows the host's message for the postcode; any other
 * failure the 'Sorry...' text. Takes the postcode as typed and a lookup (slug bound); returns
 * the next state.
 */
export async function lookUpDelivery(
  postcode: string,
  lookup: (postcode: string) => ReturnType<typeof getDelivery>,
): Promise<DeliveryState> {
  if (postcode.trim() === "") return { status: "error", message: EMPTY_POSTCODE };
  try {
    const r = await lookup(postcode.trim());
    if (r.ok) return { status: "result", answer: r.data };
    return { status: "error", message: r.status === 400 ? r.error.message : NO_ESTIMATE };
  } catch (e) {
    if (e instanceof DOMException && e.name === "AbortError") throw e;
    return { status: "error", message: NO_ESTIMATE };
  }
}

/** Props of {@link DeliveryCalculator}: the car, and a fetch (stories and tests pass a fake one). */
export interface DeliveryCalculatorProps {
  res: CarResponse;
  fetchImpl?: FetchLike;
}

/**
 * The delivery calculator (docs/features/shopper-core.md §2, §4, §5, §8): a postcode field and 'Calculate'; the
 * price and region name for the postcode, or the 'Sorry...' text when the host has no price; the
 * postcode's error under the field. Takes {@link DeliveryCalculatorProps}; renders a `<section>`.
 */
export default function DeliveryCalculator({ res, fetchImpl }: DeliveryCalculatorProps) {
  const [postcode, setPostcode] = useState("");
  const [state, setState] = useState<DeliveryState>({ status: "idle" });
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => () => inFlight.current?.abort(), []);
  const slug = res.car.slug;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    inFlight.current?.abort();
    const ac = new AbortController();
    inFlight.current = ac;
    if (postcode.trim() !== "") setState({ status: "loading" });
    lookUpDelivery(postcode, (p) => getDelivery(slug, p, ac.signal, fetchImpl)).then(
      (next) => {
        if (!ac.signal.aborted) setState(next);
      },
      () => {},
    );
  };
  const answer = state.status === "result" ? state.answer : null;
  const place = answer ? [answer.locality, answer.state, answer.postcode].filter(Boolean).join(" ") : "";
  return (
    <section className="fc-vdp-section fc-delivery" aria-labelledby="fc-delivery-title" data-section="delivery-calculator">
      <h2 id="fc-delivery-title">Delivery Calculator</h2>
      <form className="fc-delivery__form" onSubmit={submit} noValidate data-delivery={state.status}>
        <TextField
          label="Your postcode"
          name="postcode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={4}
          value={postcode}
          error={state.status === "error" ? state.message : null}
          onChange={(e) => setPostcode(e.target.value)}
        />
        <Button type="submit" disabled={state.status === "loading"}>
          {state.status === "loading" ? "Calculating…" : "Calculate delivery"}
        </Button>
      </form>
      <div aria-live="polite" className="fc-delivery__result">
        {answer ? (
          answer.price != null ? (
            <p data-delivery-price={answer.price}>
              Estimated delivery to {place}: <strong>{formatMoney(answer.price)}</strong>
              {answer.name ? <span data-delivery-region=""> ({answer.name})</span> : null}
              {answer.from_location ? <span className="fc-muted"> from {answer.from_location}</span> : null}
            </p>
          ) : (
            <p data-delivery-price="none">{answer.message || NO_ESTIMATE}</p>
          )
        ) : null}
      </div>
    </section>
  );
}
