// /brands and /{brand}/overview from inline data and the API.
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TENANTS } from "../__tests__/fixtures";
import { Route } from "../app/router";
import { clearContentCache } from "../content/data";
import { renderPageAt } from "../test/page";
import BrandOverviewPage from "./BrandOverviewPage";
import BrandsPage from "./BrandsPage";
import { BRANDS_FIXTURE } from "./fixture";

const tenant = TENANTS.group;

function renderAt(path: string, routeId: string, page: unknown) {
  return renderPageAt(tenant, path, routeId, page, [
    <Route key="/brands" path="/brands" element={<BrandsPage />} />,
    <Route key="/:brand/overview" path="/:brand/overview" element={<BrandOverviewPage />} />,
  ]);
}

afterEach(() => clearContentCache());

describe("/brands", () => {
  it("shows the statistics banner and a grid per group from the inline page, with no request", () => {
    const spy = vi.spyOn(globalThis, "fetch");
    renderAt("/brands", "brands", BRANDS_FIXTURE);
    expect(screen.getByRole("heading", { level: 1, name: "Our Brands" })).toBeTruthy();
    expect(document.querySelector("[data-stats]")?.textContent).toContain("30+");
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual(["Cars", "Group Brands"]);
    expect(spy).not.toHaveBeenCalled();
  });

  it("shows no banner when the site has no statistics", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({ ...BRANDS_FIXTURE, stats: [] }));
    renderAt("/brands", "brands", undefined);
    expect(await screen.findByRole("heading", { level: 2, name: "Cars" })).toBeTruthy();
    expect(document.querySelector("[data-stats]")).toBeNull();
  });
});

describe("/{brand}/overview", () => {
  it("shows the brand with 'View {title} stock'", async () => {
    const toyota = { ...BRANDS_FIXTURE.groups[0]?.brands[0], banner_url: "/img/banner.jpg", logo_url: "/logos/toyota.svg" };
    const spy = vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json(toyota));
    renderAt("/toyota/overview", "brand-overview", undefined);
    expect(await screen.findByRole("heading", { level: 1, name: "Toyota" })).toBeTruthy();
    expect(String(spy.mock.calls[0]?.[0])).toBe("/api/v1/brands/toyota");
    expect(screen.getByRole("link", { name: "View Toyota stock" }).getAttribute("href")).toBe("/search/toyota");
    expect(document.querySelector('img[src="/logos/toyota.svg"]')?.getAttribute("width")).toBe("76");
    expect(screen.getByText(/best-selling/)).toBeTruthy();
  });

  it("is the 404 page for an unknown brand", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      Response.json({ error: { code: "not_found", message: "x" } }, { status: 404 }),
    );
    renderAt("/nope/overview", "brand-overview", undefined);
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeTruthy();
  });
});
