import { useEffect } from "react";
import { useLocation, useParams } from "../app/router";
import { useDocumentTitle, useSite } from "../app/site";
import { NotFoundPage } from "../pages/NotFoundPage";
import { ReviewsBlock } from "../reviews/ReviewsBlock";
import { inlineLocation } from "./data";
import { LocationMap } from "./LocationMap";
import { LocationPanel } from "./LocationPanel";
import "./locations.css";
import { mapPoints, mapSettings, type ResolvedLocation, resolveLocation } from "./locations";

/**
 * Which location a page shows: the document's inline Location on a first load of this path, else
 * the site's visible location with the slug, else (the `/locations/{slug}` route) the dealership
 * with that slug's primary location. Takes the route id and the slug (the path and the site come
 * from context); returns the resolution, or null (404).
 */
function useResolved(routeId: string, slug: string): ResolvedLocation | null {
  const { tenant, inline } = useSite();
  const { pathname } = useLocation();
  const seeded = inlineLocation(inline, pathname);
  if (seeded) {
    const dealership = seeded.slug !== slug && seeded.dealership_slug === slug ? slug : null;
    return { location: seeded, dealership };
  }
  return resolveLocation(tenant.locations, slug, routeId === "location");
}

/**
 * A location's page (/our-location/{locationSlug}, /locations/{slug} where the slug may be a
 * dealership's): the detail panel (name, address, rating summary, opening hours with the type
 * select, holiday hours), the location's map (addresses stay as text above it) and its reviews
 * block (`#reviews`; a dealership's reviews when the path named a dealership). 404 for an unknown or
 * hidden location. Takes the route's id; renders the page.
 * Spec: docs/features/locations-forms-marketing.md §2 routes, "Location screens", "Reviews".
 */
export default function LocationPage({ routeId }: { routeId: string }) {
  const { tenant } = useSite();
  const params = useParams();
  const slug = params.locationSlug ?? params.slug ?? "";
  const resolved = useResolved(routeId, slug);
  useDocumentTitle(resolved?.location.name ?? "Location");
  // The rating summary's link (and a shared address) go to #reviews: the router does not scroll to hashes.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === "#reviews") document.getElementById("reviews")?.scrollIntoView({ block: "start" });
  }, [hash]);
  if (!resolved) return <NotFoundPage />;
  const { location, dealership } = resolved;
  return (
    <div className="fc-container fc-page fc-location-page" data-page="location" data-route={routeId}>
      <div className="fc-location-page__top">
        <LocationPanel key={location.slug} location={location} tenant={tenant} />
        <LocationMap points={mapPoints([location])} settings={mapSettings(tenant)} label={`Map of ${location.name}`} />
      </div>
      {tenant.has_reviews ? <ReviewsBlock query={dealership ? { dealership } : { location: location.slug }} /> : null}
    </div>
  );
}
