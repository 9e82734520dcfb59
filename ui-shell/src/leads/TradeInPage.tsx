// The trade-in valuation (docs/features/platform.md "Leads"): /trade-in, /cars/trade-in?car_id={id}, /sell-my-car,
// /sell-your-car. The registration lookup ("Find My Car", src/leads/RegoLookup.tsx) when the
// tenant has a rego provider, else manual vehicle entry; Preferred Contact Method, Is Your Car
// Currently Under Finance, the tenant's adjustment questions and the online estimate when the
// host gives one (none over 7 years or 100,000 km: the host's reason is shown).
// docs/features/platform.md "Marketing and content pages": under the form, the trade-in FAQ and the
// enquiry mini-form with the privacy line (src/marketing/TradeInInfo.tsx).
// Spec: docs/features/locations-forms-marketing.md §2 "Trade-in information", §5 "Valuation";
// docs/features/shopper-core.md §2, §3 "Trade-in valuation: offer_price; reduced price = car price
// minus offer", §5.
import { type FormEvent, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "../app/router";
import { useDocumentTitle, useSite } from "../app/site";
import { Checkbox } from "../design/Checkbox";
import { KmField } from "../design/KmField";
import { RadioGroup } from "../design/RadioGroup";
import { REQUIRED_MESSAGE } from "../design/validation";
import { formatMoney } from "../lib/format";
import { TradeInInfo } from "../marketing/TradeInInfo";
import {
  adapterSettings,
  adjustmentField,
  type ContactValues,
  checkAdjustments,
  checkContact,
  checkDealership,
  type Errors,
  type FetchLike,
  fieldErrorOf,
  hostError,
  initialDealership,
  leadsSettings,
  postMiscellaneous,
  SELECT_AN_OPTION,
  type TradeInAdjustment,
  tradeInAdjustments,
} from "./lead";
import {
  Choice,
  ContactFields,
  DealershipChoice,
  ErrorSummary,
  initialContact,
  RegoInput,
  StateChoice,
  SubmitButton,
  useLeadSubmit,
  vehicleInputs,
} from "./parts";
import { RegoLookup, type RegoVehicle, regoDetails } from "./RegoLookup";

/** The online estimate: a range (AUD), or none with the host's reason. */
export interface Estimate {
  estimate: { low: number; high: number } | null;
  reason: string | null;
}

/** The estimate request: the vehicle (year, km) and the adjustment answers by question id. */
export interface EstimateRequest {
  make: string;
  model: string;
  year: number;
  km: number;
  adjustmentAnswers?: Record<string, string>;
}

/**
 * Asks the host for an online estimate (`POST /api/v1/trade-in/estimate` {make, model, year, km,
 * adjustmentAnswers}). Takes the request and a fetch; returns the answer, `{ fieldErrors }` when
 * the host refuses a field (a 400 naming e.g. `adjustmentAnswers.condition`), or null when the
 * host has no estimate call or it failed (the form then submits without one). Spec:
 * docs/features/locations-forms-marketing.md §5 (no online estimate over 7 years or 100,000 km);
 * docs/features/shopper-core.md §3 "Lead data" adjustmentAnswers.
 */
export async function fetchEstimate(
  v: EstimateRequest,
  fetchImpl: FetchLike = (i, init) => globalThis.fetch(i, init),
): Promise<Estimate | { fieldErrors: Errors } | null> {
  try {
    const r = await fetchImpl("/api/v1/trade-in/estimate", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(v),
    });
    const b = (await r.json().catch(() => null)) as Record<string, unknown> | null;
    if (!r.ok) {
      const fieldErrors = fieldErrorOf(r.status, hostError(b));
      return fieldErrors ? { fieldErrors } : null;
    }
    const e = (b?.estimate ?? null) as { low?: unknown; high?: unknown } | null;
    return {
      estimate: e && typeof e.low === "number" && typeof e.high === "number" ? { low: e.low, high: e.high } : null,
      reason: typeof b?.reason === "string" ? b.reason : null,
    };
  } catch {
    return null;
  }
}

interface Vehicle {
  make: string;
  model: string;
  year: string;
  km: number | null;
  rego: string;
  regoState: string;
  preferred_contact: string;
  under_finance: string;
}

/**
 * Checks the valuation's own fields: Vehicle Make, Model and a four-digit Year required; under
 * finance Yes or No ('Please Select An Option...'). Takes the values; returns the errors by field
 * (named as the host names them). Spec: docs/features/locations-forms-marketing.md §5 "Valuation".
 */
export function checkTradeIn(v: Vehicle): Errors {
  const e: Errors = {};
  if (!v.make.trim()) e["Vehicle Make"] = REQUIRED_MESSAGE;
  if (!v.model.trim()) e["Vehicle Model"] = REQUIRED_MESSAGE;
  if (!/^\d{4}$/.test(v.year.trim())) e["Vehicle Year"] = REQUIRED_MESSAGE;
  if (v.under_finance !== "Yes" && v.under_finance !== "No") e.under_finance = SELECT_AN_OPTION;
  return e;
}

/**
 * One radio group per adjustment question (answers as options; 'This is a required field.' under
 * an unanswered one after Get Estimate). Takes the questions, the answers by id, a setter and the
 * form's errors; renders the groups. Spec: docs/features/shopper-core.md §3 "Lead data" adjustmentAnswers.
 */
export function AdjustmentQuestions({
  questions,
  answers,
  onAnswer,
  errors,
}: {
  questions: TradeInAdjustment[];
  answers: Record<string, string>;
  onAnswer: (id: string, value: string) => void;
  errors: Errors;
}) {
  return (
    <>
      {questions.map((q) => (
        <RadioGroup
          key={q.id}
          label={q.question}
          name={adjustmentField(q.id)}
          required
          options={q.answers.map((a) => ({ value: a.value, label: a.label }))}
          value={answers[q.id] ?? ""}
          onValueChange={(x) => onAnswer(q.id, x)}
          error={errors[adjustmentField(q.id)] ?? null}
        />
      ))}
    </>
  );
}

/**
 * The error summary's names of the valuation's own fields, as their labels read (the summary
 * showed the raw `under_finance` key, issue 39); the contact fields' names are the shared ones.
 */
export const TRADE_IN_LABELS: Readonly<Record<string, string>> = {
  km: "Odometer",
  regoState: "Rego State",
  preferred_contact: "Preferred Contact Method",
  under_finance: "Is Your Car Currently Under Finance",
  offer_accepted: "Trade-in offer",
};

/** Props of {@link TradeInForm}. */
export interface TradeInFormProps {
  /** The car being bought (its numeric id), from `?car_id=`. */
  carId?: number;
  fetchImpl?: FetchLike;
  onSuccess?: (leadId: string) => void;
}

/**
 * The valuation form: contact fields, the vehicle (with the tenant's rego lookup first: Rego,
 * Rego State and "Find My Car" filling Vehicle Make, Model and Year; else Vehicle Make, Vehicle
 * Model, Vehicle Year, km, then rego and regoState), Preferred Contact Method (Phone default,
 * Email, SMS), Is Your Car Currently Under Finance (blank default, 'Please Select An Option...'),
 * the adjustment questions (all required for Get Estimate, sent as `adjustmentAnswers` with the
 * estimate and the lead), Get Estimate (when the host estimates; otherwise its reason) and, with
 * a car, the offer (the estimate's low figure) and 'offer accepted'; without a car, the required
 * Dealership select on a site with several (its slug sent as `dealership_slug`; a car's valuation
 * is its dealership's). The looked-up badge, body,
 * colour, VIN and NVIC go on the lead's `message`. Takes {@link TradeInFormProps}; renders the form.
 * Spec: docs/features/locations-forms-marketing.md §2 "Trade-in information", §5 "Valuation";
 * docs/features/shopper-core.md §3 "Lead data", "Trade-in valuation".
 */
export function TradeInForm({ carId, fetchImpl, onSuccess }: TradeInFormProps) {
  const { tenant } = useSite();
  const rules = leadsSettings(tenant);
  const lookup = adapterSettings(tenant).rego_lookup;
  const questions = tradeInAdjustments(tenant);
  const navigate = useNavigate();
  const [estimate, setEstimate] = useState<Estimate | null | "none">(null);
  const [accepted, setAccepted] = useState(false);
  // After the lead is stored: the valuation the shopper was shown is kept beside it
  // (`POST /api/miscellaneous`, logged either way), then /success.
  const afterLead = (leadId: string) => {
    const shown = estimate && estimate !== "none" ? estimate.estimate : null;
    if (shown)
      void postMiscellaneous(
        "valuation",
        {
          make: v.make,
          model: v.model,
          year: Number(v.year) || null,
          km: v.km,
          estimate_low: shown.low,
          estimate_high: shown.high,
          ...(carId ? { car_id: carId, offer_accepted: accepted } : {}),
        },
        leadId,
        fetchImpl,
      );
    if (onSuccess) onSuccess(leadId);
    else navigate("/success");
  };
  const lead = useLeadSubmit("trade_in", { fetchImpl, onSuccess: afterLead });
  const [contact, setContact] = useState<ContactValues>(initialContact);
  const [v, setV] = useState<Vehicle>({
    make: "",
    model: "",
    year: "",
    km: null,
    rego: "",
    regoState: "",
    preferred_contact: "Phone",
    under_finance: "",
  });
  // A valuation without a car names its dealership (required on a site with several: docs/features/
  // locations-forms-marketing.md §5); a car's valuation is that car's dealership's (the host's rule).
  const [dealership, setDealership] = useState(() => initialDealership(tenant.dealerships));
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [found, setFound] = useState<RegoVehicle | null>(null);
  const set = <K extends keyof Vehicle>(k: K, x: Vehicle[K]) => {
    setV((p) => ({ ...p, [k]: x }));
    if (k === "make" || k === "model" || k === "year" || k === "km") setEstimate(null);
    // Another registration: the looked-up details no longer describe this car.
    if (k === "rego" || k === "regoState") setFound(null);
  };
  const onFound = (car: RegoVehicle) => {
    setV((p) => ({ ...p, make: car.make, model: car.model, year: String(car.year) }));
    setEstimate(null);
    setFound(car);
  };
  const answer = (id: string, value: string) => {
    setAnswers((p) => ({ ...p, [id]: value }));
    setEstimate(null);
  };
  const given = Object.keys(answers).length > 0 ? answers : undefined;
  const getEstimate = async () => {
    const e = { ...checkTradeIn({ ...v, under_finance: "No" }), ...checkAdjustments(questions, answers) };
    if (Object.keys(e).length > 0) return lead.setErrors(e);
    lead.setErrors({});
    const r = await fetchEstimate(
      {
        make: v.make,
        model: v.model,
        year: Number(v.year),
        km: v.km ?? 0,
        ...(questions.length > 0 ? { adjustmentAnswers: answers } : {}),
      },
      fetchImpl,
    );
    if (r && "fieldErrors" in r) return lead.setErrors(r.fieldErrors);
    setEstimate(r ?? "none");
  };
  const offer = estimate && estimate !== "none" ? (estimate.estimate?.low ?? null) : null;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const errors = {
      ...checkContact(contact, rules.postcode_required),
      ...checkTradeIn(v),
      ...(carId ? {} : checkDealership(tenant.dealerships.length, dealership)),
    };
    void lead.submit(
      {
        ...contact,
        category: "Trade-In Valuation",
        "Vehicle Make": v.make,
        "Vehicle Model": v.model,
        "Vehicle Year": Number(v.year) || v.year,
        km: v.km,
        rego: v.rego,
        regoState: v.regoState,
        message: found ? regoDetails(found) : null,
        preferred_contact: v.preferred_contact,
        under_finance: v.under_finance,
        adjustmentAnswers: given,
        car_id: carId,
        ...(carId ? {} : { dealership_slug: dealership }),
        ...(carId && offer !== null ? { offer_price: offer, offer_accepted: accepted } : {}),
      },
      errors,
    );
  };
  const err = lead.errors;
  const fields = vehicleInputs(v, set, err);
  const labels = { ...TRADE_IN_LABELS, ...Object.fromEntries(questions.map((q) => [adjustmentField(q.id), q.question])) };
  return (
    <form noValidate onSubmit={onSubmit} className="fc-lead-form" data-form="trade_in">
      <ErrorSummary errors={err} formError={lead.formError} labels={labels} />
      <h2>Your Vehicle</h2>
      {lookup ? (
        <RegoLookup
          rego={v.rego}
          regoState={v.regoState}
          onChange={(k, x) => set(k, x)}
          onFound={onFound}
          errors={err}
          fetchImpl={fetchImpl}
        />
      ) : null}
      <div className="fc-form-row">
        {fields.make}
        {fields.model}
      </div>
      <div className="fc-form-row">
        {fields.year}
        <KmField
          label="Odometer"
          name="km"
          value={v.km}
          onValueChange={(x) => set("km", x)}
          min={0}
          max={2000000}
          error={err.km ?? null}
        />
      </div>
      {lookup ? null : (
        <div className="fc-form-row">
          <RegoInput value={v.rego} onChange={(x) => set("rego", x)} error={err.rego} />
          <StateChoice
            label="Rego State"
            name="regoState"
            value={v.regoState}
            onChange={(x) => set("regoState", x)}
            error={err.regoState}
          />
        </div>
      )}
      <Choice
        label="Is Your Car Currently Under Finance"
        name="under_finance"
        required
        options={[
          { value: "Yes", label: "Yes" },
          { value: "No", label: "No" },
        ]}
        value={v.under_finance}
        onChange={(x) => set("under_finance", x)}
        error={err.under_finance}
      />
      <AdjustmentQuestions questions={questions} answers={answers} onAnswer={answer} errors={err} />
      <div className="fc-lead-estimate">
        <button type="button" className="fc-button fc-button--secondary" onClick={() => void getEstimate()}>
          Get Online Estimate
        </button>
        {estimate === "none" ? (
          <p className="fc-muted">An online estimate is not available; we will contact you with a valuation.</p>
        ) : null}
        {estimate && estimate !== "none" ? (
          estimate.estimate ? (
            <p data-estimate>
              {`Online estimate: ${formatMoney(estimate.estimate.low)} - ${formatMoney(estimate.estimate.high)}`}
            </p>
          ) : (
            <p data-estimate>{estimate.reason ?? "An online estimate is not available for this car."}</p>
          )
        ) : null}
        {carId && offer !== null ? (
          <Checkbox
            label={`Accept the trade-in offer of ${formatMoney(offer)}`}
            name="offer_accepted"
            checked={accepted}
            onCheckedChange={setAccepted}
          />
        ) : null}
      </div>
      <h2>Your Details</h2>
      <ContactFields values={contact} onChange={setContact} errors={err} postcodeRequired={rules.postcode_required} />
      {carId ? null : (
        <DealershipChoice
          dealerships={tenant.dealerships}
          value={dealership}
          onChange={setDealership}
          error={err.dealership_slug}
        />
      )}
      <RadioGroup
        label="Preferred Contact Method"
        name="preferred_contact"
        inline
        options={["Phone", "Email", "SMS"].map((x) => ({ value: x, label: x }))}
        value={v.preferred_contact}
        onValueChange={(x) => set("preferred_contact", x)}
        error={err.preferred_contact ?? null}
      />
      <p className="fc-muted">
        A trade-in of a car under finance needs a letter from the finance institution showing the outstanding balance.
      </p>
      <SubmitButton submitting={lead.submitting}>Get My Valuation</SubmitButton>
    </form>
  );
}

/**
 * The trade-in page: the valuation form, for the car of `?car_id={id}` when given, then the
 * trade-in FAQ and the enquiry mini-form (after the valuation form, which stays the page's first
 * form). Takes nothing; renders the page. Spec: docs/features/shopper-core.md §2 /trade-in,
 * /cars/trade-in?car_id={id}; docs/features/locations-forms-marketing.md §2 "Trade-in information".
 */
export default function TradeInPage() {
  useDocumentTitle("Trade-in valuation");
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const id = Number(params.get("car_id"));
  return (
    <section className="fc-container fc-page fc-lead-page" data-page="trade-in">
      <h1>Trade-in valuation</h1>
      <TradeInForm {...(Number.isInteger(id) && id > 0 ? { carId: id } : {})} />
      <TradeInInfo pageId={pathname} />
    </section>
  );
}
