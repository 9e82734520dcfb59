// Location rules shared by the location card, the detail panel, the location block and the dealer
// locator (docs/features/platform.md "Locations, offers and navigation";
// docs/features/locations-forms-marketing.md §2 "Location screens", §3 "Location", §4
// "Location type select", §9). Pure functions: no React, no fetch.
import type { Location, LocatorEntry, MapSettings, TenantSettings } from "../api/types";
import { formatPhone, type PhoneView, uniquePhones } from "../lib/format";

/** The location types the type select and the locator's filter offer, in their order. */
export const LOCATION_TYPES = ["sales", "service", "parts", "car-buying"] as const;

/** Display names of the location types. */
export const TYPE_LABELS: Record<string, string> = {
  sales: "Sales",
  service: "Service",
  parts: "Parts",
  "car-buying": "Car Buying",
};

/** The upcoming location's badge (docs/features/locations-forms-marketing.md §2 "Location screens"). */
export const UPCOMING_BADGE = "COMING EARLY 2026";

/**
 * The location image's height in CSS px (docs/features/locations-forms-marketing.md §9 "Location image height 150 px").
 */
export const LOCATION_IMAGE_HEIGHT = 150;

/** The map's default zoom (docs/features/locations-forms-marketing.md §9 "Map default zoom 10"). */
export const DEFAULT_MAP_ZOOM = 10;

/** The map tiles used when the site sends no `maps` settings. */
export const DEFAULT_MAP_SETTINGS: Required<MapSettings> = {
  tile_url: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
  zoom: DEFAULT_MAP_ZOOM,
};

/**
 * A location's type: its `location_type`, with the empty string read as `sales` (§3 "empty string
 * meaning sales"). Takes the location; returns the type.
 */
export function locationType(loc: Pick<Location, "location_type">): string {
  return loc.location_type || "sales";
}

/**
 * The site's map settings (`tenant.maps`: tile URL template, attribution, zoom), each part falling
 * back to {@link DEFAULT_MAP_SETTINGS} when missing (zoom 10). Takes the tenant settings; returns them.
 */
export function mapSettings(tenant: TenantSettings): Required<MapSettings> {
  // `maps` may be missing from settings captured before docs/features/platform.md "Locations, offers and navigation"
  // (test fixtures).
  const m: MapSettings = (tenant.maps as MapSettings | undefined) ?? {};
  return {
    tile_url: m.tile_url || DEFAULT_MAP_SETTINGS.tile_url,
    attribution: m.attribution ?? DEFAULT_MAP_SETTINGS.attribution,
    zoom: typeof m.zoom === "number" && m.zoom > 0 ? m.zoom : DEFAULT_MAP_ZOOM,
  };
}

/** Whether the site shows dealer licence and motor vehicle repairer numbers (`features.show_dealer_licence`). */
export function showsLicence(tenant: TenantSettings): boolean {
  return tenant.features.show_dealer_licence === true;
}

/**
 * The location's phone numbers to show: its phone, then its landline, formatted with
 * {@link formatPhone} and de-duplicated by their digits (docs/features/locations-forms-marketing.md §9 "Phone
 * numbers de-duplicated by digits": `07 5550 0210` and `(07) 5550-0210` are one number). Takes the
 * location; returns the numbers, each with its label (`Phone`, `Landline`).
 */
export function locationPhones(loc: Location): (PhoneView & { label: string })[] {
  const raw: [string, string | null | undefined][] = [
    ["Phone", loc.contact_detail.phone],
    ["Landline", loc.contact_detail.landline_phone],
  ];
  return uniquePhones(
    raw.flatMap(([label, number]) => {
      const p = formatPhone(number);
      return p ? [{ ...p, label }] : [];
    }),
  );
}

/**
 * The Get Directions link: the location's `address.place_url`, else a maps search for its
 * latitude and longitude, else a maps search for its address text; null when it has none of them.
 * Takes the location; returns the URL.
 */
export function directionsUrl(loc: Location): string | null {
  const a = loc.address;
  if (a.place_url) return a.place_url;
  if (typeof a.lat === "number" && typeof a.long === "number") {
    return `https://www.google.com/maps/search/?api=1&query=${a.lat},${a.long}`;
  }
  const text = [a.street, a.city, a.state, a.postcode].filter(Boolean).join(", ");
  return text ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(text)}` : null;
}

/** One choice of the location-type select: the type, its label and the location whose hours it shows. */
export interface TypeOption {
  type: string;
  label: string;
  location: Location;
}

/**
 * The location-type select's choices for a location: for each type (sales, service, parts, car
 * buying, in that order) that the location's dealership has among `all` (visible ones only), one
 * location of that type: `loc` itself for its own type, else the dealership's primary one, else
 * its first. Takes every location of the site and the page's location; returns the choices
 * (always including `loc`'s own type). Spec: docs/features/locations-forms-marketing.md §2 "Location detail panel", §4.
 */
export function typeOptions(all: readonly Location[], loc: Location): TypeOption[] {
  const own = locationType(loc);
  const siblings = all.filter((l) => l.visible && l.dealership_slug === loc.dealership_slug);
  const out: TypeOption[] = [];
  for (const type of LOCATION_TYPES) {
    let pick: Location | undefined;
    if (type === own) pick = loc;
    else {
      const ofType = siblings.filter((l) => locationType(l) === type);
      pick = ofType.find((l) => l.primary) ?? ofType[0];
    }
    if (pick) out.push({ type, label: TYPE_LABELS[type] ?? type, location: pick });
  }
  return out;
}

/**
 * Which type the select starts at (docs/features/locations-forms-marketing.md §4 "Location type select ...
 * auto-selects when only one option exists"): the only option when there is one, else `preferred`
 * when it is an option, else "" (none chosen). Takes the options and the preferred type; returns the type.
 */
export function chooseType(options: readonly Pick<TypeOption, "type">[], preferred: string): string {
  if (options.length === 1) return options[0]?.type ?? "";
  return options.some((o) => o.type === preferred) ? preferred : "";
}

/** What a location route resolved to: the location, and the dealership's slug when the path named a dealership. */
export interface ResolvedLocation {
  location: Location;
  dealership: string | null;
}

/**
 * The location a route's slug names: a visible location with that slug; else, when
 * `allowDealership` (the /locations/{slug} route takes a dealership slug too), the primary visible
 * location of the dealership with that slug (else its first). Takes the site's locations, the slug
 * and the flag; returns the resolution, or null (a 404).
 * Spec: docs/features/locations-forms-marketing.md §2 routes /our-location/{locationSlug}, /locations/{slug}.
 */
export function resolveLocation(all: readonly Location[], slug: string, allowDealership: boolean): ResolvedLocation | null {
  const visible = all.filter((l) => l.visible);
  const own = visible.find((l) => l.slug === slug);
  if (own) return { location: own, dealership: null };
  if (!allowDealership) return null;
  const ofDealership = visible.filter((l) => l.dealership_slug === slug);
  const pick = ofDealership.find((l) => l.primary) ?? ofDealership[0];
  return pick ? { location: pick, dealership: slug } : null;
}

const ZONES: Record<string, string> = {
  QLD: "Australia/Brisbane",
  NSW: "Australia/Sydney",
  ACT: "Australia/Sydney",
  VIC: "Australia/Melbourne",
  TAS: "Australia/Hobart",
  SA: "Australia/Adelaide",
  NT: "Australia/Darwin",
  WA: "Australia/Perth",
};

/**
 * The IANA time zone of an Australian state code (QLD, NSW, ...); `Australia/Brisbane` for an
 * unknown or missing state (the platform's default state is QLD, §9). Takes the state; returns the zone.
 */
export function timeZoneOf(state: string | null | undefined): string {
  return ZONES[(state ?? "").toUpperCase()] ?? "Australia/Brisbane";
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/**
 * The date (YYYY-MM-DD) and weekday (0 = Sunday) at a location at `now`, in its state's time zone.
 * Takes the location and the instant; returns both.
 */
export function todayAt(loc: Location, now: Date): { date: string; weekday: number } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: timeZoneOf(loc.address.state),
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    weekday: "short",
  }).formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  return { date: `${get("year")}-${get("month")}-${get("day")}`, weekday: WEEKDAYS.indexOf(get("weekday")) };
}

/**
 * Whether a location is closed all of today (its local day at `now`): today's special (holiday)
 * hours when there are some, else the weekly entry for today's weekday (closed when it is missing
 * or not `Open`). Takes the location and the instant; returns true when closed today.
 * Spec: docs/features/locations-forms-marketing.md §2 routes ("Enquire Now link shown when a
 * service location is closed").
 */
export function isClosedToday(loc: Location, now: Date): boolean {
  const today = todayAt(loc, now);
  const special = loc.special_hours.find((s) => s.date === today.date);
  if (special) return special.status !== "Open";
  const entry = loc.contact_detail.opening_hours.find((e) => e.weekday === today.weekday);
  return entry?.status !== "Open";
}

/**
 * Whether a location shows the 'Enquire Now' link to /contact-us/{slug}: a service location that
 * is closed today ({@link isClosedToday}). Takes the location and the instant; returns the answer.
 */
export function offersClosedEnquiry(loc: Location, now: Date): boolean {
  return locationType(loc) === "service" && isClosedToday(loc, now);
}

/**
 * The columns of a location grid on wide screens (docs/features/locations-forms-marketing.md §2 "Location block":
 * 4 when there are more than 3 locations, otherwise 3). Takes the count; returns 3 or 4.
 */
export function gridColumns(count: number): 3 | 4 {
  return count > 3 ? 4 : 3;
}

/**
 * Whether a location passes the locator's type filter: `all` passes every one; `sales` also takes
 * the empty type (§3); other types match exactly. Takes the location and the filter; returns the answer.
 */
export function matchesType(loc: Location, filter: string): boolean {
  return filter === "all" || filter === "" || locationType(loc) === filter;
}

/**
 * The locator's starting list: every visible location of the site with no distance, in the
 * site's order. Takes the site's locations; returns the entries.
 */
export function allEntries(all: readonly Location[]): LocatorEntry[] {
  return all.filter((l) => l.visible).map((location) => ({ location, distance_km: null }));
}

/** One map marker: a place (degrees) and the locations at it (a dealership's sales, service and parts often share one). */
export interface MapPoint {
  key: string;
  lat: number;
  long: number;
  locations: Location[];
}

/**
 * The markers for a list of locations: one per distinct latitude and longitude, holding every
 * location there in list order; locations without coordinates get none. Takes the locations;
 * returns the points in the order their first location appears.
 */
export function mapPoints(locations: readonly Location[]): MapPoint[] {
  const byKey = new Map<string, MapPoint>();
  for (const loc of locations) {
    const { lat, long } = loc.address;
    if (typeof lat !== "number" || typeof long !== "number" || !Number.isFinite(lat) || !Number.isFinite(long)) continue;
    const key = `${lat},${long}`;
    const p = byKey.get(key);
    if (p) p.locations.push(loc);
    else byKey.set(key, { key, lat, long, locations: [loc] });
  }
  return [...byKey.values()];
}
