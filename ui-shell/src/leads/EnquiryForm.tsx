// The enquiry form and its car variants (docs/features/platform.md "Leads"): the general enquiry
// (/contact-us), the VDP's 'Enquire Now', Book a Test Drive (with an appointment), Request Photos
// and Find Me Something Similar. Spec: docs/features/locations-forms-marketing.md §2
// "Enquiry form", §4, §5, §8; docs/features/shopper-core.md §2, §4 "Lead form", §5 (Request
// Photos).
import { type FormEvent, useEffect, useMemo, useState } from "react";
import type { CarResponse, TenantSettings } from "../api/types";
import { Checkbox } from "../design/Checkbox";
import { REQUIRED_MESSAGE } from "../design/validation";
import { slugify } from "../lib/slug";
import {
  type ContactValues,
  checkContact,
  checkDealership,
  type Errors,
  type FetchLike,
  initialDealership,
  type LeadForm,
  leadsSettings,
  PHOTOS_TEXT,
  visibleLocations,
} from "./lead";
import {
  Choice,
  CommentsField,
  ContactFields,
  DealershipChoice,
  ErrorSummary,
  Input,
  initialContact,
  LocationChoice,
  RegoInput,
  SubmitButton,
  TermsNote,
  useLeadSubmit,
} from "./parts";
import { type AppointmentDay, fallbackSlots, fetchAppointments } from "./slots";

/** Which enquiry: the general one, a car's enquiry, a test drive, a photo request or a similar-car request. */
export type EnquiryVariant = "enquiry" | "test_drive" | "request_photos" | "find_similar";

/** The category each variant records (docs/features/shopper-core.md §3 "Lead data" category). */
export const CATEGORIES: Record<EnquiryVariant, string> = {
  enquiry: "Car Enquiry",
  test_drive: "Test Drive",
  request_photos: "Request Photos",
  find_similar: "Find Me Something Similar",
};

/**
 * The general enquiry's category choices (docs/features/locations-forms-marketing.md §5 "Category select required").
 */
export const GENERAL_CATEGORIES = ["General Enquiry", "Sales Enquiry", "Service Enquiry", "Parts Enquiry", "Finance Enquiry"];

/**
 * The dealership selling a manufacturer: the first whose `manufacturer` is the name's slug (e.g.
 * "Toyota" or "toyota" -> the Toyota dealership). Takes the site's dealerships and the
 * manufacturer's name or slug (absent: none); returns the slug or undefined.
 */
export function dealershipSelling(dealerships: TenantSettings["dealerships"], manufacturer?: string): string | undefined {
  const want = slugify(manufacturer ?? "");
  if (!want) return undefined;
  return dealerships.find((d) => d.manufacturer && slugify(d.manufacturer) === want)?.slug;
}

/** Props of {@link EnquiryForm}. */
export interface EnquiryFormProps {
  tenant: TenantSettings;
  variant: EnquiryVariant;
  /** The car (VDP forms); absent on the general enquiry. */
  car?: CarResponse;
  /** The page the form is on (`page_id`), when known. */
  pageId?: string;
  /** Pre-select this location (e.g. /contact-us/{locationSlug}). */
  locationSlug?: string;
  /**
   * A fixed category for the general form (e.g. `Offer Enquiry` on an offer's page,
   * docs/features/platform.md "Locations, offers and navigation"): no category select, the lead
   * carries this one.
   */
  category?: string;
  /** The lead's subcategory, e.g. the offer's name. */
  subcategory?: string;
  /**
   * A manufacturer's name or slug (an offer's, or the make a test drive is for): on a site with
   * several dealerships, the dealership selling it is pre-selected.
   */
  manufacturer?: string;
  /** A test drive without a car (/book-test-drive): the vehicle the Vehicle field starts with. */
  vehicle?: string;
  fetchImpl?: FetchLike;
  onSuccess?: (leadId: string) => void;
}

interface Values {
  category: string;
  dealership_slug: string;
  location: string;
  message: string;
  rego: string;
  opt_in: boolean;
  date: string;
  time: string;
  /** A test drive without a car: the vehicle asked for (the lead's `subcategory`). */
  vehicle?: string;
}

/**
 * Checks the enquiry's own fields (contact fields apart): Comments required unless the tenant
 * makes it optional (and never on Request Photos or Find Me Something Similar), the category on
 * the general form, the dealership when there are several, the location when shown, the test
 * drive's date and time, and its vehicle when it has no car. Takes the values and the rules;
 * returns the errors by field.
 * Spec: docs/features/locations-forms-marketing.md §5.
 */
export function checkEnquiry(
  v: Values,
  rules: {
    variant: EnquiryVariant;
    general: boolean;
    messageOptional: boolean;
    dealerships: number;
    locationShown: boolean;
    /** A test drive without a car: the Vehicle field is shown and required. */
    vehicleShown?: boolean;
  },
): Errors {
  const e: Errors = {};
  const messageRequired = !rules.messageOptional && (rules.variant === "enquiry" || rules.variant === "test_drive");
  if (messageRequired && !v.message.trim()) e.message = REQUIRED_MESSAGE;
  if (rules.general && !v.category) e.category = REQUIRED_MESSAGE;
  Object.assign(e, checkDealership(rules.dealerships, v.dealership_slug));
  if (rules.locationShown && !v.location) e.location = REQUIRED_MESSAGE;
  if (rules.variant === "test_drive") {
    if (!v.date) e.date = REQUIRED_MESSAGE;
    if (!v.time) e.time = REQUIRED_MESSAGE;
    if (rules.vehicleShown && !(v.vehicle ?? "").trim()) e.subcategory = REQUIRED_MESSAGE;
  }
  return e;
}

const SUBMIT_LABEL: Record<EnquiryVariant, string> = {
  enquiry: "Send Enquiry",
  test_drive: "Book Test Drive",
  request_photos: "Request Photos",
  find_similar: "Find Me Something Similar",
};

/**
 * The enquiry form: contact fields (pre-filled from the saved details), a category select on the
 * general form (none when it has a fixed `category`, e.g. an offer's enquiry), a dealership
 * select (several dealerships, required; none on a car's forms, which are the car's dealership's;
 * pre-selected from the location or the offer's make), the Vehicle (required) on a test drive
 * without a car, a location select (shown on the general form and the test drive, required,
 * auto-selected when only one), Rego, Comments
 * (required unless `leads.message_optional`; optional on photo and similar-car requests), the
 * test drive's date and time (slots from `GET /api/v1/locations/{slug}/appointments?days=14`,
 * else from the location's opening hours), the opt-in checkbox and the tenant's terms note.
 * Takes {@link EnquiryFormProps}; renders the form.
 */
export function EnquiryForm({
  tenant,
  variant,
  car,
  pageId,
  locationSlug,
  category: fixedCategory,
  subcategory,
  manufacturer,
  vehicle,
  fetchImpl,
  onSuccess,
}: EnquiryFormProps) {
  const rules = leadsSettings(tenant);
  const general = !car && variant !== "test_drive";
  const vehicleShown = !car && variant === "test_drive";
  const categoryShown = general && !fixedCategory;
  const form: LeadForm = general ? "enquiry" : variant;
  const lead = useLeadSubmit(form, { fetchImpl, onSuccess });
  const dealerships = tenant.dealerships;
  const [contact, setContact] = useState<ContactValues>(initialContact);
  const [v, setV] = useState<Values>({
    category: "",
    // The car's dealership (a car's lead is its dealership's); a pre-selected location
    // (/contact-us/{locationSlug}, a location card's Email Us) brings its dealership; an offer's or
    // a test drive's manufacturer brings the dealership selling it.
    dealership_slug: initialDealership(
      dealerships,
      car?.car.dealership_slug ??
        tenant.locations.find((l) => l.slug === locationSlug)?.dealership_slug ??
        dealershipSelling(dealerships, manufacturer) ??
        "",
    ),
    location: locationSlug ?? car?.location?.slug ?? "",
    message: "",
    rego: "",
    opt_in: false,
    date: "",
    time: "",
    vehicle: vehicle ?? "",
  });
  const set = <K extends keyof Values>(k: K, x: Values[K]) => setV((p) => ({ ...p, [k]: x }));
  const locations = useMemo(() => visibleLocations(tenant, v.dealership_slug), [tenant, v.dealership_slug]);
  const locationShown = (general || variant === "test_drive") && !car?.location && locations.length > 0;

  const [days, setDays] = useState<AppointmentDay[] | null>(null);
  const slotLocation = v.location || car?.location?.slug || "";
  useEffect(() => {
    if (variant !== "test_drive" || !slotLocation) return;
    const ctrl = new AbortController();
    const loc = tenant.locations.find((l) => l.slug === slotLocation);
    fetchAppointments(slotLocation, ctrl.signal, fetchImpl).then((d) => {
      if (!ctrl.signal.aborted) setDays(d ?? (loc ? fallbackSlots(loc, new Date()) : []));
    });
    return () => ctrl.abort();
  }, [variant, slotLocation, tenant.locations, fetchImpl]);
  const times = days?.find((d) => d.date === v.date)?.times ?? [];

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const errors = {
      ...checkContact(contact, rules.postcode_required),
      ...checkEnquiry(v, {
        variant,
        general: categoryShown,
        messageOptional: rules.message_optional,
        dealerships: dealerships.length,
        locationShown,
        vehicleShown,
      }),
    };
    const message = v.message.trim() || (variant === "request_photos" ? PHOTOS_TEXT : "");
    void lead.submit(
      {
        ...contact,
        message,
        category: fixedCategory ?? (general ? v.category : CATEGORIES[variant]),
        ...(vehicleShown ? { subcategory: v.vehicle } : subcategory ? { subcategory } : {}),
        dealership_slug: v.dealership_slug,
        location: v.location,
        rego: v.rego,
        opt_in: v.opt_in,
        ...(rules.terms_note ? { terms_conditions: true } : {}),
        page_id: pageId,
        car_id: car?.car.id,
        ...(variant === "test_drive" && v.date && v.time ? { appointment: `${v.date} ${v.time}` } : {}),
      },
      errors,
    );
  };
  const err = lead.errors;
  const messageRequired = !rules.message_optional && (variant === "enquiry" || variant === "test_drive");
  return (
    <form noValidate onSubmit={onSubmit} className="fc-lead-form" data-form={form}>
      <ErrorSummary errors={err} formError={lead.formError} />
      <ContactFields values={contact} onChange={setContact} errors={err} postcodeRequired={rules.postcode_required} />
      {categoryShown ? (
        <Choice
          label="Category"
          name="category"
          required
          options={GENERAL_CATEGORIES.map((c) => ({ value: c, label: c }))}
          value={v.category}
          onChange={(x) => set("category", x)}
          error={err.category}
        />
      ) : null}
      {vehicleShown ? (
        <Input
          label="Vehicle"
          name="subcategory"
          required
          placeholder="e.g. Toyota RAV4"
          maxLength={100}
          value={v.vehicle ?? ""}
          onChange={(x) => set("vehicle", x)}
          error={err.subcategory}
        />
      ) : null}
      {car ? null : (
        <DealershipChoice
          dealerships={dealerships}
          value={v.dealership_slug}
          onChange={(x) => setV((p) => ({ ...p, dealership_slug: x, location: "" }))}
          error={err.dealership_slug}
        />
      )}
      {car && err.dealership_slug ? (
        <p className="fc-field__error" role="alert">
          {err.dealership_slug}
        </p>
      ) : null}
      {locationShown ? (
        <LocationChoice locations={locations} value={v.location} onChange={(x) => set("location", x)} error={err.location} />
      ) : null}
      {variant === "test_drive" ? (
        <div className="fc-form-row">
          <Choice
            label="Preferred Date"
            name="date"
            required
            placeholder={days === null ? "Loading..." : "Select a date"}
            options={(days ?? []).filter((d) => d.times.length > 0).map((d) => ({ value: d.date, label: d.date }))}
            value={v.date}
            onChange={(x) => setV((p) => ({ ...p, date: x, time: "" }))}
            error={err.date ?? err.appointment}
          />
          <Choice
            label="Preferred Time"
            name="time"
            required
            placeholder="Select a time"
            options={times.map((t) => ({ value: t, label: t }))}
            value={v.time}
            onChange={(x) => set("time", x)}
            error={err.time}
          />
        </div>
      ) : null}
      {general ? <RegoInput value={v.rego} onChange={(x) => set("rego", x)} error={err.rego} /> : null}
      <CommentsField value={v.message} onChange={(x) => set("message", x)} error={err.message} required={messageRequired} />
      <Checkbox
        label="Keep me updated with news and offers"
        name="opt_in"
        checked={v.opt_in}
        onCheckedChange={(c) => set("opt_in", c)}
      />
      <TermsNote note={rules.terms_note} />
      <SubmitButton submitting={lead.submitting}>{SUBMIT_LABEL[variant]}</SubmitButton>
    </form>
  );
}
