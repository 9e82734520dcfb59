import { useEffect, useState } from "react";
import { fetchCar } from "../api/client";
import { useSearchParams } from "../app/router";
import { useDocumentTitle } from "../app/site";
import { FinanceForm } from "./FinanceForm";

/**
 * The finance pages (/finance, /finance-enquiry, /apply-for-finance, /personalised/finance?car_id=):
 * the form card (start price from `vehiclePriceBudget`) and the 3-step panel on large screens.
 * With `?car_id={slug}` the car is loaded and sent with the application (car_id, VIN). Submitting
 * sends the visitor to the lender's address when the tenant's lender creates the customer
 * ({@link FinanceForm}), else to /success.
 * Takes nothing; renders the page. Spec: docs/features/locations-forms-marketing.md §2 "Finance page and popup", §4;
 * docs/features/shopper-core.md §2 /finance query parameters.
 */
export default function FinancePage() {
  useDocumentTitle("Finance");
  const [params] = useSearchParams();
  const budget = Number(params.get("vehiclePriceBudget"));
  const carId = params.get("car_id") ?? "";
  const [car, setCar] = useState<{ id: number; price: number; vin: string | null } | null>(null);
  useEffect(() => {
    // `car_id` is the car's slug on /finance (the VDP's link); a number (/personalised/finance) has no lookup by id.
    if (!carId || /^\d+$/.test(carId)) return;
    const ctrl = new AbortController();
    fetchCar(carId, ctrl.signal).then(
      (r) => r.ok && !ctrl.signal.aborted && setCar({ id: r.data.car.id, price: r.data.car.price, vin: r.data.car.vin ?? null }),
      () => {},
    );
    return () => ctrl.abort();
  }, [carId]);
  return (
    <section className="fc-container fc-page fc-lead-page fc-finance-page" data-page="finance">
      <h1>Finance</h1>
      <div className="fc-finance-page__grid">
        <div className="fc-card">
          <FinanceForm key={car?.id ?? 0} {...(budget > 0 ? { price: budget } : {})} {...(car ? { car } : {})} />
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
