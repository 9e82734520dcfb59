// Service booking (docs/features/platform.md "Leads"): /service and /book-a-service. Full version: Contact Details,
// Vehicle Details, Order Details; short version (`?version=short`): Vehicle Details (rego only),
// Contact Details, Order Details. Each step advances on a valid submit; the last submits with
// lead_status Complete and form_completed true.
// docs/features/platform.md "Marketing and content pages": around the form, the service marketing
// sections (src/marketing/ServiceSections.tsx: banner, perks, precise-price servicing and genuine
// parts), the Get a Quote modal and, where the tenant books with the manufacturer, the 'Book a
// service online' link above the form. A tenant with `leads.service_frames` shows its embedded
// booking (one frame, or tabbed frames; ServiceFrames.tsx) under the heading instead of the form.
// Spec: docs/features/locations-forms-marketing.md §2 "Service booking", "Electric-model marketing area" (service
// page), §4, §5, §8, §9.
import { type FormEvent, lazy, Suspense, useState } from "react";
import { useLocation, useSearchParams } from "../app/router";
import { useDocumentTitle, useSite } from "../app/site";
import { useContent } from "../content/data";
import { Checkbox } from "../design/Checkbox";
import { REQUIRED_MESSAGE } from "../design/validation";
import { ExternalBooking, SERVICE_API, ServiceBanner, ServiceBannerSkeleton, ServiceInfo } from "../marketing/ServiceSections";
import { parseService } from "../marketing/types";
import {
  type ContactValues,
  checkContact,
  checkDealership,
  checkVehicleStep,
  type Errors,
  type FetchLike,
  initialDealership,
  type LeadsSettings,
  leadsSettings,
  STEP_INCOMPLETE,
  serviceLocations,
  visibleLocations,
} from "./lead";
import {
  Choice,
  ContactFields,
  DealershipChoice,
  ErrorSummary,
  Input,
  initialContact,
  StateChoice,
  SubmitButton,
  TextArea,
  useLeadSubmit,
  vehicleInputs,
} from "./parts";
import { ServiceFrames } from "./ServiceFrames";

const QuoteDialog = lazy(() => import("../marketing/QuoteDialog"));

/** The steps of each version (docs/features/locations-forms-marketing.md §2 "Service booking"). */
export const SERVICE_STEPS = {
  full: ["Contact Details", "Vehicle Details", "Order Details"],
  short: ["Vehicle Details", "Contact Details", "Order Details"],
} as const;

/** The service form's own values (contact fields apart). */
export interface ServiceValues {
  make: string;
  model: string;
  year: string;
  rego: string;
  vehicleState: string;
  interval: string;
  type: string;
  /** The dealership's slug (several dealerships: chosen; one: that one). */
  dealership: string;
  /** The service location's slug (the lead's `location`; its name is `Service Location`). */
  location: string;
  date: string;
  comments: string;
  tyres: boolean;
  street: string;
  suburb: string;
  state: string;
}

/**
 * Checks one step of the booking. Contact Details: the contact rules. Vehicle Details: make,
 * model and year (short version: the rego) or 'Please complete the form step before proceeding'.
 * Order Details: Service Interval when `leads.service_interval_required`, Service Type when the
 * tenant lists service types, the Dealership when the site has several (`dealerships`, default
 * 1). Takes the step name, values, contact, rules, version and the number of dealerships; returns
 * the errors by field (`_step` for the step message). Spec: docs/features/locations-forms-marketing.md §5.
 */
export function checkServiceStep(
  step: string,
  v: ServiceValues,
  contact: ContactValues,
  rules: LeadsSettings,
  version: "full" | "short",
  dealerships = 1,
): Errors {
  if (step === "Contact Details") return checkContact(contact, rules.postcode_required);
  if (step === "Vehicle Details") {
    const m = checkVehicleStep(v, version);
    return m ? { step: m } : {};
  }
  const e: Errors = {};
  if (rules.service_interval_required && !v.interval.trim()) e["Service Interval"] = REQUIRED_MESSAGE;
  if (rules.service_types.length > 0 && !v.type) e["Service Type"] = REQUIRED_MESSAGE;
  Object.assign(e, checkDealership(dealerships, v.dealership));
  return e;
}

/** Props of {@link ServiceForm}. */
export interface ServiceFormProps {
  version?: "full" | "short";
  /** Start on this step (0-based; stories). */
  initialStep?: number;
  fetchImpl?: FetchLike;
  onSuccess?: (leadId: string) => void;
}

/**
 * The service booking form with its steps; the last step submits a `service` lead with every
 * field of docs/features/locations-forms-marketing.md §2 "Service booking". On a site with several
 * dealerships Order Details has the required Dealership select (§5), and Service Location lists
 * that dealership's service locations; the lead carries `dealership_slug` and the location's slug
 * in `location`. Takes {@link ServiceFormProps}; renders the form.
 */
export function ServiceForm({ version = "full", initialStep = 0, fetchImpl, onSuccess }: ServiceFormProps) {
  const { tenant } = useSite();
  const rules = leadsSettings(tenant);
  const steps = SERVICE_STEPS[version];
  const lead = useLeadSubmit("service", { fetchImpl, onSuccess });
  const [step, setStep] = useState(initialStep);
  const [contact, setContact] = useState<ContactValues>(initialContact);
  const dealerships = tenant.dealerships;
  const [v, setV] = useState<ServiceValues>(() => {
    const dealership = initialDealership(dealerships);
    const only = serviceLocations(visibleLocations(tenant, dealership));
    return {
      make: "",
      model: "",
      year: "",
      rego: "",
      vehicleState: "",
      interval: "",
      type: "",
      dealership,
      location: only.length === 1 ? (only[0]?.slug ?? "") : "",
      date: "",
      comments: "",
      tyres: false,
      street: "",
      suburb: "",
      state: "",
    };
  });
  const locs = serviceLocations(visibleLocations(tenant, v.dealership));
  const chosen = locs.find((l) => l.slug === v.location);
  const set = <K extends keyof ServiceValues>(k: K, x: ServiceValues[K]) => setV((p) => ({ ...p, [k]: x }));
  const name = steps[step] ?? "Order Details";
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const errors = checkServiceStep(name, v, contact, rules, version, dealerships.length);
    if (step < steps.length - 1) {
      lead.setErrors(errors);
      if (Object.keys(errors).length === 0) setStep(step + 1);
      return;
    }
    const all = {
      ...checkServiceStep("Contact Details", v, contact, rules, version),
      ...(v.make.trim() ? {} : { "Vehicle Make": REQUIRED_MESSAGE }),
      ...(v.model.trim() ? {} : { "Vehicle Model": REQUIRED_MESSAGE }),
      ...(/^\d{4}$/.test(v.year.trim()) ? {} : { "Vehicle Year": REQUIRED_MESSAGE }),
      ...errors,
    };
    void lead.submit(
      {
        ...contact,
        category: "Service Booking",
        "Vehicle Make": v.make,
        "Vehicle Model": v.model,
        "Vehicle Year": Number(v.year) || v.year,
        "Vehicle Rego": v.rego,
        "Vehicle State": v.vehicleState,
        "Service Interval": v.interval,
        "Service Type": v.type,
        "Service Location": chosen?.name ?? "",
        location: chosen?.slug ?? "",
        dealership_slug: v.dealership || chosen?.dealership_slug || "",
        "Preferred Service Date": v.date,
        Comments: v.comments,
        "Tyres Replacement": v.tyres,
        street: v.street,
        suburb: v.suburb,
        state: v.state,
        lead_status: "Complete",
        form_completed: true,
      },
      all,
    );
  };
  const err = lead.errors;
  const stepError = err.step;
  const fieldErrors = Object.fromEntries(Object.entries(err).filter(([k]) => k !== "step"));
  const fields = vehicleInputs(v, set, err);
  const vehicle = (
    <>
      {version === "full" ? (
        <>
          <div className="fc-form-row">
            {fields.make}
            {fields.model}
          </div>
          <div className="fc-form-row">
            {fields.year}
            <Input
              label="Vehicle Rego"
              name="Vehicle Rego"
              maxLength={10}
              value={v.rego}
              onChange={(x) => set("rego", x)}
              error={err["Vehicle Rego"]}
            />
          </div>
        </>
      ) : (
        <Input
          label="Vehicle Rego"
          name="Vehicle Rego"
          required
          maxLength={10}
          value={v.rego}
          onChange={(x) => set("rego", x)}
          error={err["Vehicle Rego"]}
        />
      )}
      <StateChoice
        label="Vehicle State"
        name="Vehicle State"
        value={v.vehicleState}
        onChange={(x) => set("vehicleState", x)}
        error={err["Vehicle State"]}
      />
    </>
  );
  const order = (
    <>
      {version === "short" ? (
        <div className="fc-form-row">
          {fields.make}
          {fields.model}
          {fields.year}
        </div>
      ) : null}
      <Input
        label="Service Interval"
        name="Service Interval"
        placeholder="e.g. 15,000 km"
        required={rules.service_interval_required}
        value={v.interval}
        onChange={(x) => set("interval", x)}
        error={err["Service Interval"]}
      />
      {rules.service_types.length > 0 ? (
        <Choice
          label="Service Type"
          name="Service Type"
          required
          options={rules.service_types.map((t) => ({ value: t, label: t }))}
          value={v.type}
          onChange={(x) => set("type", x)}
          error={err["Service Type"]}
        />
      ) : (
        <Input
          label="Service Type"
          name="Service Type"
          value={v.type}
          onChange={(x) => set("type", x)}
          error={err["Service Type"]}
        />
      )}
      <DealershipChoice
        dealerships={dealerships}
        value={v.dealership}
        onChange={(x) => {
          const mine = serviceLocations(visibleLocations(tenant, x));
          setV((p) => ({ ...p, dealership: x, location: mine.length === 1 ? (mine[0]?.slug ?? "") : "" }));
        }}
        error={err.dealership_slug}
      />
      <Choice
        label="Service Location"
        name="Service Location"
        placeholder="Select a location"
        options={locs.map((l) => ({ value: l.slug, label: l.name }))}
        value={v.location}
        onChange={(x) => set("location", x)}
        error={err["Service Location"] ?? err.location}
      />
      <Input
        label="Preferred Service Date"
        name="Preferred Service Date"
        type="date"
        value={v.date}
        onChange={(x) => set("date", x)}
        error={err["Preferred Service Date"]}
      />
      <Checkbox label="Tyres Replacement" name="Tyres Replacement" checked={v.tyres} onCheckedChange={(c) => set("tyres", c)} />
      <Input
        label="Street"
        name="street"
        autoComplete="street-address"
        value={v.street}
        onChange={(x) => set("street", x)}
        error={err.street}
      />
      <div className="fc-form-row">
        <Input label="Suburb" name="suburb" value={v.suburb} onChange={(x) => set("suburb", x)} error={err.suburb} />
        <StateChoice label="State" name="state" value={v.state} onChange={(x) => set("state", x)} error={err.state} />
      </div>
      <TextArea label="Comments" name="Comments" value={v.comments} onChange={(x) => set("comments", x)} error={err.Comments} />
    </>
  );
  return (
    <form noValidate onSubmit={onSubmit} className="fc-lead-form" data-form="service" data-step={name}>
      <ol className="fc-lead-stages">
        {steps.map((s, i) => (
          <li key={s} aria-current={i === step ? "step" : undefined}>
            {s}
          </li>
        ))}
      </ol>
      <h2>{name}</h2>
      {stepError ? (
        <p className="fc-form-errors" role="alert">
          {STEP_INCOMPLETE}
        </p>
      ) : null}
      <ErrorSummary errors={fieldErrors} formError={lead.formError} />
      {name === "Contact Details" ? (
        <ContactFields values={contact} onChange={setContact} errors={err} postcodeRequired={rules.postcode_required} />
      ) : null}
      {name === "Vehicle Details" ? vehicle : null}
      {name === "Order Details" ? order : null}
      {step > 0 ? (
        <button type="button" className="fc-button fc-button--ghost" onClick={() => setStep(step - 1)}>
          Back
        </button>
      ) : null}
      <SubmitButton submitting={lead.submitting}>{step < steps.length - 1 ? "Next" : "Book Service"}</SubmitButton>
    </form>
  );
}

/**
 * The service page: the marketing banner with the perks and 'Get a Quote' (content from
 * `GET /api/v1/content/service`; without it, the form alone), then the full booking, or the short
 * one with `?version=short` — below the 'Book a service online' link when the tenant books with
 * the manufacturer — beside the precise-price servicing and genuine-parts sections; the quote
 * modal loads when first opened. A tenant with `leads.service_frames` gets its embedded booking
 * under the heading instead of the form. Takes nothing; renders the page.
 * Spec: docs/features/locations-forms-marketing.md §2 /service, "Service booking" ("can also be an embedded frame or
 * tabbed frames"), "Electric-model marketing area".
 */
export default function ServicePage() {
  useDocumentTitle("Book a service");
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const { tenant } = useSite();
  const frames = leadsSettings(tenant).service_frames;
  const content = useContent(SERVICE_API, parseService);
  const [quote, setQuote] = useState<"closed" | "open" | "shut">("closed");
  const data = content.status === "ok" ? content.data : null;
  return (
    <section className="fc-container fc-page fc-lead-page fc-service-page" data-page="service">
      <h1>Book a service</h1>
      {frames.length > 0 ? <ServiceFrames frames={frames} /> : null}
      {data ? <ServiceBanner content={data} onQuote={() => setQuote("open")} /> : null}
      {content.status === "loading" ? <ServiceBannerSkeleton /> : null}
      <div className="fc-service-layout">
        {frames.length > 0 ? null : (
          <div className="fc-service-book" id="book-a-service">
            {data?.externalBookingUrl ? <ExternalBooking url={data.externalBookingUrl} /> : null}
            <ServiceForm version={params.get("version") === "short" ? "short" : "full"} />
          </div>
        )}
        {data ? <ServiceInfo sections={data.sections} /> : null}
      </div>
      {data && quote !== "closed" ? (
        <Suspense fallback={null}>
          <QuoteDialog
            open={quote === "open"}
            onOpenChange={(o) => setQuote(o ? "open" : "shut")}
            quote={data.quote}
            pageId={pathname}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
