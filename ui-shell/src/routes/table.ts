// The route table: every public route of docs/features/shopper-core.md §2 and
// docs/features/locations-forms-marketing.md §2. One entry per path pattern (regexparam syntax,
// matched by wouter via src/app/router.tsx). `page` names the implemented page; routes without one
// render the placeholder page with their title until their issue fills them in. The host uses the
// same ids in the inline data's `route.id` (ui-shell/README.md).

/** Implemented pages; other routes show the placeholder. */
export type PageKind =
  | "home"
  | "search"
  | "car"
  | "print"
  | "model"
  | "not-found"
  | "sign-in"
  | "watchlist"
  | "compare"
  | "contact"
  | "success"
  | "trade-in"
  | "finance"
  | "service"
  | "reserve"
  | "test-drive"
  | "garage"
  | "careers"
  | "models"
  | "model-family"
  | "model-compare"
  | "recall"
  | "content"
  | "offers"
  | "offer"
  | "brands"
  | "brand-overview"
  | "location"
  | "dealer-locator";

/** Who may see a route: everyone, signed-in visitors always, or signed-in where the site says so. */
export type Gate = "public" | "always" | "per-site";

/** One route. */
export interface RouteDef {
  /** Stable id, e.g. `car`; the inline data's `route.id`. */
  id: string;
  /** Path pattern (regexparam syntax as wouter matches it; src/app/router.tsx), e.g. `/cars/:slug`. */
  path: string;
  /** Page title (document title before ` | {site name}`). */
  title: string;
  /** The spec section it implements, e.g. `docs/features/shopper-core.md §2 "Vehicle detail page"`. */
  spec: string;
  page?: PageKind;
  /** Sign-in gating (docs/features/locations-forms-marketing.md §2 "Gated routes"); default public. */
  gate?: Gate;
}

const SC = "docs/features/shopper-core.md §2";
const LFM = "docs/features/locations-forms-marketing.md §2";

function info(id: string, title: string, spec = LFM): RouteDef {
  return { id, path: `/${id}`, title, spec };
}

/** Every route, most specific first where it matters to the reader (src/app/router.tsx ranks them as react-router does). */
export const ROUTES: readonly RouteDef[] = [
  { id: "home", path: "/", title: "Home", spec: `${SC}; ${LFM}`, page: "home" },

  // Stock search (docs/features/locations-forms-marketing.md §2; docs/features/shopper-core.md §2
  // /search/{dealership_slug}).
  { id: "search-root", path: "/search", title: "Search", spec: LFM, page: "search" },
  {
    id: "search",
    path: "/search/:refinement",
    title: "Search",
    spec: `${LFM} /search/...; ${SC} /search/{dealership_slug}`,
    page: "search",
  },
  {
    id: "search-make-model",
    path: "/search/:make/:model",
    title: "Search",
    spec: `${LFM} /search/{make}/{model}`,
    page: "search",
  },
  { id: "used-car", path: "/used-car/*", title: "Used cars", spec: `${LFM} breadcrumb trails`, page: "search" },

  // Vehicle detail and buying (docs/features/shopper-core.md §2).
  { id: "car", path: "/cars/:slug", title: "Vehicle details", spec: `${SC} "Vehicle detail page"`, page: "car" },
  {
    id: "car-checkout",
    path: "/cars/:slug/checkout",
    title: "Reserve online",
    spec: `${SC} /cars/{slug}/checkout`,
    page: "reserve",
    gate: "per-site",
  },
  {
    id: "car-buy-online",
    path: "/cars/:slug/buy-online",
    title: "Buy online",
    spec: `${SC} /cars/{slug}/buy-online`,
    page: "reserve",
    gate: "per-site",
  },
  {
    id: "checkout-journey",
    path: "/checkout-journey",
    title: "Online purchase",
    spec: `${SC} /checkout-journey?car_id={slug}`,
    page: "reserve",
    gate: "per-site",
  },
  {
    id: "car-trade-in",
    path: "/cars/trade-in",
    title: "Trade-in valuation",
    spec: `${SC} /cars/trade-in?car_id={id}`,
    page: "trade-in",
  },
  { id: "print", path: "/print", title: "Print", spec: `${SC} /print?car_id={slug}`, page: "print" },

  // Trade-in and finance.
  { ...info("trade-in", "Sell your car", `${SC}; ${LFM}`), page: "trade-in" },
  { ...info("sell-my-car", "Sell my car"), page: "trade-in" },
  { ...info("sell-your-car", "Sell your car"), page: "trade-in" },
  { ...info("finance", "Finance", `${SC}; ${LFM}`), page: "finance", gate: "per-site" },
  { ...info("finance-enquiry", "Finance enquiry", `${SC}; ${LFM}`), page: "finance", gate: "per-site" },
  { ...info("apply-for-finance", "Apply for finance", `${SC}; ${LFM}`), page: "finance", gate: "per-site" },
  {
    id: "personalised-finance",
    path: "/personalised/finance",
    title: "Personalised finance",
    spec: `${LFM} /personalised/finance?car_id={id}`,
    page: "finance",
    gate: "per-site",
  },
  { ...info("finance-and-insurance", "Finance and insurance", SC), page: "content" },

  // Service, offers, test drive, parts.
  { ...info("service", "Book a service", `${SC}; ${LFM}`), page: "service" },
  // docs/features/platform.md "Leads": the service booking's second path (not in the specs' route
  // lists; the brief's /book-a-service).
  { ...info("book-a-service", "Book a service", `${LFM} "Service booking"`), page: "service" },
  { ...info("special-offers", "Special offers", `${SC}; ${LFM}`), page: "offers" },
  { id: "offer", path: "/offers/:offerId", title: "Offer", spec: `${LFM} /offers/{offerId}`, page: "offer" },
  {
    id: "offer-manufacturer",
    path: "/offers/:manufacturer/:offerId",
    title: "Offer",
    spec: `${LFM} /offers/{manufacturer}/{offerId}`,
    page: "offer",
  },
  { ...info("book-test-drive", "Book a test drive"), page: "test-drive" },
  { ...info("vehicle-parts-and-accessories", "Parts and accessories"), page: "content" },

  // Contact and locations.
  { ...info("contact", "Contact us"), page: "contact" },
  { ...info("contact-us", "Contact us"), page: "contact" },
  {
    id: "contact-us-location",
    path: "/contact-us/:locationSlug",
    title: "Contact us",
    spec: `${LFM} /contact-us/{locationSlug}`,
    page: "contact",
  },
  {
    id: "our-location",
    path: "/our-location/:locationSlug",
    title: "Location",
    spec: `${LFM} /our-location/{locationSlug}`,
    page: "location",
  },
  { id: "location", path: "/locations/:slug", title: "Location", spec: `${LFM} /locations/{slug}`, page: "location" },
  { ...info("dealer-locator", "Dealer locator", `${SC}; ${LFM}`), page: "dealer-locator" },

  // Sign-in, success, gated pages.
  {
    id: "sign-in",
    path: "/sign-in",
    title: "Sign in",
    spec: `${SC}; ${LFM} /sign-in?type=...&redirect=...&back=...`,
    page: "sign-in",
  },
  // The watchlist page: its path is not in the specs (docs/features/shopper-core.md §2 "its path is not shown"); gated
  // like the garages.
  {
    id: "watchlist",
    path: "/watchlist",
    title: "My Watchlist",
    spec: `${SC} 'View List' (§8), §4 "Watchlist toggle"`,
    page: "watchlist",
    gate: "always",
  },
  {
    id: "compare",
    path: "/compare",
    title: "Compare cars",
    spec: `${SC} §5 compare (docs/features/platform.md "Sign-in and watchlist")`,
    page: "compare",
  },
  { ...info("success", "Thank you", SC), page: "success" },
  { ...info("spin-to-win", "Spin to win"), gate: "per-site", page: "content" },
  { ...info("online-payment", "Online payment"), gate: "always", page: "content" },
  { ...info("my-garage", "My garage"), gate: "always", page: "garage" },
  { ...info("mymotorama", "My garage"), gate: "always", page: "garage" },
  { ...info("mybigboxcars", "My garage"), gate: "always", page: "garage" },
  { ...info("myblinkr", "My garage"), gate: "always", page: "garage" },
  { ...info("myservco", "My garage"), gate: "always", page: "garage" },

  // Brand and electric-model marketing (docs/features/locations-forms-marketing.md §2 "Electric-model marketing area").
  { ...info("models", "Models"), page: "models" },
  {
    id: "models-compare",
    path: "/models/compare",
    title: "Compare",
    spec: `${LFM} "Electric-model marketing area" compare screen`,
    page: "model-compare",
  },
  { id: "model-family", path: "/models/:baseId", title: "Model", spec: `${LFM} /models/{baseId}`, page: "model-family" },
  { ...info("recall", "Recalls", `${LFM} "Recall page"`), page: "recall" },
  {
    id: "brand-overview",
    path: "/:brand/overview",
    title: "Brand overview",
    spec: `${SC} /{brand}/overview`,
    page: "brand-overview",
  },
  {
    id: "marketing-page",
    path: "/pages/*",
    title: "Page",
    spec: `${LFM} model marketing pages, /pages/warranty`,
    page: "content",
  },
  { id: "model", path: "/:modelSlug", title: "Model", spec: `${LFM} /{model slug}`, page: "model" },
  { ...info("brands", "Brands", `${SC}; ${LFM}`), page: "brands" },

  // Site and information pages.
  { ...info("about-us", "About us", `${SC}; ${LFM}`), page: "content" },
  { ...info("terms-and-conditions", "Terms and conditions", SC), page: "content" },
  { ...info("privacy-policy", "Privacy policy"), page: "content" },
  { ...info("careers", "Careers"), page: "careers" },
  { ...info("fleet", "Fleet"), page: "content" },
  { ...info("buying", "Buying"), page: "content" },
  { ...info("roadside-assist", "Roadside assist"), page: "content" },
  { ...info("warranty", "Warranty"), page: "content" },
  { ...info("charging-solutions", "Charging solutions"), page: "content" },
  {
    id: "blog-vehicle-reviews",
    path: "/blog/vehicle-reviews",
    title: "Vehicle reviews",
    spec: `${LFM} /blog/vehicle-reviews`,
    page: "content",
  },
  // The blog posts the VDP links (docs/features/shopper-core.md §2 "blogs"; tenants' content/vdp.toml).
  { id: "blog", path: "/blog/:post", title: "Blog", spec: `${SC} "Vehicle detail page" blogs`, page: "content" },
  { ...info("diamond-advantage", "Diamond advantage"), page: "content" },
  // docs/features/shopper-core.md §2 "brand and site pages": content pages from the tenant's content
  // folder (tenants/<slug>/content/pages/<id>.md); a tenant without the file answers 404.
  { ...info("twg-cars", "TWG Cars", SC), page: "content" },
  { ...info("twg-rental", "TWG Rental", SC), page: "content" },
  { ...info("twg-tyres", "TWG Tyres", SC), page: "content" },
  { ...info("neotek", "Neotek", SC), page: "content" },
  { ...info("4x4-outdoor", "4x4 Outdoor", SC), page: "content" },

  { id: "not-found", path: "*", title: "Page not found", spec: `${SC} (404 with search links)`, page: "not-found" },
];

/** The route with this id, or undefined. */
export function routeById(id: string): RouteDef | undefined {
  return ROUTES.find((r) => r.id === id);
}
