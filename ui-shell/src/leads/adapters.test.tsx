// docs/features/platform.md "Leads", the adapters' half of the lead forms against a fake host: the
// trade-in's rego lookup and adjustment questions, the finance lender's redirect and
// create-customer errors, the reserve deposit's payment provider and the return from it, and the
// embedded service booking.
// Spec: docs/features/locations-forms-marketing.md §2 "Service booking", "Trade-in information", §4, §5, §8;
// docs/features/shopper-core.md §3 "Lead data", §5 (Reserve), §9.
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CAR, TENANTS } from "../__tests__/fixtures";
import type { TenantSettings } from "../api/types";
import { MemoryRouter } from "../app/router";
import { SiteContext } from "../app/site";
import { resolveTheme } from "../theme/theme";
import { FinanceForm } from "./FinanceForm";
import { USER_DETAILS_KEY } from "./lead";
import { ReservationStatus } from "./ReservationStatus";
import ReservePage, { ReserveForm } from "./ReservePage";
import ServicePage from "./ServicePage";
import { TradeInForm } from "./TradeInPage";

const base = TENANTS.classic;
const site = (extra: Record<string, unknown>) => ({ ...base, ...extra }) as TenantSettings;

function wrap(node: React.ReactNode, tenant: TenantSettings = base, at = "/trade-in") {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <SiteContext.Provider value={{ tenant, theme: resolveTheme(tenant), inline: null }}>{node}</SiteContext.Provider>
    </MemoryRouter>,
  );
}

const input = (name: string) => document.querySelector(`[name="${name}"]`) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body)) as Record<string, unknown>;

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>;
/** A fake host: `routes` by URL prefix; every request is recorded. */
function host(routes: Record<string, Handler>) {
  const calls: { url: string; init?: RequestInit | undefined }[] = [];
  const fetchImpl = vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    const key = Object.keys(routes).find((k) => url.startsWith(k));
    return key
      ? (routes[key] as Handler)(url, init)
      : Response.json({ error: { code: "not_found", message: "x" } }, { status: 404 });
  });
  const to = (prefix: string) => calls.filter((c) => c.url.startsWith(prefix));
  return { fetchImpl, calls, to };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const LOOKUP = site({ adapters: { rego_lookup: true, online_payment: null, finance_application: false } });
const FOUND = {
  rego: "ABC123",
  regoState: "QLD",
  make: "Mazda",
  model: "CX-5",
  year: 2019,
  badge: "Maxx Sport",
  body: null,
  colour: "Soul Red",
  vin: "JM0KF4W7A00123456",
  nvic: "0AB119",
};
const findButton = () => screen.getByRole("button", { name: /Find My Car/ }) as HTMLButtonElement;

describe("Trade-in rego lookup (adapters.rego_lookup)", () => {
  it("looks the rego up with a busy button, fills make, model and year, and records the details on the lead", async () => {
    let release: (r: Response) => void = () => {};
    const h = host({
      "/api/v1/trade-in/rego": () =>
        new Promise<Response>((r) => {
          release = r;
        }),
      "/api/v1/leads": () => Response.json({ lead_id: "T1", created: true }, { status: 201 }),
    });
    const onSuccess = vi.fn();
    wrap(<TradeInForm fetchImpl={h.fetchImpl} onSuccess={onSuccess} />, LOOKUP);
    type("rego", "ABC123");
    type("regoState", "QLD");
    fireEvent.click(findButton());
    await waitFor(() => expect(h.to("/api/v1/trade-in/rego")).toHaveLength(1));
    expect(bodyOf(h.to("/api/v1/trade-in/rego")[0]?.init)).toEqual({ rego: "ABC123", regoState: "QLD" });
    expect(findButton().disabled).toBe(true);
    expect(findButton().querySelector(".fc-spinner")).toBeTruthy();
    await act(async () => release(Response.json(FOUND)));
    expect(await screen.findByText("Found: 2019 Mazda CX-5 Maxx Sport")).toBeTruthy();
    expect(findButton().disabled).toBe(false);
    expect(input("Vehicle Make").value).toBe("Mazda");
    expect(input("Vehicle Model").value).toBe("CX-5");
    expect(input("Vehicle Year").value).toBe("2019");
    type("name", "Ada");
    type("phone", "0412345678");
    type("under_finance", "No");
    fireEvent.submit(input("name").form as HTMLFormElement);
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith("T1"));
    expect(bodyOf(h.to("/api/v1/leads")[0]?.init)).toMatchObject({
      form: "trade_in",
      rego: "ABC123",
      regoState: "QLD",
      "Vehicle Make": "Mazda",
      "Vehicle Model": "CX-5",
      "Vehicle Year": 2019,
      message: "Registration lookup: Badge Maxx Sport; Colour Soul Red; VIN JM0KF4W7A00123456; NVIC 0AB119",
    });
  });

  it("404 and 502 show the host's message and keep manual entry; 501 the unavailable message", async () => {
    const answers = [
      Response.json(
        {
          error: { code: "rego_not_found", message: "We couldn't find that registration. Please enter your vehicle's details." },
        },
        { status: 404 },
      ),
      Response.json(
        {
          error: {
            code: "rego_lookup_failed",
            message: "The registration lookup is unavailable. Please enter your vehicle's details.",
          },
        },
        { status: 502 },
      ),
      Response.json({ error: { code: "rego_lookup_unavailable", message: "No provider" } }, { status: 501 }),
    ];
    const h = host({ "/api/v1/trade-in/rego": () => answers.shift() as Response });
    wrap(<TradeInForm fetchImpl={h.fetchImpl} onSuccess={() => {}} />, LOOKUP);
    type("rego", "ZZZ999");
    type("regoState", "NSW");
    fireEvent.click(findButton());
    expect(await screen.findByText("We couldn't find that registration. Please enter your vehicle's details.")).toBeTruthy();
    type("Vehicle Make", "Holden");
    expect(input("Vehicle Make").value).toBe("Holden");
    fireEvent.click(findButton());
    expect(await screen.findByText("The registration lookup is unavailable. Please enter your vehicle's details.")).toBeTruthy();
    fireEvent.click(findButton());
    await waitFor(() => expect(h.to("/api/v1/trade-in/rego")).toHaveLength(3));
    expect(screen.queryByText("No provider")).toBeNull();
    expect(screen.getByRole("status").textContent).toBe(
      "The registration lookup is unavailable. Please enter your vehicle's details.",
    );
    expect(input("Vehicle Make").value).toBe("Holden");
  });

  it("a 400 puts the host's message under the field it names; an empty rego is not looked up", async () => {
    const h = host({
      "/api/v1/trade-in/rego": () =>
        Response.json({ error: { code: "invalid", message: "Please choose a state.", field: "regoState" } }, { status: 400 }),
    });
    wrap(<TradeInForm fetchImpl={h.fetchImpl} onSuccess={() => {}} />, LOOKUP);
    fireEvent.click(findButton());
    await waitFor(() => expect(input("rego").getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getAllByText("This is a required field.")).toHaveLength(2);
    expect(h.fetchImpl).not.toHaveBeenCalled();
    type("rego", "ABC123");
    type("regoState", "QLD");
    fireEvent.click(findButton());
    expect(await screen.findByText("Please choose a state.")).toBeTruthy();
    expect(input("regoState").getAttribute("aria-invalid")).toBe("true");
    expect(input("rego").getAttribute("aria-invalid")).toBeNull();
  });

  it("without the adapter: no lookup, manual entry, and rego and regoState still go on the lead", async () => {
    const h = host({ "/api/v1/leads": () => Response.json({ lead_id: "T2", created: true }, { status: 201 }) });
    const onSuccess = vi.fn();
    wrap(<TradeInForm fetchImpl={h.fetchImpl} onSuccess={onSuccess} />);
    expect(screen.queryByRole("button", { name: /Find My Car/ })).toBeNull();
    type("Vehicle Make", "Toyota");
    type("Vehicle Model", "Corolla");
    type("Vehicle Year", "2018");
    type("rego", "XYZ789");
    type("regoState", "VIC");
    type("name", "Ada");
    type("email", "ada@example.com");
    type("under_finance", "Yes");
    fireEvent.submit(input("name").form as HTMLFormElement);
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith("T2"));
    const lead = bodyOf(h.to("/api/v1/leads")[0]?.init);
    expect(lead).toMatchObject({ rego: "XYZ789", regoState: "VIC", "Vehicle Make": "Toyota", under_finance: "Yes" });
    expect(lead).not.toHaveProperty("message");
    expect(lead).not.toHaveProperty("adjustmentAnswers");
    expect(h.to("/api/v1/trade-in/rego")).toHaveLength(0);
  });
});

const ADJUSTING = site({
  trade_in: {
    adjustments: [
      {
        id: "condition",
        question: "Overall condition",
        answers: [
          { value: "excellent", label: "Excellent", percent: 5 },
          { value: "fair", label: "Fair", percent: -10 },
        ],
      },
      {
        id: "accident",
        question: "Accident history",
        answers: [
          { value: "no", label: "No", percent: 0 },
          { value: "yes", label: "Yes", percent: -20 },
        ],
      },
    ],
  },
});
const group = (question: string) => screen.getByRole("radiogroup", { name: question });
const choose = (question: string, answer: string) =>
  fireEvent.click(within(group(question)).getByRole("radio", { name: answer }));
const estimateButton = () => screen.getByRole("button", { name: "Get Online Estimate" });

describe("Trade-in adjustment questions", () => {
  it("Get Estimate requires every question; the answers go with the estimate and on the lead", async () => {
    const h = host({
      "/api/v1/trade-in/estimate": () =>
        Response.json({ estimate: { low: 16650, high: 18900 }, reason: null, adjustment_percent: -10 }),
      "/api/v1/leads": () => Response.json({ lead_id: "T3", created: true }, { status: 201 }),
    });
    const onSuccess = vi.fn();
    wrap(<TradeInForm carId={CAR.car.id} fetchImpl={h.fetchImpl} onSuccess={onSuccess} />, ADJUSTING);
    type("Vehicle Make", "Mazda");
    type("Vehicle Model", "CX-5");
    type("Vehicle Year", "2021");
    choose("Overall condition", "Fair");
    fireEvent.click(estimateButton());
    expect(await screen.findByText("Accident history: This is a required field.")).toBeTruthy();
    expect(group("Accident history").getAttribute("aria-invalid")).toBe("true");
    expect(group("Overall condition").getAttribute("aria-invalid")).toBeNull();
    expect(h.to("/api/v1/trade-in/estimate")).toHaveLength(0);
    choose("Accident history", "No");
    fireEvent.click(estimateButton());
    expect(await screen.findByText("Online estimate: $16,650 - $18,900")).toBeTruthy();
    expect(bodyOf(h.to("/api/v1/trade-in/estimate")[0]?.init)).toEqual({
      make: "Mazda",
      model: "CX-5",
      year: 2021,
      km: 0,
      adjustmentAnswers: { condition: "fair", accident: "no" },
    });
    fireEvent.click(screen.getByRole("checkbox", { name: "Accept the trade-in offer of $16,650" }));
    type("name", "Ada");
    type("phone", "0412345678");
    type("under_finance", "No");
    fireEvent.submit(input("name").form as HTMLFormElement);
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith("T3"));
    expect(bodyOf(h.to("/api/v1/leads")[0]?.init)).toMatchObject({
      adjustmentAnswers: { condition: "fair", accident: "no" },
      offer_price: 16650,
      offer_accepted: true,
      car_id: CAR.car.id,
    });
  });

  it("shows the host's reason when it gives no estimate (over 7 years or 100,000 km)", async () => {
    const reason = "Online estimates are not given for cars over 7 years old or over 100,000 km.";
    const h = host({ "/api/v1/trade-in/estimate": () => Response.json({ estimate: null, reason, adjustment_percent: 0 }) });
    wrap(<TradeInForm fetchImpl={h.fetchImpl} onSuccess={() => {}} />);
    type("Vehicle Make", "Toyota");
    type("Vehicle Model", "Camry");
    type("Vehicle Year", "2009");
    fireEvent.click(estimateButton());
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(bodyOf(h.to("/api/v1/trade-in/estimate")[0]?.init)).not.toHaveProperty("adjustmentAnswers");
  });

  it("a 400 naming an answer puts the host's message under its question", async () => {
    const h = host({
      "/api/v1/trade-in/estimate": () =>
        Response.json(
          { error: { code: "invalid", message: "Unknown answer.", field: "adjustmentAnswers.accident" } },
          { status: 400 },
        ),
    });
    wrap(<TradeInForm fetchImpl={h.fetchImpl} onSuccess={() => {}} />, ADJUSTING);
    type("Vehicle Make", "Mazda");
    type("Vehicle Model", "CX-5");
    type("Vehicle Year", "2021");
    choose("Overall condition", "Excellent");
    choose("Accident history", "Yes");
    fireEvent.click(estimateButton());
    expect(await within(group("Accident history").parentElement as HTMLElement).findByText("Unknown answer.")).toBeTruthy();
    expect(screen.queryByText(/Online estimate/)).toBeNull();
  });
});

const LENDER = site({ adapters: { rego_lookup: false, online_payment: null, finance_application: true } });

describe("Finance application with an external lender (adapters.finance_application)", () => {
  beforeEach(() => {
    localStorage.setItem(USER_DETAILS_KEY, JSON.stringify({ name: "Ada", email: "ada@example.com" }));
  });

  it("a create-customer failure shows the host's message with the form kept; the retry reuses the key and redirects", async () => {
    const leads = [
      Response.json(
        { error: { code: "create_customer_failed", message: "Failed to create customer or no redirect URL received." } },
        { status: 502 },
      ),
      Response.json({ error: { code: "create_customer_failed", message: "Failed to create customer" } }, { status: 502 }),
      Response.json(
        { lead_id: "F1", created: false, redirect_url: "https://lender.example/journey/abc", reservation: null },
        { status: 200 },
      ),
    ];
    const h = host({
      "/api/v1/finance/quote": () => Response.json({ weeklyRepaymentAmount: 120 }),
      "/api/v1/leads": () => leads.shift() as Response,
    });
    const assign = vi.fn();
    const onSuccess = vi.fn();
    wrap(<FinanceForm fetchImpl={h.fetchImpl} onSuccess={onSuccess} assign={assign} />, LENDER);
    type("phone", "0412345678");
    const submit = () => fireEvent.submit(input("name").form as HTMLFormElement);
    submit();
    expect(await screen.findByText("Failed to create customer or no redirect URL received.")).toBeTruthy();
    const button = screen.getByRole("button", { name: "Apply Now" }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(input("name").value).toBe("Ada");
    expect(input("phone").value).toBe("0412345678");
    submit();
    expect(await screen.findByText("Failed to create customer")).toBeTruthy();
    submit();
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://lender.example/journey/abc"));
    expect(onSuccess).not.toHaveBeenCalled();
    const keys = h.to("/api/v1/leads").map((c) => bodyOf(c.init).idempotency_key);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(bodyOf(h.to("/api/v1/leads")[2]?.init)).toMatchObject({ form: "finance", name: "Ada", phone: "0412345678" });
    expect(sessionStorage.getItem("forecourt:success-category")).toBe("Finance Application");
    expect(button.disabled).toBe(true);
  });

  it("without a lender the application is a lead and goes to success", async () => {
    const h = host({
      "/api/v1/finance/quote": () => Response.json({ weeklyRepaymentAmount: 120 }),
      "/api/v1/leads": () => Response.json({ lead_id: "F2", created: true, redirect_url: null }, { status: 201 }),
    });
    const assign = vi.fn();
    const onSuccess = vi.fn();
    wrap(<FinanceForm fetchImpl={h.fetchImpl} onSuccess={onSuccess} assign={assign} />);
    fireEvent.submit(input("name").form as HTMLFormElement);
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith("F2"));
    expect(assign).not.toHaveBeenCalled();
  });
});

const PAYING = site({ adapters: { rego_lookup: false, online_payment: "stripe", finance_application: false } });

describe("Reserve with a payment provider (adapters.online_payment)", () => {
  beforeEach(() => {
    localStorage.setItem(USER_DETAILS_KEY, JSON.stringify({ name: "Ada", email: "ada@example.com" }));
  });

  it("says the deposit is paid online and sends the shopper to the payment_url", async () => {
    const reservation = { status: "pending_payment", deposit: 200, hold_hours: 48, payment_url: "https://pay.example/c/s1" };
    const h = host({ "/api/v1/leads": () => Response.json({ lead_id: "R1", created: true, reservation }, { status: 201 }) });
    const assign = vi.fn();
    const onSuccess = vi.fn();
    wrap(<ReserveForm car={CAR} fetchImpl={h.fetchImpl} onSuccess={onSuccess} assign={assign} />, PAYING);
    expect(screen.getByText("Pay the $200 deposit securely online.")).toBeTruthy();
    expect(screen.queryByText(/dealer will contact you to take the deposit/)).toBeNull();
    fireEvent.submit(input("name").form as HTMLFormElement);
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://pay.example/c/s1"));
    expect(onSuccess).not.toHaveBeenCalled();
    expect(bodyOf(h.to("/api/v1/leads")[0]?.init)).toMatchObject({ form: "reserve", deposit: 200, car_id: CAR.car.id });
  });

  it("without a provider: the offline text, and an offline reservation goes to success", async () => {
    const reservation = { status: "offline", deposit: 200, hold_hours: 48, payment_url: null };
    const h = host({ "/api/v1/leads": () => Response.json({ lead_id: "R2", created: true, reservation }, { status: 201 }) });
    const assign = vi.fn();
    const onSuccess = vi.fn();
    wrap(<ReserveForm car={CAR} fetchImpl={h.fetchImpl} onSuccess={onSuccess} assign={assign} />);
    expect(screen.getByText("Online payment is not available: the dealer will contact you to take the deposit.")).toBeTruthy();
    fireEvent.submit(input("name").form as HTMLFormElement);
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith("R2"));
    expect(assign).not.toHaveBeenCalled();
  });
});

const reservation = (status: string, extra: Record<string, unknown> = {}) =>
  Response.json({ lead_id: "L9", status, deposit: 200, hold_hours: 48, hold_until: null, car_slug: "mazda-cx5", ...extra });

describe("Reservation status on return from the provider", () => {
  const panel = (fetchImpl: (u: string) => Promise<Response>, cancelled = false) =>
    render(<ReservationStatus leadId="L9" cancelled={cancelled} timeZone="Australia/Brisbane" fetchImpl={fetchImpl} />);

  it("paid: the deposit and the hold's end in the site's time zone", async () => {
    const fetchImpl = vi.fn(async (_u: string) => reservation("paid", { hold_until: 1900000000 }));
    panel(fetchImpl);
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toBe(
        "Your $200 deposit is paid. We are holding this car for you until Monday 18 March 2030 at 3:46 am AEST.",
      ),
    );
    expect(fetchImpl).toHaveBeenCalledWith("/api/v1/reservations/L9", expect.anything());
    expect(screen.getByRole("link", { name: "Back to the car" }).getAttribute("href")).toBe("/cars/mazda-cx5");
  });

  it("pending: polls every 2000 ms until paid", async () => {
    vi.useFakeTimers();
    const answers = [reservation("pending_payment"), reservation("paid", { hold_until: 1900000000 })];
    const fetchImpl = vi.fn(async (_u: string) => answers.shift() ?? reservation("paid"));
    panel(fetchImpl);
    await act(async () => {});
    expect(screen.getByRole("status").textContent).toBe("We are confirming your payment...");
    await act(async () => vi.advanceTimersByTime(1999));
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTime(1));
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(screen.getByRole("status").textContent).toMatch(/^Your \$200 deposit is paid\./);
    await act(async () => vi.advanceTimersByTime(10000));
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it("pending for 30 s: stops polling and says the dealer will contact the shopper", async () => {
    vi.useFakeTimers();
    const fetchImpl = vi.fn(async (_u: string) => reservation("pending_payment"));
    panel(fetchImpl);
    await act(async () => {});
    for (let i = 0; i < 15; i++) await act(async () => vi.advanceTimersByTime(2000));
    expect(fetchImpl).toHaveBeenCalledTimes(16);
    expect(screen.getByRole("status").textContent).toBe("Your payment is still being confirmed. The dealer will contact you.");
    await act(async () => vi.advanceTimersByTime(10000));
    expect(fetchImpl).toHaveBeenCalledTimes(16);
  });

  it("cancelled (by the provider, or status payment_cancelled or offline) and unknown", async () => {
    const notPaid =
      "Payment was not completed. Your reservation is recorded and the dealer will contact you to take the deposit.";
    const cancelled = vi.fn(async (_u: string) => reservation("pending_payment"));
    const { unmount } = panel(cancelled, true);
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe(notPaid));
    expect(cancelled).toHaveBeenCalledTimes(1);
    unmount();
    for (const status of ["payment_cancelled", "offline"]) {
      const view = panel(async () => reservation(status));
      await waitFor(() => expect(screen.getByRole("status").textContent).toBe(notPaid));
      view.unmount();
    }
    panel(async () => Response.json({ error: { code: "not_found", message: "x" } }, { status: 404 }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("We could not find this reservation."));
  });

  it("the reserve page shows the panel instead of the form for ?reservation=", async () => {
    const fetchMock = vi.fn(async (_u: string) => reservation("paid", { hold_until: 1900000000 }));
    vi.stubGlobal("fetch", fetchMock);
    wrap(<ReservePage />, PAYING, "/checkout-journey?car_id=mazda-cx5&reservation=L9");
    await waitFor(() => expect(screen.getByRole("status").textContent).toMatch(/deposit is paid/));
    expect(document.querySelector("form")).toBeNull();
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(["/api/v1/reservations/L9"]);
  });
});

describe("Embedded service booking (leads.service_frames)", () => {
  beforeEach(() => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ error: { code: "not_found", message: "x" } }, { status: 404 })),
    );
  });
  const framed = (frames: { label: string; url: string }[]) => site({ leads: { ...base.leads, service_frames: frames } });

  it("one frame: an iframe under the heading instead of the form", () => {
    wrap(<ServicePage />, framed([{ label: "Book a Service", url: "https://book.example.com/dealer" }]), "/service");
    const frame = screen.getByTitle("Book a Service") as HTMLIFrameElement;
    expect(frame.tagName).toBe("IFRAME");
    expect(frame.getAttribute("src")).toBe("https://book.example.com/dealer");
    expect(frame.getAttribute("width")).toBe("100%");
    expect(frame.getAttribute("loading")).toBe("lazy");
    expect(frame.getAttribute("referrerpolicy")).toBe("strict-origin-when-cross-origin");
    expect(frame.getAttribute("sandbox")).toBe("allow-scripts allow-forms allow-same-origin allow-popups");
    expect(frame.className).toBe("fc-service-frame");
    expect(screen.getByRole("heading", { level: 1 }).nextElementSibling?.contains(frame)).toBe(true);
    expect(document.querySelector('form[data-form="service"]')).toBeNull();
    expect(screen.queryByRole("tab")).toBeNull();
  });

  it("several frames: one tab per frame, the first selected", () => {
    wrap(
      <ServicePage />,
      framed([
        { label: "Sydney", url: "https://book.example.com/syd" },
        { label: "Parramatta", url: "https://book.example.com/parra" },
      ]),
      "/service",
    );
    const tabs = screen.getAllByRole("tab");
    expect(tabs.map((t) => t.textContent)).toEqual(["Sydney", "Parramatta"]);
    expect(tabs[0]?.getAttribute("aria-selected")).toBe("true");
    expect((screen.getByTitle("Sydney") as HTMLIFrameElement).getAttribute("src")).toBe("https://book.example.com/syd");
    expect(screen.queryByTitle("Parramatta")).toBeNull();
    expect(document.querySelector('form[data-form="service"]')).toBeNull();
  });

  it("no frames: the booking form", () => {
    wrap(<ServicePage />, base, "/service");
    expect(document.querySelector('form[data-form="service"]')).toBeTruthy();
    expect(document.querySelector("iframe")).toBeNull();
  });
});
