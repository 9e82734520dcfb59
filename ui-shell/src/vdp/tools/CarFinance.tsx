// The 'Car Finance' card (docs/features/platform.md "Finance and delivery tools"): weekly and
// monthly repayments from the lender quote, the advertised and comparison rates, and 'Get
// Pre-Approved', which opens the finance popup (src/pages/FinanceDialog.tsx,
// docs/features/platform.md "Leads").
// Spec: docs/features/shopper-core.md §2 "a 'Car Finance' card with 'Get Pre-Approved'", §5 finance widget, §9
// "monthly amount = weekly x 4.33".
import type { CarResponse } from "../../api/types";
import { ButtonLink } from "../../design/Button";
import { formatMoney } from "../../lib/format";
import type { FinanceFigures } from "./quote";
import "./tools.css";

/** Props of {@link CarFinanceCard}: the car and the finance widget's figures (AUD, percent p.a.). */
export interface CarFinanceCardProps {
  res: CarResponse;
  figures: FinanceFigures;
}

/**
 * The 'Car Finance' card (docs/features/shopper-core.md §2, §5, §9): shows only when the finance widget shows
 * (`finance.show_widget`, or the quote's `show_widget`) and there is a weekly figure; weekly and
 * monthly (weekly x 4.33) repayments, the advertised and comparison rates when known, and 'Get
 * Pre-Approved' opening the finance popup (`#finance-application`). Takes {@link CarFinanceCardProps};
 * renders an `<aside>` or nothing.
 */
export function CarFinanceCard({ figures }: CarFinanceCardProps) {
  if (!figures.show || figures.weekly === null) return null;
  return (
    <aside className="fc-car-finance" aria-labelledby="fc-car-finance-title" data-car-finance="">
      <h3 id="fc-car-finance-title">Car Finance</h3>
      <dl className="fc-car-finance__figures">
        <div>
          <dt>Weekly</dt>
          <dd data-weekly="">{formatMoney(figures.weekly)}/wk</dd>
        </div>
        {figures.monthly !== null ? (
          <div>
            <dt>Monthly</dt>
            <dd data-monthly="">{formatMoney(figures.monthly)}/mo</dd>
          </div>
        ) : null}
        {figures.advertisedRate !== null ? (
          <div>
            <dt>Advertised rate</dt>
            <dd>{figures.advertisedRate}% p.a.</dd>
          </div>
        ) : null}
        {figures.comparisonRate !== null ? (
          <div>
            <dt>Comparison rate</dt>
            <dd>{figures.comparisonRate}% p.a.</dd>
          </div>
        ) : null}
      </dl>
      <ButtonLink href="#finance-application">Get Pre-Approved</ButtonLink>
    </aside>
  );
}
