// /{brand}/overview (docs/features/platform.md "Locations, offers and navigation"): a brand's
// banner, logo, name, description and 'View {title} stock', from the document's inline `page` on a
// first load, else GET /api/v1/brands/{slug}; an unknown brand is the 404 page. Spec:
// docs/features/shopper-core.md §2 /{brand}/overview; docs/features/locations-forms-marketing.md §3
// "Brand entry", §9 76x65.
import { lazy, Suspense } from "react";
import { useLocation, useParams } from "../app/router";
import { useDocumentTitle, useSite } from "../app/site";
import { inlineContent, useContent } from "../content/data";
import { ButtonLink } from "../design/Button";
import { Skeleton } from "../design/Skeleton";
import { imageAt, imageSrcSet } from "../lib/images";
import { brandApi, LOGO_HEIGHT, LOGO_WIDTH, parseBrand } from "./brands";
import "./brands.css";

const NotFoundPage = lazy(() => import("../pages/NotFoundPage").then((m) => ({ default: m.NotFoundPage })));

/** The route id of /{brand}/overview (src/routes/table.ts). */
export const BRAND_OVERVIEW_ROUTE_ID = "brand-overview";

/**
 * The brand overview page: the banner (when there is one), the logo (76x65), the name as the
 * `<h1>`, the description and 'View {title} stock' (the brand's stock page). Takes nothing (the
 * slug from the path); renders the page.
 */
export default function BrandOverviewPage() {
  const { inline } = useSite();
  const { pathname } = useLocation();
  const { brand: slug = "" } = useParams();
  const state = useContent(brandApi(slug), parseBrand, inlineContent(inline, BRAND_OVERVIEW_ROUTE_ID, pathname, parseBrand));
  useDocumentTitle(state.status === "ok" ? state.data.title : "Brand overview");
  if (state.status === "not-found") {
    return (
      <Suspense fallback={null}>
        <NotFoundPage />
      </Suspense>
    );
  }
  if (state.status !== "ok") {
    return (
      <div className="fc-container fc-page" data-page="brand-overview" aria-busy={state.status === "loading"}>
        {state.status === "loading" ? (
          <Skeleton height={360} />
        ) : (
          <p role="alert">Sorry, this brand could not be loaded. Please try again later.</p>
        )}
      </div>
    );
  }
  const b = state.data;
  const srcSet = b.banner_url ? imageSrcSet(b.banner_url, [640, 960, 1280, 1600]) : undefined;
  return (
    <div data-page="brand-overview" data-brand={b.slug}>
      {b.banner_url ? (
        <img
          className="fc-brand-banner"
          src={imageAt(b.banner_url, 1280)}
          {...(srcSet ? { srcSet, sizes: "100vw" } : {})}
          alt=""
          width={1280}
          height={400}
          fetchPriority="high"
        />
      ) : null}
      <div className="fc-container fc-page fc-brand-overview">
        {b.logo_url ? (
          <img className="fc-brand-overview__logo" src={b.logo_url} alt="" width={LOGO_WIDTH} height={LOGO_HEIGHT} />
        ) : null}
        <h1>{b.title}</h1>
        {b.description ? <p className="fc-brand-overview__text">{b.description}</p> : null}
        <p>
          <ButtonLink href={b.stock_href}>View {b.title} stock</ButtonLink>
        </p>
      </div>
    </div>
  );
}
