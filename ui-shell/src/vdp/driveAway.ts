// The drive-away estimate (issue 26 item 1, the shopper's side): the host's price engine answers
// with a drive-away total and its breakdown for a buyer's state (stamp duty, registration, CTP,
// dealer delivery); the shell only shows it. This module names the answer's shapes (the generated
// API types), the call (GET /api/v1/cars/{slug}/drive-away?state= | ?postcode=) and the postcode
// rule. Money is whole AUD dollars throughout. The panel is src/vdp/DriveAway.tsx; the SRP card's line is
// `driveAwayLine` in src/search/cards.ts (so the SRP loads none of this module's code).
import type { components } from "../api/schema";
import { type CallResult, call, defaultFetch, type FetchLike } from "./tools/api";

type S = components["schemas"];
/**
 * How the advertised price is meant: `drive_away` (on-road costs included), `excl_gov_charges`
 * (stamp duty, registration and CTP to add) or `plus_on_road_costs` (all on-road costs to add).
 */
export type PriceBasis = S["Basis"];
/**
 * A search hit's `drive_away` (GET /api/v1/search): the estimate's state, basis, total (whole AUD;
 * without the missing items when `complete` is false) and `complete`.
 */
export type DriveAwaySummary = S["DriveAwaySummary"];
/**
 * One line of the breakdown: `kind` (`vehicle`, `dealer_delivery`, `stamp_duty`, `registration`,
 * `ctp`), label, amount (whole AUD), `included_in_advertised`, `estimate`, and the optional source
 * URL, effective date (`YYYY-MM-DD`) and note.
 */
export type DriveAwayComponent = S["Component"];
/** An item the host could not price: kind, label and the reason, for the shopper. */
export type DriveAwayMissing = S["Missing"];
/**
 * The full estimate (GET /api/v1/cars/{slug}/drive-away, and `drive_away` of GET
 * /api/v1/cars/{slug} for the car's own state): the summary plus the advertised and vehicle
 * prices, label, components, missing items, disclaimer and the states a buyer can choose. Whole AUD.
 */
export type DriveAway = S["DriveAway"];

/** Where the buyer registers the car: a state code, or a postcode the host maps to its state. */
export type BuyerPlace = { state: string } | { postcode: string };

/** The postcode's inline error: it names the field (docs/features/locations-forms-marketing.md §5). */
export const POSTCODE_ERROR = "Postcode must be exactly 4 digits.";

/**
 * Checks a postcode as typed: exactly four digits after trimming. Takes the text; returns null
 * when valid, else {@link POSTCODE_ERROR} (the caller shows it and does not call the host).
 */
export function postcodeError(text: string): string | null {
  return /^\d{4}$/.test(text.trim()) ? null : POSTCODE_ERROR;
}

/**
 * GET /api/v1/cars/{slug}/drive-away?state= or ?postcode=: the host's estimate for the buyer's
 * state. Takes the car slug, the place (state code, or a postcode already checked by
 * {@link postcodeError}), an AbortSignal and a fetch; returns the {@link DriveAway} or the error
 * envelope (400 with `field` `state` or `postcode` for a bad value; 404 for an unknown car, or
 * with `field` `postcode` for four digits that are not an Australian postcode).
 * Rejects when aborted or offline.
 */
export function getDriveAway(
  slug: string,
  place: BuyerPlace,
  signal?: AbortSignal,
  fetchImpl: FetchLike = defaultFetch,
): Promise<CallResult<DriveAway>> {
  const q = new URLSearchParams("state" in place ? { state: place.state } : { postcode: place.postcode.trim() });
  return call<DriveAway>(`/api/v1/cars/${encodeURIComponent(slug)}/drive-away?${q}`, signal ? { signal } : {}, fetchImpl);
}
