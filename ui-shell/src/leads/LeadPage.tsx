// One entry for the docs/features/platform.md "Leads" lead pages, so the app chunk (on every first
// load) carries one lazy stub for all of them; each page is its own chunk behind it.
import { lazy } from "react";

const PAGES = {
  contact: lazy(() => import("./ContactPage")),
  success: lazy(() => import("./SuccessPage")),
  "trade-in": lazy(() => import("./TradeInPage")),
  finance: lazy(() => import("./FinancePage")),
  service: lazy(() => import("./ServicePage")),
  reserve: lazy(() => import("./ReservePage")),
  "test-drive": lazy(() => import("./TestDrivePage")),
} as const;

/** The lead pages by route page kind (src/routes/table.ts). */
export type LeadPageKind = keyof typeof PAGES;

/**
 * Renders the lead page of a route: contact (enquiry), success, trade-in, finance, service,
 * reserve or test-drive, inside an element marked `data-route` with the route's id (as the placeholder page
 * is). Takes the page kind and route id; renders the page's lazy chunk (the App's Suspense shows while it loads).
 * Spec: docs/features/shopper-core.md §2 /success; docs/features/locations-forms-marketing.md §2 routes.
 */
export default function LeadPage({ kind, routeId }: { kind: LeadPageKind; routeId: string }) {
  const Page = PAGES[kind];
  return (
    <div data-route={routeId} style={{ display: "contents" }}>
      <Page />
    </div>
  );
}
