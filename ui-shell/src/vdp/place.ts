// Where the car is, for the VDP's first screen: the gallery's location overlay and the
// non-primary-location announcement with its directions link. Spec: docs/features/shopper-core.md
// §2 "Vehicle detail page".
import type { CarResponse, Location } from "../api/types";
import type { VdpConfig } from "./data";

/**
 * The 'Get Directions' link of a location: its `address.place_url`, else a maps search for the
 * address. Takes the location; returns the URL.
 */
export function directionsHref(loc: Location): string {
  const a = loc.address;
  if (a.place_url) return a.place_url;
  const q = [loc.name, a.street, a.city, a.state, a.postcode].filter(Boolean).join(", ");
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(q)}`;
}

/**
 * The gallery's location overlay (docs/features/shopper-core.md §2): `city STATE`, or the location's name when the
 * tenant says `location_name`. Takes the car response and the VDP config; returns text ("" for none).
 */
export function overlayText(res: CarResponse, config: Pick<VdpConfig, "locationOverlay">): string {
  const car = res.car;
  if (config.locationOverlay === "location_name") {
    const name = res.location?.name ?? car.location_name;
    if (name) return name;
  }
  return [car.city ?? res.location?.address.city, car.state ?? res.location?.address.state].filter(Boolean).join(" ");
}

/**
 * The non-primary-location announcement (docs/features/shopper-core.md §2 "'Located at {city}' with 'Get
 * Directions' when the car is at a non-primary location"). Takes the car response; returns the
 * text and directions link, or null when the car is at a primary location or has none.
 */
export function locatedAt(res: CarResponse): { text: string; href: string } | null {
  const loc = res.location;
  if (!loc || loc.primary) return null;
  const city = loc.address.city ?? res.car.city ?? loc.name;
  return { text: `Located at ${city}`, href: directionsHref(loc) };
}
