import { lazy, Suspense, useState } from "react";
import type { Location, OpeningHourEntry } from "../api/types";
import { useSite } from "../app/site";
import { Button, ButtonLink } from "../design/Button";
import { Dialog } from "../design/Dialog";
import { Skeleton } from "../design/Skeleton";
import { formatDistance } from "../lib/format";
import { openingHoursLines } from "../lib/hours";
import { imageAt } from "../lib/images";
import { addressLines } from "../lib/views";
import { Stars } from "../reviews/Stars";
import "./locations.css";
import {
  directionsUrl,
  LOCATION_IMAGE_HEIGHT,
  locationPhones,
  locationType,
  showsLicence,
  TYPE_LABELS,
  UPCOMING_BADGE,
} from "./locations";

// The enquiry form (src/leads) loads with the dialog, not with the card.
const EnquiryForm = lazy(async () => ({ default: (await import("../leads/EnquiryForm")).EnquiryForm }));

/**
 * A weekly opening-hours table, Monday to Friday on one line when they are equal
 * ({@link openingHoursLines}). Takes the week's entries and an optional caption; renders a `<table>`.
 * Spec: docs/features/locations-forms-marketing.md §4 "Opening hours display".
 */
export function HoursTable({ entries, caption }: { entries: OpeningHourEntry[]; caption?: string }) {
  return (
    <table className="fc-hours-table" data-hours>
      {caption ? <caption>{caption}</caption> : null}
      <tbody>
        {openingHoursLines(entries).map((h) => (
          <tr key={h.days}>
            <th scope="row">{h.days}</th>
            <td>{h.hours}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The location's street address as text (always shown: the page never depends on the map).
 * Takes the location; renders an `<address>`.
 */
export function LocationAddress({ location }: { location: Location }) {
  return (
    <address className="fc-location-card__address">
      {addressLines(location).map((l) => (
        <span key={l}>{l}</span>
      ))}
    </address>
  );
}

/**
 * The 'Email Us' button and its modal: a Dialog holding the site's enquiry form (src/leads
 * EnquiryForm) with this location pre-selected. Takes the location; renders the button (the
 * dialog renders in a portal while open). Spec: docs/features/locations-forms-marketing.md §2 "Location card ... an
 * email-us modal", "Enquiry form".
 */
export function EmailUsButton({ location }: { location: Location }) {
  const { tenant } = useSite();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
        Email Us
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={`Email ${location.name}`}>
        {open ? (
          <Suspense fallback={<Skeleton height={320} />}>
            <EnquiryForm tenant={tenant} variant="enquiry" pageId="location" locationSlug={location.slug} />
          </Suspense>
        ) : null}
      </Dialog>
    </>
  );
}

/** Props of {@link LocationCard}. */
export interface LocationCardProps {
  location: Location;
  /** Show the weekly opening hours (default false). */
  showHours?: boolean;
  /** The distance from the searched postcode, km (the dealer locator). */
  distanceKm?: number | null;
  /** The details button's label (default `View Location Details`). */
  detailsLabel?: "View Details" | "View Location Details";
  /** The name's heading level (default 3). */
  headingLevel?: 2 | 3;
}

/**
 * A location card: image (150 px high), the COMING EARLY 2026 badge for an upcoming location, name,
 * star rating, address, the distance (locator), optional opening hours, phone and landline as
 * `tel:` links (formatted, de-duplicated by digits) or, for a parts location, a 'Parts Enquiry'
 * link to /contact-us/{slug}; the dealer licence and motor vehicle repairer numbers when the site
 * shows them (`features.show_dealer_licence`); Get Directions, Email Us (modal), an enquiry button
 * and View Location Details (/our-location/{slug}). Takes {@link LocationCardProps}; renders an
 * `<article>`. Spec: docs/features/locations-forms-marketing.md §2 "Location screens", §9 (image height, phones).
 */
export function LocationCard({
  location,
  showHours = false,
  distanceKm,
  detailsLabel = "View Location Details",
  headingLevel = 3,
}: LocationCardProps) {
  const { tenant } = useSite();
  const licence = showsLicence(tenant);
  const type = locationType(location);
  const parts = type === "parts";
  const directions = directionsUrl(location);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const rating = location.average_rating;
  const reviews = location.review_count ?? 0;
  return (
    <article className="fc-location-card" data-location={location.slug} data-type={type}>
      <div className="fc-location-card__media" style={{ height: LOCATION_IMAGE_HEIGHT }}>
        {location.image_url ? (
          <img
            className="fc-location-card__image"
            src={imageAt(location.image_url, 500)}
            alt=""
            height={LOCATION_IMAGE_HEIGHT}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <span className="fc-location-card__image fc-location-card__image--none" aria-hidden="true" />
        )}
        {location.upcoming ? <span className="fc-location-card__badge">{UPCOMING_BADGE}</span> : null}
      </div>
      <div className="fc-location-card__body">
        <p className="fc-location-card__type">{TYPE_LABELS[type] ?? type}</p>
        <Heading className="fc-location-card__name">{location.name}</Heading>
        {typeof rating === "number" && reviews > 0 ? (
          <p className="fc-location-card__rating">
            <Stars rating={rating} size="sm" />
            <span className="fc-muted">
              {rating} ({reviews} {reviews === 1 ? "review" : "reviews"})
            </span>
          </p>
        ) : null}
        <LocationAddress location={location} />
        {typeof distanceKm === "number" ? (
          <p className="fc-location-card__distance" data-distance-km={distanceKm}>
            {formatDistance(distanceKm)}
          </p>
        ) : null}
        {showHours ? <HoursTable entries={location.contact_detail.opening_hours} caption="Opening Hours" /> : null}
        {parts ? (
          <p className="fc-location-card__contact">
            <a href={`/contact-us/${location.slug}`}>Parts Enquiry</a>
          </p>
        ) : (
          <ul className="fc-location-card__contact">
            {locationPhones(location).map((p) => (
              <li key={p.href}>
                <span className="fc-muted">{p.label}: </span>
                <a href={p.href}>{p.display}</a>
              </li>
            ))}
          </ul>
        )}
        {licence && location.dealer_license_number ? (
          <p className="fc-location-card__licence">Dealer Licence: {location.dealer_license_number}</p>
        ) : null}
        {licence && location.motor_vehicle_repairer ? (
          <p className="fc-location-card__licence">Motor Vehicle Repairer: {location.motor_vehicle_repairer}</p>
        ) : null}
        <div className="fc-location-card__actions">
          {directions ? (
            <ButtonLink href={directions} variant="ghost" size="sm" target="_blank" rel="noopener noreferrer">
              Get Directions
            </ButtonLink>
          ) : null}
          <EmailUsButton location={location} />
          {parts ? null : (
            <ButtonLink href={`/contact-us/${location.slug}`} variant="secondary" size="sm">
              Enquire Now
            </ButtonLink>
          )}
          <ButtonLink href={`/our-location/${location.slug}`} size="sm">
            {detailsLabel}
          </ButtonLink>
        </div>
      </div>
    </article>
  );
}
