// The location card, block, detail panel, location page and dealer locator in jsdom (the leaflet
// chunk is replaced by a stub: jsdom has no layout; e2e/locations.e2e.ts drives the real map).
// Spec: docs/features/locations-forms-marketing.md §2 "Location screens", §4, §5 postcode, §8, §9.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { TENANTS } from "../__tests__/fixtures";
import type { Location, LocationsResponse, TenantSettings } from "../api/types";
import { MemoryRouter, Route, Routes } from "../app/router";
import { SiteContext } from "../app/site";
import type { InlineData } from "../boot/inline";
import { resolveTheme } from "../theme/theme";
import DealerLocatorPage from "./DealerLocatorPage";
import { LocationBlock, OurLocationsCarousel } from "./LocationBlock";
import { LocationCard } from "./LocationCard";
import LocationPage from "./LocationPage";
import { LocationPanel } from "./LocationPanel";

vi.mock("./LeafletMap", () => ({
  default: (p: { points: { key: string }[]; label: string; origin?: { label: string } | null }) => (
    <section
      aria-label={p.label}
      data-map-stub
      data-points={p.points.map((x) => x.key).join(";")}
      data-origin={p.origin?.label ?? ""}
    />
  ),
}));

const group = TENANTS.group;
const bySlug = (slug: string): Location => {
  const l = group.locations.find((x) => x.slug === slug);
  if (!l) throw new Error(`no ${slug}`);
  return l;
};

function wrap(node: ReactNode, tenant: TenantSettings = group, path = "/", inline: InlineData | null = null) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SiteContext.Provider value={{ tenant, theme: resolveTheme(tenant), inline }}>{node}</SiteContext.Provider>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe("LocationCard", () => {
  it("shows name, rating, address, a tel: link, licence number, and the card's links", () => {
    wrap(<LocationCard location={bySlug("southern-cross-bmw-sales")} />);
    const card = document.querySelector('[data-location="southern-cross-bmw-sales"]') as HTMLElement;
    expect(within(card).getByRole("heading", { name: "Southern Cross BMW Crows Nest" })).toBeTruthy();
    expect(within(card).getByRole("img", { name: "Rated 4.8 out of 5" })).toBeTruthy();
    expect(card.textContent).toContain("201 Northside Terrace");
    expect(within(card).getByRole("link", { name: "02 5550 0610" }).getAttribute("href")).toBe("tel:0255500610");
    expect(card.textContent).toContain("Dealer Licence: MD099003");
    expect(card.textContent).toContain("Motor Vehicle Repairer: MVRL099003");
    expect(within(card).getByRole("link", { name: "Get Directions" }).getAttribute("href")).toBe(
      "https://maps.google.com/?q=-33.828361,151.192212",
    );
    expect(within(card).getByRole("link", { name: "View Location Details" }).getAttribute("href")).toBe(
      "/our-location/southern-cross-bmw-sales",
    );
    expect(within(card).getByRole("link", { name: "Enquire Now" }).getAttribute("href")).toBe(
      "/contact-us/southern-cross-bmw-sales",
    );
    expect((card.querySelector(".fc-location-card__media") as HTMLElement).style.height).toBe("150px");
    expect(card.textContent).not.toContain("COMING EARLY 2026");
  });

  it("hides the licence numbers when the site's show flag is off", () => {
    const off = { ...group, features: { ...group.features, show_dealer_licence: false } };
    wrap(<LocationCard location={bySlug("southern-cross-bmw-sales")} />, off);
    expect(document.body.textContent).not.toContain("MD099003");
    expect(document.body.textContent).not.toContain("MVRL099003");
  });

  it("gives a parts location a Parts Enquiry link instead of a phone", () => {
    wrap(<LocationCard location={bySlug("southern-cross-toyota-parts")} />);
    expect(screen.getByRole("link", { name: "Parts Enquiry" }).getAttribute("href")).toBe(
      "/contact-us/southern-cross-toyota-parts",
    );
    expect(document.querySelector('a[href^="tel:"]')).toBeNull();
  });

  it("badges an upcoming location COMING EARLY 2026 and shows the locator's distance", () => {
    wrap(<LocationCard location={bySlug("southern-cross-hyundai-hoppers-crossing-sales")} distanceKm={12.34} showHours />);
    expect(screen.getByText("COMING EARLY 2026")).toBeTruthy();
    expect(screen.getByText("12.3 km")).toBeTruthy();
    expect(screen.getByRole("table")).toBeTruthy();
  });

  it("opens the email-us modal with the enquiry form, the location and its dealership pre-selected", async () => {
    wrap(<LocationCard location={bySlug("southern-cross-toyota-service")} />);
    fireEvent.click(screen.getByRole("button", { name: "Email Us" }));
    const dialog = await screen.findByRole("dialog", { name: "Email Southern Cross Toyota Buranda Service" });
    const form = await waitFor(() => {
      const f = dialog.querySelector("form[data-form='enquiry']");
      if (!f) throw new Error("no form yet");
      return f as HTMLFormElement;
    });
    await waitFor(() =>
      expect((form.querySelector('[name="location"]') as HTMLSelectElement | null)?.value).toBe("southern-cross-toyota-service"),
    );
    expect((form.querySelector('[name="dealership_slug"]') as HTMLSelectElement).value).toBe("southern-cross-toyota");
  });
});

describe("LocationBlock and carousel", () => {
  it("is a single card for one location, a 3-column grid up to 3, 4 columns above", () => {
    const locs = group.locations;
    const one = wrap(<LocationBlock entries={[locs[0] as Location]} />);
    expect(document.querySelector(".fc-location-block--single [data-location]")).not.toBeNull();
    one.unmount();
    const three = wrap(<LocationBlock entries={locs.slice(0, 3)} />);
    expect(document.querySelector("[data-columns]")?.getAttribute("data-columns")).toBe("3");
    three.unmount();
    wrap(<LocationBlock entries={locs.slice(0, 5)} withMap />);
    expect(document.querySelector("[data-columns]")?.getAttribute("data-columns")).toBe("4");
    expect(document.querySelectorAll("[data-location]")).toHaveLength(5);
  });

  it("'Our Locations' carousel shows the same cards with View Details and disabled Previous at the start", () => {
    wrap(<OurLocationsCarousel locations={group.locations} />);
    expect(screen.getByRole("heading", { name: "Our Locations" })).toBeTruthy();
    expect(document.querySelectorAll("[data-location]")).toHaveLength(group.locations.length);
    expect(screen.getAllByRole("link", { name: "View Details", hidden: true }).length).toBe(group.locations.length);
    expect((screen.getByRole("button", { name: "Previous" }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("LocationPanel", () => {
  const sunday = new Date("2026-11-22T01:00:00Z"); // Sunday in Brisbane
  const saturday = new Date("2026-11-21T01:00:00Z");

  it("switches the hours with the location-type select; service hours collapse Mon-Fri", () => {
    wrap(<LocationPanel location={bySlug("southern-cross-toyota-sales")} tenant={group} now={saturday} />);
    const select = screen.getByLabelText("Location type") as HTMLSelectElement;
    expect(select.value).toBe("sales");
    expect([...select.options].map((o) => o.textContent)).toEqual(["Sales", "Service", "Parts"]);
    const days = () => [...document.querySelectorAll("[data-hours] th")].map((th) => th.textContent);
    expect(days()).toEqual(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
    fireEvent.change(select, { target: { value: "service" } });
    expect(days()).toEqual(["Mon-Fri", "Sat", "Sun"]);
    expect(document.querySelector("[data-hours] td")?.textContent).toBe("7:30 am - 5:30 pm");
    expect(screen.getByText("Southern Cross Toyota Buranda Service")).toBeTruthy();
  });

  it("auto-selects the only type and disables the select", () => {
    wrap(<LocationPanel location={bySlug("southern-cross-bmw-sales")} tenant={group} now={saturday} />);
    const select = screen.getByLabelText("Location type") as HTMLSelectElement;
    expect(select.value).toBe("sales");
    expect(select.disabled).toBe(true);
  });

  it("lists the holiday hours to come in 12-hour am/pm", () => {
    wrap(<LocationPanel location={bySlug("southern-cross-toyota-sales")} tenant={group} now={saturday} />);
    const items = [...document.querySelectorAll("[data-holiday-hours] li")].map((li) => li.textContent);
    expect(items).toEqual(["Fri 25 Dec: Closed", "Sat 26 Dec: 10:00 am - 2:00 pm", "Fri 1 Jan: Closed"]);
  });

  it("shows the rating summary linking to #reviews", () => {
    wrap(<LocationPanel location={bySlug("southern-cross-toyota-sales")} tenant={group} now={saturday} />);
    const summary = document.querySelector("[data-rating-summary]") as HTMLElement;
    expect(summary.textContent).toContain("4.6");
    expect(within(summary).getByRole("img", { name: "Rated 4.6 out of 5" })).toBeTruthy();
    expect(within(summary).getByRole("link", { name: "421 Google reviews" }).getAttribute("href")).toBe("#reviews");
  });

  it("offers Enquire Now when the chosen service location is closed today", () => {
    wrap(<LocationPanel location={bySlug("southern-cross-toyota-sales")} tenant={group} now={sunday} />);
    expect(screen.queryByRole("link", { name: "Enquire Now" })).toBeNull(); // sales: closed, but not service
    fireEvent.change(screen.getByLabelText("Location type"), { target: { value: "service" } });
    expect(screen.getByRole("link", { name: "Enquire Now" }).getAttribute("href")).toBe(
      "/contact-us/southern-cross-toyota-service",
    );
  });

  it("does not offer it on a day the service location is open", () => {
    wrap(<LocationPanel location={bySlug("southern-cross-toyota-service")} tenant={group} now={saturday} />);
    expect(screen.queryByRole("link", { name: "Enquire Now" })).toBeNull();
  });
});

const reviewsFetch = () =>
  vi.spyOn(globalThis, "fetch").mockImplementation(async () => Response.json({ average_rating: "4.6", count: 421, reviews: [] }));

describe("LocationPage", () => {
  const page = (path: string, inline: InlineData | null = null) =>
    wrap(
      <Routes>
        <Route path="/our-location/:locationSlug" element={<LocationPage routeId="our-location" />} />
        <Route path="/locations/:slug" element={<LocationPage routeId="location" />} />
      </Routes>,
      group,
      path,
      inline,
    );

  it("shows the panel, the map and the location's reviews", async () => {
    const f = reviewsFetch();
    page("/our-location/southern-cross-toyota-service");
    expect(screen.getByRole("heading", { level: 1, name: "Southern Cross Toyota Buranda Service" })).toBeTruthy();
    await waitFor(() => expect(document.querySelector("[data-map-stub]")).not.toBeNull());
    expect(document.getElementById("reviews")).not.toBeNull();
    await waitFor(() =>
      expect(f).toHaveBeenCalledWith("/api/v1/reviews?location=southern-cross-toyota-service", expect.anything()),
    );
  });

  it("takes a dealership slug on /locations and shows the dealership's reviews", async () => {
    const f = reviewsFetch();
    page("/locations/southern-cross-toyota");
    expect(screen.getByRole("heading", { level: 1, name: "Southern Cross Toyota Buranda" })).toBeTruthy();
    await waitFor(() => expect(f).toHaveBeenCalledWith("/api/v1/reviews?dealership=southern-cross-toyota", expect.anything()));
  });

  it("asks for no reviews and shows no reviews block on a site without reviews (has_reviews false)", async () => {
    const f = reviewsFetch();
    wrap(
      <Routes>
        <Route path="/our-location/:locationSlug" element={<LocationPage routeId="our-location" />} />
      </Routes>,
      { ...group, has_reviews: false },
      "/our-location/southern-cross-toyota-service",
      null,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Southern Cross Toyota Buranda Service" })).toBeTruthy();
    await waitFor(() => expect(document.querySelector("[data-map-stub]")).not.toBeNull());
    expect(document.getElementById("reviews")).toBeNull();
    expect(f).not.toHaveBeenCalledWith(expect.stringContaining("/api/v1/reviews"), expect.anything());
  });

  it("is a 404 for an unknown or a dealership slug on /our-location", () => {
    reviewsFetch();
    page("/our-location/southern-cross-toyota");
    expect(screen.getByRole("heading", { level: 1, name: "Page not found" })).toBeTruthy();
  });

  it("reads the inline Location of a first load", () => {
    reviewsFetch();
    const loc = { ...bySlug("southern-cross-bmw-sales"), name: "Inline name" };
    const path = "/our-location/southern-cross-bmw-sales";
    page(path, { version: 1, tenant: group, route: { id: "our-location", path, params: {} }, status: 200, page: loc });
    expect(screen.getByRole("heading", { level: 1, name: "Inline name" })).toBeTruthy();
  });
});

describe("DealerLocatorPage", () => {
  const near: LocationsResponse = {
    origin: { postcode: "4000", locality: "Brisbane City", state: "QLD", lat: -27.46, long: 153.02 },
    locations: [
      { location: bySlug("southern-cross-toyota-sales"), distance_km: 4.12 },
      { location: bySlug("southern-cross-toyota-service"), distance_km: 4.12 },
      { location: bySlug("southern-cross-honda-sales"), distance_km: 733.6 },
    ],
  };

  it("lists every visible location with a map marker per place before a search", async () => {
    wrap(<DealerLocatorPage fetchImpl={vi.fn()} />, group, "/dealer-locator");
    expect(document.querySelectorAll("[data-location]")).toHaveLength(group.locations.length);
    expect(screen.getByText(`${group.locations.length} locations`)).toBeTruthy();
    const map = await waitFor(() => {
      const m = document.querySelector("[data-map-stub]");
      if (!m) throw new Error("no map yet");
      return m;
    });
    // Toyota's sales, service and parts share one place, Honda's sales and service another.
    expect(group.locations).toHaveLength(9);
    expect(map.getAttribute("data-points")?.split(";")).toHaveLength(6);
  });

  it("refuses a postcode that is not 4 digits without asking the host", () => {
    const fetchImpl = vi.fn();
    wrap(<DealerLocatorPage fetchImpl={fetchImpl} />, group, "/dealer-locator");
    fireEvent.change(screen.getByLabelText("Postcode"), { target: { value: "40a" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(screen.getByText("Invalid postcode. Please enter a 4-digit number.")).toBeTruthy();
    // The page's site-wide reviews block asks for `/api/v1/reviews`; the postcode is never sent.
    const asked = fetchImpl.mock.calls.map((c) => String(c[0]));
    expect(asked.filter((u) => u.startsWith("/api/v1/locations"))).toEqual([]);
  });

  it("lists the host's answer nearest first with distances, and filters by type", async () => {
    const fetchImpl = vi.fn(async () => Response.json(near));
    wrap(<DealerLocatorPage fetchImpl={fetchImpl} />, group, "/dealer-locator");
    fireEvent.change(screen.getByLabelText("Postcode"), { target: { value: "4000" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await screen.findByText("3 locations nearest to 4000 Brisbane City, QLD");
    expect(fetchImpl).toHaveBeenCalledWith("/api/v1/locations?postcode=4000", expect.anything());
    expect([...document.querySelectorAll("[data-distance-km]")].map((d) => d.textContent)).toEqual([
      "4.1 km",
      "4.1 km",
      "733.6 km",
    ]);
    await waitFor(() =>
      expect(document.querySelector("[data-map-stub]")?.getAttribute("data-origin")).toBe("4000 Brisbane City, QLD"),
    );
    fireEvent.click(screen.getByRole("radio", { name: "Service" }));
    expect([...document.querySelectorAll("[data-location]")].map((c) => c.getAttribute("data-location"))).toEqual([
      "southern-cross-toyota-service",
    ]);
  });

  it("shows 'Invalid postcode' when the host knows no such postcode, and every location again on an empty search", async () => {
    const fetchImpl = vi.fn(async () =>
      Response.json({ error: { code: "invalid_postcode", message: "Invalid postcode", field: "postcode" } }, { status: 400 }),
    );
    wrap(<DealerLocatorPage fetchImpl={fetchImpl} />, group, "/dealer-locator");
    fireEvent.change(screen.getByLabelText("Postcode"), { target: { value: "9999" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByText("Invalid postcode")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Postcode"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(screen.queryByText("Invalid postcode")).toBeNull();
    expect(document.querySelectorAll("[data-location]")).toHaveLength(group.locations.length);
  });
});
