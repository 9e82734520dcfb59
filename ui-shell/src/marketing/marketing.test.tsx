// docs/features/platform.md "Marketing and content pages": the recall cards, the FAQ, the trade-in
// enquiry mini-form, the service quote modal and the certified pre-owned decision
// (docs/features/locations-forms-marketing.md §2 "Recall page", "Trade-in information",
// "Electric-model marketing area" service page; §4; §9).
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { CAR, TENANTS } from "../__tests__/fixtures";
import type { CarResponse, TenantSettings } from "../api/types";
import { MemoryRouter } from "../app/router";
import { SiteContext } from "../app/site";
import { resolveTheme } from "../theme/theme";
import CertifiedPanel, { CERTIFIED_BENEFITS } from "./CertifiedPanel";
import { showsCertifiedPanel } from "./certified";
import { Faq } from "./Faq";
import QuoteDialog, { QUOTE_CATEGORY, QuoteForm, quoteValidity } from "./QuoteDialog";
import { RecallCard, RecallView, recallFacts } from "./RecallPage";
import { ServiceBanner } from "./ServiceSections";
import { TRADE_IN_CATEGORY, TRADE_IN_MESSAGE, TradeInEnquiryForm } from "./TradeInInfo";
import { parseRecalls, parseService, parseTradeIn, type RecallCampaign, type ServiceContent } from "./types";

function wrap(node: ReactNode, tenant: TenantSettings = TENANTS.classic) {
  return render(
    <MemoryRouter initialEntries={["/"]}>
      <SiteContext.Provider value={{ tenant, theme: resolveTheme(tenant), inline: null }}>{node}</SiteContext.Provider>
    </MemoryRouter>,
  );
}

const input = (name: string, root: ParentNode = document) => root.querySelector(`[name="${name}"]`) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });

/** A fetch that records the JSON bodies it is given and answers 201 with a lead id. */
function fakeHost() {
  const bodies: Record<string, unknown>[] = [];
  const fetchImpl = vi.fn(async (_url: string, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)));
    return Response.json({ lead_id: "L1", created: true }, { status: 201 });
  });
  return { bodies, fetchImpl };
}

const CAMPAIGN: RecallCampaign = {
  recallNumber: "REC-005652",
  modelName: "IM LS6",
  affectedYears: "2021-2022",
  affectedUnits: 5168,
  status: "Active",
  title: "High-voltage battery inspection",
  descriptionHtml: "<p>A cell may overheat.</p>",
  remedyHtml: "<p>Dealers will replace the module free of charge.</p>",
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe("recall cards", () => {
  it("lists the recall number, model, years, units with a thousands separator and status", () => {
    expect(recallFacts(CAMPAIGN)).toEqual([
      { label: "Recall number", value: "REC-005652" },
      { label: "Model", value: "IM LS6" },
      { label: "Affected years", value: "2021-2022" },
      { label: "Affected units", value: "5,168" },
      { label: "Status", value: "Active" },
    ]);
    expect(recallFacts({ ...CAMPAIGN, affectedUnits: 1234567, modelName: "", status: "active" }).map((f) => f.value)).toEqual([
      "REC-005652",
      "2021-2022",
      "1,234,567",
      "Active",
    ]);
  });

  it("renders a card with its title, facts, description and remedy", () => {
    render(<RecallCard campaign={CAMPAIGN} />);
    const card = screen.getByRole("article", { name: "High-voltage battery inspection" });
    expect(card.getAttribute("data-recall")).toBe("REC-005652");
    const facts = Array.from(card.querySelectorAll("dt")).map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(facts).toContain("Affected units: 5,168");
    expect(facts).toContain("Affected years: 2021-2022");
    expect(within(card).getByText("A cell may overheat.")).toBeTruthy();
    expect(within(card).getByText("Dealers will replace the module free of charge.")).toBeTruthy();
  });

  it("reads the host's body defensively and renders the page with its FAQ", () => {
    const content = parseRecalls({
      title: "Recalls",
      introHtml: "<p>Check whether your vehicle is affected.</p>",
      campaigns: [CAMPAIGN, { nonsense: true }],
      faq: [{ question: "How do I check for recalls?", answerHtml: "<p>Enter your VIN.</p>" }, 7],
    });
    expect(content?.campaigns).toHaveLength(1);
    expect(content?.faq).toHaveLength(1);
    expect(parseRecalls({ campaigns: [] })).toBeNull();
    if (!content) return;
    render(<RecallView content={content} />);
    expect(screen.getByRole("heading", { level: 1, name: "Recalls" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Frequently Asked Questions" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "How do I check for recalls?" })).toBeTruthy();
  });
});

describe("FAQ", () => {
  const items = [
    { question: "Will I get a refund?", answerHtml: "<p>Repairs are free; see <a href='/contact-us'>contact us</a>.</p>" },
    { question: "Does a recall expire?", answerHtml: "<p>No.</p>" },
  ];

  it("shows each question collapsed; a click opens and closes its answer (HTML kept)", () => {
    render(<Faq title="Frequently Asked Questions" id="faq" items={items} />);
    expect(screen.getByRole("region", { name: "Frequently Asked Questions" })).toBeTruthy();
    const q = screen.getByRole("button", { name: "Will I get a refund?" });
    expect(q.getAttribute("aria-expanded")).toBe("false");
    expect(q.closest("h3")).toBeTruthy();
    expect(screen.queryByText("contact us")).toBeNull();
    fireEvent.click(q);
    expect(q.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("link", { name: "contact us" }).getAttribute("href")).toBe("/contact-us");
    expect(screen.getByRole("button", { name: "Does a recall expire?" }).getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(q);
    expect(q.getAttribute("aria-expanded")).toBe("false");
  });

  it("renders nothing without items", () => {
    const { container } = render(<Faq title="FAQ" id="faq" items={[]} />);
    expect(container.innerHTML).toBe("");
  });
});

describe("trade-in enquiry mini-form", () => {
  it("has name, last_name, postcode and phone side by side, email, the hidden page_id and the privacy line", () => {
    wrap(<TradeInEnquiryForm tenant={TENANTS.classic} brand="Harbourside Mercedes-Benz" pageId="/trade-in" />);
    const form = document.querySelector("form[data-trade-in-enquiry]") as HTMLFormElement;
    const names = Array.from(form.querySelectorAll("input")).map((i) => i.name);
    expect(names).toEqual(["page_id", "name", "last_name", "postcode", "phone", "email"]);
    expect(input("page_id", form).type).toBe("hidden");
    expect(input("page_id", form).value).toBe("/trade-in");
    const row = input("postcode", form).closest(".fc-mini-form__row");
    expect(row?.contains(input("phone", form))).toBe(true);
    expect(input("opt_in", form)).toBeNull();
    const line = form.querySelector("[data-privacy-line]");
    expect(line?.textContent).toBe("By submitting this enquiry, I agree to the Harbourside Mercedes-Benz Privacy Policy.");
    expect(within(form).getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).toBe("/privacy-policy");
  });

  it("checks the contact fields, then submits an enquiry lead with the Trade-in category, message and page_id", async () => {
    const { bodies, fetchImpl } = fakeHost();
    const onSuccess = vi.fn();
    wrap(
      <TradeInEnquiryForm tenant={TENANTS.classic} brand="X" pageId="/sell-my-car" fetchImpl={fetchImpl} onSuccess={onSuccess} />,
    );
    fireEvent.submit(input("name").form as HTMLFormElement);
    expect(await screen.findByText("Please fix the following errors:")).toBeTruthy();
    expect(fetchImpl).not.toHaveBeenCalled();
    type("name", "Ada");
    type("last_name", "Lovelace");
    type("postcode", "2047");
    type("phone", "0412 345 678");
    fireEvent.submit(input("name").form as HTMLFormElement);
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith("L1"));
    expect(bodies[0]).toMatchObject({
      form: "enquiry",
      category: TRADE_IN_CATEGORY,
      message: TRADE_IN_MESSAGE,
      name: "Ada",
      last_name: "Lovelace",
      postcode: "2047",
      phone: "0412 345 678",
      page_id: "/sell-my-car",
    });
    expect(bodies[0]).not.toHaveProperty("opt_in");
  });

  it("asks for the dealership on a site with several", async () => {
    const { fetchImpl } = fakeHost();
    wrap(
      <TradeInEnquiryForm tenant={TENANTS.group} brand="Southern Cross" pageId="/trade-in" fetchImpl={fetchImpl} />,
      TENANTS.group,
    );
    expect(input("dealership_slug")).toBeTruthy();
    type("name", "Ada");
    type("email", "ada@example.com");
    fireEvent.submit(input("name").form as HTMLFormElement);
    expect(await screen.findByText("Dealership: This is a required field.")).toBeTruthy();
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it("reads the trade-in content defensively", () => {
    expect(parseTradeIn({ faq: [{ question: "Q", answerHtml: "<p>A</p>" }], privacyBrand: "IM Motors" })).toEqual({
      faq: [{ question: "Q", answerHtml: "<p>A</p>" }],
      privacyBrand: "IM Motors",
    });
    expect(parseTradeIn(null)).toBeNull();
  });
});

const SERVICE: ServiceContent = {
  banner: { title: "Service with us", description: "Precise prices.", imageUrl: "/img/service.jpg", imageAlt: "Workshop" },
  sections: [{ id: "precise-price", title: "Precise-price servicing", html: "<p>Know the price.</p>" }],
  perks: [
    { title: "Free ride within 8 km", description: "We drive you home." },
    { title: "Complimentary service at 3,000 km or 3 months", description: "" },
  ],
  quote: { title: "Get a Quote", validMonths: 12, note: "" },
  externalBookingUrl: null,
};

describe("service page sections and the quote modal", () => {
  it("the banner shows the perks, Get a Quote, and the external booking link only when set", () => {
    const onQuote = vi.fn();
    const { rerender } = wrap(<ServiceBanner content={SERVICE} onQuote={onQuote} />);
    expect(screen.getByText("Free ride within 8 km")).toBeTruthy();
    expect(screen.getByText("Complimentary service at 3,000 km or 3 months")).toBeTruthy();
    expect(screen.getByRole("img", { name: "Workshop" }).getAttribute("srcset")).toContain("/img/service.jpg?w=480 480w");
    expect(screen.queryByRole("link", { name: /Book a service online/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Get a Quote" }));
    expect(onQuote).toHaveBeenCalledTimes(1);
    rerender(
      <MemoryRouter initialEntries={["/"]}>
        <ServiceBanner content={{ ...SERVICE, externalBookingUrl: "https://maker.example/book" }} onQuote={onQuote} />
      </MemoryRouter>,
    );
    const link = screen.getByRole("link", { name: /Book a service online/ });
    expect(link.getAttribute("href")).toBe("https://maker.example/book");
    expect(link.getAttribute("target")).toBe("_blank");
  });

  it("reads the service content: validMonths defaults to 12, only http(s) booking URLs", () => {
    const s = parseService({ banner: { title: "T" }, quote: {}, externalBookingUrl: "javascript:alert(1)" });
    expect(s?.quote.validMonths).toBe(12);
    expect(s?.externalBookingUrl).toBeNull();
    expect(parseService({ externalBookingUrl: "https://x.example/" })?.externalBookingUrl).toBe("https://x.example/");
    expect(quoteValidity(12)).toBe("Your quote is fixed for 12 months");
    expect(quoteValidity(1)).toBe("Your quote is fixed for 1 month");
  });

  it("the quote modal has the enquiry fields without opt_in and the 12-month note", () => {
    wrap(<QuoteDialog open onOpenChange={() => {}} quote={SERVICE.quote} pageId="/service" />);
    const dialog = screen.getByRole("dialog", { name: "Get a Quote" });
    expect(within(dialog).getByText("Your quote is fixed for 12 months.")).toBeTruthy();
    for (const name of ["name", "last_name", "email", "phone", "postcode", "rego", "message"]) {
      expect(input(name, dialog), name).toBeTruthy();
    }
    expect(input("opt_in", dialog)).toBeNull();
    expect(input("category", dialog)).toBeNull();
    expect(within(dialog).queryByText("Keep me updated with news and offers")).toBeNull();
    expect(within(dialog).queryByRole("checkbox")).toBeNull();
  });

  it("the quote form posts an enquiry lead with the Service Quote category and no opt_in", async () => {
    const { bodies, fetchImpl } = fakeHost();
    const onSuccess = vi.fn();
    wrap(<QuoteForm tenant={TENANTS.classic} pageId="/service" fetchImpl={fetchImpl} onSuccess={onSuccess} />);
    // harbourside-mercedes has one service location: chosen for the shopper.
    expect(input("location").value).toBe("harbourside-mercedes-benz-service");
    type("name", "Ada");
    type("email", "ada@example.com");
    fireEvent.submit(input("name").form as HTMLFormElement);
    expect(await screen.findByText("Comments: This is a required field.")).toBeTruthy();
    type("message", "A quote for the 30,000 km service please");
    fireEvent.submit(input("name").form as HTMLFormElement);
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith("L1"));
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      form: "enquiry",
      category: QUOTE_CATEGORY,
      name: "Ada",
      email: "ada@example.com",
      location: "harbourside-mercedes-benz-service",
      message: "A quote for the 30,000 km service please",
      page_id: "/service",
    });
    expect(bodies[0]).not.toHaveProperty("opt_in");
  });
});

describe("certified pre-owned panel", () => {
  const used = (over: Partial<CarResponse["car"]>, tag: CarResponse["tag"] = null): CarResponse => ({
    ...CAR,
    tag,
    car: { ...CAR.car, car_type: "used", certified: true, make: "Mercedes-Benz", ...over },
  });

  it("shows for a used certified car of the site's one manufacturer, or the host's certified tag", () => {
    const site = TENANTS.classic; // manufacturer mercedes-benz
    expect(showsCertifiedPanel(used({}), site)).toBe(true);
    expect(showsCertifiedPanel(used({ certified: false }), site)).toBe(false);
    expect(showsCertifiedPanel(used({ car_type: "new" }), site)).toBe(false);
    expect(showsCertifiedPanel(used({ make: "Toyota" }), site)).toBe(false);
    expect(showsCertifiedPanel(used({}), TENANTS.superstore)).toBe(false); // no manufacturer
    expect(
      showsCertifiedPanel(
        used({ certified: false }, { kind: "certified_pre_owned", text: "Certified Pre-Owned", image_url: null }),
        TENANTS.superstore,
      ),
    ).toBe(true);
  });

  it("lists the three benefits under 'Certified Pre-Owned'", () => {
    render(
      <CertifiedPanel res={used({}, { kind: "certified_pre_owned", text: "MB Certified", image_url: "/assets/cpo.svg" })} />,
    );
    expect(screen.getByRole("heading", { level: 2, name: "Certified Pre-Owned" })).toBeTruthy();
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual([...CERTIFIED_BENEFITS]);
    expect(CERTIFIED_BENEFITS).toEqual(["1-year extra warranty", "90-point inspection", "12 months roadside assist"]);
    expect(screen.getByRole("img", { name: "MB Certified" }).getAttribute("src")).toBe("/assets/cpo.svg");
  });
});
