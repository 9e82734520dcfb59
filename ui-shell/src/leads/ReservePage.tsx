// Reserve a car (issue 9): /cars/{slug}/checkout, /cars/{slug}/buy-online and
// /checkout-journey?car_id={slug} (sign-in gated per site). The refundable deposit holds the car;
// no payment provider is configured, so the reservation is recorded as a lead (form `reserve`,
// field `deposit`) and the dealer takes the deposit offline.
// Spec: shopper-core §2, §5 (Reserve), §9 "Reserve deposit default $200, 100% refundable, car held
// 48 hours"; locations-forms-marketing §4, §9.
import { type FormEvent, useEffect, useState } from "react";
import { fetchCar } from "../api/client";
import type { CarResponse, TenantSettings } from "../api/types";
import { useParams, useSearchParams } from "../app/router";
import { useDocumentTitle, useSite } from "../app/site";
import { Skeleton } from "../design/Skeleton";
import { formatMoney } from "../lib/format";
import { type ContactValues, checkContact, type FetchLike, leadsSettings } from "./lead";
import { ContactFields, ErrorSummary, initialContact, SubmitButton, useLeadSubmit } from "./parts";

/**
 * The reserve terms: the tenant's deposit (AUD, default 200) and hold (hours, default 48). Takes
 * the tenant settings; returns both. Spec: shopper-core §9.
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
}

/**
 * The reserve form: the car, the deposit and hold, the contact fields; submit records a `reserve`
 * lead with `deposit` and the car and goes to /success. Takes {@link ReserveFormProps}; renders the form.
 */
export function ReserveForm({ car, fetchImpl, onSuccess }: ReserveFormProps) {
  const { tenant } = useSite();
  const rules = leadsSettings(tenant);
  const { deposit, hours } = reserveTerms(tenant);
  const lead = useLeadSubmit("reserve", { fetchImpl, onSuccess });
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
      <p className="fc-muted">Online payment is not available: the dealer will contact you to take the deposit.</p>
      <ErrorSummary errors={lead.errors} formError={lead.formError} />
      <ContactFields values={contact} onChange={setContact} errors={lead.errors} postcodeRequired={rules.postcode_required} />
      <SubmitButton submitting={lead.submitting}>Reserve Car Now</SubmitButton>
    </form>
  );
}

/**
 * The reserve page: loads the car of the path (`/cars/{slug}/checkout`, `/buy-online`) or of
 * `?car_id={slug}`, then shows {@link ReserveForm}. Takes nothing; renders the page.
 */
export default function ReservePage() {
  useDocumentTitle("Reserve online");
  const { slug } = useParams();
  const [params] = useSearchParams();
  const carSlug = slug ?? params.get("car_id") ?? "";
  const [car, setCar] = useState<CarResponse | null | "missing">(null);
  useEffect(() => {
    const ctrl = new AbortController();
    setCar(null);
    if (!carSlug) {
      setCar("missing");
      return;
    }
    fetchCar(carSlug, ctrl.signal).then(
      (r) => !ctrl.signal.aborted && setCar(r.ok ? r.data : "missing"),
      () => !ctrl.signal.aborted && setCar("missing"),
    );
    return () => ctrl.abort();
  }, [carSlug]);
  return (
    <section className="fc-container fc-page fc-lead-page" data-page="reserve">
      <h1>Reserve online</h1>
      {car === null ? <Skeleton height={300} /> : null}
      {car === "missing" ? <p>This car is not available to reserve.</p> : null}
      {car && car !== "missing" ? <ReserveForm car={car} /> : null}
    </section>
  );
}
