// The lead forms' states (docs/features/platform.md "Leads";
// docs/features/locations-forms-marketing.md §2, §4, §5, §8) against a fake host: empty, pre-filled
// from the saved details, errors under 'Please fix the following errors:', submitting (button
// disabled with a spinner), a server field error, the form error, and each form's own states
// (test-drive slots, trade-in estimate, finance quote and popup steps, service steps, reserve) and
// the adapters' states (rego lookup found and not found, adjustment questions, the lender's
// create-customer failure, online deposit, the reservation paid and pending, service booking
// frames).
import type { Meta, StoryObj } from "@storybook/react-vite";
import { CAR, TENANTS } from "../__tests__/fixtures";
import type { TenantSettings } from "../api/types";
import { MemoryRouter } from "../app/router";
import { SiteContext } from "../app/site";
import { resolveTheme } from "../theme/theme";
import { EnquiryForm } from "./EnquiryForm";
import { FinanceForm } from "./FinanceForm";
import { type FetchLike, USER_DETAILS_KEY } from "./lead";
import { RegoLookup } from "./RegoLookup";
import { ReservationStatus } from "./ReservationStatus";
import { ReserveForm } from "./ReservePage";
import { ServiceFrames } from "./ServiceFrames";
import { ServiceForm } from "./ServicePage";
import { TradeInForm } from "./TradeInPage";

const meta: Meta = { title: "Lead forms" };
export default meta;
type Story = StoryObj;

const tenant = TENANTS.classic;
const withRules = (leads: Record<string, unknown>) => ({ ...tenant, leads }) as TenantSettings;

function wrap(node: React.ReactNode, t: TenantSettings = tenant) {
  return (
    <MemoryRouter initialEntries={["/contact-us"]}>
      <SiteContext.Provider value={{ tenant: t, theme: resolveTheme(t), inline: null }}>
        <div style={{ maxWidth: 640 }}>{node}</div>
      </SiteContext.Provider>
    </MemoryRouter>
  );
}

/** A fake host: leads answer `lead`, quotes `$147/wk`, estimates a range, slots two days. */
function fakeHost(
  lead: () => Promise<Response> = async () => Response.json({ lead_id: "L1", created: true }, { status: 201 }),
): FetchLike {
  return async (url) => {
    if (url.startsWith("/api/v1/leads")) return lead();
    if (url.startsWith("/api/v1/finance/quote")) return Response.json({ weeklyRepaymentAmount: 147.2 });
    if (url.startsWith("/api/v1/trade-in/estimate"))
      return Response.json({ estimate: { low: 18500, high: 21000 }, reason: null });
    if (url.includes("/appointments")) {
      return Response.json({
        location: "x",
        time_zone: "Australia/Brisbane",
        days: [
          { date: "2030-03-04", times: ["09:00", "09:30", "10:00"] },
          { date: "2030-03-05", times: ["13:00", "13:30"] },
        ],
      });
    }
    return new Response("{}", { status: 404 });
  };
}
const hang: FetchLike = (url) => (url.startsWith("/api/v1/leads") ? new Promise<Response>(() => {}) : fakeHost()(url));
const done = () => {};
const submit = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  canvasElement.querySelector("form")?.requestSubmit();
};
const fill = (canvasElement: HTMLElement, values: Record<string, string>) => {
  for (const [name, value] of Object.entries(values)) {
    const el = canvasElement.querySelector(`[name="${name}"]`) as HTMLInputElement | HTMLSelectElement | null;
    if (!el) continue;
    const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(
      el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : proto,
      "value",
    )?.set?.call(el, value);
    el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
  }
};

/** Clicks the first button in the story whose text contains `text` (play functions). */
const clickButton = (canvasElement: HTMLElement, text: string) =>
  Array.from(canvasElement.querySelectorAll("button"))
    .find((b) => b.textContent?.includes(text))
    ?.click();
const GOOD = { name: "Ada", email: "ada@example.com", category: "General Enquiry", message: "Is it available?" };

export const EnquiryEmpty: Story = {
  name: "Enquiry: empty (several locations: a required location select)",
  render: () => wrap(<EnquiryForm tenant={tenant} variant="enquiry" fetchImpl={fakeHost()} onSuccess={done} />),
};

export const EnquiryPrefilled: Story = {
  name: "Enquiry: pre-filled from the saved user details, terms note",
  render: () => {
    localStorage.setItem(
      USER_DETAILS_KEY,
      JSON.stringify({ name: "Ada", last_name: "Lovelace", email: "ada@example.com", phone: "0412345678", postcode: "4000" }),
    );
    const t = withRules({ terms_note: "By submitting this enquiry, I agree to the Privacy Policy." });
    return wrap(<EnquiryForm tenant={t} variant="enquiry" fetchImpl={fakeHost()} onSuccess={done} />, t);
  },
};

export const EnquiryErrors: Story = {
  name: "Enquiry: errors under 'Please fix the following errors:'",
  render: () => wrap(<EnquiryForm tenant={tenant} variant="enquiry" fetchImpl={fakeHost()} onSuccess={done} />),
  play: async ({ canvasElement }) => {
    fill(canvasElement, { postcode: "12" });
    await submit({ canvasElement });
  },
};

export const EnquirySubmitting: Story = {
  name: "Enquiry: submitting (button disabled with a spinner)",
  render: () =>
    wrap(
      <EnquiryForm
        tenant={tenant}
        variant="enquiry"
        locationSlug={tenant.locations[0]?.slug ?? ""}
        fetchImpl={hang}
        onSuccess={done}
      />,
    ),
  play: async ({ canvasElement }) => {
    fill(canvasElement, GOOD);
    await submit({ canvasElement });
  },
};

export const EnquiryServerField: Story = {
  name: "Enquiry: the host's field error on its field",
  render: () =>
    wrap(
      <EnquiryForm
        tenant={tenant}
        variant="enquiry"
        locationSlug={tenant.locations[0]?.slug ?? ""}
        fetchImpl={fakeHost(async () =>
          Response.json(
            { error: { code: "invalid", message: "Invalid postcode. Please enter a 4-digit number.", field: "postcode" } },
            { status: 400 },
          ),
        )}
        onSuccess={done}
      />,
    ),
  play: async ({ canvasElement }) => {
    fill(canvasElement, GOOD);
    await submit({ canvasElement });
  },
};

export const EnquiryFailed: Story = {
  name: "Enquiry: 'An unexpected error occured'",
  render: () =>
    wrap(
      <EnquiryForm
        tenant={tenant}
        variant="enquiry"
        locationSlug={tenant.locations[0]?.slug ?? ""}
        fetchImpl={fakeHost(async () => new Response("", { status: 500 }))}
        onSuccess={done}
      />,
    ),
  play: async ({ canvasElement }) => {
    fill(canvasElement, GOOD);
    await submit({ canvasElement });
  },
};

export const TestDrive: Story = {
  name: "Test drive: date and time from the location's slots",
  render: () => wrap(<EnquiryForm tenant={tenant} variant="test_drive" car={CAR} fetchImpl={fakeHost()} onSuccess={done} />),
};

export const RequestPhotos: Story = {
  name: "Request Photos (optional message)",
  render: () => wrap(<EnquiryForm tenant={tenant} variant="request_photos" car={CAR} fetchImpl={fakeHost()} onSuccess={done} />),
};

export const FindSimilar: Story = {
  name: "Find Me Something Similar",
  render: () => wrap(<EnquiryForm tenant={tenant} variant="find_similar" car={CAR} fetchImpl={fakeHost()} onSuccess={done} />),
};

export const TradeIn: Story = {
  name: "Trade-in: empty (Phone default, under finance blank)",
  render: () => wrap(<TradeInForm fetchImpl={fakeHost()} onSuccess={done} />),
};

export const TradeInErrors: Story = {
  name: "Trade-in: 'Please Select An Option...' and the vehicle required",
  render: () => wrap(<TradeInForm fetchImpl={fakeHost()} onSuccess={done} />),
  play: submit,
};

export const TradeInOffer: Story = {
  name: "Trade-in with a car: estimate and the offer",
  render: () => wrap(<TradeInForm carId={CAR.car.id} fetchImpl={fakeHost()} onSuccess={done} />),
  play: async ({ canvasElement }) => {
    fill(canvasElement, { "Vehicle Make": "Mazda", "Vehicle Model": "CX-5", "Vehicle Year": "2021" });
    clickButton(canvasElement, "Get Online Estimate");
  },
};

export const FinancePage: Story = {
  name: "Finance: form card with the quick quote",
  render: () => wrap(<FinanceForm fetchImpl={fakeHost()} onSuccess={done} />),
};

export const FinanceQuoteFailed: Story = {
  name: "Finance: 'Failed to get quick quote' (quote blank)",
  render: () => wrap(<FinanceForm fetchImpl={async () => new Response("", { status: 502 })} onSuccess={done} />),
};

export const FinancePopup: Story = {
  name: "Finance popup: four stage labels, step 1",
  render: () =>
    wrap(<FinanceForm popup car={{ id: CAR.car.id, price: CAR.car.price }} fetchImpl={fakeHost()} onSuccess={done} />),
};

export const ServiceFull: Story = {
  name: "Service (full): Contact Details first",
  render: () => wrap(<ServiceForm fetchImpl={fakeHost()} onSuccess={done} />),
};

export const ServiceStepIncomplete: Story = {
  name: "Service: 'Please complete the form step before proceeding'",
  render: () => wrap(<ServiceForm initialStep={1} fetchImpl={fakeHost()} onSuccess={done} />),
  play: submit,
};

export const ServiceOrderTypes: Story = {
  name: "Service: Order Details with service types and a required interval",
  render: () => {
    const t = withRules({ service_interval_required: true, service_types: ["Logbook service", "Brakes", "Tyres"] });
    return wrap(<ServiceForm initialStep={2} fetchImpl={fakeHost()} onSuccess={done} />, t);
  },
};

export const ServiceShort: Story = {
  name: "Service (short): Vehicle Details with the rego only",
  render: () => wrap(<ServiceForm version="short" fetchImpl={fakeHost()} onSuccess={done} />),
};

export const Reserve: Story = {
  name: "Reserve: deposit and hold, taken offline",
  render: () => wrap(<ReserveForm car={CAR} fetchImpl={fakeHost()} onSuccess={done} />),
};

const adapters = (a: Record<string, unknown>) =>
  ({ ...tenant, adapters: { rego_lookup: false, online_payment: null, finance_application: false, ...a } }) as TenantSettings;
const withLookup = adapters({ rego_lookup: true });
const FOUND = {
  rego: "ABC123",
  regoState: "QLD",
  make: "Mazda",
  model: "CX-5",
  year: 2019,
  badge: "Maxx Sport",
  body: "Wagon",
  colour: "Soul Red",
  vin: "JM0KF4W7A00123456",
  nvic: "0AB119",
};
/** {@link fakeHost} whose rego lookup answers `rego`. */
const regoHost =
  (rego: () => Response): FetchLike =>
  async (url, init) =>
    url.startsWith("/api/v1/trade-in/rego") ? rego() : fakeHost()(url, init);
const findMyCar = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  fill(canvasElement, { rego: "ABC123", regoState: "QLD" });
  clickButton(canvasElement, "Find My Car");
};

export const TradeInRegoFound: Story = {
  name: "Trade-in rego lookup: found (make, model and year filled)",
  render: () => wrap(<TradeInForm fetchImpl={regoHost(() => Response.json(FOUND))} onSuccess={done} />, withLookup),
  play: findMyCar,
};

export const TradeInRegoNotFound: Story = {
  name: "Trade-in rego lookup: not found (manual entry)",
  render: () =>
    wrap(
      <TradeInForm
        fetchImpl={regoHost(() =>
          Response.json(
            {
              error: {
                code: "rego_not_found",
                message: "We couldn't find that registration. Please enter your vehicle's details.",
              },
            },
            { status: 404 },
          ),
        )}
        onSuccess={done}
      />,
      withLookup,
    ),
  play: findMyCar,
};

export const RegoLookupLooking: Story = {
  name: "Rego lookup: looking up (button disabled with a spinner)",
  render: () =>
    wrap(
      <RegoLookup
        rego="ABC123"
        regoState="QLD"
        onChange={done}
        onFound={done}
        errors={{}}
        fetchImpl={() => new Promise<Response>(() => {})}
      />,
    ),
  play: async ({ canvasElement }) => canvasElement.querySelector("button")?.click(),
};

const withAdjustments = {
  ...tenant,
  trade_in: {
    adjustments: [
      {
        id: "condition",
        question: "What condition is the car in?",
        answers: [
          { value: "excellent", label: "Excellent", percent: 5 },
          { value: "good", label: "Good", percent: 0 },
          { value: "fair", label: "Fair", percent: -10 },
        ],
      },
      {
        id: "accident",
        question: "Has the car been in an accident?",
        answers: [
          { value: "no", label: "No", percent: 0 },
          { value: "yes", label: "Yes", percent: -15 },
        ],
      },
    ],
  },
} as TenantSettings;

export const TradeInAdjustments: Story = {
  name: "Trade-in: adjustment questions required before Get Estimate",
  render: () => wrap(<TradeInForm fetchImpl={fakeHost()} onSuccess={done} />, withAdjustments),
  play: async ({ canvasElement }) => {
    fill(canvasElement, { "Vehicle Make": "Mazda", "Vehicle Model": "CX-5", "Vehicle Year": "2021" });
    clickButton(canvasElement, "Get Online Estimate");
  },
};

export const FinanceLenderFailed: Story = {
  name: "Finance with a lender: 'Failed to create customer' (form kept)",
  render: () => {
    localStorage.setItem(USER_DETAILS_KEY, JSON.stringify({ name: "Ada", email: "ada@example.com" }));
    return wrap(
      <FinanceForm
        fetchImpl={fakeHost(async () =>
          Response.json({ error: { code: "create_customer_failed", message: "Failed to create customer" } }, { status: 502 }),
        )}
        onSuccess={done}
        assign={done}
      />,
      adapters({ finance_application: true }),
    );
  },
  play: submit,
};

export const ReserveOnline: Story = {
  name: "Reserve: deposit paid online (payment provider)",
  render: () =>
    wrap(<ReserveForm car={CAR} fetchImpl={fakeHost()} onSuccess={done} assign={done} />, adapters({ online_payment: "stripe" })),
};

const reservation =
  (status: string, extra: Record<string, unknown> = {}): FetchLike =>
  async () =>
    Response.json({ lead_id: "L9", status, deposit: 200, hold_hours: 48, hold_until: null, car_slug: CAR.car.slug, ...extra });

export const ReservationPaid: Story = {
  name: "Reservation: paid (held until, in the site's time zone)",
  render: () =>
    wrap(
      <ReservationStatus
        leadId="L9"
        cancelled={false}
        timeZone="Australia/Brisbane"
        fetchImpl={reservation("paid", { hold_until: 1900000000 })}
      />,
    ),
};

export const ReservationPending: Story = {
  name: "Reservation: payment being confirmed (polling)",
  render: () =>
    wrap(
      <ReservationStatus
        leadId="L9"
        cancelled={false}
        timeZone="Australia/Brisbane"
        fetchImpl={reservation("pending_payment")}
      />,
    ),
};

export const ReservationCancelled: Story = {
  name: "Reservation: payment cancelled",
  render: () =>
    wrap(<ReservationStatus leadId="L9" cancelled timeZone="Australia/Brisbane" fetchImpl={reservation("pending_payment")} />),
};

export const ServiceFrame: Story = {
  name: "Service booking: one embedded frame",
  render: () => wrap(<ServiceFrames frames={[{ label: "Book a Service", url: "https://example.com/" }]} />),
};

export const ServiceFramesTabbed: Story = {
  name: "Service booking: tabbed frames",
  render: () =>
    wrap(
      <ServiceFrames
        frames={[
          { label: "Sydney service centre", url: "https://example.com/" },
          { label: "Parramatta service centre", url: "https://example.org/" },
        ]}
      />,
    ),
};
