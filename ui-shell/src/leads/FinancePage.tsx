import { useEffect, useState } from "react";
import { fetchCar } from "../api/client";
import type { CarResponse } from "../api/types";
import { useSearchParams } from "../app/router";
import { useDocumentTitle, useSite } from "../app/site";
import { imageAt } from "../lib/images";
import { displayPrice } from "../vdp/sidebar";
import { FinanceForm } from "./FinanceForm";

/**
 * The finance pages (/finance, /finance-enquiry, /apply-for-finance, /personalised/finance?car_id=):
 * the form card (start price from `vehiclePriceBudget`) and the 3-step panel on large screens.
 * With `?car_id={slug}` the car is loaded, shown above the form (image, name and price, 'Finance
 * for this car') and sent with the application (car_id, VIN); `preferredDealership` (a dealership
 * of the site) is sent as the application's dealership. Submitting sends the visitor to the
 * lender's address when the tenant's lender creates the customer ({@link FinanceForm}), else to
 * /success. Takes nothing; renders the page. Spec: docs/features/locations-forms-marketing.md §2
 * "Finance page and popup" ("It can show the car chosen via the car_id query parameter"), §4;
 * docs/features/shopper-core.md §2 /finance query parameters.
 */
export default function FinancePage() {
  useDocumentTitle("Finance");
  const { tenant } = useSite();
  const [params] = useSearchParams();
  const budget = Number(params.get("vehiclePriceBudget"));
  const carId = params.get("car_id") ?? "";
  const preferred = params.get("preferredDealership") ?? "";
  const dealership = tenant.dealerships.some((d) => d.slug === preferred) ? preferred : undefined;
  const [res, setRes] = useState<CarResponse | null>(null);
  useEffect(() => {
    // `car_id` is the car's slug on /finance (the VDP's link); a number (/personalised/finance) has no lookup by id.
    if (!carId || /^\d+$/.test(carId)) return;
    const ctrl = new AbortController();
    fetchCar(carId, ctrl.signal).then(
      (r) => r.ok && !ctrl.signal.aborted && setRes(r.data),
      () => {},
    );
    return () => ctrl.abort();
  }, [carId]);
  const car = res ? { id: res.car.id, price: res.car.price, vin: res.car.vin ?? params.get("vin") ?? null } : null;
  const price = res ? displayPrice(res.price_view, tenant.wording.no_price_text || "Enquire for price") : null;
  return (
    <section className="fc-container fc-page fc-lead-page fc-finance-page" data-page="finance">
      <h1>Finance</h1>
      {res ? (
        <a className="fc-card fc-finance-car" href={res.path} data-finance-car={res.car.slug}>
          {res.primary_image_url ? (
            <img src={imageAt(res.primary_image_url, 240)} alt="" width={120} height={80} loading="eager" />
          ) : null}
          <span>
            <span className="fc-muted">Finance for this car</span>
            <strong className="fc-finance-car__name">{res.name}</strong>
            {price ? <span data-price="">{price.text}</span> : null}
          </span>
        </a>
      ) : null}
      <div className="fc-finance-page__grid">
        <div className="fc-card">
          <FinanceForm
            key={car?.id ?? 0}
            {...(budget > 0 ? { price: budget } : {})}
            {...(car ? { car } : {})}
            {...(dealership ? { dealership } : {})}
          />
        </div>
        <ol className="fc-finance-steps">
          <li>Apply online in 5 minutes.</li>
          <li>Get pre-approved with a personalised rate.</li>
          <li>Purchase the car.</li>
        </ol>
      </div>
    </section>
  );
}
