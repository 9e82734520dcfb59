// The reservation's status after the payment provider (docs/features/platform.md "Leads":
// "reserve and buy online ... through a payment-provider adapter"): the provider returns the
// shopper to /checkout-journey?car_id={slug}&reservation={lead_id} (paid or still pending) or the
// same with &payment=cancelled. The panel reads GET /api/v1/reservations/{lead_id}, polls a pending
// payment every 2000 ms for at most 30 s, and says where the reservation stands.
// Spec: docs/features/shopper-core.md §5 (Reserve), §9 "Reserve deposit default $200, 100% refundable, car held 48
// hours"; docs/features/locations-forms-marketing.md §9.
import { useEffect, useState } from "react";
import { Skeleton } from "../design/Skeleton";
import { formatMoney } from "../lib/format";
import type { FetchLike } from "./lead";

/** A reservation as GET /api/v1/reservations/{lead_id} answers it (deposit in dollars, hold in hours, hold_until unix seconds). */
export interface Reservation {
  lead_id: string;
  status: "offline" | "pending_payment" | "paid" | "payment_cancelled";
  deposit: number;
  hold_hours: number;
  hold_until: number | null;
  car_slug: string | null;
}

/** How often a pending payment is asked about again, ms. */
export const RESERVATION_POLL_MS = 2000;
/** How long a pending payment is asked about, ms; then the panel stops and says the dealer will call. */
export const RESERVATION_POLL_LIMIT_MS = 30000;

/** "We are confirming your payment..." (a payment the provider has not confirmed yet). */
export const CONFIRMING = "We are confirming your payment...";
/** The text once 30 s of polling have not seen the payment confirmed. */
export const STILL_CONFIRMING = "Your payment is still being confirmed. The dealer will contact you.";
/** The text for a cancelled payment or a reservation without online payment. */
export const NOT_PAID =
  "Payment was not completed. Your reservation is recorded and the dealer will contact you to take the deposit.";
/** The text for an unknown reservation id (404). */
export const NOT_FOUND = "We could not find this reservation.";

const STATUSES = ["offline", "pending_payment", "paid", "payment_cancelled"] as const;

/** One read of the reservation: found, unknown (404), or failed (network, 5xx, a malformed answer). */
export type ReservationRead = { kind: "found"; reservation: Reservation } | { kind: "missing" } | { kind: "failed" };

/**
 * Reads a reservation (`GET /api/v1/reservations/{lead_id}`), checking the answer's shape. Takes
 * the lead's id, a fetch and an optional AbortSignal; returns a {@link ReservationRead}.
 * Spec: docs/features/shopper-core.md §5 (Reserve); docs/features/platform.md "Leads".
 */
export async function fetchReservation(
  leadId: string,
  fetchImpl: FetchLike = (i, init) => globalThis.fetch(i, init),
  signal?: AbortSignal,
): Promise<ReservationRead> {
  try {
    const r = await fetchImpl(`/api/v1/reservations/${encodeURIComponent(leadId)}`, signal ? { signal } : {});
    if (r.status === 404) return { kind: "missing" };
    if (!r.ok) return { kind: "failed" };
    const o = ((await r.json().catch(() => null)) ?? {}) as Record<string, unknown>;
    const status = STATUSES.find((s) => s === o.status);
    if (!status || typeof o.deposit !== "number" || typeof o.hold_hours !== "number") return { kind: "failed" };
    return {
      kind: "found",
      reservation: {
        lead_id: typeof o.lead_id === "string" ? o.lead_id : leadId,
        status,
        deposit: o.deposit,
        hold_hours: o.hold_hours,
        hold_until: typeof o.hold_until === "number" ? o.hold_until : null,
        car_slug: typeof o.car_slug === "string" && o.car_slug ? o.car_slug : null,
      },
    };
  } catch {
    return { kind: "failed" };
  }
}

/** What the panel knows: nothing yet, the last reservation read, whether it is unknown, whether polling gave up. */
export interface ReservationView {
  loaded: boolean;
  reservation: Reservation | null;
  missing: boolean;
  gaveUp: boolean;
}

/**
 * Follows a reservation: reads it, and while its payment is pending (or a read fails) reads it
 * again every `intervalMs` until `limitMs` has passed, then gives up. With `cancelled` (the
 * provider's `payment=cancelled`) it reads once. Takes the lead's id, whether the payment was
 * cancelled, a fetch and the timings (ms, default 2000 and 30000); returns a {@link ReservationView}.
 * Spec: docs/features/platform.md "Leads": "through a payment-provider adapter".
 */
export function useReservation(
  leadId: string,
  cancelled: boolean,
  fetchImpl?: FetchLike,
  intervalMs = RESERVATION_POLL_MS,
  limitMs = RESERVATION_POLL_LIMIT_MS,
): ReservationView {
  const [view, setView] = useState<ReservationView>({ loaded: false, reservation: null, missing: false, gaveUp: false });
  useEffect(() => {
    const ctrl = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let polls = 0;
    const maxPolls = Math.floor(limitMs / intervalMs);
    setView({ loaded: false, reservation: null, missing: false, gaveUp: false });
    const read = async () => {
      const out = await fetchReservation(leadId, fetchImpl, ctrl.signal);
      if (ctrl.signal.aborted) return;
      if (out.kind === "missing") {
        setView({ loaded: true, reservation: null, missing: true, gaveUp: false });
        return;
      }
      const r = out.kind === "found" ? out.reservation : null;
      const waiting = !cancelled && (r === null || r.status === "pending_payment");
      const again = waiting && polls < maxPolls;
      setView((p) => ({ loaded: true, reservation: r ?? p.reservation, missing: false, gaveUp: waiting && !again }));
      if (again) {
        polls += 1;
        timer = setTimeout(() => void read(), intervalMs);
      }
    };
    void read();
    return () => {
      ctrl.abort();
      clearTimeout(timer);
    };
  }, [leadId, cancelled, fetchImpl, intervalMs, limitMs]);
  return view;
}

/**
 * The hold's end as the site's people read it, e.g. "Monday 18 March 2030 at 3:46 am AEST". Takes
 * unix seconds and an IANA time zone; returns the text (Intl.DateTimeFormat, en-AU).
 */
export function formatHoldUntil(unixSeconds: number, timeZone: string): string {
  return new Intl.DateTimeFormat("en-AU", {
    timeZone,
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(unixSeconds * 1000));
}

/**
 * The panel's text: paid, "Your {deposit} deposit is paid. We are holding this car for you until
 * {date time}." (for {hold_hours} hours when the host gives no end); a cancelled payment
 * (`payment=cancelled`, status payment_cancelled or offline), {@link NOT_PAID}; pending,
 * {@link CONFIRMING}, then {@link STILL_CONFIRMING} after 30 s; unknown, {@link NOT_FOUND}.
 * Takes the view, whether the provider said cancelled and the site's time zone; returns the text.
 * Spec: docs/features/shopper-core.md §5 (Reserve), §9.
 */
export function reservationMessage(view: ReservationView, cancelled: boolean, timeZone: string): string {
  const r = view.reservation;
  if (view.missing) return NOT_FOUND;
  if (r?.status === "paid") {
    const until = r.hold_until === null ? `for ${r.hold_hours} hours` : `until ${formatHoldUntil(r.hold_until, timeZone)}`;
    return `Your ${formatMoney(r.deposit)} deposit is paid. We are holding this car for you ${until}.`;
  }
  if (cancelled || r?.status === "payment_cancelled" || r?.status === "offline") return NOT_PAID;
  return view.gaveUp ? STILL_CONFIRMING : CONFIRMING;
}

/** Props of {@link ReservationStatus}. */
export interface ReservationStatusProps {
  leadId: string;
  /** The provider's `payment=cancelled`. */
  cancelled: boolean;
  /** The site's IANA time zone (the hold's end is shown in it). */
  timeZone: string;
  fetchImpl?: FetchLike;
  /** Poll timings, ms (stories). */
  intervalMs?: number;
  limitMs?: number;
}

/**
 * The status panel shown on return from the payment provider instead of the reserve form: a
 * skeleton until the first read, then the text of {@link reservationMessage} in a live region
 * (role="status"), and a link back to the car when the host names it. Takes
 * {@link ReservationStatusProps}; renders the panel. Spec: docs/features/shopper-core.md §5 (Reserve), §9.
 */
export function ReservationStatus({ leadId, cancelled, timeZone, fetchImpl, intervalMs, limitMs }: ReservationStatusProps) {
  const view = useReservation(leadId, cancelled, fetchImpl, intervalMs, limitMs);
  const slug = view.reservation?.car_slug;
  return (
    <div className="fc-reservation-status" data-reservation={view.reservation?.status ?? (view.missing ? "missing" : "")}>
      {view.loaded ? null : <Skeleton height={48} />}
      <p role="status">{view.loaded ? reservationMessage(view, cancelled, timeZone) : ""}</p>
      {slug ? <a href={`/cars/${encodeURIComponent(slug)}`}>Back to the car</a> : null}
    </div>
  );
}
