import { lazy, Suspense } from "react";
import { useDocumentTitle, useSite } from "../app/site";
import { FALLBACKS } from "../federation/fallbacks";
import { RemoteSlot } from "../federation/RemoteSlot";
import { homeHeroProps } from "../lib/views";
import { LocationBlock } from "../locations/LocationBlock";

// docs/features/platform.md "Locations, offers and navigation": popular car types and the price range search, a chunk
// of their own below the hero.
const HomeSections = lazy(() => import("../navigation/HomeSections"));

/**
 * The home page from the tenant's settings: the template's hero, search entry points by condition,
 * every visible location (the location block: cards with address, phones, opening hours, directions
 * and enquiry), then the popular car types and
 * the price range search (docs/features/platform.md "Locations, offers and navigation").
 * Takes nothing (reads the site context); renders the page. Spec: docs/features/shopper-core.md §1-§2,
 * docs/features/locations-forms-marketing.md §2 "Location screens", §4 "Opening hours display".
 */
export default function HomePage() {
  const { tenant } = useSite();
  useDocumentTitle("");
  const visible = tenant.locations.filter((l) => l.visible);
  const noun = tenant.wording.vehicle_noun ?? "Cars";
  return (
    <div data-page="home">
      <RemoteSlot
        module="HomeHero"
        props={homeHeroProps(tenant)}
        fallback={FALLBACKS.HomeHero}
        loading={<div className="fc-hero fc-hero--loading" aria-hidden="true" />}
      />
      <section className="fc-container fc-section" aria-labelledby="browse">
        <h2 id="browse">Browse {noun.toLowerCase()}</h2>
        <ul className="fc-tiles">
          <li>
            <a href="/search/new-cars">New {noun}</a>
          </li>
          <li>
            <a href="/search/demo-cars">Demo {noun}</a>
          </li>
          <li>
            <a href="/search/used-cars">Used {noun}</a>
          </li>
          <li>
            <a href="/special-offers">Special Offers</a>
          </li>
        </ul>
      </section>
      <section className="fc-container fc-section" aria-labelledby="locations">
        <h2 id="locations">Our locations</h2>
        <LocationBlock entries={visible} showHours />
      </section>
      {/* Last: its height depends on the navigation, so nothing above it moves when that arrives. */}
      <Suspense fallback={<div className="fc-home-extras" aria-hidden="true" />}>
        <HomeSections />
      </Suspense>
    </div>
  );
}
