// The trade-in information (docs/features/platform.md "Marketing and content pages") under the
// valuation form of src/leads/TradeInPage.tsx: the FAQ (types of vehicles bought, how the online
// estimate is calculated, exact price after inspection, cars under finance, where the inspection
// happens) and the enquiry mini-form (name, last_name, postcode and phone side by side, email, a
// hidden page_id) with the privacy consent line 'By submitting this enquiry, I agree to the {brand}
// Privacy Policy.'
// Spec: docs/features/locations-forms-marketing.md §2 "Trade-in information", §3 "Saved user details", §4
// "Enquiry submit", §5, §8.
import { type FormEvent, useState } from "react";
import type { TenantSettings } from "../api/types";
import { useSite } from "../app/site";
import { useContent } from "../content/data";
import {
  type ContactValues,
  checkContact,
  checkDealership,
  type FetchLike,
  initialDealership,
  leadsSettings,
} from "../leads/lead";
import { contactInputs, DealershipChoice, ErrorSummary, initialContact, SubmitButton, useLeadSubmit } from "../leads/parts";
import { Faq } from "./Faq";
import { parseTradeIn } from "./types";
import "./marketing.css";

/** The API address of the trade-in information (not inlined in the document: fetched by the page). */
export const TRADE_IN_API = "/api/v1/content/trade-in";
/** The category the mini-form's lead records (an `enquiry` lead: the valuation form is the `trade_in` one). */
export const TRADE_IN_CATEGORY = "Trade-in";
/**
 * The mini-form's message. It has no comments field, and the host requires a message on enquiries
 * unless the tenant sets `[leads] message_optional`; a fixed text the dealer sees says where the
 * enquiry came from (docs/features/locations-forms-marketing.md §5 "Comments required").
 */
export const TRADE_IN_MESSAGE = "Trade-in enquiry from the trade-in page";

/** Props of {@link TradeInEnquiryForm}. */
export interface TradeInEnquiryFormProps {
  tenant: TenantSettings;
  /** The brand in the privacy line (the content's `privacyBrand`; the site name until it loads). */
  brand: string;
  /** The page the form is on (its path, e.g. `/trade-in`), sent as the hidden `page_id`. */
  pageId: string;
  fetchImpl?: FetchLike;
  onSuccess?: (leadId: string) => void;
}

/**
 * The enquiry mini-form: First Name (required), Last Name, Postcode and Phone side by side (two
 * columns on wide screens), Email (an email or a phone is needed, as on every form), a Dealership
 * select when the site has several (the host needs it there), the hidden `page_id`, and the
 * privacy line with 'Privacy Policy' linking to /privacy-policy. Submits an `enquiry` lead with
 * category {@link TRADE_IN_CATEGORY} and message {@link TRADE_IN_MESSAGE}, then /success.
 * Contact fields are pre-filled from the saved user details. Takes {@link TradeInEnquiryFormProps};
 * renders the form (`data-form="enquiry"`, `data-trade-in-enquiry`).
 */
export function TradeInEnquiryForm({ tenant, brand, pageId, fetchImpl, onSuccess }: TradeInEnquiryFormProps) {
  const rules = leadsSettings(tenant);
  const lead = useLeadSubmit("enquiry", { fetchImpl, onSuccess });
  const dealerships = tenant.dealerships;
  const [c, setC] = useState<ContactValues>(initialContact);
  const [dealership, setDealership] = useState(() => initialDealership(dealerships));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const errors = {
      ...checkContact(c, rules.postcode_required),
      ...checkDealership(dealerships.length, dealership),
    };
    void lead.submit(
      {
        ...c,
        message: TRADE_IN_MESSAGE,
        category: TRADE_IN_CATEGORY,
        dealership_slug: dealership,
        page_id: pageId,
      },
      errors,
    );
  };
  const err = lead.errors;
  const f = contactInputs(c, setC, err, rules.postcode_required);
  return (
    <form noValidate onSubmit={onSubmit} className="fc-mini-form" data-form="enquiry" data-trade-in-enquiry="">
      <ErrorSummary errors={err} formError={lead.formError} />
      <input type="hidden" name="page_id" value={pageId} />
      <div className="fc-mini-form__row">
        {f.name}
        {f.last_name}
      </div>
      <div className="fc-mini-form__row">
        {f.postcode}
        {f.phone}
      </div>
      {f.email}
      <DealershipChoice dealerships={dealerships} value={dealership} onChange={setDealership} error={err.dealership_slug} />
      <p className="fc-privacy-line" data-privacy-line="">
        By submitting this enquiry, I agree to the {brand} <a href="/privacy-policy">Privacy Policy</a>.
      </p>
      <SubmitButton submitting={lead.submitting}>Send Enquiry</SubmitButton>
    </form>
  );
}

/**
 * The trade-in information block: the FAQ from `GET /api/v1/content/trade-in` ('Frequently Asked
 * Questions'; none while loading or when the tenant has none) and the enquiry mini-form under
 * 'Send us an enquiry' with the content's brand (the site name until it loads). Takes the page
 * path (the form's `page_id`); renders a `<div>`.
 */
export function TradeInInfo({ pageId }: { pageId: string }) {
  const { tenant } = useSite();
  const content = useContent(TRADE_IN_API, parseTradeIn);
  const data = content.status === "ok" ? content.data : null;
  return (
    <div className="fc-tradein-info" data-trade-in-info="">
      <Faq title="Frequently Asked Questions" id="fc-tradein-faq" items={data?.faq ?? []} />
      <section aria-labelledby="fc-tradein-enquiry">
        <h2 id="fc-tradein-enquiry">Send us an enquiry</h2>
        <TradeInEnquiryForm tenant={tenant} brand={data?.privacyBrand || tenant.name} pageId={pageId} />
      </section>
    </div>
  );
}
