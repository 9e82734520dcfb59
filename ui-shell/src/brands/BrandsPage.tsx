// /brands (docs/features/platform.md "Locations, offers and navigation"): the dealer group's
// statistics banner and its brand grids (cars, motorcycles, trucks, group brands), from the
// document's inline `page` on a first load, else GET /api/v1/brands. Spec:
// docs/features/shopper-core.md §1, §2 /brands; docs/features/locations-forms-marketing.md §2
// routes.
import { useLocation } from "../app/router";
import { useDocumentTitle, useSite } from "../app/site";
import { inlineContent, useContent } from "../content/data";
import { Skeleton } from "../design/Skeleton";
import { BrandGrid, StatsBanner } from "./BrandGrid";
import { BRANDS_API, parseBrands } from "./brands";
import "./brands.css";

/** The route id of /brands (src/routes/table.ts). */
export const BRANDS_ROUTE_ID = "brands";

/**
 * The brands page: 'Our Brands', the statistics banner when the site has one, then a grid per
 * group. Takes nothing; renders the page.
 */
export default function BrandsPage() {
  useDocumentTitle("Our Brands");
  const { inline } = useSite();
  const { pathname } = useLocation();
  const state = useContent(BRANDS_API, parseBrands, inlineContent(inline, BRANDS_ROUTE_ID, pathname, parseBrands));
  return (
    <div className="fc-container fc-page" data-page="brands" aria-busy={state.status === "loading"}>
      <h1>Our Brands</h1>
      {state.status === "loading" ? (
        <Skeleton height={420} />
      ) : state.status === "ok" ? (
        <>
          <StatsBanner stats={state.data.stats} />
          {state.data.groups.length > 0 ? (
            state.data.groups.map((g) => <BrandGrid key={g.kind} group={g} />)
          ) : (
            <p>There are no brands to show.</p>
          )}
        </>
      ) : state.status === "not-found" ? (
        <p>There are no brands to show.</p>
      ) : (
        <p role="alert">Sorry, the brands could not be loaded. Please try again later.</p>
      )}
    </div>
  );
}
