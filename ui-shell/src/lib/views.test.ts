import { describe, expect, it } from "vitest";
import { CAR, NOW, TENANTS } from "../__tests__/fixtures";
import { openingHoursLines } from "./hours";
import { footerColumns, homeHeroProps, priceView, siteFooterProps, siteHeaderProps, tagFor, vdpSidebarProps } from "./views";

const car = CAR.car;

describe("price display (shopper-core §4, §5)", () => {
  it("shows the price with its type when above 10", () => {
    expect(priceView(car, "Enquire")).toEqual({ kind: "price", text: "$82,990", typeLabel: "Drive Away" });
  });
  it("shows was/now when the previous price is higher", () => {
    expect(priceView({ ...car, before_price: 89990 }, "Enquire")).toMatchObject({
      kind: "was_now",
      text: "$82,990",
      was: "$89,990",
    });
  });
  it("shows the tenant's text when the price is 10 or less, PREORDER for pre-orders, /wk for subscriptions", () => {
    expect(priceView({ ...car, price: 10 }, "Enquire for price")).toEqual({ kind: "no_price", text: "Enquire for price" });
    expect(priceView({ ...car, preorder: true }, "x").text).toBe("PREORDER");
    expect(priceView({ ...car, subscription_price: 199 }, "x").text).toBe("$199/wk");
  });
});

describe("tags (shopper-core §4)", () => {
  const t = TENANTS.classic;
  it("sold beats reserved beats custom beats coming soon beats just arrived", () => {
    expect(tagFor({ ...car, status: "sold", reserved: true }, t, NOW)).toBe("JUST SOLD");
    expect(tagFor({ ...car, reserved: true, tag: "Run-out" }, t, NOW)).toBe("RESERVED");
    expect(tagFor({ ...car, tag: "Run-out", status: "coming_soon" }, t, NOW)).toBe("Run-out");
    expect(tagFor({ ...car, status: "coming_soon" }, t, NOW)).toBe("COMING SOON");
    expect(tagFor({ ...car, created_at: NOW - 86400 }, t, NOW)).toBe("Just Arrived");
    expect(tagFor({ ...car, created_at: NOW - 9 * 86400 }, t, NOW)).toBeNull();
  });
});

describe("view models", () => {
  it("builds the VDP sidebar: title, facts, actions, the phone for the car type", () => {
    const v = vdpSidebarProps(CAR, TENANTS.classic);
    expect(`${v.title} ${v.subtitle}`).toBe(CAR.name);
    expect(v.facts.slice(0, 2)).toEqual([
      { label: "Odometer", value: "8 kms" },
      { label: "Transmission", value: "Automatic" },
    ]);
    expect(v.actions.map((a) => a.id)).toEqual(["enquire", "finance", "trade-in"]);
    expect(v.phone).toEqual({ label: "New cars", display: "02 5550 0101", href: "tel:0255500101" });
    expect(vdpSidebarProps({ ...CAR, available: false }, TENANTS.classic).actions.map((a) => a.label)).toEqual([
      "Find Me Something Similar",
    ]);
  });
  it("lists each car type's phone once in the header (new, demo, used)", () => {
    expect(siteHeaderProps(TENANTS.classic, null).phones.map((p) => p.label)).toEqual(["New cars", "Demo cars", "Used cars"]);
  });
  it("shows group statistics only for dealer groups", () => {
    expect(homeHeroProps(TENANTS.group).stats.length).toBe(3);
    expect(homeHeroProps(TENANTS.classic).stats).toEqual([]);
  });
});

describe("opening hours (locations-forms-marketing §4)", () => {
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

describe('footer columns (locations-forms-marketing §2 "Footer", issue 11)', () => {
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
