// Reserve a car (docs/features/platform.md "Leads"): /cars/{slug}/checkout, /cars/{slug}/buy-online and
// /checkout-journey?car_id={slug} (sign-in gated per site). The refundable deposit holds the car;
// the reservation is recorded as a lead (form `reserve`, field `deposit`). With the tenant's
// payment provider (`adapters.online_payment`) the host answers the provider's `payment_url` and
// the shopper pays there; the provider returns to /checkout-journey?car_id={slug}&reservation={lead_id}
// (with &payment=cancelled when not paid), where the status panel (ReservationStatus.tsx) shows
// instead of the form. Without a provider the dealer takes the deposit offline, and the page says so.
// Spec: docs/features/shopper-core.md §2, §5 (Reserve), §9 "Reserve deposit default $200, 100% refundable, car held
// 48 hours"; docs/features/locations-forms-marketing.md §4, §9.
import { type FormEvent, useEffect, useState } from "react";
import { fetchCar } from "../api/client";
import type { CarResponse, TenantSettings } from "../api/types";
import { useParams, useSearchParams } from "../app/router";
import { useDocumentTitle, useSite } from "../app/site";
import { Skeleton } from "../design/Skeleton";
import { formatMoney } from "../lib/format";
import { timeZoneOf } from "../locations/locations";
import { adapterSettings, type ContactValues, checkContact, type FetchLike, leadsSettings } from "./lead";
import { ContactFields, ErrorSummary, initialContact, SubmitButton, useLeadSubmit } from "./parts";
import { ReservationStatus } from "./ReservationStatus";

/**
 * The reserve terms: the tenant's deposit (AUD, default 200) and hold (hours, default 48). Takes
 * the tenant settings; returns both. Spec: docs/features/shopper-core.md §9.
 */
export function reserveTerms(tenant: Pick<TenantSettings, "vdp">): { deposit: number; hours: number } {
  const d = tenant.vdp?.reserve_deposit;
  const h = tenant.vdp?.reserve_hold_hours;
  return { deposit: typeof d === "number" && d > 0 ? d : 200, hours: typeof h === "number" && h > 0 ? h : 48 };
}

/** Props of {@link ReserveForm}. */
export interface ReserveFormProps {
  car: CarResponse;
  fetchImpl?: FetchLike;
  onSuccess?: (leadId: string) => void;
  /** Sends the browser to the payment provider (default `window.location.assign`). */
  assign?: (url: string) => void;
}

/** The text under the deposit line when the dealer takes the deposit (no payment provider). */
export const OFFLINE_DEPOSIT = "Online payment is not available: the dealer will contact you to take the deposit.";

/**
 * The text under the deposit line: "Pay the {deposit} deposit securely online." with a payment
 * provider, else {@link OFFLINE_DEPOSIT}. Takes the deposit (dollars) and the provider's name
 * (null for none); returns the text. Spec: docs/features/shopper-core.md §5 (Reserve), §9;
 * docs/features/platform.md "Leads".
 */
export function depositNote(deposit: number, provider: string | null): string {
  return provider ? `Pay the ${formatMoney(deposit)} deposit securely online.` : OFFLINE_DEPOSIT;
}

/**
 * The reserve form: the car, the deposit and hold, how the deposit is paid, the contact fields;
 * submit records a `reserve` lead with `deposit` and the car, then goes to the payment provider's
 * `payment_url` when the host returns one, else to /success. Takes {@link ReserveFormProps};
 * renders the form. Spec: docs/features/shopper-core.md §5 (Reserve), §9.
 */
export function ReserveForm({ car, fetchImpl, onSuccess, assign }: ReserveFormProps) {
  const { tenant } = useSite();
  const rules = leadsSettings(tenant);
  const { deposit, hours } = reserveTerms(tenant);
  const provider = adapterSettings(tenant).online_payment;
  const lead = useLeadSubmit("reserve", { fetchImpl, onSuccess, assign });
  const [contact, setContact] = useState<ContactValues>(initialContact);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void lead.submit(
      { ...contact, category: "Reserve", deposit, car_id: car.car.id, page_id: `car-${car.car.id}` },
      checkContact(contact, rules.postcode_required),
    );
  };
  return (
    <form noValidate onSubmit={onSubmit} className="fc-lead-form" data-form="reserve">
      <h2>{car.name}</h2>
      <p data-deposit={deposit}>
        {`Reserve this car with a ${formatMoney(deposit)} deposit, 100% refundable. We hold the car for you for ${hours} hours.`}
      </p>
      <p className="fc-muted" data-payment={provider ?? "offline"}>
        {depositNote(deposit, provider)}
      </p>
      <ErrorSummary errors={lead.errors} formError={lead.formError} />
      <ContactFields values={contact} onChange={setContact} errors={lead.errors} postcodeRequired={rules.postcode_required} />
      <SubmitButton submitting={lead.submitting}>Reserve Car Now</SubmitButton>
    </form>
  );
}

/**
 * The reserve page: loads the car of the path (`/cars/{slug}/checkout`, `/buy-online`) or of
 * `?car_id={slug}`, then shows {@link ReserveForm}; on the return from the payment provider
 * (`?reservation={lead_id}`, `&payment=cancelled`) it shows the {@link ReservationStatus} panel
 * instead, with the hold's end in the site's time zone (its default state's; Australia/Brisbane
 * when unknown). Takes nothing; renders the page. Spec: docs/features/shopper-core.md §2, §5 (Reserve), §9.
 */
export default function ReservePage() {
  useDocumentTitle("Reserve online");
  const { slug } = useParams();
  const [params] = useSearchParams();
  const { tenant } = useSite();
  const reservation = params.get("reservation") ?? "";
  const carSlug = reservation ? "" : (slug ?? params.get("car_id") ?? "");
  const [car, setCar] = useState<CarResponse | null | "missing">(null);
  useEffect(() => {
    const ctrl = new AbortController();
    setCar(null);
    if (reservation) return;
    if (!carSlug) {
      setCar("missing");
      return;
    }
    fetchCar(carSlug, ctrl.signal).then(
      (r) => !ctrl.signal.aborted && setCar(r.ok ? r.data : "missing"),
      () => !ctrl.signal.aborted && setCar("missing"),
    );
    return () => ctrl.abort();
  }, [carSlug, reservation]);
  if (reservation) {
    return (
      <section className="fc-container fc-page fc-lead-page" data-page="reserve">
        <h1>Reserve online</h1>
        <ReservationStatus
          leadId={reservation}
          cancelled={params.get("payment") === "cancelled"}
          timeZone={timeZoneOf(tenant.default_state)}
        />
      </section>
    );
  }
  return (
    <section className="fc-container fc-page fc-lead-page" data-page="reserve">
      <h1>Reserve online</h1>
      {car === null ? <Skeleton height={300} /> : null}
      {car === "missing" ? <p>This car is not available to reserve.</p> : null}
      {car && car !== "missing" ? <ReserveForm car={car} /> : null}
    </section>
  );
}
