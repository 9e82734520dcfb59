// The offers pages from inline data and the API, and the offer's enquiry (a fixed category).
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TENANTS } from "../__tests__/fixtures";
import { MemoryRouter, Route } from "../app/router";
import { SiteContext } from "../app/site";
import { clearContentCache } from "../content/data";
import { EnquiryForm } from "../leads/EnquiryForm";
import { renderPageAt } from "../test/page";
import { resolveTheme } from "../theme/theme";
import { OFFER_LONG, OFFER_SHORT } from "./fixture";
import OfferPage, { OFFER_CATEGORY } from "./OfferPage";
import OffersPage from "./OffersPage";

const tenant = TENANTS.group;

function renderAt(path: string, routeId: string, page: unknown) {
  return renderPageAt(tenant, path, routeId, page, [
    <Route key="/special-offers" path="/special-offers" element={<OffersPage />} />,
    <Route key="/offers/:offerId" path="/offers/:offerId" element={<OfferPage routeId="offer" />} />,
    <Route
      key="/offers/:manufacturer/:offerId"
      path="/offers/:manufacturer/:offerId"
      element={<OfferPage routeId="offer-manufacturer" />}
    />,
  ]);
}

afterEach(() => clearContentCache());

describe("/special-offers", () => {
  it("lists the inline offers with no request", () => {
    const spy = vi.spyOn(globalThis, "fetch");
    renderAt("/special-offers", "special-offers", { offers: [OFFER_SHORT, OFFER_LONG] });
    expect(screen.getByRole("heading", { level: 1, name: "Special Offers" })).toBeTruthy();
    expect(screen.getAllByRole("article").map((a) => a.getAttribute("data-offer"))).toEqual(["finance-3-9", "im6-launch"]);
    expect(spy).not.toHaveBeenCalled();
  });

  it("says 'There are no offers at the moment.' with a link to the stock when there are none", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({ offers: [] }));
    renderAt("/special-offers", "special-offers", undefined);
    expect(await screen.findByText("There are no offers at the moment.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Browse our stock" }).getAttribute("href")).toBe("/search/new-used-and-demo-cars");
  });
});

describe("/offers/{manufacturer}/{offerId}", () => {
  it("fetches the offer by id and shows its card and the enquiry form without a category select", async () => {
    const spy = vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json(OFFER_LONG));
    renderAt("/offers/im-motors/im6-launch", "offer-manufacturer", undefined);
    expect(await screen.findByRole("heading", { level: 1, name: OFFER_LONG.name })).toBeTruthy();
    expect(String(spy.mock.calls[0]?.[0])).toBe("/api/v1/offers/im6-launch");
    expect(screen.getByRole("link", { name: "Enquire Now" }).getAttribute("href")).toBe("#offer-enquiry");
    await waitFor(() => expect(document.querySelector('form[data-form="enquiry"]')).not.toBeNull());
    expect(document.querySelector('[name="category"]')).toBeNull();
    expect(document.title).toBe(`${OFFER_LONG.name} | ${tenant.name}`);
  });

  it("shows the 404 page for an unknown offer", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      Response.json({ error: { code: "not_found", message: "No offer" } }, { status: 404 }),
    );
    renderAt("/offers/nope", "offer", undefined);
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeTruthy();
  });
});

describe("the offer's enquiry", () => {
  it("sends category 'Offer Enquiry' and the offer's name as subcategory", async () => {
    const bodies: Record<string, unknown>[] = [];
    const fetchImpl = vi.fn(async (_u: string, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      return Response.json({ lead_id: "L1", created: true }, { status: 201 });
    });
    const single = { ...TENANTS.classic, dealerships: TENANTS.classic.dealerships.slice(0, 1) };
    render(
      <MemoryRouter>
        <SiteContext.Provider value={{ tenant: single, theme: resolveTheme(single), inline: null }}>
          <EnquiryForm
            tenant={single}
            variant="enquiry"
            category={OFFER_CATEGORY}
            subcategory={OFFER_SHORT.name}
            fetchImpl={fetchImpl}
          />
        </SiteContext.Provider>
      </MemoryRouter>,
    );
    const set = (name: string, value: string) =>
      fireEvent.change(document.querySelector(`[name="${name}"]`) as HTMLInputElement, { target: { value } });
    expect(document.querySelector('[name="category"]')).toBeNull();
    set("name", "Ada");
    set("email", "ada@example.com");
    const location = document.querySelector('[name="location"]') as HTMLSelectElement | null;
    if (location && !location.value) set("location", single.locations[0]?.slug ?? "");
    set("message", "Is this still on?");
    fireEvent.submit((document.querySelector('[name="name"]') as HTMLInputElement).form as HTMLFormElement);
    await waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(1));
    expect(bodies[0]?.category).toBe("Offer Enquiry");
    expect(bodies[0]?.subcategory).toBe(OFFER_SHORT.name);
  });
});
