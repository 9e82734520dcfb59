// Builds the header, footer and home hero props (src/contract.ts) from the tenant settings, and
// the car helpers (title, key facts, phone, finance link) the search cards (src/search/cards.ts)
// and the VDP sidebar (src/vdp/sidebar.ts) share. Prices and tags come decided from the host.
import type { Car, Location, NavColumn, TenantSettings } from "../api/types";
import type {
  FactView,
  FooterLocationView,
  HomeHeroProps,
  LinkView,
  PhoneLinkView,
  SiteFooterProps,
  SiteHeaderProps,
} from "../contract";
import { formatKm, formatPhone, uniquePhones } from "./format";

/** Dealer comments shown collapsed (docs/features/shopper-core.md §9 "Dealer comments truncated at 400 characters"). */
export const COMMENTS_LIMIT = 400;

/** The default search route (docs/features/locations-forms-marketing.md §2). */
export const SEARCH_ALL = "/search/new-used-and-demo-cars";

const CAR_TYPE_LABEL: Record<string, string> = { new: "New cars", used: "Used cars", demo: "Demo cars" };
const CAR_TYPES = ["new", "demo", "used"] as const;

/** `year make model` (docs/features/shopper-core.md §2 sidebar title). */
export function carTitle(car: Car): string {
  return `${car.year} ${car.make} ${car.model}`;
}

/** Badge and series joined, e.g. `GLC 300 4MATIC`; empty when neither is set. */
export function carSubtitle(car: Car): string {
  return [car.badge, car.series].filter(Boolean).join(" ");
}

function titleCase(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * Key facts of a car in display order, empty values dropped (docs/features/shopper-core.md §5 "Spec rows with empty
 * values are dropped"). Takes the car; returns label/value pairs (km with `kms`, litres with `L`).
 */
export function keyFacts(car: Car): FactView[] {
  const rows: [string, string | null | undefined][] = [
    ["Odometer", car.km != null ? formatKm(car.km) : null],
    ["Transmission", car.trans ?? car.simple_transmission],
    ["Body", car.body ?? car.simple_body],
    ["Fuel", car.fuel ?? car.simple_fuel],
    ["Engine", car.engine_size_litres != null ? `${car.engine_size_litres.toFixed(1)} L` : null],
    ["Drive", car.drive],
    ["Colour", car.colour],
    ["Condition", titleCase(car.car_type)],
    ["Stock number", car.stocknum],
  ];
  return rows.filter((r): r is [string, string] => Boolean(r[1])).map(([label, value]) => ({ label, value }));
}

/**
 * The phone to call about a car: the tenant's number for the car type, else the location's.
 * Takes the tenant, car type and an optional location; returns a PhoneLinkView or null.
 * Spec: docs/features/shopper-core.md §9 "Dealer phone numbers are configured per tenant and per car type".
 */
export function phoneFor(tenant: TenantSettings, carType: string, location?: Location | null): PhoneLinkView | null {
  const p = formatPhone(tenant.phones[carType]) ?? formatPhone(location?.contact_detail.phone);
  return p ? { label: CAR_TYPE_LABEL[carType] ?? "Call us", ...p } : null;
}

/**
 * The finance link for a car (docs/features/shopper-core.md §2 "/finance ... query parameters
 * preferredDealership, vehiclePriceBudget, car_id, car_type, vin; then anchor #finance-form").
 * Takes a car (or search hit) with slug, car_type and price (AUD), and its VIN and dealership slug
 * when known (a hit has neither: those parameters are left out), and the site's finance page
 * ({@link financePage}, default `/finance`); returns the path.
 */
export function financeHref(
  car: Pick<Car, "slug" | "car_type" | "price"> & { vin?: string | null; dealership_slug?: string | null },
  page = DEFAULT_FINANCE_PAGE,
): string {
  const q = new URLSearchParams();
  if (car.dealership_slug) q.set("preferredDealership", car.dealership_slug);
  q.set("vehiclePriceBudget", String(car.price));
  q.set("car_id", car.slug);
  q.set("car_type", car.car_type);
  if (car.vin) q.set("vin", car.vin);
  return `${page}?${q.toString()}#finance-form`;
}

/** The finance page a car's finance link opens when the site names none (docs/features/shopper-core.md §2). */
export const DEFAULT_FINANCE_PAGE = "/finance";

/**
 * The site's default finance page (docs/features/shopper-core.md §2 "`/finance`, or the tenant's
 * default finance link (`/finance-enquiry`, `/apply-for-finance`)"): the tenant settings'
 * `finance.link` when it is a site path (`/` then letters, digits, `-`, `_` or `/`), else
 * `/finance`. Issue 39: the VDP always linked `/finance`. `finance.link` is the tenant's
 * `[finance] link` (GET /api/v1/tenant `FinanceConfig`). Takes the tenant settings; returns the path.
 */
export function financePage(tenant: Pick<TenantSettings, "finance">): string {
  const link = tenant.finance?.link;
  return typeof link === "string" && /^\/[A-Za-z0-9_\-/]*$/.test(link) && !link.startsWith("//") ? link : DEFAULT_FINANCE_PAGE;
}

/** Address lines of a location: street, then `city STATE postcode`. */
export function addressLines(loc: Location): string[] {
  const a = loc.address;
  const second = [a.city, a.state, a.postcode].filter(Boolean).join(" ");
  return [a.street ?? "", second].filter(Boolean);
}

/**
 * The main menu (docs/features/locations-forms-marketing.md §2 "Navigation": Stock, Offers, Service & Parts,
 * Finance...).
 */
export function mainNav(): LinkView[] {
  return [
    { label: "Search Stock", href: SEARCH_ALL },
    { label: "Special Offers", href: "/special-offers" },
    { label: "Finance", href: "/finance" },
    { label: "Trade-In", href: "/trade-in" },
    { label: "Service", href: "/service" },
    { label: "Locations", href: "/dealer-locator" },
    { label: "Contact", href: "/contact" },
  ];
}

/**
 * Header props from tenant settings: name, logo, menu and one phone per configured car type
 * (new, demo, used order; docs/features/shopper-core.md §9). Takes tenant settings and the theme's logo URL.
 */
export function siteHeaderProps(tenant: TenantSettings, logoUrl: string | null): SiteHeaderProps {
  const phones = CAR_TYPES.flatMap((t) => {
    const p = formatPhone(tenant.phones[t]);
    return p ? [{ label: CAR_TYPE_LABEL[t] ?? t, ...p }] : [];
  });
  return { siteName: tenant.name, logoUrl, nav: mainNav(), phones: uniquePhones(phones) };
}

/**
 * The footer's menus from the navigation's `footer` columns (Models, Buyer Tools, Service & Parts,
 * the dealer's own menu), empty columns left out; null when there are none (the shell's own
 * columns stay). Takes the columns (null/undefined: the navigation is not there); returns the
 * columns as links, or null. Spec: docs/features/locations-forms-marketing.md §2 "Footer".
 */
export function footerColumns(columns: readonly NavColumn[] | null | undefined): SiteFooterProps["columns"] | null {
  const out = (columns ?? [])
    .map((c) => ({ title: c.title, links: (c.links ?? []).map((l) => ({ label: l.label, href: l.href })) }))
    .filter((c) => c.links.length > 0);
  return out.length > 0 ? out : null;
}

/**
 * Footer props: every visible location's address and phone, footer menus and the legal line. The
 * menus are the navigation's footer columns when given (GET /api/v1/navigation `footer`), else the
 * shell's own Buyer Tools, Service & Parts and About. Takes tenant settings, the current year and
 * optionally the navigation's footer columns; returns SiteFooterProps
 * (docs/features/locations-forms-marketing.md §2 "Footer").
 */
export function siteFooterProps(tenant: TenantSettings, year: number, navFooter?: readonly NavColumn[] | null): SiteFooterProps {
  const locations: FooterLocationView[] = tenant.locations
    .filter((l) => l.visible)
    .map((l) => {
      const p = formatPhone(l.contact_detail.phone);
      return {
        name: l.name,
        addressLines: addressLines(l),
        phone: p ? { label: l.name, ...p } : null,
        href: `/locations/${l.slug}`,
        type: l.location_type || "sales",
      };
    });
  return {
    siteName: tenant.name,
    locations,
    columns: footerColumns(navFooter) ?? [
      {
        title: "Buyer Tools",
        links: [
          { label: "New Cars", href: "/search/new-cars" },
          { label: "Used Cars", href: "/search/used-cars" },
          { label: "Demo Cars", href: "/search/demo-cars" },
          { label: "Finance", href: "/finance" },
          { label: "Sell Your Car", href: "/sell-your-car" },
        ],
      },
      {
        title: "Service & Parts",
        links: [
          { label: "Book a Service", href: "/service" },
          { label: "Parts & Accessories", href: "/vehicle-parts-and-accessories" },
          { label: "Warranty", href: "/warranty" },
        ],
      },
      {
        title: "About",
        links: [
          { label: "About Us", href: "/about-us" },
          { label: "Careers", href: "/careers" },
          { label: "Privacy Policy", href: "/privacy-policy" },
          { label: "Terms & Conditions", href: "/terms-and-conditions" },
        ],
      },
    ],
    legal: `© ${year} ${tenant.name}`,
  };
}

/** The car types a site sells, in order, with their search page and words. */
const CAR_TYPE_LINKS = [
  { type: "new", label: "New", href: "/search/new-cars" },
  { type: "demo", label: "Demo", href: "/search/demo-cars" },
  { type: "used", label: "Used", href: "/search/used-cars" },
] as const;

/**
 * The car types the site has on sale, in order new, demo, used: the host's `car_types` (from
 * its stock), or all three when the host sent none (an empty stock still offers every search).
 * Takes tenant settings; returns the types with their label and search page.
 */
export function carTypesOnSale(tenant: TenantSettings): (typeof CAR_TYPE_LINKS)[number][] {
  const on: readonly string[] = tenant.car_types ?? [];
  const shown = CAR_TYPE_LINKS.filter((c) => on.includes(c.type));
  return shown.length > 0 ? shown : [...CAR_TYPE_LINKS];
}

/**
 * Words for a list of car types: `used`, `new and used`, `new, demo and used`. Takes the
 * lower-case words; returns them joined.
 */
export function joinWords(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/**
 * Home hero props: headline from the site name, the search links and wording of the car types
 * the site has on sale ({@link carTypesOnSale}: a used-only site never offers New or Demo), and
 * the statistics banner the host sends (`stats`, the same rows `/brands` shows:
 * docs/features/shopper-core.md §1). Takes tenant settings; returns {@link HomeHeroProps}.
 */
export function homeHeroProps(tenant: TenantSettings): HomeHeroProps {
  const primary = tenant.locations.find((l) => l.primary && l.location_type === "sales") ?? tenant.locations[0];
  const place = primary ? [primary.address.city, primary.address.state].filter(Boolean).join(" ") : "";
  const noun = (tenant.wording.vehicle_noun ?? "Cars").toLowerCase();
  const types = carTypesOnSale(tenant);
  const kinds = joinWords(types.map((t) => t.label.toLowerCase()));
  const sells = `${kinds.charAt(0).toUpperCase()}${kinds.slice(1)} ${noun}`;
  const stats: FactView[] = (tenant.stats ?? []).map((s) => ({ label: s.label, value: s.value }));
  return {
    siteName: tenant.name,
    headline: `Find your next car at ${tenant.name}`,
    subheadline: place ? `${sells} in ${place}` : sells,
    searchLinks: types.length > 1 ? types.map((t) => ({ label: t.label, href: t.href })) : [],
    stats,
    primaryAction: { id: "search", label: `Search all ${noun}`, href: SEARCH_ALL, emphasis: "primary" },
  };
}
