import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { BrandGrid, StatsBanner } from "./BrandGrid";
import { brandApi, parseBrand, parseBrands } from "./brands";
import { BRANDS_FIXTURE } from "./fixture";

describe("brand bodies", () => {
  it("reads the brands page, dropping brands that do not fit and groups left empty", () => {
    const body = {
      stats: [{ label: "Locations", value: "50+" }, { label: 3 }],
      groups: [
        { kind: "cars", title: "Cars", brands: [BRANDS_FIXTURE.groups[0]?.brands[0], { title: "x" }] },
        { kind: "trucks", title: "Trucks", brands: [] },
      ],
    };
    const parsed = parseBrands(body);
    expect(parsed?.stats).toEqual([{ label: "Locations", value: "50+" }]);
    expect(parsed?.groups.map((g) => [g.kind, g.brands.length])).toEqual([["cars", 1]]);
    expect(parseBrands({ stats: [] })).toBeNull();
    expect(parseBrands({ groups: [] })).toEqual({ stats: [], groups: [] });
    expect(parseBrand({ title: "T" })).toBeNull();
    expect(brandApi("alfa romeo")).toBe("/api/v1/brands/alfa%20romeo");
  });
});

describe("BrandGrid and StatsBanner", () => {
  it("shows a tile per brand with title and description, linking to the overview or, without one, the stock", () => {
    const cars = BRANDS_FIXTURE.groups[0];
    if (!cars) throw new Error("fixture");
    render(<BrandGrid group={cars} />);
    const section = screen.getByRole("region", { name: "Cars" });
    const toyota = within(section).getByRole("link", { name: /Toyota/ });
    expect(toyota.getAttribute("href")).toBe("/toyota/overview");
    expect(toyota.textContent).toContain("best-selling");
    expect(within(section).getByRole("link", { name: /Mazda/ }).getAttribute("href")).toBe("/search/mazda");
  });

  it("draws a logo at 76x65", () => {
    const toyota = BRANDS_FIXTURE.groups[0]?.brands[0];
    if (!toyota) throw new Error("fixture");
    render(<BrandGrid group={{ kind: "cars", title: "Cars", brands: [{ ...toyota, logo_url: "/logos/toyota.svg" }] }} />);
    const img = document.querySelector('img[src="/logos/toyota.svg"]');
    expect(img?.getAttribute("width")).toBe("76");
    expect(img?.getAttribute("height")).toBe("65");
  });

  it("shows the statistics when there are some, nothing otherwise", () => {
    const { container, rerender } = render(<StatsBanner stats={BRANDS_FIXTURE.stats} />);
    expect(container.querySelectorAll("dd").length).toBe(3);
    expect(container.textContent).toContain("50+");
    expect(container.textContent).toContain("Years Established");
    rerender(<StatsBanner stats={[]} />);
    expect(container.innerHTML).toBe("");
  });
});
