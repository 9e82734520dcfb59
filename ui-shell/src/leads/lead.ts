// Leads (docs/features/platform.md "Leads"): the pure rules every form shares. The allowed fields per form (the host's
// allow-lists in host/src/leads/mod.rs, mirrored so a payload never carries a field the host
// refuses), the payload builder, the idempotency key, the saved user details, the visit's trail
// and the validation rules of docs/features/locations-forms-marketing.md §5 with the messages of §8.
// Spec: docs/features/shopper-core.md §3 "Lead data", §4 "Lead form";
// docs/features/locations-forms-marketing.md §2, §3, §4, §5, §7, §8.
import type { Location, TenantSettings } from "../api/types";
import { LANDING_KEY, VISITED_KEY } from "../app/previous";
import { POSTCODE_MESSAGE, REQUIRED_MESSAGE } from "../design/validation";

/** The forms that submit leads (the host's `FORMS`). */
export type LeadForm =
  | "enquiry"
  | "test_drive"
  | "request_photos"
  | "find_similar"
  | "trade_in"
  | "finance"
  | "service"
  | "reserve"
  | "career";

/** 'Please fix the following errors:' (docs/features/locations-forms-marketing.md §5). */
export const FIX_ERRORS = "Please fix the following errors:";
/**
 * 'An unexpected error occured' (docs/features/shopper-core.md §8 "Lead submit fails: returned
 * error, or 'An unexpected error occured'", spelled as the spec spells it): a failed submit whose
 * answer carries no message (the network failed, or the body is not the host's envelope).
 */
export const SUBMIT_FAILED = "An unexpected error occured";
/** 'Please complete the form step before proceeding' (docs/features/locations-forms-marketing.md §5, §8). */
export const STEP_INCOMPLETE = "Please complete the form step before proceeding";
/**
 * 'Please Select An Option...' (docs/features/locations-forms-marketing.md §5, the finance question's placeholder and
 * message).
 */
export const SELECT_AN_OPTION = "Please Select An Option...";
/** 'Failed to get quick quote' (docs/features/locations-forms-marketing.md §8). */
export const QUOTE_FAILED = "Failed to get quick quote";
/** The Request Photos form's hidden default text (docs/features/shopper-core.md §5). */
export const PHOTOS_TEXT = "Please send photos for this car";
/** The message for an email that is not an address (the host answers the same). */
export const EMAIL_MESSAGE = "Please enter a valid email address.";
/** The message for a phone that is not an Australian number (the host answers the same). */
export const PHONE_MESSAGE = "Please enter a valid Australian phone number.";

/** Fields every form may carry (the host's `COMMON`). */
const COMMON = [
  "name",
  "last_name",
  "email",
  "phone",
  "postcode",
  "message",
  "category",
  "subcategory",
  "location",
  "dealership_slug",
  "opt_in",
  "rego",
  "terms_conditions",
  "page_id",
  "car_id",
  "url",
  "visited_pages",
  "linked_query_params",
] as const;

const VEHICLE = ["Vehicle Make", "Vehicle Model", "Vehicle Year"] as const;

/** The extra fields of each form (the host's per-form lists). */
const EXTRA: Record<LeadForm, readonly string[]> = {
  enquiry: [],
  request_photos: [],
  find_similar: [],
  test_drive: ["appointment"],
  trade_in: [
    ...VEHICLE,
    "km",
    "regoState",
    "preferred_contact",
    "under_finance",
    "adjustmentAnswers",
    "offer_price",
    "offer_accepted",
  ],
  finance: ["purchase_price", "loan_term", "credit_score", "vin"],
  service: [
    ...VEHICLE,
    "Vehicle Rego",
    "Vehicle State",
    "Service Interval",
    "Service Type",
    "Service Location",
    "Preferred Service Date",
    "Comments",
    "Tyres Replacement",
    "street",
    "suburb",
    "state",
    "additional_services",
    "lead_status",
    "form_completed",
  ],
  reserve: ["deposit"],
  career: ["position"],
};

/**
 * The fields a form may send (the host refuses any other with a 400 naming it). Takes the form;
 * returns the field names. Spec: docs/features/shopper-core.md §3 "Lead data";
 * docs/features/locations-forms-marketing.md §2.
 */
export function allowedFields(form: LeadForm): ReadonlySet<string> {
  return new Set<string>([...COMMON, ...EXTRA[form]]);
}

/** A field value a form holds: text, number, yes/no, a list of texts or an object of short values. */
export type FieldValue = string | number | boolean | string[] | Record<string, string> | null | undefined;

/** Where the form is: the page's URL, the visit's trail and the landing query (read from the browser by default). */
export interface LeadContext {
  url: string;
  visitedPages: string[];
  linkedQueryParams: Record<string, string>;
}

function readJson(storage: Storage | undefined, key: string): unknown {
  try {
    return JSON.parse(storage?.getItem(key) ?? "null");
  } catch {
    return null;
  }
}

/**
 * The browser's {@link LeadContext}: `location.href`, the visited paths and the landing URL's
 * utm_* (and similar) parameters that src/app/previous.ts keeps in session storage. Takes
 * nothing; returns the context. Spec: docs/features/shopper-core.md §3 "Lead data" url, lead_attributes.
 */
export function browserContext(): LeadContext {
  const s = (() => {
    try {
      return globalThis.sessionStorage;
    } catch {
      return undefined;
    }
  })();
  const visited = readJson(s, VISITED_KEY);
  const landing = readJson(s, LANDING_KEY);
  return {
    url: globalThis.location?.href ?? "",
    visitedPages: Array.isArray(visited) ? visited.filter((p): p is string => typeof p === "string").slice(-20) : [],
    linkedQueryParams:
      landing && typeof landing === "object" && !Array.isArray(landing) ? (landing as Record<string, string>) : {},
  };
}

/**
 * The JSON body of `POST /api/v1/leads`: `form`, `idempotency_key`, the form's fields that are
 * allowed for it and not empty (trimmed text; empty text, null and undefined dropped), plus `url`,
 * `visited_pages` and `linked_query_params` from the context. Takes the form, the key, the
 * fields and the context; returns the body. Spec: docs/features/shopper-core.md §3 "Lead data";
 * docs/features/platform.md "Leads".
 */
export function buildPayload(
  form: LeadForm,
  idempotencyKey: string,
  fields: Record<string, FieldValue>,
  ctx: LeadContext,
): Record<string, unknown> {
  const allowed = allowedFields(form);
  const out: Record<string, unknown> = { form, idempotency_key: idempotencyKey };
  const all: Record<string, FieldValue> = {
    url: ctx.url,
    ...(ctx.visitedPages.length > 0 ? { visited_pages: ctx.visitedPages } : {}),
    ...(Object.keys(ctx.linkedQueryParams).length > 0 ? { linked_query_params: ctx.linkedQueryParams } : {}),
    ...fields,
  };
  for (const [k, v] of Object.entries(all)) {
    if (!allowed.has(k) || v === null || v === undefined) continue;
    if (typeof v === "string") {
      const t = v.trim();
      if (t !== "") out[k] = t;
    } else if (typeof v === "number") {
      if (Number.isFinite(v)) out[k] = v;
    } else out[k] = v;
  }
  return out;
}

/**
 * A fresh idempotency key for one form instance (a double submit then makes one lead; the host
 * answers the repeat 200 `created: false`). Takes nothing; returns a UUID (`crypto.randomUUID()`).
 */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

/** Local-storage key of the saved user details (shared with the sign-in form, src/account/SignInForm.tsx). */
export const USER_DETAILS_KEY = "forecourt:user-details";
/** Session-storage key of the last submitted lead's category (the success page reads it). */
export const SUCCESS_CATEGORY_KEY = "forecourt:success-category";
/** Session-storage key of the last submitted lead's reference (the success page shows it). */
export const SUCCESS_REFERENCE_KEY = "forecourt:success-reference";

/** Saved user details (docs/features/locations-forms-marketing.md §3): name, last_name, email, phone, postcode. */
export interface SavedDetails {
  name: string;
  last_name: string;
  email: string;
  phone: string;
  postcode: string;
}

const DETAIL_KEYS = ["name", "last_name", "email", "phone", "postcode"] as const;

/**
 * The saved user details from local storage (missing or malformed entries are ""). Takes nothing;
 * returns {@link SavedDetails}. Spec: docs/features/locations-forms-marketing.md §3 "Saved user details".
 */
export function readSavedDetails(): SavedDetails {
  let v: unknown = null;
  try {
    v = JSON.parse(globalThis.localStorage?.getItem(USER_DETAILS_KEY) ?? "null");
  } catch {
    v = null;
  }
  const o = v && typeof v === "object" ? (v as Record<string, unknown>) : {};
  const out = { name: "", last_name: "", email: "", phone: "", postcode: "" };
  for (const k of DETAIL_KEYS) if (typeof o[k] === "string") out[k] = o[k] as string;
  return out;
}

/**
 * Saves the non-empty user details over the stored ones (other keys kept). Takes the details
 * entered; returns nothing. Spec: docs/features/locations-forms-marketing.md §3 "Saved user details".
 */
export function saveDetails(d: Partial<SavedDetails>): void {
  try {
    const prev: unknown = JSON.parse(globalThis.localStorage?.getItem(USER_DETAILS_KEY) ?? "{}");
    const next: Record<string, unknown> = prev && typeof prev === "object" ? { ...(prev as object) } : {};
    for (const k of DETAIL_KEYS) {
      const v = d[k]?.trim();
      if (v) next[k] = v;
    }
    globalThis.localStorage?.setItem(USER_DETAILS_KEY, JSON.stringify(next));
  } catch {
    // Private mode: nothing saved.
  }
}

/**
 * Normalises an Australian phone number as the host does (`normalise_au_number`): `+61` or `61`
 * become a leading 0; ten digits starting 02, 03, 04, 05, 07 or 08. Takes the text; returns the
 * digits or null. Spec: docs/features/locations-forms-marketing.md §3 "Saved user details".
 */
export function normalisePhone(raw: string): string | null {
  const kept = raw.replace(/[\s\-.()]/g, "");
  let d = kept;
  if (kept.startsWith("+61")) d = `0${kept.slice(3).replace(/^0/, "")}`;
  else if (kept.length === 11 && kept.startsWith("61")) d = `0${kept.slice(2)}`;
  return /^0[234578]\d{8}$/.test(d) ? d : null;
}

/** Errors by field name; the form-level list shows them under {@link FIX_ERRORS}. */
export type Errors = Record<string, string>;

/** The tenant's lead rules (`leads` in GET /api/v1/tenant), with the defaults when the host sends none. */
export interface LeadsSettings {
  message_optional: boolean;
  postcode_required: boolean;
  service_interval_required: boolean;
  service_types: string[];
  terms_note: string | null;
  /** Embedded service-booking frames (`leads.service_frames`): label and an http(s) address; empty by default. */
  service_frames: ServiceFrame[];
}

/** One embedded service-booking frame: its tab label and frame title, and the booking page's address. */
export interface ServiceFrame {
  label: string;
  url: string;
}

/**
 * An address the browser may be sent to or frame: absolute `https:` or `http:` only (a
 * `javascript:` or relative address is refused). Takes the text; returns the address or null.
 */
export function externalUrl(text: unknown): string | null {
  if (typeof text !== "string") return null;
  try {
    const u = new URL(text);
    return u.protocol === "https:" || u.protocol === "http:" ? text : null;
  } catch {
    return null;
  }
}

/**
 * The tenant's lead rules read defensively (absent: message required, postcode optional, Service
 * Interval optional, no service types, no terms note, no service frames; a frame without a label or
 * an http(s) address is dropped). Takes the tenant settings; returns {@link LeadsSettings}.
 * Spec: docs/features/locations-forms-marketing.md §2 "Service booking can also be an embedded
 * frame or tabbed frames", §5.
 */
export function leadsSettings(tenant: unknown): LeadsSettings {
  const l = ((tenant as { leads?: unknown } | null)?.leads ?? {}) as Record<string, unknown>;
  return {
    message_optional: l.message_optional === true,
    postcode_required: l.postcode_required === true,
    service_interval_required: l.service_interval_required === true,
    service_types: Array.isArray(l.service_types) ? l.service_types.filter((t): t is string => typeof t === "string") : [],
    terms_note: typeof l.terms_note === "string" && l.terms_note.trim() ? l.terms_note : null,
    service_frames: (Array.isArray(l.service_frames) ? l.service_frames : []).flatMap((f: unknown) => {
      const o = (f ?? {}) as Record<string, unknown>;
      const url = externalUrl(o.url);
      return typeof o.label === "string" && o.label.trim() && url ? [{ label: o.label, url }] : [];
    }),
  };
}

/** The tenant's lead adapters (`adapters` in GET /api/v1/tenant), with the defaults when the host sends none. */
export interface AdapterSettings {
  /** A registration lookup provider is configured (trade-in "Find My Car"). */
  rego_lookup: boolean;
  /** The online payment provider's name (e.g. "stripe"), or null: the deposit is taken offline. */
  online_payment: string | null;
  /** An external lender creates the customer from the finance application and returns an address. */
  finance_application: boolean;
}

/**
 * The tenant's adapters read defensively (absent or malformed: no rego lookup, no online payment,
 * no external lender). Takes the tenant settings; returns {@link AdapterSettings}.
 * Spec: docs/features/locations-forms-marketing.md §4 "Submitting the finance form creates a customer and redirects
 * the visitor"; docs/features/shopper-core.md §5 (Reserve), §3 "Lead
 * data" rego, regoState; docs/features/platform.md "Leads".
 */
export function adapterSettings(tenant: unknown): AdapterSettings {
  const a = ((tenant as { adapters?: unknown } | null)?.adapters ?? {}) as Record<string, unknown>;
  return {
    rego_lookup: a.rego_lookup === true,
    online_payment: typeof a.online_payment === "string" && a.online_payment.trim() ? a.online_payment : null,
    finance_application: a.finance_application === true,
  };
}

/** One answer of a trade-in adjustment question; `percent` adjusts the estimate (e.g. -10). */
export interface AdjustmentAnswer {
  value: string;
  label: string;
  percent: number;
}

/** A trade-in adjustment question (e.g. condition, accident history) with its answers. */
export interface TradeInAdjustment {
  id: string;
  question: string;
  answers: AdjustmentAnswer[];
}

/**
 * The tenant's trade-in adjustment questions (`trade_in.adjustments`), read defensively: a question
 * without an id, text or any well-formed answer is dropped. Takes the tenant settings; returns the
 * questions in the host's order. Spec: docs/features/shopper-core.md §3 "Lead data"
 * adjustmentAnswers; docs/features/platform.md "Leads": "an online estimate from the host's market
 * data with adjustment answers".
 */
export function tradeInAdjustments(tenant: unknown): TradeInAdjustment[] {
  const t = ((tenant as { trade_in?: unknown } | null)?.trade_in ?? {}) as Record<string, unknown>;
  const list = Array.isArray(t.adjustments) ? t.adjustments : [];
  return list.flatMap((q: unknown) => {
    const o = (q ?? {}) as Record<string, unknown>;
    const answers = (Array.isArray(o.answers) ? o.answers : []).flatMap((x: unknown) => {
      const a = (x ?? {}) as Record<string, unknown>;
      return typeof a.value === "string" && typeof a.label === "string" && typeof a.percent === "number"
        ? [{ value: a.value, label: a.label, percent: a.percent }]
        : [];
    });
    return typeof o.id === "string" && o.id && typeof o.question === "string" && answers.length > 0
      ? [{ id: o.id, question: o.question, answers }]
      : [];
  });
}

/**
 * The error name of an adjustment question, as the host names it in a 400 (`adjustmentAnswers.<id>`).
 * Takes the question's id; returns the field name.
 */
export function adjustmentField(id: string): string {
  return `adjustmentAnswers.${id}`;
}

/**
 * The Get Estimate rule for the adjustment questions: each unanswered one gets 'This is a required
 * field.' under `adjustmentAnswers.<id>`. Takes the questions and the answers by id; returns the
 * errors by field. Spec: docs/features/locations-forms-marketing.md §5, §8.
 */
export function checkAdjustments(questions: TradeInAdjustment[], answers: Record<string, string>): Errors {
  const e: Errors = {};
  for (const q of questions) if (!q.answers.some((a) => a.value === answers[q.id])) e[adjustmentField(q.id)] = REQUIRED_MESSAGE;
  return e;
}

/** The contact fields every form has. */
export interface ContactValues {
  name: string;
  last_name: string;
  email: string;
  phone: string;
  postcode: string;
}

/**
 * Checks a postcode: exactly 4 digits ('Invalid postcode. Please enter a 4-digit number.'),
 * required only where the site says so ('This is a required field.'). Takes the text and
 * whether it is required; returns the message or null. Spec: docs/features/locations-forms-marketing.md §5.
 */
export function checkPostcode(text: string, required: boolean): string | null {
  const t = text.trim();
  if (t === "") return required ? REQUIRED_MESSAGE : null;
  return /^\d{4}$/.test(t) ? null : POSTCODE_MESSAGE;
}

/**
 * Checks the contact fields as the host does: name required; an email or a phone (either is
 * enough, each valid when given); the postcode rule. Takes the values and whether the postcode is
 * required; returns the errors by field. Spec: docs/features/locations-forms-marketing.md §2 "Enquiry form", §5.
 */
export function checkContact(v: ContactValues, postcodeRequired: boolean): Errors {
  const e: Errors = {};
  if (!v.name.trim()) e.name = REQUIRED_MESSAGE;
  const email = v.email.trim();
  const phone = v.phone.trim();
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@.]+$/.test(email)) e.email = EMAIL_MESSAGE;
  if (phone && !normalisePhone(phone)) e.phone = PHONE_MESSAGE;
  if (!email && !phone) {
    e.email = REQUIRED_MESSAGE;
    e.phone = REQUIRED_MESSAGE;
  }
  const pc = checkPostcode(v.postcode, postcodeRequired);
  if (pc) e.postcode = pc;
  return e;
}

/**
 * The dealership rule: required ('This is a required field.') when the site has several
 * dealerships. Takes how many there are and the chosen slug; returns the errors by field
 * (`dealership_slug`, or none). Spec: docs/features/locations-forms-marketing.md §5.
 */
export function checkDealership(dealerships: number, slug: string): Errors {
  return dealerships > 1 && !slug ? { dealership_slug: REQUIRED_MESSAGE } : {};
}

/**
 * The slug a form's dealership starts at: the only dealership's when the site has one, else
 * `otherwise` (default "": none chosen). Takes the site's dealerships and the fallback; returns the slug.
 */
export function initialDealership(dealerships: TenantSettings["dealerships"], otherwise = ""): string {
  return dealerships.length === 1 ? (dealerships[0]?.slug ?? "") : otherwise;
}

/**
 * The locations a form offers: the visible ones, only those of `dealership` when the site has
 * several dealerships and one is chosen. Takes the tenant settings and the chosen dealership's
 * slug ("" for none); returns the locations in the tenant's order.
 */
export function visibleLocations(tenant: TenantSettings, dealership = ""): Location[] {
  return tenant.locations.filter(
    (l) => l.visible && (!dealership || tenant.dealerships.length < 2 || l.dealership_slug === dealership),
  );
}

/**
 * The locations a service form offers: those of `location_type` `service` among `locations`,
 * else all of `locations` (a site without a service location books at any). Takes the
 * locations (e.g. {@link visibleLocations}); returns the list. Spec: docs/features/locations-forms-marketing.md §2
 * "Service booking".
 */
export function serviceLocations(locations: Location[]): Location[] {
  const service = locations.filter((l) => l.location_type === "service");
  return service.length > 0 ? service : locations;
}

/** Finance purchase price bounds, AUD (docs/features/locations-forms-marketing.md §5, §9). */
export const PRICE_MIN = 10000;
export const PRICE_MAX = 200000;

/**
 * The finance purchase price as typed: digits only (anything else dropped). Takes the text;
 * returns the digits ("" when none). Spec: docs/features/locations-forms-marketing.md §5.
 */
export function priceDigits(text: string): string {
  return text.replace(/\D/g, "");
}

/**
 * The finance purchase price on blur: clamped to 10000-200000 AUD (empty stays empty). Takes the
 * typed text; returns the whole dollars or null. Spec: docs/features/locations-forms-marketing.md §5 "clamped to
 * between 10000 and 200000 when the field loses focus".
 */
export function clampPurchasePrice(text: string): number | null {
  const d = priceDigits(text);
  if (d === "") return null;
  return Math.min(PRICE_MAX, Math.max(PRICE_MIN, Number(d)));
}

/**
 * The finance loan term in whole years, 1 to 7 (docs/features/locations-forms-marketing.md §5). Takes any number;
 * returns it rounded and clamped.
 */
export function clampLoanTerm(years: number): number {
  return Math.min(7, Math.max(1, Math.round(Number.isFinite(years) ? years : 5)));
}

/**
 * The service booking's Vehicle Details step: make, model and year must all be present before
 * moving on (the short version's step needs the rego only). Takes the values and the version;
 * returns 'Please complete the form step before proceeding' or null. Spec:
 * docs/features/locations-forms-marketing.md §5.
 */
export function checkVehicleStep(
  v: { make: string; model: string; year: string; rego: string },
  version: "full" | "short",
): string | null {
  if (version === "short") return v.rego.trim() ? null : STEP_INCOMPLETE;
  return v.make.trim() && v.model.trim() && /^\d{4}$/.test(v.year.trim()) ? null : STEP_INCOMPLETE;
}

/**
 * A `reserve` lead's reservation (the answer's `reservation`): `offline` when the dealer takes the
 * deposit, `pending_payment` with the provider's `payment_url`; deposit in dollars, hold in hours.
 */
export interface ReservationAnswer {
  status: "offline" | "pending_payment";
  deposit: number;
  hold_hours: number;
  payment_url: string | null;
}

/**
 * A submit's outcome: the lead's id with where to send the visitor next (`redirectUrl`, the
 * lender's address for a finance application; `reservation` for a reserve), or the errors to show
 * (by field, and the form-level message).
 */
export type SubmitOutcome =
  | {
      ok: true;
      leadId: string;
      /** The lead's reference (`XXXX-XXXX`) the shopper quotes and their receipt carries; null when the host sent none. */
      reference: string | null;
      created: boolean;
      redirectUrl: string | null;
      reservation: ReservationAnswer | null;
    }
  | { ok: false; fieldErrors: Errors; formError: string | null };

/** A fetch function (the browser's, or a fake in tests and stories). */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** The host's error envelope `{"error": {"code", "message", "field"}}`, each part null when absent. */
export interface HostError {
  code: string | null;
  message: string | null;
  field: string | null;
}

/**
 * Reads the host's error envelope from a parsed JSON body. Takes the body (anything); returns
 * {@link HostError} (all null when the body is not an envelope). Spec: ARCHITECTURE.md "Layers" (the one error envelope).
 */
export function hostError(body: unknown): HostError {
  const e = (body as { error?: unknown } | null)?.error;
  const o = (e && typeof e === "object" ? e : {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : null);
  return { code: str(o.code), message: str(o.message), field: str(o.field) };
}

/**
 * The field error a 400 envelope names (the host's message on `field`), or null when the answer is
 * not a 400 or names no form field (`body`, `idempotency_key`, `form`). Takes the status and the
 * envelope; returns the errors by field or null.
 */
export function fieldErrorOf(status: number, err: HostError): Errors | null {
  const { field, message } = err;
  if (status !== 400 || !field || !message || field === "body" || field === "idempotency_key" || field === "form") return null;
  return { [field]: message };
}

/**
 * 'Failed to create customer' (docs/features/locations-forms-marketing.md §8): the lender refused the finance
 * application.
 */
export const CREATE_CUSTOMER_FAILED = "Failed to create customer";

/** The host's 409 `car_reserved` message: the car already has a reservation (the feed's flag or a paid deposit hold). */
export const CAR_RESERVED = "This car is already reserved. Please enquire and we'll let you know if it becomes available.";

function reservationOf(v: unknown): ReservationAnswer | null {
  const o = (v && typeof v === "object" ? v : null) as Record<string, unknown> | null;
  if (!o || (o.status !== "offline" && o.status !== "pending_payment")) return null;
  return {
    status: o.status,
    deposit: typeof o.deposit === "number" ? o.deposit : 0,
    hold_hours: typeof o.hold_hours === "number" ? o.hold_hours : 0,
    payment_url: externalUrl(o.payment_url),
  };
}

/**
 * Posts a lead (`POST /api/v1/leads`). 201 and 200 (a repeated key) are success with the lead's
 * id, its reference (`XXXX-XXXX`, else null), the lender's `redirect_url` (finance) and the `reservation` (reserve); a 400 envelope with a
 * `field` becomes that field's error (the host's message, e.g. the postcode or 'This is a required
 * field.'); a 502 `create_customer_failed` shows the host's message ('Failed to create customer' or
 * 'Failed to create customer or no redirect URL received.'); a 409 `car_reserved` (reserve on a car
 * that is already reserved) shows the host's message ({@link CAR_RESERVED}); any other failure shows
 * the returned error (the envelope's message, e.g. the rate limit's), else 'An unexpected error
 * occured' ({@link SUBMIT_FAILED}: no message, or the network failed). Addresses other than absolute http(s) ones are dropped. Takes the payload
 * and a fetch; returns a {@link SubmitOutcome}.
 * Spec: docs/features/locations-forms-marketing.md §4 "Enquiry submit", "Finance quote" (the finance form
 * redirects), §8; docs/features/shopper-core.md §4 "Lead form".
 */
export async function postLead(
  payload: Record<string, unknown>,
  fetchImpl: FetchLike = (i, init) => globalThis.fetch(i, init),
): Promise<SubmitOutcome> {
  try {
    const r = await fetchImpl("/api/v1/leads", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(payload),
    });
    const body = (await r.json().catch(() => null)) as Record<string, unknown> | null;
    if (r.ok && typeof body?.lead_id === "string") {
      return {
        ok: true,
        leadId: body.lead_id,
        reference: typeof body.reference === "string" && /^[0-9A-Z-]{1,40}$/.test(body.reference) ? body.reference : null,
        created: body.created === true,
        redirectUrl: externalUrl(body.redirect_url),
        reservation: reservationOf(body.reservation),
      };
    }
    const err = hostError(body);
    const fieldErrors = fieldErrorOf(r.status, err);
    if (fieldErrors) return { ok: false, fieldErrors, formError: null };
    if (err.code === "create_customer_failed")
      return { ok: false, fieldErrors: {}, formError: err.message ?? CREATE_CUSTOMER_FAILED };
    if (r.status === 409 && err.code === "car_reserved")
      return { ok: false, fieldErrors: {}, formError: err.message ?? CAR_RESERVED };
    // docs/features/shopper-core.md §4 "otherwise the returned error shows", §8.
    return { ok: false, fieldErrors: {}, formError: err.message ?? SUBMIT_FAILED };
  } catch {
    return { ok: false, fieldErrors: {}, formError: SUBMIT_FAILED };
  }
}

/**
 * Remembers the submitted lead's category for the success page (docs/features/locations-forms-marketing.md §4 "the
 * category is remembered in browser storage"). Takes the category; returns nothing.
 */
export function rememberCategory(category: string): void {
  try {
    globalThis.sessionStorage?.setItem(SUCCESS_CATEGORY_KEY, category);
  } catch {
    // No storage: the success page shows its generic thanks.
  }
}

/**
 * Remembers the submitted lead's reference for the success page (issue 26 item 5: the shopper sees
 * the code their receipt quotes). Takes the reference ("" for none); returns nothing.
 */
export function rememberReference(reference: string): void {
  try {
    globalThis.sessionStorage?.setItem(SUCCESS_REFERENCE_KEY, reference);
  } catch {
    // No storage: the success page shows no reference.
  }
}

/** The reference the success page shows ("" when none). Takes nothing; returns the text. */
export function lastReference(): string {
  try {
    return globalThis.sessionStorage?.getItem(SUCCESS_REFERENCE_KEY) ?? "";
  } catch {
    return "";
  }
}

/**
 * What the success page thanks for, by category, where 'Thank you for your {category}.' is not a
 * sentence (the category names an action or a form: 'Request Photos', 'Reserve').
 */
const THANKS: Record<string, string> = {
  "Request Photos": "Thank you for your request for photos.",
  "Find Me Something Similar": "Thank you for asking us to find you something similar.",
  "Test Drive": "Thank you for your test drive booking.",
  Reserve: "Thank you for reserving this car.",
  "Trade-in": "Thank you for your trade-in enquiry.",
};

/**
 * The success page's thanks for a lead's category (docs/features/shopper-core.md §4 "Lead form":
 * the success category is stored, then /success): 'Thank you for your {category}.' when the
 * category names what was sent ('Sales Enquiry', 'Trade-In Valuation', 'Service Booking'), a
 * sentence of its own for those that name an action or a form ('Request Photos' -> 'Thank you for
 * your request for photos.', issue 39), else 'Thank you for your {category} enquiry.'; none:
 * 'Thank you for your enquiry.'. Takes the remembered category ("" for none); returns the sentence.
 */
export function thanksFor(category: string): string {
  const c = category.trim();
  if (!c) return "Thank you for your enquiry.";
  const own = THANKS[c];
  if (own) return own;
  return /\b(enquiry|booking|application|valuation|quote|request|reservation)$/i.test(c)
    ? `Thank you for your ${c}.`
    : `Thank you for your ${c} enquiry.`;
}

/** The category the success page thanks for ("" when none). Takes nothing; returns the text. */
export function lastCategory(): string {
  try {
    return globalThis.sessionStorage?.getItem(SUCCESS_CATEGORY_KEY) ?? "";
  } catch {
    return "";
  }
}

/** Local-storage key of the enquiries sent from this browser (the account page's "My Enquiries"). */
export const ENQUIRIES_KEY = "forecourt:enquiries";
/** The most enquiries kept in that list (the oldest are dropped). */
export const ENQUIRIES_MAX = 20;

/** An enquiry sent from this browser: the lead's id, its category, its subject (subcategory), the page it was sent from and when (ms since 1970). */
export interface SentEnquiry {
  leadId: string;
  category: string;
  subject: string;
  url: string;
  at: number;
}

/**
 * The enquiries sent from this browser, newest first (malformed entries dropped). Takes nothing;
 * returns the list (empty without storage).
 */
export function readEnquiries(): SentEnquiry[] {
  let v: unknown = null;
  try {
    v = JSON.parse(globalThis.localStorage?.getItem(ENQUIRIES_KEY) ?? "[]");
  } catch {
    v = null;
  }
  if (!Array.isArray(v)) return [];
  return v.filter(
    (e): e is SentEnquiry =>
      !!e &&
      typeof e === "object" &&
      typeof (e as SentEnquiry).leadId === "string" &&
      typeof (e as SentEnquiry).category === "string" &&
      typeof (e as SentEnquiry).subject === "string" &&
      typeof (e as SentEnquiry).url === "string" &&
      typeof (e as SentEnquiry).at === "number",
  );
}

/**
 * Records a submitted lead at the head of this browser's enquiries (the same lead id once; at
 * most {@link ENQUIRIES_MAX} kept). Takes the enquiry; returns nothing (no storage: nothing kept).
 */
export function rememberEnquiry(e: SentEnquiry): void {
  try {
    const next = [e, ...readEnquiries().filter((x) => x.leadId !== e.leadId)].slice(0, ENQUIRIES_MAX);
    globalThis.localStorage?.setItem(ENQUIRIES_KEY, JSON.stringify(next));
  } catch {
    // Private mode: nothing kept.
  }
}

/**
 * Keeps extra data beside a lead (`POST /api/miscellaneous`, docs/features/shopper-core.md §7
 * "valuation data plus column_name valuation | success or failure logged"): the outcome is logged
 * to the console, never shown. Takes the kind (`valuation`), the data (numbers, yes/no or short
 * texts), the lead's id when there is one, and a fetch; resolves true when the host stored it.
 */
export async function postMiscellaneous(
  columnName: "valuation",
  data: Record<string, string | number | boolean | null>,
  leadId: string | null,
  fetchImpl: FetchLike = (i, init) => globalThis.fetch(i, init),
): Promise<boolean> {
  try {
    const r = await fetchImpl("/api/miscellaneous", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ column_name: columnName, data, ...(leadId ? { lead_id: leadId } : {}) }),
    });
    if (r.ok) {
      console.info(`[forecourt] ${columnName} saved`);
      return true;
    }
    const err = hostError(await r.json().catch(() => null));
    console.warn(`[forecourt] ${columnName} not saved: ${err.message ?? `HTTP ${r.status}`}`);
  } catch (e) {
    console.warn(`[forecourt] ${columnName} not saved:`, e);
  }
  return false;
}
