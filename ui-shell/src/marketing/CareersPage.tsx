// The careers page (/careers): the tenant's careers text (a markdown content page) and the careers
// enquiry form below it, which submits a `career` lead; the host records tracking event 51 for it
// (docs/features/locations-forms-marketing.md §7 "Tracking events: 22 on lead submit by default, 51 for career
// enquiries"; §2 routes /careers; §5 form rules). A lazy route chunk.
import { type FormEvent, useState } from "react";
import { useSite } from "../app/site";
import ContentPage from "../content/ContentPage";
import { REQUIRED_MESSAGE } from "../design/validation";
import { type ContactValues, checkContact, type Errors, type FetchLike, leadsSettings } from "../leads/lead";
import { Choice, ContactFields, ErrorSummary, initialContact, SubmitButton, TextArea, useLeadSubmit } from "../leads/parts";
import type { RouteDef } from "../routes/table";

/** The roles a careers enquiry can be about (the careers page's "Where you could fit in"). */
export const CAREER_POSITIONS = ["Sales", "Service", "Parts", "Finance and insurance", "Administration", "Other"] as const;

/** The category a careers enquiry records (docs/features/shopper-core.md §3 "Lead data" category). */
export const CAREER_CATEGORY = "Career Enquiry";

/**
 * Checks a careers enquiry: the contact rules, a position, and a few words about the applicant
 * ('This is a required field.'). Takes the contact values, position, message and whether the
 * postcode is required; returns the errors by field. Spec: docs/features/locations-forms-marketing.md §5.
 */
export function checkCareer(contact: ContactValues, position: string, message: string, postcodeRequired: boolean): Errors {
  const e = checkContact(contact, postcodeRequired);
  if (!position) e.position = REQUIRED_MESSAGE;
  if (!message.trim()) e.message = REQUIRED_MESSAGE;
  return e;
}

/** Props of {@link CareersForm}. */
export interface CareersFormProps {
  fetchImpl?: FetchLike;
  onSuccess?: (leadId: string) => void;
}

/**
 * The careers enquiry form: contact fields, Position (required), 'Tell us about yourself'
 * (required) and Send Application; submits a `career` lead (category 'Career Enquiry') and goes
 * to /success. Takes {@link CareersFormProps}; renders the form.
 */
export function CareersForm({ fetchImpl, onSuccess }: CareersFormProps) {
  const { tenant } = useSite();
  const rules = leadsSettings(tenant);
  const lead = useLeadSubmit("career", { fetchImpl, onSuccess });
  const [contact, setContact] = useState<ContactValues>(initialContact);
  const [position, setPosition] = useState("");
  const [message, setMessage] = useState("");
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void lead.submit(
      { ...contact, category: CAREER_CATEGORY, position, message, page_id: "careers" },
      checkCareer(contact, position, message, rules.postcode_required),
    );
  };
  const err = lead.errors;
  return (
    <form noValidate onSubmit={onSubmit} className="fc-lead-form" data-form="career">
      <ErrorSummary errors={err} formError={lead.formError} />
      <ContactFields values={contact} onChange={setContact} errors={err} postcodeRequired={rules.postcode_required} />
      <Choice
        label="Position"
        name="position"
        required
        placeholder="Select a role"
        options={CAREER_POSITIONS.map((p) => ({ value: p, label: p }))}
        value={position}
        onChange={setPosition}
        error={err.position}
      />
      <TextArea
        label="Tell us about yourself"
        name="message"
        required
        value={message}
        onChange={setMessage}
        error={err.message}
      />
      <SubmitButton submitting={lead.submitting}>Send Application</SubmitButton>
    </form>
  );
}

/**
 * The /careers page: the content page, then 'Apply now' with {@link CareersForm}. Takes the route;
 * renders both.
 */
export default function CareersPage({ route }: { route: RouteDef }) {
  return (
    <>
      <ContentPage route={route} />
      <section className="fc-container fc-page fc-lead-page" aria-labelledby="careers-apply" data-page="careers-form">
        <h2 id="careers-apply">Apply now</h2>
        <CareersForm />
      </section>
    </>
  );
}
