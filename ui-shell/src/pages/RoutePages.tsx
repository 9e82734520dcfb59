// One entry for the pages no first load shows (the print page; the docs/features/platform.md
// "Leads" lead pages; the docs/features/platform.md "Sign-in and watchlist" sign-in, watchlist and
// compare; the docs/features/platform.md "Marketing and content pages" variant compare, recall and
// markdown pages; the docs/features/platform.md "Locations, offers and navigation" offers, brands,
// locations and dealer locator), so the app chunk (on every first load) carries one lazy stub for
// all of them instead of one import each; each page is still its own chunk behind it.
import { type ComponentType, lazy } from "react";
import type { RouteDef } from "../routes/table";

/** What every page behind the stub is given: its route (the pages that need it read it). */
export interface RoutePageProps {
  route: RouteDef;
  routeId: string;
  /** The route's page kind (the lead pages' stub switches on it). */
  kind: string;
}

const LEAD_KINDS = ["contact", "success", "trade-in", "finance", "service", "reserve", "test-drive"] as const;
const LeadPage = lazy(() => import("../leads/LeadPage"));

const PAGES = {
  print: lazy(() => import("../vdp/PrintPage")),
  ...Object.fromEntries(LEAD_KINDS.map((k) => [k, LeadPage])),
  "sign-in": lazy(() => import("../account/SignInPage")),
  watchlist: lazy(() => import("../account/WatchlistPage")),
  garage: lazy(() => import("../account/GaragePage")),
  compare: lazy(() => import("../compare/ComparePage")),
  "model-compare": lazy(() => import("../variants/VariantComparePage")),
  recall: lazy(() => import("../marketing/RecallPage")),
  content: lazy(() => import("../content/ContentPage")),
  careers: lazy(() => import("../marketing/CareersPage")),
  offers: lazy(() => import("../offers/OffersPage")),
  offer: lazy(() => import("../offers/OfferPage")),
  brands: lazy(() => import("../brands/BrandsPage")),
  "brand-overview": lazy(() => import("../brands/BrandOverviewPage")),
  location: lazy(() => import("../locations/LocationPage")),
  "dealer-locator": lazy(() => import("../locations/DealerLocatorPage")),
} as unknown as Record<RoutePageKind, ComponentType<RoutePageProps>>;

/** The page kinds behind the stub (src/routes/table.ts). */
export type RoutePageKind =
  | "print"
  | (typeof LEAD_KINDS)[number]
  | "sign-in"
  | "watchlist"
  | "garage"
  | "compare"
  | "model-compare"
  | "recall"
  | "content"
  | "careers"
  | "offers"
  | "offer"
  | "brands"
  | "brand-overview"
  | "location"
  | "dealer-locator";

/**
 * Renders the page of a route by its kind. Takes the kind and the route; renders the page's lazy
 * chunk (the App's Suspense shows while it loads). Spec: the route table's `spec` of each route.
 */
export default function RoutePage({ kind, route }: { kind: RoutePageKind; route: RouteDef }) {
  const Page = PAGES[kind] as ComponentType<RoutePageProps>;
  return <Page route={route} routeId={route.id} kind={kind} />;
}
