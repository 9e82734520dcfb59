// Location data: the document's inline `page` on a first load of /our-location/{slug} or
// /locations/{slug} (the host inlines the Location), and GET /api/v1/locations?postcode=&type= for
// the dealer locator (docs/features/locations-forms-marketing.md §2 "Location screens", §7 geocoding by postcode, §8).
import type { Location, LocationsResponse } from "../api/types";
import type { InlineData } from "../boot/inline";

/** The route ids whose documents inline a {@link Location} as `page`. */
export const LOCATION_ROUTE_IDS: readonly string[] = ["our-location", "location"];

/**
 * The message when the host finds no place for a postcode (docs/features/locations-forms-marketing.md §8
 * "'Invalid postcode' when geocoding finds nothing").
 */
export const UNKNOWN_POSTCODE = "Invalid postcode";

function isLocation(v: unknown): v is Location {
  if (typeof v !== "object" || v === null) return false;
  const l = v as Partial<Location>;
  return (
    typeof l.slug === "string" &&
    typeof l.name === "string" &&
    typeof l.address === "object" &&
    l.address !== null &&
    typeof l.contact_detail === "object" &&
    l.contact_detail !== null &&
    Array.isArray(l.contact_detail.opening_hours) &&
    Array.isArray(l.special_hours)
  );
}

/**
 * The inline Location of a first load: the document's `page` when it was rendered for `path` as
 * one of {@link LOCATION_ROUTE_IDS} and has a Location's shape. Takes the inline data (null
 * without it) and the current path; returns the location, or null (then the page looks it up in
 * the tenant's locations).
 */
export function inlineLocation(inline: InlineData | null, path: string): Location | null {
  if (!inline?.route || inline.route.path !== path || !LOCATION_ROUTE_IDS.includes(inline.route.id)) return null;
  return isLocation(inline.page) ? inline.page : null;
}

/** What a locator search gives: the list, an unknown postcode (the host's 400), or another failure. */
export type LocatorResult =
  | { status: "ok"; data: LocationsResponse }
  | { status: "invalid"; message: string }
  | { status: "error"; message: string };

/**
 * The locator's API path: `/api/v1/locations` with `postcode` and `type` when given. Takes the
 * postcode ("" for none) and the type ("" or `all` for every type); returns the path.
 */
export function locatorPath(postcode: string, type = ""): string {
  const q = new URLSearchParams();
  if (postcode) q.set("postcode", postcode);
  if (type && type !== "all") q.set("type", type);
  const s = q.toString();
  return s ? `/api/v1/locations?${s}` : "/api/v1/locations";
}

function isLocationsResponse(v: unknown): v is LocationsResponse {
  if (typeof v !== "object" || v === null) return false;
  const r = v as Partial<LocationsResponse>;
  return Array.isArray(r.locations) && r.locations.every((e) => isLocation(e?.location)) && "origin" in r;
}

/**
 * Searches the locations near a postcode (GET /api/v1/locations?postcode=&type=): nearest first
 * with their distance in km. Takes the postcode, the type filter ("" for all), an optional
 * AbortSignal and fetch; returns `ok`, `invalid` ('Invalid postcode': the host's 400 for a
 * malformed postcode or 404 for an unknown one), or `error` (another status or shape, a network failure). Rejects only
 * when aborted.
 */
export async function fetchLocator(
  postcode: string,
  type = "",
  signal?: AbortSignal,
  fetchImpl: typeof fetch = globalThis.fetch,
): Promise<LocatorResult> {
  try {
    const r = await fetchImpl(locatorPath(postcode, type), {
      headers: { accept: "application/json" },
      ...(signal ? { signal } : {}),
    });
    // 400: not 4 digits; 404: 4 digits but no such postcode (the host's `unknown_postcode`).
    if (r.status === 400 || r.status === 404) return { status: "invalid", message: UNKNOWN_POSTCODE };
    if (!r.ok) return { status: "error", message: `The site answered ${r.status}` };
    const body: unknown = await r.json();
    return isLocationsResponse(body) ? { status: "ok", data: body } : { status: "error", message: "Unexpected answer" };
  } catch (e) {
    if (signal?.aborted) throw e;
    return { status: "error", message: e instanceof Error ? e.message : String(e) };
  }
}
