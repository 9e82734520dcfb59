// The VDP tools' calls to the host (docs/features/platform.md "Finance and delivery tools"): the
// finance calculator's repayment, the finance quote, the delivery estimate and the price-comparison
// gauge. Every call takes an AbortSignal and an injectable fetch (tests and stories pass a fake
// one). Shapes: the generated API types (src/api/schema.d.ts, from the host's OpenAPI document).
// Spec: docs/features/shopper-core.md §2 "Vehicle detail page", §3, §5, §7, §8, §9.
import type { components } from "../../api/schema";

type S = components["schemas"];
/** Repayment frequency: `week` (52 a year), `fortnight` (26), `month` (12) (docs/features/shopper-core.md §9). */
export type Frequency = S["Frequency"];
/** The finance calculator's limits and defaults (money AUD, interest percent p.a., terms years). */
export type Calculator = S["Calculator"];
/** Body of POST /api/v1/finance/repayment (money AUD, interest percent p.a., term years). */
export type RepaymentBody = S["RepaymentBody"];
/** Answer of POST /api/v1/finance/repayment: `display`, `per_period`, `total` (AUD), `text`, `clamped`, `inputs`. */
export type RepaymentAnswer = S["RepaymentAnswer"];

/**
 * The lender quote (POST /api/v1/finance/quote; docs/features/shopper-core.md §7 "POST /api/youx/quote"): weekly
 * and monthly repayments (AUD), advertised and comparison rates (percent p.a.), `show_widget`.
 */
export type QuoteAnswer = S["QuoteAnswer"];
/** Body of POST /api/v1/finance/quote: the spec's quote request plus the car's slug. */
export type QuoteBody = S["QuoteBody"];
/**
 * Answer of GET /api/v1/cars/{slug}/delivery?postcode= (docs/features/shopper-core.md §3 "Delivery estimate result";
 * price AUD or null).
 */
export type DeliveryAnswer = S["DeliveryEstimate"];
/**
 * Answer of GET /api/v1/cars/{slug}/autogauge (docs/features/shopper-core.md §3 "Autogauge result"). Money AUD, fill
 * percent, confidence 0..1.
 */
export type AutogaugeAnswer = S["Autogauge"];

/** A call's outcome: the body on 2xx, else the status and the error envelope's code, message and field. */
export type CallResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; error: { code: string; message: string; field?: string | null } };

/** A fetch function (the browser's, or a fake in tests and stories). */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** The browser's fetch. */
export const defaultFetch: FetchLike = (input, init) => globalThis.fetch(input, init);

/**
 * One call to the host: `url` with `init` through `fetchImpl`. Returns the JSON body on 2xx, else
 * the status and the error envelope's code, message and field. Rejects when aborted or offline.
 */
export async function call<T>(url: string, init: RequestInit, fetchImpl: FetchLike): Promise<CallResult<T>> {
  const r = await fetchImpl(url, init);
  const body = (await r.json().catch(() => null)) as unknown;
  if (r.ok && body !== null) return { ok: true, data: body as T };
  const env = (body as { error?: { code?: unknown; message?: unknown; field?: unknown } } | null)?.error;
  return {
    ok: false,
    status: r.status,
    error: {
      code: typeof env?.code === "string" ? env.code : "http_error",
      message: typeof env?.message === "string" ? env.message : `HTTP ${r.status}`,
      field: typeof env?.field === "string" ? env.field : null,
    },
  };
}

const json = (body: unknown, signal?: AbortSignal): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
  ...(signal ? { signal } : {}),
});

/**
 * POST /api/v1/finance/repayment (docs/features/shopper-core.md §5, §9): the host computes the repayment; the
 * browser never does. Takes the body (AUD, percent p.a., years), an AbortSignal and a fetch;
 * returns the answer or the error envelope. Rejects when aborted or offline.
 */
export function postRepayment(body: RepaymentBody, signal?: AbortSignal, fetchImpl: FetchLike = defaultFetch) {
  return call<RepaymentAnswer>("/api/v1/finance/repayment", json(body, signal), fetchImpl);
}

/**
 * POST /api/v1/finance/quote (docs/features/shopper-core.md §7 "POST /api/youx/quote": credit score GREAT, loan
 * term 5 years). Takes the body, an AbortSignal and a fetch; returns the quote or the error.
 */
export function postQuote(body: QuoteBody, signal?: AbortSignal, fetchImpl: FetchLike = defaultFetch) {
  return call<QuoteAnswer>("/api/v1/finance/quote", json(body, signal), fetchImpl);
}

/**
 * GET /api/v1/cars/{slug}/delivery?postcode= (docs/features/shopper-core.md §2, §4 "Delivery calculator", §8).
 * Takes the car slug, the postcode as typed (trimmed here), an AbortSignal and a fetch; returns
 * the estimate, or the error envelope (400 with `field: "postcode"` for a bad postcode).
 */
export function getDelivery(slug: string, postcode: string, signal?: AbortSignal, fetchImpl: FetchLike = defaultFetch) {
  const q = new URLSearchParams({ postcode: postcode.trim() });
  return call<DeliveryAnswer>(`/api/v1/cars/${encodeURIComponent(slug)}/delivery?${q}`, signal ? { signal } : {}, fetchImpl);
}

const gauges = new Map<string, Promise<AutogaugeAnswer>>();

/**
 * GET /api/v1/cars/{slug}/autogauge (docs/features/shopper-core.md §7), once per car per page life: the gauge and
 * the sidebar's market-price indicator share the answer. Takes the car slug and a fetch; returns
 * the answer, rejecting on a non-2xx answer or a network failure (the caller logs; §8).
 */
export function getAutogauge(slug: string, fetchImpl: FetchLike = defaultFetch): Promise<AutogaugeAnswer> {
  let p = gauges.get(slug);
  if (!p) {
    p = call<AutogaugeAnswer>(`/api/v1/cars/${encodeURIComponent(slug)}/autogauge`, {}, fetchImpl).then((r) => {
      if (!r.ok) throw new Error(`autogauge answered ${r.status}: ${r.error.message}`);
      return r.data;
    });
    // A failure is not cached: the next page visit asks again.
    p.catch(() => gauges.delete(slug));
    gauges.set(slug, p);
  }
  return p;
}

/** Forgets the cached autogauge answers (tests). */
export function clearAutogaugeCache(): void {
  gauges.clear();
}
