// The SRP rendered by the real App (shell components, no remote) in jsdom; only the network is
// replaced: the first page from inline data with no request, promo tiles at their positions,
// breadcrumbs, the address written on a filter change, and the previous hits kept on an error.
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TENANTS } from "../__tests__/fixtures";
import { searchHit } from "../__tests__/fixtures/search";
import type { TenantSettings } from "../api/types";
import { App } from "../app/App";
import { MemoryRouter } from "../app/router";
import type { InlineData } from "../boot/inline";
import { resolveTheme } from "../theme/theme";
import type { SearchHit, SearchResponse } from "./cards";

const hit = searchHit;

function response(hits: SearchHit[], address: string, extra: Partial<SearchResponse> = {}): SearchResponse {
  return {
    hits,
    count: hits.length,
    count_display: hits.length,
    page: 1,
    pages: 1,
    hits_per_page: 21,
    facets: {
      make: [
        { label: "Toyota", value: "Toyota", count: hits.length },
        { label: "Mazda", value: "Mazda", count: 3 },
      ],
      car_type: [{ label: "used", value: "used", count: hits.length }],
    },
    popular_body_types: [],
    popular_makes: [
      { label: "Toyota", value: "Toyota", count: hits.length },
      { label: "Mazda", value: "Mazda", count: 3 },
      { label: "All Makes", value: "", count: hits.length + 3 },
    ],
    address,
    ms: 1,
    ...extra,
  };
}

function renderAt(path: string, tenant: TenantSettings, inline: InlineData | null) {
  const site = { tenant, theme: resolveTheme(tenant), inline };
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App site={site} remote={null} />
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe("search results page", () => {
  const tenant = {
    ...TENANTS.superstore,
    features: { ...TENANTS.superstore.features, favourites: true },
    search: {
      card_buttons: ["details", "reserve", "finance"],
      promos: [{ id: "trade", position: 2, display: ["used"] }],
    },
  } as unknown as TenantSettings;

  it("renders the inline first page with no request: cards, promo tile at its position, count, breadcrumb", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const page = response([hit(1), hit(2), hit(3), hit(4)], "car_type=used");
    const inline: InlineData = {
      version: 1,
      tenant,
      route: { id: "search", path: "/search/used-cars", params: { refinement: "used-cars" } },
      status: 200,
      page,
    };
    renderAt("/search/used-cars", tenant, inline);
    expect(await screen.findByRole("heading", { level: 1, name: "Used cars" }, { timeout: 8000 })).toBeTruthy();
    const cells = [...document.querySelectorAll(".fc-srp-grid > li")].map((li) =>
      li.querySelector("[data-promo]") ? "promo" : li.querySelector("h3")?.textContent,
    );
    expect(cells).toEqual(["2022 Toyota RAV4", "promo", "2022 Toyota RAV4", "2022 Toyota RAV4", "2022 Toyota RAV4"]);
    expect(screen.getByRole("heading", { name: "We Want Your Car!" })).toBeTruthy();
    expect(screen.getByText("4 Cars found")).toBeTruthy();
    const actions = [...document.querySelectorAll("[data-fc-component=SearchCard]")][0]?.querySelectorAll(".fc-card__actions a");
    expect([...(actions ?? [])].map((a) => a.textContent)).toEqual(["View Details", "Reserve this Car", "Get Pre-Approved"]);
    expect(screen.getByRole("navigation", { name: "Breadcrumb" }).textContent).toContain("Used cars");
    expect(screen.getAllByRole("button", { name: /Save to favourites/ }).length).toBe(4);
    expect(document.querySelector("[data-fc-component=SearchCard] img")?.getAttribute("src")).toBe("/img/placeholder/suv.svg");
    expect(fetchSpy.mock.calls.filter((c) => String(c[0]).includes("/api/v1/search?"))).toEqual([]);
  });

  it("takes a make path's meaning from the host's scope on the inline first page (no request)", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const page = {
      ...response([hit(5), hit(6)], ""),
      scope: {
        path: "/search/toyota",
        heading: "Toyota",
        refinements: { make: ["Toyota"] },
        breadcrumbs: [{ label: "Home", href: "/" }],
      },
    };
    const inline: InlineData = {
      version: 1,
      tenant: TENANTS.group,
      route: { id: "search", path: "/search/toyota", params: { refinement: "toyota" } },
      status: 200,
      page,
    };
    renderAt("/search/toyota", TENANTS.group, inline);
    expect(await screen.findByRole("heading", { level: 1, name: "Toyota" }, { timeout: 8000 })).toBeTruthy();
    expect(document.querySelectorAll("[data-fc-component=SearchCard]").length).toBe(2);
    expect(fetchSpy.mock.calls.filter((c) => String(c[0]).includes("/api/v1/search"))).toEqual([]);
  });

  it("keeps the previous hits and counts when the search after a filter change fails", async () => {
    const first = response([hit(1), hit(2)], "");
    let fail = false;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const u = String(input instanceof Request ? input.url : input);
      if (fail) return Response.json({ error: { code: "search_unavailable", message: "Search is down." } }, { status: 503 });
      if (u.includes("make=Mazda")) return Response.json(response([hit(9, { make: "Mazda" })], "make=Mazda"));
      return Response.json(first);
    });
    renderAt("/search/new-used-and-demo-cars", TENANTS.classic, null);
    await screen.findByText("2 Vehicles found", {}, { timeout: 8000 });
    const mazda = await screen.findAllByRole("checkbox", { name: "Mazda (3)" }, { timeout: 8000 });
    fail = true;
    await act(async () => {
      fireEvent.click(mazda[0] as HTMLElement);
    });
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain("Search is down.");
    expect(document.querySelectorAll("[data-fc-component=SearchCard]").length).toBe(2);
    expect(screen.getByText("2 Vehicles found")).toBeTruthy();
  });

  it("shows the empty state with Clear Filters to the tenant's target", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => Response.json(response([], "query=nothing")));
    const t = { ...TENANTS.classic, search: { clear_filters_target: "/offers-now" } } as unknown as TenantSettings;
    renderAt("/search/new-used-and-demo-cars?query=nothing", t, null);
    expect(await screen.findByRole("heading", { name: "No Results Available" }, { timeout: 8000 })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole("link", { name: "Clear Filters" }).getAttribute("href")).toBe("/offers-now"));
  });
});
