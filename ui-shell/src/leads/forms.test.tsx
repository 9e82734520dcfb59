// docs/features/platform.md "Leads": the lead forms against a fake host (docs/features/locations-forms-marketing.md §2,
// §3, §4, §5, §8).
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { TENANTS } from "../__tests__/fixtures";
import type { TenantSettings } from "../api/types";
import { MemoryRouter } from "../app/router";
import { SiteContext } from "../app/site";
import { resolveTheme } from "../theme/theme";
import { EnquiryForm } from "./EnquiryForm";
import { FinanceForm } from "./FinanceForm";
import { USER_DETAILS_KEY } from "./lead";
import { ServiceForm } from "./ServicePage";
import { TradeInForm } from "./TradeInPage";

function wrap(node: React.ReactNode, tenant: TenantSettings = TENANTS.classic) {
  return render(
    <MemoryRouter initialEntries={["/contact-us"]}>
      <SiteContext.Provider value={{ tenant, theme: resolveTheme(tenant), inline: null }}>{node}</SiteContext.Provider>
    </MemoryRouter>,
  );
}

const input = (name: string) => document.querySelector(`[name="${name}"]`) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe("EnquiryForm", () => {
  it("pre-fills the saved user details", () => {
    localStorage.setItem(
      USER_DETAILS_KEY,
      JSON.stringify({ name: "Ada", last_name: "Lovelace", email: "ada@example.com", phone: "0412345678", postcode: "4000" }),
    );
    wrap(<EnquiryForm tenant={TENANTS.classic} variant="enquiry" />);
    expect(input("name").value).toBe("Ada");
    expect(input("last_name").value).toBe("Lovelace");
    expect(input("email").value).toBe("ada@example.com");
    expect(input("phone").value).toBe("0412345678");
    expect(input("postcode").value).toBe("4000");
  });

  it("lists the errors under 'Please fix the following errors:' and sends nothing", async () => {
    const fetchImpl = vi.fn();
    wrap(<EnquiryForm tenant={TENANTS.classic} variant="enquiry" fetchImpl={fetchImpl} />);
    type("postcode", "12");
    fireEvent.submit(input("name").form as HTMLFormElement);
    expect(await screen.findByText("Please fix the following errors:")).toBeTruthy();
    expect(screen.getAllByText("Invalid postcode. Please enter a 4-digit number.").length).toBeGreaterThan(0);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it("a double submit is one request; a retry after a failure keeps the idempotency key", async () => {
    let release: (r: Response) => void = () => {};
    const bodies: Record<string, unknown>[] = [];
    const fetchImpl = vi.fn((_url: string, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      return new Promise<Response>((r) => {
        release = r;
      });
    });
    const onSuccess = vi.fn();
    wrap(<EnquiryForm tenant={TENANTS.classic} variant="enquiry" fetchImpl={fetchImpl} onSuccess={onSuccess} />);
    type("name", "Ada");
    type("email", "ada@example.com");
    type("category", "General Enquiry");
    type("location", TENANTS.classic.locations[0]?.slug ?? "");
    type("message", "Hello");
    const form = input("name").form as HTMLFormElement;
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(1));
    expect((screen.getByRole("button", { name: /Send Enquiry/ }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => release(Response.json({ error: { code: "x", message: "boom" } }, { status: 500 })));
    expect(await screen.findByText("boom")).toBeTruthy();
    fireEvent.submit(form);
    await waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(2));
    await act(async () => release(Response.json({ lead_id: "L1", created: true }, { status: 201 })));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith("L1"));
    expect(bodies[0]?.idempotency_key).toBe(bodies[1]?.idempotency_key);
    expect(bodies[1]).toMatchObject({ form: "enquiry", name: "Ada", category: "General Enquiry", message: "Hello" });
    expect(sessionStorage.getItem("forecourt:success-category")).toBe("General Enquiry");
    expect(JSON.parse(localStorage.getItem(USER_DETAILS_KEY) ?? "{}")).toMatchObject({ name: "Ada", email: "ada@example.com" });
  });

  it("shows the host's field error on its field", async () => {
    const fetchImpl = vi.fn(async () =>
      Response.json({ error: { code: "invalid", message: "This is a required field.", field: "message" } }, { status: 400 }),
    );
    wrap(
      <EnquiryForm
        tenant={{ ...TENANTS.classic, leads: { message_optional: true } } as TenantSettings}
        variant="enquiry"
        fetchImpl={fetchImpl}
      />,
    );
    type("name", "Ada");
    type("email", "ada@example.com");
    type("category", "General Enquiry");
    type("location", TENANTS.classic.locations[0]?.slug ?? "");
    fireEvent.submit(input("name").form as HTMLFormElement);
    await waitFor(() => expect(input("message").getAttribute("aria-invalid")).toBe("true"));
  });
});

describe("TradeInForm", () => {
  it("requires the vehicle and the finance question ('Please Select An Option...')", async () => {
    const fetchImpl = vi.fn();
    wrap(<TradeInForm fetchImpl={fetchImpl} />);
    type("name", "Ada");
    type("phone", "0412345678");
    fireEvent.submit(input("name").form as HTMLFormElement);
    expect(await screen.findByText("Please fix the following errors:")).toBeTruthy();
    // The summary names the field by its label, never its key (issue 39: a raw `under_finance:`).
    expect(screen.getByText("Is Your Car Currently Under Finance: Please Select An Option...")).toBeTruthy();
    expect(screen.queryByText(/under_finance/)).toBeNull();
    expect(fetchImpl).not.toHaveBeenCalled();
    expect((document.querySelector('[name="under_finance"]') as HTMLSelectElement).value).toBe("");
    // One dealership: no Dealership select (the lead is that dealership's).
    expect(document.querySelector('[name="dealership_slug"]')).toBeNull();
  });

  it("on a site with several dealerships, asks for the dealership and sends it (issue 39)", async () => {
    const bodies: Record<string, unknown>[] = [];
    const fetchImpl = vi.fn(async (_url: string, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      return Response.json({ lead_id: "L9", created: true }, { status: 201 });
    });
    const onSuccess = vi.fn();
    wrap(<TradeInForm fetchImpl={fetchImpl} onSuccess={onSuccess} />, TENANTS.group);
    const choice = document.querySelector('select[name="dealership_slug"]') as HTMLSelectElement;
    expect(choice).not.toBeNull();
    expect([...choice.options].slice(1).map((o) => o.value)).toEqual(TENANTS.group.dealerships.map((d) => d.slug));
    type("name", "Ada");
    type("phone", "0412345678");
    type("Vehicle Make", "Mazda");
    type("Vehicle Model", "CX-5");
    type("Vehicle Year", "2021");
    type("under_finance", "No");
    fireEvent.submit(input("name").form as HTMLFormElement);
    expect(await screen.findByText("Dealership: This is a required field.")).toBeTruthy();
    expect(fetchImpl).not.toHaveBeenCalled();
    const slug = TENANTS.group.dealerships[1]?.slug ?? "";
    type("dealership_slug", slug);
    fireEvent.submit(input("name").form as HTMLFormElement);
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith("L9"));
    expect(bodies[0]).toMatchObject({ form: "trade_in", dealership_slug: slug, under_finance: "No" });
  });

  it("a car's valuation shows no Dealership select: the car's dealership takes it", () => {
    wrap(<TradeInForm carId={7} fetchImpl={vi.fn()} />, TENANTS.group);
    expect(document.querySelector('[name="dealership_slug"]')).toBeNull();
  });
});

describe("FinanceForm", () => {
  it("clamps the purchase price on blur and asks for the quote 500 ms after the last change", async () => {
    vi.useFakeTimers();
    const fetchImpl = vi.fn(async () => Response.json({ weeklyRepaymentAmount: 123.4 }));
    wrap(<FinanceForm fetchImpl={fetchImpl} />);
    // Issue 25: the amount is typed freely and shown as money ($ prefix, thousands separators).
    expect(input("purchase_price").value).toBe("30,000");
    type("purchase_price", "5,00x0");
    expect(input("purchase_price").value).toBe("5,000");
    fireEvent.blur(input("purchase_price"));
    expect(input("purchase_price").value).toBe("10,000");
    await act(async () => vi.advanceTimersByTime(499));
    expect(fetchImpl).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    await waitFor(() => expect(screen.getByText("$123/wk")).toBeTruthy());
    expect(JSON.parse(String((fetchImpl.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({
      selfAssessedCreditScore: "GREAT",
      purchasePrice: 10000,
      loanTerm: 5,
    });
  });

  it("shows 'Failed to get quick quote' and a blank quote on failure", async () => {
    const fetchImpl = vi.fn(async () => new Response("no", { status: 502 }));
    wrap(<FinanceForm fetchImpl={fetchImpl} />);
    expect(await screen.findByText("Failed to get quick quote", {}, { timeout: 2000 })).toBeTruthy();
    expect(document.querySelector(".fc-lead-quote strong")?.textContent).toBe("");
  });
});

describe("FinanceForm popup", () => {
  it("shows the four stage labels and splits at the name field", async () => {
    const fetchImpl = vi.fn(async () => Response.json({ weeklyRepaymentAmount: 99 }));
    wrap(<FinanceForm popup car={{ id: 7, price: 82990.5 }} fetchImpl={fetchImpl} />);
    expect([...document.querySelectorAll(".fc-lead-stages li")].map((li) => li.textContent)).toEqual([
      "Quick Estimate",
      "Your Details",
      "Instant pre-approval",
      "Apply to lender",
    ]);
    expect(input("purchase_price").value).toBe("82,991");
    expect(input("name")).toBeNull();
    fireEvent.submit(input("purchase_price").form as HTMLFormElement);
    expect(await screen.findByRole("button", { name: "Apply Now" })).toBeTruthy();
    expect(input("name")).toBeTruthy();
    expect(input("purchase_price")).toBeNull();
  });
});

describe("ServiceForm", () => {
  it("won't leave Vehicle Details without make, model and year; the last step submits Complete", async () => {
    localStorage.setItem(USER_DETAILS_KEY, JSON.stringify({ name: "Ada", phone: "0412345678" }));
    const fetchImpl = vi.fn(async (_u: string, _i?: RequestInit) =>
      Response.json({ lead_id: "L2", created: true }, { status: 201 }),
    );
    wrap(<ServiceForm fetchImpl={fetchImpl} onSuccess={() => {}} />);
    const next = () => fireEvent.submit(document.querySelector("form") as HTMLFormElement);
    next();
    await screen.findByRole("heading", { name: "Vehicle Details" });
    type("Vehicle Make", "Toyota");
    next();
    expect(await screen.findByText("Please complete the form step before proceeding")).toBeTruthy();
    type("Vehicle Model", "Corolla");
    type("Vehicle Year", "2019");
    next();
    await screen.findByRole("heading", { name: "Order Details" });
    next();
    await waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(1));
    const body = JSON.parse(String(fetchImpl.mock.calls[0]?.[1]?.body));
    expect(body).toMatchObject({
      form: "service",
      "Vehicle Make": "Toyota",
      "Vehicle Model": "Corolla",
      "Vehicle Year": 2019,
      lead_status: "Complete",
      form_completed: true,
    });
  });
});

describe("group sites (issue 25: the lead's dealership)", () => {
  const ok = () =>
    vi.fn(async (_u: string, _i?: RequestInit) => Response.json({ lead_id: "G1", created: true }, { status: 201 }));
  const sent = (f: ReturnType<typeof ok>) => JSON.parse(String(f.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;

  it("the service booking asks for the dealership and sends it with that dealership's service location", async () => {
    localStorage.setItem(USER_DETAILS_KEY, JSON.stringify({ name: "Ada", phone: "0412345678" }));
    const fetchImpl = ok();
    wrap(<ServiceForm version="short" fetchImpl={fetchImpl} onSuccess={() => {}} initialStep={2} />, TENANTS.group);
    type("Vehicle Make", "Toyota");
    type("Vehicle Model", "Corolla");
    type("Vehicle Year", "2019");
    await screen.findByRole("heading", { name: "Order Details" });
    fireEvent.submit(document.querySelector("form") as HTMLFormElement);
    expect(await screen.findByText(/Dealership: This is a required field\./)).toBeTruthy();
    expect(fetchImpl).not.toHaveBeenCalled();
    type("dealership_slug", "southern-cross-toyota");
    // Only the Toyota dealership's service location is offered, and it is chosen for the shopper.
    const options = [...(input("Service Location") as unknown as HTMLSelectElement).options].map((o) => o.value).filter(Boolean);
    expect(options).toEqual(["southern-cross-toyota-service"]);
    fireEvent.submit(document.querySelector("form") as HTMLFormElement);
    await waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(1));
    expect(sent(fetchImpl)).toMatchObject({
      form: "service",
      dealership_slug: "southern-cross-toyota",
      location: "southern-cross-toyota-service",
      "Service Location": "Southern Cross Toyota Buranda Service",
    });
  });

  it("a test drive without a car (/book-test-drive) asks for the vehicle and pre-selects the make's dealership", async () => {
    localStorage.setItem(USER_DETAILS_KEY, JSON.stringify({ name: "Ada", phone: "0412345678" }));
    const fetchImpl = vi.fn(async (u: string, _i?: RequestInit) =>
      u.includes("/appointments")
        ? Response.json({ days: [{ date: "2030-01-07", times: ["10:00"] }] })
        : Response.json({ lead_id: "T1", created: true }, { status: 201 }),
    );
    wrap(
      <EnquiryForm
        tenant={TENANTS.group}
        variant="test_drive"
        manufacturer="Toyota"
        fetchImpl={fetchImpl}
        onSuccess={() => {}}
      />,
      TENANTS.group,
    );
    expect((input("dealership_slug") as unknown as HTMLSelectElement).value).toBe("southern-cross-toyota");
    expect(input("subcategory")).toBeTruthy();
    fireEvent.submit(input("name").form as HTMLFormElement);
    expect(await screen.findByText(/Vehicle: This is a required field\./)).toBeTruthy();
  });
});
