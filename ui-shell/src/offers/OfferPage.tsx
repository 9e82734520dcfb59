// /offers/{offerId} and /offers/{manufacturer}/{offerId} (docs/features/platform.md
// "Locations, offers and navigation"): the single-offer card and the enquiry form (category 'Offer
// Enquiry', the offer's name as subcategory), from the document's inline `page` on a first load,
// else GET /api/v1/offers/{id}; an unknown or excluded offer is the 404 page. Spec:
// docs/features/locations-forms-marketing.md §2 routes ("offer enquiry"), "Offers", "Enquiry form".
import { lazy, Suspense, useEffect } from "react";
import { useLocation, useParams } from "../app/router";
import { useDocumentTitle, useSite } from "../app/site";
import { inlineContent, useContent } from "../content/data";
import { Skeleton } from "../design/Skeleton";
import { OfferCard } from "./OfferCard";
import { offerApi, parseOffer } from "./offers";
import "./offers.css";

const NotFoundPage = lazy(() => import("../pages/NotFoundPage").then((m) => ({ default: m.NotFoundPage })));
const EnquiryForm = lazy(() => import("../leads/EnquiryForm").then((m) => ({ default: m.EnquiryForm })));

/** The category an offer's enquiry records (docs/features/shopper-core.md §3 "Lead data" category). */
export const OFFER_CATEGORY = "Offer Enquiry";

/** The id of the enquiry section Enquire Now scrolls to. */
export const OFFER_ENQUIRY_ID = "offer-enquiry";

/**
 * The single offer page: a link back to all offers, the offer card (name as the `<h1>`; Enquire
 * Now goes to the form below) and the enquiry form. Takes the route id (`offer` or
 * `offer-manufacturer`, for the inline data); renders the page.
 */
export default function OfferPage({ routeId }: { routeId: string }) {
  const { inline, tenant } = useSite();
  const { pathname, hash } = useLocation();
  const { offerId = "" } = useParams();
  const state = useContent(offerApi(offerId), parseOffer, inlineContent(inline, routeId, pathname, parseOffer));
  useDocumentTitle(state.status === "ok" ? state.data.name : "Offer");
  const ok = state.status === "ok";
  useEffect(() => {
    if (ok && hash === `#${OFFER_ENQUIRY_ID}`) document.getElementById(OFFER_ENQUIRY_ID)?.scrollIntoView({ block: "start" });
  }, [ok, hash]);
  if (state.status === "not-found") {
    return (
      <Suspense fallback={null}>
        <NotFoundPage />
      </Suspense>
    );
  }
  return (
    <div className="fc-container fc-page" data-page="offer" aria-busy={state.status === "loading"}>
      <p className="fc-offer-back">
        <a href="/special-offers">All offers</a>
      </p>
      {state.status === "loading" ? (
        <Skeleton height={420} />
      ) : state.status === "ok" ? (
        <>
          <OfferCard offer={state.data} level={1} enquiryHref={`#${OFFER_ENQUIRY_ID}`} priority />
          <section id={OFFER_ENQUIRY_ID} className="fc-offer-enquiry" aria-labelledby={`${OFFER_ENQUIRY_ID}-title`}>
            <h2 id={`${OFFER_ENQUIRY_ID}-title`}>Enquire about this offer</h2>
            <Suspense fallback={<Skeleton height={480} />}>
              <EnquiryForm
                tenant={tenant}
                variant="enquiry"
                category={OFFER_CATEGORY}
                subcategory={state.data.name}
                {...(state.data.manufacturer ? { manufacturer: state.data.manufacturer } : {})}
                pageId={`offer-${state.data.id}`}
              />
            </Suspense>
          </section>
        </>
      ) : (
        <p role="alert">Sorry, this offer could not be loaded. Please try again later.</p>
      )}
    </div>
  );
}
