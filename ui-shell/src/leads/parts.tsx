// The pieces every lead form shares (docs/features/platform.md "Leads"): the submit hook (one idempotency key per form
// instance, the submitting state, server field errors, success to /success), the contact fields
// pre-filled from the saved user details, the form-level error list and the submit button.
// Spec: docs/features/locations-forms-marketing.md §2, §3, §4 "Enquiry submit", §5, §8;
// docs/features/shopper-core.md §4 "Lead form".
import { type ReactNode, useEffect, useRef, useState } from "react";
import "./leads.css";
import type { Location, TenantSettings } from "../api/types";
import { useNavigate } from "../app/router";
import { Button } from "../design/Button";
import { Field } from "../design/Field";
import {
  browserContext,
  buildPayload,
  type ContactValues,
  type Errors,
  type FetchLike,
  FIX_ERRORS,
  type FieldValue,
  type LeadForm,
  newIdempotencyKey,
  postLead,
  readSavedDetails,
  rememberCategory,
  rememberEnquiry,
  rememberReference,
  saveDetails,
} from "./lead";

/** What {@link useLeadSubmit} gives a form. */
export interface LeadSubmit {
  submitting: boolean;
  errors: Errors;
  formError: string | null;
  /** Shows these errors (e.g. a step's) without submitting. */
  setErrors: (e: Errors) => void;
  /**
   * Submits when `localErrors` is empty: posts the fields (the category included), saves the
   * contact details, remembers the category and goes to /success (or to the address the host
   * returns). Returns whether it succeeded.
   */
  submit: (fields: Record<string, FieldValue>, localErrors?: Errors) => Promise<boolean>;
  /** The form instance's idempotency key. */
  idempotencyKey: string;
}

/** Options of {@link useLeadSubmit}: a fetch, a success callback, and how to leave for another site. */
export interface LeadSubmitOptions {
  fetchImpl?: FetchLike | undefined;
  /** Called with the lead's id instead of going to /success. */
  onSuccess?: ((leadId: string) => void) | undefined;
  /** Sends the browser to an external address (default `window.location.assign`; tests inject a fake). */
  assign?: ((url: string) => void) | undefined;
}

/** Sends the browser to `url` (a full page load: a lender's or payment provider's page). */
function locationAssign(url: string): void {
  globalThis.location.assign(url);
}

/**
 * The submit state of one lead form: the idempotency key is made once per form instance (a
 * double submit is one lead, and a retry after a failure reuses it), a second submit while one is
 * in flight is ignored, the host's field errors land on their fields, other failures show the
 * returned error, else 'An unexpected error occured' ({@link postLead}), and success stores the
 * category, records the enquiry in this browser's list (`rememberEnquiry`, the account page's
 * "My Enquiries") and goes to `/success` (or calls `onSuccess`) — unless the host returns an
 * external address (a finance `redirect_url`, a reservation's `payment_url`), where the browser is
 * sent with `assign` and the button stays disabled while it leaves. Takes the form and
 * {@link LeadSubmitOptions}; returns {@link LeadSubmit}.
 * Spec: docs/features/locations-forms-marketing.md §4 "Enquiry submit", "Submitting the finance form creates a
 * customer and redirects the visitor to the returned address", §8; docs/features/shopper-core.md §4
 * "Lead form", §5 (Reserve).
 */
export function useLeadSubmit(form: LeadForm, opts: LeadSubmitOptions = {}): LeadSubmit {
  const [key] = useState(newIdempotencyKey);
  const inFlight = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const navigate = useNavigate();
  const submit = async (fields: Record<string, FieldValue>, localErrors: Errors = {}) => {
    if (inFlight.current) return false;
    setErrors(localErrors);
    setFormError(null);
    if (Object.keys(localErrors).length > 0) return false;
    inFlight.current = true;
    setSubmitting(true);
    const out = await postLead(buildPayload(form, key, fields, browserContext()), opts.fetchImpl);
    if (!out.ok) {
      inFlight.current = false;
      setSubmitting(false);
      setErrors(out.fieldErrors);
      setFormError(out.formError);
      return false;
    }
    saveDetails(fields as Partial<Record<keyof ContactValues, string>>);
    rememberCategory(typeof fields.category === "string" ? fields.category : "");
    rememberReference(out.reference ?? "");
    rememberEnquiry({
      leadId: out.leadId,
      category: typeof fields.category === "string" && fields.category ? fields.category : form,
      subject: typeof fields.subcategory === "string" ? fields.subcategory : "",
      url: globalThis.location?.pathname ?? "",
      at: Date.now(),
    });
    const away = out.redirectUrl ?? out.reservation?.payment_url ?? null;
    if (away) {
      (opts.assign ?? locationAssign)(away);
      return true;
    }
    inFlight.current = false;
    setSubmitting(false);
    if (opts.onSuccess) opts.onSuccess(out.leadId);
    else navigate("/success");
    return true;
  };
  return { submitting, errors, formError, setErrors, submit, idempotencyKey: key };
}

/**
 * The contact values to start a form with: the saved user details (docs/features/locations-forms-marketing.md §3).
 * Takes nothing; returns {@link ContactValues}.
 */
export function initialContact(): ContactValues {
  return readSavedDetails();
}

/** Human labels of the fields, for the form-level list. */
const LABELS: Record<string, string> = {
  name: "First Name",
  last_name: "Last Name",
  email: "Email",
  phone: "Phone",
  postcode: "Postcode",
  message: "Comments",
  category: "Category",
  dealership_slug: "Dealership",
  subcategory: "Vehicle",
  location: "Location",
  car_id: "Car",
  rego: "Rego",
};

/**
 * The form-level error list under 'Please fix the following errors:' plus the form error (an
 * alert). Takes the errors, the form error and optionally labels for fields the common list does
 * not name (e.g. a trade-in adjustment question); renders nothing when there are none.
 * Spec: docs/features/locations-forms-marketing.md §5, §8.
 */
export function ErrorSummary({
  errors,
  formError,
  labels,
}: {
  errors: Errors;
  formError: string | null;
  labels?: Record<string, string>;
}) {
  const list = Object.entries(errors);
  if (list.length === 0 && !formError) return null;
  return (
    <div className="fc-form-errors" role="alert">
      {formError ? <p className="fc-form-errors__form">{formError}</p> : null}
      {list.length > 0 ? (
        <>
          <p>{FIX_ERRORS}</p>
          <ul>
            {list.map(([k, m]) => (
              <li key={k}>{`${labels?.[k] ?? LABELS[k] ?? k}: ${m}`}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/**
 * The submit button: disabled with a spinner while submitting (docs/features/locations-forms-marketing.md §4).
 * Takes the state and the label; renders a submit button.
 */
export function SubmitButton({ submitting, children }: { submitting: boolean; children: ReactNode }) {
  return (
    <Button type="submit" disabled={submitting} aria-busy={submitting || undefined} className="fc-lead-submit">
      {submitting ? <span className="fc-spinner" aria-hidden="true" /> : null}
      {children}
    </Button>
  );
}

/** Props of {@link Input}. */
interface InputProps {
  label: string;
  name: string;
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
  required?: boolean;
  type?: string;
  autoComplete?: string;
  inputMode?: "numeric" | "text" | "tel" | "email";
  maxLength?: number;
  placeholder?: string;
  onBlur?: () => void;
}

/** A labelled input bound to a string value. Takes {@link InputProps}; renders a {@link Field}. */
export function Input({ label, name, value, onChange, error, required, ...rest }: InputProps) {
  return (
    <Field label={label} error={error ?? null} {...(required ? { required } : {})}>
      {(control) => (
        <input className="fc-input" name={name} value={value} onChange={(e) => onChange(e.target.value)} {...rest} {...control} />
      )}
    </Field>
  );
}

/** The make, model and year of a vehicle, as entered (year digits only). */
export interface MakeModelYear {
  make: string;
  model: string;
  year: string;
}

/**
 * The required "Vehicle Make", "Vehicle Model" and "Vehicle Year" inputs of the trade-in and
 * service forms (docs/features/locations-forms-marketing.md §2 "Service booking", "Trade-in information"; §5 the
 * Vehicle Details step needs all three). Takes the values, a setter (`year` keeps digits only) and
 * the form's errors; returns the three inputs for the form to lay out.
 */
export function vehicleInputs(
  value: MakeModelYear,
  set: (key: keyof MakeModelYear, v: string) => void,
  errors: Errors,
): { make: ReactNode; model: ReactNode; year: ReactNode } {
  return {
    make: (
      <Input
        label="Vehicle Make"
        name="Vehicle Make"
        required
        value={value.make}
        onChange={(x) => set("make", x)}
        error={errors["Vehicle Make"]}
      />
    ),
    model: (
      <Input
        label="Vehicle Model"
        name="Vehicle Model"
        required
        value={value.model}
        onChange={(x) => set("model", x)}
        error={errors["Vehicle Model"]}
      />
    ),
    year: (
      <Input
        label="Vehicle Year"
        name="Vehicle Year"
        inputMode="numeric"
        maxLength={4}
        required
        value={value.year}
        onChange={(x) => set("year", x.replace(/\D/g, ""))}
        error={errors["Vehicle Year"]}
      />
    ),
  };
}

/** A labelled textarea bound to a string value. Takes the label, name, value, setter, error; renders a {@link Field}. */
export function TextArea({ label, name, value, onChange, error, required }: Omit<InputProps, "type">) {
  return (
    <Field label={label} error={error ?? null} {...(required ? { required } : {})}>
      {(control) => (
        <textarea className="fc-input" name={name} value={value} onChange={(e) => onChange(e.target.value)} {...control} />
      )}
    </Field>
  );
}

/**
 * A labelled native select with a placeholder option (value "") and a validation message. Takes
 * the label, name, options, value, setter, error and placeholder; renders a {@link Field}.
 */
export function Choice({
  label,
  name,
  options,
  value,
  onChange,
  error,
  required,
  placeholder = "Please Select An Option...",
}: Omit<InputProps, "type"> & { options: { value: string; label: string }[] }) {
  return (
    <Field label={label} error={error ?? null} {...(required ? { required } : {})}>
      {(control) => (
        <select
          className="fc-input fc-native-select"
          name={name}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          {...control}
        >
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Each contact input's label and input attributes (the field's name is its key). */
const CONTACT_INPUTS: Record<keyof ContactValues, Omit<InputProps, "name" | "value" | "onChange">> = {
  name: { label: "First Name", autoComplete: "given-name" },
  last_name: { label: "Last Name", autoComplete: "family-name" },
  email: { label: "Email", type: "email", autoComplete: "email" },
  phone: { label: "Phone", type: "tel", autoComplete: "tel" },
  postcode: { label: "Postcode", inputMode: "numeric", maxLength: 4, autoComplete: "postal-code" },
};

/**
 * The contact inputs (First Name, Last Name, Email, Phone, Postcode) for a form to lay out,
 * pre-filled by the caller from the saved user details: `name` required, `postcode` 4 digits at
 * most and required where the site says so. Takes the values, a setter of the whole set, the
 * form's errors and whether the postcode is required; returns one input per field.
 * Spec: docs/features/locations-forms-marketing.md §2 "Enquiry form", "Trade-in information", §3, §5.
 */
export function contactInputs(
  values: ContactValues,
  onChange: (v: ContactValues) => void,
  errors: Errors,
  postcodeRequired: boolean,
): Record<keyof ContactValues, ReactNode> {
  const input = (name: keyof ContactValues, required: boolean) => (
    <Input
      name={name}
      {...CONTACT_INPUTS[name]}
      required={required}
      value={values[name]}
      onChange={(v) => onChange({ ...values, [name]: v })}
      error={errors[name]}
    />
  );
  return {
    name: input("name", true),
    last_name: input("last_name", false),
    email: input("email", false),
    phone: input("phone", false),
    postcode: input("postcode", postcodeRequired),
  };
}

/**
 * The contact fields laid out as the lead forms have them: First Name and Last Name side by
 * side, Email, then Phone and Postcode side by side ({@link contactInputs}). Takes the values,
 * setter, errors and whether the postcode is required; renders the fields.
 * Spec: docs/features/locations-forms-marketing.md §2 "Enquiry form", §3, §5.
 */
export function ContactFields({
  values,
  onChange,
  errors,
  postcodeRequired,
}: {
  values: ContactValues;
  onChange: (v: ContactValues) => void;
  errors: Errors;
  postcodeRequired: boolean;
}) {
  const f = contactInputs(values, onChange, errors, postcodeRequired);
  return (
    <>
      <div className="fc-form-row">
        {f.name}
        {f.last_name}
      </div>
      {f.email}
      <div className="fc-form-row">
        {f.phone}
        {f.postcode}
      </div>
    </>
  );
}

/** Props of a select over slugs ({@link DealershipChoice}, {@link LocationChoice}): the chosen slug, a setter, the field's error. */
interface SlugChoiceProps {
  value: string;
  onChange: (slug: string) => void;
  error?: string | undefined;
}

/** A required {@link Choice} whose options are items' names, by slug. */
function SlugChoice({
  label,
  name,
  items,
  ...rest
}: SlugChoiceProps & { label: string; name: string; items: readonly { slug: string; name: string }[] }) {
  return <Choice label={label} name={name} required options={items.map((i) => ({ value: i.slug, label: i.name }))} {...rest} />;
}

/**
 * The required Dealership select of a site with several dealerships (nothing for one: the form
 * sends that one). Takes the site's dealerships, the chosen slug, a setter and the field's error;
 * renders a {@link Choice} named `dealership_slug`, or nothing. Spec: docs/features/locations-forms-marketing.md §5.
 */
export function DealershipChoice({ dealerships, ...rest }: SlugChoiceProps & { dealerships: TenantSettings["dealerships"] }) {
  return dealerships.length < 2 ? null : <SlugChoice label="Dealership" name="dealership_slug" items={dealerships} {...rest} />;
}

/**
 * The required Location select over `locations`; when there is only one it selects it (calls
 * `onChange` with its slug). Takes the locations, the chosen slug, a setter and the field's error;
 * renders a {@link Choice} named `location`. Spec: docs/features/locations-forms-marketing.md §2 "Enquiry form", §5.
 */
export function LocationChoice({ locations, ...rest }: SlugChoiceProps & { locations: Location[] }) {
  const { value, onChange } = rest;
  const only = locations.length === 1 ? locations[0]?.slug : undefined;
  useEffect(() => {
    if (only && value !== only) onChange(only);
  }, [only, value, onChange]);
  return <SlugChoice label="Location" name="location" items={locations} {...rest} />;
}

/**
 * The optional Rego input (at most 10 characters). Takes the value, a setter and the field's
 * error; renders an {@link Input} named `rego`. Spec: docs/features/locations-forms-marketing.md §2.
 */
export function RegoInput({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
}) {
  return <Input label="Rego" name="rego" maxLength={10} value={value} onChange={onChange} error={error} />;
}

/** Australian states and territories, the choices of every state field (host `leads::STATES`). */
export const STATES = ["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"] as const;

/**
 * A state select with the eight states and territories. Takes the label, the field name, the
 * value, a setter and the field's error; renders a {@link Choice} with 'Select a state'.
 */
export function StateChoice({
  label,
  name,
  value,
  onChange,
  error,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
}) {
  return (
    <Choice
      label={label}
      name={name}
      placeholder="Select a state"
      options={STATES.map((s) => ({ value: s, label: s }))}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}

/**
 * The Comments textarea (`message`), required unless the form makes it optional. Takes the
 * value, a setter, the field's error and whether it is required; renders a {@link TextArea}.
 * Spec: docs/features/locations-forms-marketing.md §2 "Enquiry form", §5 "Comments required".
 */
export function CommentsField({
  value,
  onChange,
  error,
  required,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
  required: boolean;
}) {
  return <TextArea label="Comments" name="message" required={required} value={value} onChange={onChange} error={error} />;
}

/**
 * The tenant's terms note under a form (`leads.terms_note`), when it has one. Takes the note;
 * renders a paragraph, or nothing. Spec: docs/features/locations-forms-marketing.md §2 "Enquiry form".
 */
export function TermsNote({ note }: { note: string | null }) {
  return note ? <p className="fc-lead-terms">{note}</p> : null;
}
