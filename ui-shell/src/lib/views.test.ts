import { describe, expect, it } from "vitest";
import { TENANTS } from "../__tests__/fixtures";
import { openingHoursLines } from "./hours";
import {
  carTypesOnSale,
  financeHref,
  financePage,
  footerColumns,
  homeHeroProps,
  siteFooterProps,
  siteHeaderProps,
} from "./views";

describe("view models", () => {
  it("lists each car type's phone once in the header (new, demo, used)", () => {
    expect(siteHeaderProps(TENANTS.classic, null).phones.map((p) => p.label)).toEqual(["New cars", "Demo cars", "Used cars"]);
  });
  it("shows the site's statistics banner as the host sends it, the same rows as /brands (issue 25: 9/5/5 vs 50+/40+/30+)", () => {
    expect(homeHeroProps(TENANTS.group).stats).toEqual([
      { label: "Locations", value: "50+" },
      { label: "Brands", value: "40+" },
      { label: "Years Established", value: "30+" },
    ]);
    expect(homeHeroProps(TENANTS.classic).stats).toEqual([]);
  });
  it("offers and names only the car types the site has on sale (issue 25: Drive Depot, used only)", () => {
    const used = homeHeroProps(TENANTS.superstore);
    expect(used.subheadline).toMatch(/^Used cars/);
    expect(used.subheadline).not.toMatch(/new|demo/i);
    expect(used.searchLinks).toEqual([]);
    const ev = homeHeroProps(TENANTS.ev);
    expect(ev.subheadline).toMatch(/^New and demo vehicles/);
    expect(ev.searchLinks.map((l) => l.label)).toEqual(["New", "Demo"]);
    expect(homeHeroProps(TENANTS.classic).subheadline).toMatch(/^New, demo and used vehicles/);
  });
  it("offers every car type when the host sent none (an empty stock)", () => {
    expect(carTypesOnSale({ ...TENANTS.superstore, car_types: [] }).map((t) => t.type)).toEqual(["new", "demo", "used"]);
  });
});

describe("opening hours (docs/features/locations-forms-marketing.md §4)", () => {
  it("collapses identical Monday-Friday hours into one line", () => {
    const hours = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: "Open", formated_hours: "8:30 am - 5:30 pm" }));
    const lines = openingHoursLines([
      ...hours,
      { weekday: 6, status: "Open", formated_hours: "9:00 am - 1:00 pm" },
      { weekday: 0, status: "Closed", formated_hours: "Closed" },
    ]);
    expect(lines).toEqual([
      { days: "Mon-Fri", hours: "8:30 am - 5:30 pm" },
      { days: "Sat", hours: "9:00 am - 1:00 pm" },
      { days: "Sun", hours: "Closed" },
    ]);
  });
  it("lists weekdays separately when they differ", () => {
    const loc = TENANTS.classic.locations[0];
    expect(openingHoursLines(loc?.contact_detail.opening_hours ?? []).map((l) => l.days)).toEqual([
      "Mon",
      "Tue",
      "Wed",
      "Thu",
      "Fri",
      "Sat",
      "Sun",
    ]);
  });
});

describe('footer columns (docs/features/locations-forms-marketing.md §2 "Footer", docs/features/platform.md "Locations, offers and navigation")', () => {
  const navFooter = [
    { title: "Models", links: [{ label: "IM6", href: "/im6", count: null }] },
    { title: "Buyer Tools", links: [{ label: "Finance", href: "/finance", count: 3 }] },
    { title: "Empty", links: [] },
  ];
  it("uses the navigation's columns when given, empty ones left out, counts dropped", () => {
    const f = siteFooterProps(TENANTS.group, 2026, navFooter);
    expect(f.columns).toEqual([
      { title: "Models", links: [{ label: "IM6", href: "/im6" }] },
      { title: "Buyer Tools", links: [{ label: "Finance", href: "/finance" }] },
    ]);
    expect(f.locations.length).toBe(TENANTS.group.locations.filter((l) => l.visible).length);
  });
  it("keeps the shell's own columns without the navigation, or when it has no footer links", () => {
    const own = siteFooterProps(TENANTS.group, 2026).columns.map((c) => c.title);
    expect(own).toEqual(["Buyer Tools", "Service & Parts", "About"]);
    expect(siteFooterProps(TENANTS.group, 2026, null).columns.map((c) => c.title)).toEqual(own);
    expect(footerColumns([{ title: "Empty", links: [] }])).toBeNull();
  });
});

describe("financeHref (docs/features/shopper-core.md §2 /finance query parameters)", () => {
  it("carries preferredDealership and vin when the car has them, then #finance-form", () => {
    const href = financeHref({
      slug: "2021-toyota-camry-sc1",
      car_type: "new",
      price: 38990,
      vin: "JTNB11HK",
      dealership_slug: "toyota-buranda",
    });
    const [path, rest = ""] = href.split("?");
    const [query, hash] = rest.split("#");
    expect([path, hash]).toEqual(["/finance", "finance-form"]);
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      preferredDealership: "toyota-buranda",
      vehiclePriceBudget: "38990",
      car_id: "2021-toyota-camry-sc1",
      car_type: "new",
      vin: "JTNB11HK",
    });
    expect(financeHref({ slug: "x", car_type: "used", price: 1 })).toBe(
      "/finance?vehiclePriceBudget=1&car_id=x&car_type=used#finance-form",
    );
  });

  it("opens the site's default finance page when it names one (issue 39), else /finance", () => {
    const car = { slug: "x", car_type: "used", price: 1 };
    const withLink = (link: unknown) => ({ finance: { provider: "generic", link } }) as never;
    expect(financePage(withLink("/finance-enquiry"))).toBe("/finance-enquiry");
    expect(financeHref(car, financePage(withLink("/apply-for-finance")))).toBe(
      "/apply-for-finance?vehiclePriceBudget=1&car_id=x&car_type=used#finance-form",
    );
    for (const bad of [undefined, null, "", "finance", "//evil.example/x", "https://x.example/f", "/f?x=1", 42])
      expect(financePage(withLink(bad))).toBe("/finance");
    expect(financePage({ finance: { provider: "generic" } } as never)).toBe("/finance");
  });
});
