import { useState } from "react";
import type { Location } from "../api/types";
import { ButtonLink } from "../design/Button";
import { NativeSelect } from "../design/NativeSelect";
import { formatHolidayHours, upcomingHolidayHours } from "../lib/holidays";
import { Stars } from "../reviews/Stars";
import { EmailUsButton, HoursTable, LocationAddress } from "./LocationCard";
import "./locations.css";
import type { TenantSettings } from "../api/types";
import {
  chooseType,
  directionsUrl,
  locationPhones,
  locationType,
  offersClosedEnquiry,
  showsLicence,
  TYPE_LABELS,
  todayAt,
  typeOptions,
  UPCOMING_BADGE,
} from "./locations";

/** Props of {@link LocationPanel}. */
export interface LocationPanelProps {
  /** The page's location. */
  location: Location;
  /** The site (its locations give the type select's choices; its features the licence numbers). */
  tenant: TenantSettings;
  /** "Now", for today's closed state and which holidays are still to come (default the clock). */
  now?: Date;
}

/**
 * The location detail panel: name, address, the Google rating summary (average, stars, count,
 * a link to #reviews), phones, Get Directions and Email Us, then the Opening Hours table with a
 * location-type select (the dealership's sales, service and parts locations; auto-selected when
 * only one; it changes which location's hours show), Monday to Friday on one line when equal, the
 * holiday hours still to come ('Fri 25 Dec: Closed'), and, when the chosen location is a service
 * location closed today, 'Enquire Now' to /contact-us/{slug}. Takes {@link LocationPanelProps};
 * renders the panel. Spec: docs/features/locations-forms-marketing.md §2 "Location screens", routes
 * /contact-us/{locationSlug}, §4 "Opening hours display", "Location type select", §9.
 */
export function LocationPanel({ location, tenant, now = new Date() }: LocationPanelProps) {
  const options = typeOptions(tenant.locations, location);
  const [type, setType] = useState(() => chooseType(options, locationType(location)));
  const shown = options.find((o) => o.type === type)?.location ?? location;
  const today = todayAt(shown, now);
  const holidays = upcomingHolidayHours(shown.special_hours, today.date);
  const rating = location.average_rating;
  const count = location.review_count ?? 0;
  const directions = directionsUrl(location);
  const licence = showsLicence(tenant);
  return (
    <div className="fc-location-panel" data-location={location.slug}>
      <header className="fc-location-panel__head">
        <h1>
          {location.name}
          {location.upcoming ? <span className="fc-location-card__badge fc-location-panel__badge">{UPCOMING_BADGE}</span> : null}
        </h1>
        <LocationAddress location={location} />
        {typeof rating === "number" && count > 0 ? (
          <p className="fc-location-panel__rating" data-rating-summary>
            <span className="fc-location-panel__average">{rating}</span>
            <Stars rating={rating} />
            <a href="#reviews">
              {count} Google {count === 1 ? "review" : "reviews"}
            </a>
          </p>
        ) : null}
      </header>
      <div className="fc-location-panel__contact">
        <ul className="fc-location-card__contact">
          {locationPhones(location).map((p) => (
            <li key={p.href}>
              <span className="fc-muted">{p.label}: </span>
              <a href={p.href}>{p.display}</a>
            </li>
          ))}
        </ul>
        {licence && location.dealer_license_number ? <p>Dealer Licence: {location.dealer_license_number}</p> : null}
        {licence && location.motor_vehicle_repairer ? <p>Motor Vehicle Repairer: {location.motor_vehicle_repairer}</p> : null}
        <div className="fc-location-card__actions">
          {directions ? (
            <ButtonLink href={directions} variant="ghost" size="sm" target="_blank" rel="noopener noreferrer">
              Get Directions
            </ButtonLink>
          ) : null}
          <EmailUsButton location={location} />
          <ButtonLink href={`/search/${location.slug}`} variant="secondary" size="sm">
            View Our Stock
          </ButtonLink>
        </div>
      </div>
      <section className="fc-location-panel__hours" aria-labelledby="opening-hours">
        <h2 id="opening-hours">Opening Hours</h2>
        <NativeSelect
          label="Location type"
          name="location_type"
          options={[
            ...(type === "" ? [{ value: "", label: "Select a location type" }] : []),
            ...options.map((o) => ({ value: o.type, label: TYPE_LABELS[o.type] ?? o.type })),
          ]}
          value={type}
          onValueChange={setType}
          disabled={options.length < 2}
        />
        <p className="fc-muted fc-location-panel__shown" aria-live="polite">
          {shown.name}
        </p>
        <HoursTable entries={shown.contact_detail.opening_hours} />
        {holidays.length > 0 ? (
          <>
            <h3>Holiday Hours</h3>
            <ul className="fc-holiday-hours" data-holiday-hours>
              {holidays.map((h) => (
                <li key={h.date}>{formatHolidayHours(h)}</li>
              ))}
            </ul>
          </>
        ) : null}
        {offersClosedEnquiry(shown, now) ? (
          <p className="fc-location-panel__closed">
            <span>Closed today.</span>{" "}
            <ButtonLink href={`/contact-us/${shown.slug}`} size="sm">
              Enquire Now
            </ButtonLink>
          </p>
        ) : null}
      </section>
    </div>
  );
}
