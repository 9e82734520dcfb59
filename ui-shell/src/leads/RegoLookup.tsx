// The trade-in's registration lookup (docs/features/platform.md "Leads":
// "a rego lookup adapter (rego, regoState; manual entry when no provider is configured)"): Rego and
// Rego State with a "Find My Car" button that asks the host's `POST /api/v1/trade-in/rego` and
// fills Vehicle Make, Model and Year. When the registration is unknown or the provider fails, the
// host's message says so and manual entry stays. Shown only when the tenant's
// `adapters.rego_lookup` is on.
// Spec: docs/features/shopper-core.md §3 "Lead data" rego, regoState; §7 "rego lookup with rego and regoState";
// docs/features/locations-forms-marketing.md §2 "Trade-in information", §5, §8.
import { useEffect, useRef, useState } from "react";
import { Button } from "../design/Button";
import { REQUIRED_MESSAGE } from "../design/validation";
import { type Errors, type FetchLike, fieldErrorOf, hostError } from "./lead";
import { RegoInput, StateChoice } from "./parts";

/** The host's 404 `rego_not_found` message (used when the answer carries none). */
export const REGO_NOT_FOUND = "We couldn't find that registration. Please enter your vehicle's details.";
/** The host's 502 `rego_lookup_failed` message (also shown for 501, other failures and no network). */
export const REGO_LOOKUP_FAILED = "The registration lookup is unavailable. Please enter your vehicle's details.";

/** A registered vehicle as the lookup found it (`year` a number; the other details null when unknown). */
export interface RegoVehicle {
  rego: string;
  regoState: string;
  make: string;
  model: string;
  year: number;
  badge: string | null;
  body: string | null;
  colour: string | null;
  vin: string | null;
  nvic: string | null;
}

/** A lookup's outcome: the vehicle, or field errors (a 400) and/or the message to show. */
export type RegoLookupResult = { ok: true; vehicle: RegoVehicle } | { ok: false; fieldErrors: Errors; message: string | null };

const text = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim() : null);

function vehicleOf(b: unknown, asked: { rego: string; regoState: string }): RegoVehicle | null {
  const o = (b && typeof b === "object" ? b : {}) as Record<string, unknown>;
  const make = text(o.make);
  const model = text(o.model);
  if (!make || !model || typeof o.year !== "number" || !Number.isInteger(o.year)) return null;
  return {
    rego: text(o.rego) ?? asked.rego,
    regoState: text(o.regoState) ?? asked.regoState,
    make,
    model,
    year: o.year,
    badge: text(o.badge),
    body: text(o.body),
    colour: text(o.colour),
    vin: text(o.vin),
    nvic: text(o.nvic),
  };
}

/**
 * Looks a registration up (`POST /api/v1/trade-in/rego` `{rego, regoState}`). 200: the vehicle;
 * 400: the error on the field the host names (`rego` or `regoState`); 404: the host's
 * `rego_not_found` message; 501 (no provider), 502 and any other failure: 'The registration lookup
 * is unavailable. Please enter your vehicle's details.' (the host's 502 message when it sends one).
 * Takes the registration, a fetch and an optional AbortSignal; returns a {@link RegoLookupResult}.
 * Spec: docs/features/shopper-core.md §7 "rego lookup with rego and regoState";
 * docs/features/platform.md "Leads": "a rego lookup adapter".
 */
export async function lookupRego(
  q: { rego: string; regoState: string },
  fetchImpl: FetchLike = (i, init) => globalThis.fetch(i, init),
  signal?: AbortSignal,
): Promise<RegoLookupResult> {
  const failed = { ok: false as const, fieldErrors: {}, message: REGO_LOOKUP_FAILED };
  try {
    const r = await fetchImpl("/api/v1/trade-in/rego", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ rego: q.rego.trim(), regoState: q.regoState }),
      ...(signal ? { signal } : {}),
    });
    const body: unknown = await r.json().catch(() => null);
    if (r.ok) {
      const vehicle = vehicleOf(body, q);
      return vehicle ? { ok: true, vehicle } : failed;
    }
    const err = hostError(body);
    const fieldErrors = fieldErrorOf(r.status, err);
    if (fieldErrors) return { ok: false, fieldErrors, message: null };
    if (r.status === 404) return { ok: false, fieldErrors: {}, message: err.message ?? REGO_NOT_FOUND };
    if (r.status === 502 && err.message) return { ok: false, fieldErrors: {}, message: err.message };
    return failed;
  } catch {
    return failed;
  }
}

/**
 * The looked-up details the lead's fields have no place for (badge, body, colour, VIN, NVIC), as
 * one line for the lead's `message`, e.g. "Registration lookup: Badge Maxx Sport; VIN JM0...".
 * Takes the vehicle; returns the line, or null when the lookup gave none of them.
 * Spec: docs/features/shopper-core.md §3 "Lead data" (message, rego, regoState, 'Vehicle Make', 'Vehicle Model').
 */
export function regoDetails(v: RegoVehicle): string | null {
  const parts = (
    [
      ["Badge", v.badge],
      ["Body", v.body],
      ["Colour", v.colour],
      ["VIN", v.vin],
      ["NVIC", v.nvic],
    ] as const
  ).flatMap(([k, x]) => (x ? [`${k} ${x}`] : []));
  return parts.length > 0 ? `Registration lookup: ${parts.join("; ")}` : null;
}

/** Props of {@link RegoLookup}. */
export interface RegoLookupProps {
  rego: string;
  regoState: string;
  /** Sets the rego (`rego`) or its state (`regoState`). */
  onChange: (key: "rego" | "regoState", value: string) => void;
  /** Called with the vehicle the lookup found (the form fills make, model and year). */
  onFound: (v: RegoVehicle) => void;
  /** The form's errors (a rego or regoState error from the lead submit shows too). */
  errors: Errors;
  fetchImpl?: FetchLike | undefined;
}

/**
 * Rego and Rego State with "Find My Car": both are required to look up ('This is a required
 * field.'); while looking up the button shows a spinner and is disabled; the vehicle found, or
 * the host's message, is announced under it (role="status"); a 400 puts the host's message under
 * its field. Takes {@link RegoLookupProps}; renders the fields, the button and the message.
 * Spec: docs/features/platform.md "Leads": "a rego lookup adapter (rego, regoState; manual entry
 * when no provider is configured)"; docs/features/locations-forms-marketing.md §4 (a busy button is
 * disabled with a spinner), §5.
 */
export function RegoLookup({ rego, regoState, onChange, onFound, errors, fetchImpl }: RegoLookupProps) {
  const [looking, setLooking] = useState(false);
  const [own, setOwn] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const ctrl = useRef<AbortController | null>(null);
  useEffect(() => () => ctrl.current?.abort(), []);
  const change = (key: "rego" | "regoState", value: string) => {
    setOwn({});
    setMessage(null);
    onChange(key, value);
  };
  const find = async () => {
    const local: Errors = {};
    if (!rego.trim()) local.rego = REQUIRED_MESSAGE;
    if (!regoState) local.regoState = REQUIRED_MESSAGE;
    setOwn(local);
    setMessage(null);
    if (Object.keys(local).length > 0) return;
    ctrl.current?.abort();
    const c = new AbortController();
    ctrl.current = c;
    setLooking(true);
    const out = await lookupRego({ rego, regoState }, fetchImpl, c.signal);
    if (c.signal.aborted) return;
    setLooking(false);
    if (out.ok) {
      const { year, make, model, badge } = out.vehicle;
      setMessage(`Found: ${[year, make, model, badge].filter(Boolean).join(" ")}`);
      onFound(out.vehicle);
    } else {
      setOwn(out.fieldErrors);
      setMessage(out.message);
    }
  };
  return (
    <div className="fc-rego-lookup">
      <div className="fc-form-row">
        <RegoInput value={rego} onChange={(x) => change("rego", x)} error={own.rego ?? errors.rego} />
        <StateChoice
          label="Rego State"
          name="regoState"
          value={regoState}
          onChange={(x) => change("regoState", x)}
          error={own.regoState ?? errors.regoState}
        />
      </div>
      <Button
        variant="secondary"
        className="fc-lead-submit"
        disabled={looking}
        aria-busy={looking || undefined}
        onClick={() => void find()}
      >
        {looking ? <span className="fc-spinner" aria-hidden="true" /> : null}
        Find My Car
      </Button>
      <p className="fc-rego-lookup__message" role="status">
        {message ?? ""}
      </p>
    </div>
  );
}
