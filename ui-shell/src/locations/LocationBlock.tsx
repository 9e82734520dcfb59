import type { Location, LocatorEntry } from "../api/types";
import { useSite } from "../app/site";
import { Carousel } from "../design/Carousel";
import { LocationCard } from "./LocationCard";
import { LocationMap } from "./LocationMap";
import { gridColumns, mapPoints, mapSettings } from "./locations";

/** Props of {@link LocationBlock}. */
export interface LocationBlockProps {
  /** The locations, or locator entries (a location with its distance in km). */
  entries: readonly (Location | LocatorEntry)[];
  /** Show one map with a marker per location above the cards (default false). */
  withMap?: boolean;
  /** Show each card's weekly hours (default false). */
  showHours?: boolean;
}

function asEntry(e: Location | LocatorEntry): LocatorEntry {
  return "location" in e ? e : { location: e, distance_km: null };
}

/**
 * The location block: one card on its own (beside its map when `withMap`), or a grid of cards, 4
 * columns on wide screens when there are more than 3 locations, otherwise 3 (narrower screens use
 * fewer), under one map with a marker per location when `withMap`. Takes
 * {@link LocationBlockProps}; renders the block (nothing for no locations).
 * Spec: docs/features/locations-forms-marketing.md §2 "Location block".
 */
export function LocationBlock({ entries, withMap = false, showHours = false }: LocationBlockProps) {
  const { tenant } = useSite();
  const list = entries.map(asEntry);
  if (list.length === 0) return null;
  const map = withMap ? (
    <LocationMap
      points={mapPoints(list.map((e) => e.location))}
      settings={mapSettings(tenant)}
      label={list.length === 1 ? `Map of ${list[0]?.location.name}` : "Map of our locations"}
    />
  ) : null;
  if (list.length === 1) {
    const only = list[0] as LocatorEntry;
    return (
      <div className={`fc-location-block fc-location-block--single ${withMap ? "fc-location-block--with-map" : ""}`.trim()}>
        <LocationCard location={only.location} distanceKm={only.distance_km} showHours={showHours} />
        {map}
      </div>
    );
  }
  return (
    <div className="fc-location-block">
      {map}
      <ul
        className={`fc-location-block__grid fc-location-block__grid--${gridColumns(list.length)}`}
        data-columns={gridColumns(list.length)}
      >
        {list.map((e) => (
          <li key={e.location.slug}>
            <LocationCard location={e.location} distanceKm={e.distance_km} showHours={showHours} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Props of {@link OurLocationsCarousel}. */
export interface OurLocationsCarouselProps {
  locations: readonly Location[];
  /** Cards visible at once (default 3). */
  perView?: number;
  /** The heading (default `Our Locations`); "" for none. */
  title?: string;
}

/**
 * The 'Our Locations' carousel: the same cards as the grid ({@link LocationCard}, with View
 * Details) in the design system's Carousel (arrows disabled at the ends). For the home page and
 * dealership pages. Takes {@link OurLocationsCarouselProps}; renders the heading and the carousel (nothing for no
 * locations). Spec: docs/features/locations-forms-marketing.md §2 "The Our Locations carousel shows the same
 * cards", §4 "Carousels".
 */
export function OurLocationsCarousel({ locations, perView = 3, title = "Our Locations" }: OurLocationsCarouselProps) {
  const visible = locations.filter((l) => l.visible);
  if (visible.length === 0) return null;
  return (
    <div className="fc-location-carousel">
      {title ? <h2>{title}</h2> : null}
      <Carousel
        label={title || "Our Locations"}
        perView={perView}
        items={visible.map((l) => <LocationCard key={l.slug} location={l} detailsLabel="View Details" />)}
      />
    </div>
  );
}
