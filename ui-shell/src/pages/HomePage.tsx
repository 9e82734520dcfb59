import { lazy, Suspense } from "react";
import type { Location } from "../api/types";
import { useDocumentTitle, useSite } from "../app/site";
import { Disclosure } from "../design/Disclosure";
import { FALLBACKS } from "../federation/fallbacks";
import { RemoteSlot } from "../federation/RemoteSlot";
import { formatPhone } from "../lib/format";
import { openingHoursLines } from "../lib/hours";
import { addressLines, homeHeroProps } from "../lib/views";

// Issue 11: popular car types and the price range search, a chunk of their own below the hero.
const HomeSections = lazy(() => import("../navigation/HomeSections"));

const TYPE_LABEL: Record<string, string> = { sales: "Sales", service: "Service", parts: "Parts", "car-buying": "Car buying" };

function LocationCard({ loc, showLicence }: { loc: Location; showLicence: boolean }) {
  const phone = formatPhone(loc.contact_detail.phone);
  const hours = openingHoursLines(loc.contact_detail.opening_hours);
  return (
    <article className="fc-location" data-location={loc.slug}>
      <h3>
        <a href={`/locations/${loc.slug}`}>{loc.name}</a>
      </h3>
      <p className="fc-location__type">
        {TYPE_LABEL[loc.location_type || "sales"] ?? loc.location_type}
        {loc.upcoming ? <span className="fc-badge">COMING EARLY 2026</span> : null}
      </p>
      <address>
        {addressLines(loc).map((l) => (
          <span key={l}>{l}</span>
        ))}
      </address>
      {loc.location_type === "parts" ? (
        <p>
          <a href={`/contact-us/${loc.slug}`}>Parts Enquiry</a>
        </p>
      ) : phone ? (
        <p>
          <a href={phone.href}>{phone.display}</a>
        </p>
      ) : null}
      {showLicence && loc.dealer_license_number ? <p className="fc-muted">Dealer licence {loc.dealer_license_number}</p> : null}
      <Disclosure title="Opening hours">
        <table className="fc-hours">
          <tbody>
            {hours.map((h) => (
              <tr key={h.days}>
                <th scope="row">{h.days}</th>
                <td>{h.hours}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Disclosure>
      {loc.address.place_url ? (
        <p>
          <a href={loc.address.place_url} target="_blank" rel="noopener noreferrer">
            Get Directions
          </a>
        </p>
      ) : null}
    </article>
  );
}

/**
 * The home page from the tenant's settings: the template's hero, search entry points by condition,
 * every visible location with address, phone and opening hours, then the popular car types and
 * the price range search (issue 11).
 * Takes nothing (reads the site context); renders the page. Spec: shopper-core §1-§2,
 * locations-forms-marketing §2 "Location screens", §4 "Opening hours display".
 */
export default function HomePage() {
  const { tenant } = useSite();
  useDocumentTitle("");
  const visible = tenant.locations.filter((l) => l.visible);
  const wide = visible.length > 3;
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
        <div className={`fc-location-grid ${wide ? "fc-location-grid--4" : ""}`.trim()}>
          {visible.map((l) => (
            <LocationCard key={l.slug} loc={l} showLicence={tenant.features.show_dealer_licence === true} />
          ))}
        </div>
      </section>
      {/* Last: its height depends on the navigation, so nothing above it moves when that arrives. */}
      <Suspense fallback={<div className="fc-home-extras" aria-hidden="true" />}>
        <HomeSections />
      </Suspense>
    </div>
  );
}
