// /special-offers (docs/features/platform.md "Locations, offers and navigation"): the site's offers as cards, from the
// document's inline `page` on a first load, else GET /api/v1/offers. Spec: docs/features/locations-forms-marketing.md
// §2 routes, "Offers".
import { useLocation } from "../app/router";
import { useDocumentTitle, useSite } from "../app/site";
import { inlineContent, useContent } from "../content/data";
import { Skeleton } from "../design/Skeleton";
import { SEARCH_ALL } from "../lib/views";
import { OfferCard } from "./OfferCard";
import { OFFERS_API, parseOffers } from "./offers";
import "./offers.css";

/** The route id of /special-offers (src/routes/table.ts). */
export const OFFERS_ROUTE_ID = "special-offers";

/**
 * The special offers page: the heading, then an offer card per offer, or 'There are no offers at
 * the moment.' with a link to the stock. Takes nothing (reads the route and the site); renders the page.
 */
export default function OffersPage() {
  useDocumentTitle("Special Offers");
  const { inline } = useSite();
  const { pathname } = useLocation();
  const state = useContent(OFFERS_API, parseOffers, inlineContent(inline, OFFERS_ROUTE_ID, pathname, parseOffers));
  return (
    <div className="fc-container fc-page" data-page="offers" aria-busy={state.status === "loading"}>
      <h1>Special Offers</h1>
      {state.status === "loading" ? (
        <Skeleton height={420} />
      ) : state.status === "ok" && state.data.offers.length > 0 ? (
        <div className="fc-offer-list">
          {state.data.offers.map((o, i) => (
            <OfferCard key={o.id} offer={o} priority={i === 0} />
          ))}
        </div>
      ) : state.status === "ok" || state.status === "not-found" ? (
        <div className="fc-offer-empty">
          <p>There are no offers at the moment.</p>
          <p>
            <a href={SEARCH_ALL}>Browse our stock</a>
          </p>
        </div>
      ) : (
        <p role="alert">Sorry, the offers could not be loaded. Please try again later.</p>
      )}
    </div>
  );
}
