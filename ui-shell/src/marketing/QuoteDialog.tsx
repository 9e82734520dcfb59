// The service page's Get a Quote modal (docs/features/platform.md "Marketing and content pages"): the
// enquiry form without the opt_in field, with the category 'Service Quote', posted as an `enquiry`
// lead like the other forms (then /success). Its own chunk, loaded when the shopper first opens it.
// Spec: docs/features/locations-forms-marketing.md §2 "Electric-model marketing area" ("Service page: ... a Get a
// Quote modal form (the opt_in field is removed from it). Service quote is fixed for 12 months."),
// §4 "Enquiry submit", §5, §9 ("quote fixed for 12 months"); §2 "Popup dialog" (the dialog primitive).
import { type FormEvent, useMemo, useState } from "react";
import type { TenantSettings } from "../api/types";
import { useSite } from "../app/site";
import { Dialog } from "../design/Dialog";
import { checkEnquiry } from "../leads/EnquiryForm";
import {
  type ContactValues,
  checkContact,
  type FetchLike,
  initialDealership,
  leadsSettings,
  serviceLocations,
  visibleLocations,
} from "../leads/lead";
import {
  CommentsField,
  ContactFields,
  DealershipChoice,
  ErrorSummary,
  initialContact,
  LocationChoice,
  RegoInput,
  SubmitButton,
  TermsNote,
  useLeadSubmit,
} from "../leads/parts";
import type { ServiceContent } from "./types";

/** The category a quote request records (docs/features/shopper-core.md §3 "Lead data" category). */
export const QUOTE_CATEGORY = "Service Quote";

/**
 * The quote's validity line: `Your quote is fixed for {months} months` ('1 month' for one).
 * Takes whole months (the content's `quote.validMonths`, 12 by the spec); returns the text.
 * Spec: docs/features/locations-forms-marketing.md §2, §9 "quote fixed for 12 months".
 */
export function quoteValidity(months: number): string {
  return `Your quote is fixed for ${months} ${months === 1 ? "month" : "months"}`;
}

/** Props of {@link QuoteForm}. */
export interface QuoteFormProps {
  tenant: TenantSettings;
  /** The page the form is on, sent as `page_id` (e.g. `/service`). */
  pageId: string;
  fetchImpl?: FetchLike;
  onSuccess?: (leadId: string) => void;
}

/**
 * The quote form: the enquiry form's fields (First Name, Last Name, Email, Phone, Postcode, a
 * Dealership select when the site has several, a Location select over the service locations,
 * required and auto-selected when only one, Rego, Comments — required unless
 * `leads.message_optional` — and the tenant's terms note) with no opt-in and no category select;
 * submits an `enquiry` lead with category {@link QUOTE_CATEGORY} and goes to /success. Takes
 * {@link QuoteFormProps}; renders the form (`data-form="enquiry"`, `data-quote-form`).
 */
export function QuoteForm({ tenant, pageId, fetchImpl, onSuccess }: QuoteFormProps) {
  const rules = leadsSettings(tenant);
  const lead = useLeadSubmit("enquiry", { fetchImpl, onSuccess });
  const dealerships = tenant.dealerships;
  const [contact, setContact] = useState<ContactValues>(initialContact);
  const [v, setV] = useState({
    dealership_slug: initialDealership(dealerships),
    location: "",
    rego: "",
    message: "",
  });
  const set = (k: keyof typeof v, x: string) => setV((p) => ({ ...p, [k]: x }));
  // The visible service locations (of the chosen dealership), else every visible location.
  const locations = useMemo(() => serviceLocations(visibleLocations(tenant, v.dealership_slug)), [tenant, v.dealership_slug]);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const errors = {
      ...checkContact(contact, rules.postcode_required),
      ...checkEnquiry(
        { ...v, category: QUOTE_CATEGORY, opt_in: false, date: "", time: "" },
        {
          variant: "enquiry",
          general: false,
          messageOptional: rules.message_optional,
          dealerships: dealerships.length,
          locationShown: locations.length > 0,
        },
      ),
    };
    void lead.submit(
      {
        ...contact,
        message: v.message,
        category: QUOTE_CATEGORY,
        dealership_slug: v.dealership_slug,
        location: v.location,
        rego: v.rego,
        ...(rules.terms_note ? { terms_conditions: true } : {}),
        page_id: pageId,
      },
      errors,
    );
  };
  const err = lead.errors;
  return (
    <form noValidate onSubmit={onSubmit} className="fc-lead-form" data-form="enquiry" data-quote-form="">
      <ErrorSummary errors={err} formError={lead.formError} />
      <ContactFields values={contact} onChange={setContact} errors={err} postcodeRequired={rules.postcode_required} />
      <DealershipChoice
        dealerships={dealerships}
        value={v.dealership_slug}
        onChange={(x) => setV((p) => ({ ...p, dealership_slug: x, location: "" }))}
        error={err.dealership_slug}
      />
      {locations.length > 0 ? (
        <LocationChoice locations={locations} value={v.location} onChange={(x) => set("location", x)} error={err.location} />
      ) : null}
      <RegoInput value={v.rego} onChange={(x) => set("rego", x)} error={err.rego} />
      <CommentsField
        value={v.message}
        onChange={(x) => set("message", x)}
        error={err.message}
        required={!rules.message_optional}
      />
      <TermsNote note={rules.terms_note} />
      <SubmitButton submitting={lead.submitting}>Request Quote</SubmitButton>
    </form>
  );
}

/** Props of {@link QuoteDialog}: open state and setter, the service content's `quote`, the page's path. */
export interface QuoteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  quote: ServiceContent["quote"];
  pageId: string;
}

/**
 * The Get a Quote modal (the design system's Radix dialog: focus trap, Escape closes, labelled by
 * its title): the title from the content, the validity line ({@link quoteValidity}) as its
 * description, the content's note when it says more, and the {@link QuoteForm}. Takes
 * {@link QuoteDialogProps}; renders the dialog.
 */
export default function QuoteDialog({ open, onOpenChange, quote, pageId }: QuoteDialogProps) {
  const { tenant } = useSite();
  const validity = quoteValidity(quote.validMonths);
  const note = quote.note?.trim() ?? "";
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={quote.title || "Get a Quote"} description={`${validity}.`}>
      {note && note.replace(/\.$/, "") !== validity ? <p className="fc-quote-note">{note}</p> : null}
      <QuoteForm tenant={tenant} pageId={pageId} />
    </Dialog>
  );
}
