// Offers (docs/features/platform.md "Locations, offers and navigation"), without React: the View
// more threshold, and reading the host's offer bodies (GET /api/v1/offers, GET /api/v1/offers/{id},
// or the inline `page` of their documents).
// Spec: docs/features/locations-forms-marketing.md §2 "Offers", §3 Offer, §4 "Offer description and disclaimer:
// collapsed or expanded when longer than 200 characters", §9.
import type { Offer, OffersResponse } from "../api/types";
import { isRecord } from "../content/data";

/** Description and disclaimer longer than this many characters get View more / View less (§9). */
export const OFFER_EXPAND_THRESHOLD = 200;

/** The API path of the offers list. */
export const OFFERS_API = "/api/v1/offers";

/** The API path of one offer. Takes its id; returns `/api/v1/offers/{id}`. */
export function offerApi(id: string): string {
  return `${OFFERS_API}/${encodeURIComponent(id)}`;
}

/**
 * Whether a text is long enough for the View more / View less toggle: more than
 * {@link OFFER_EXPAND_THRESHOLD} characters (Unicode code points, surrounding space ignored).
 * Takes the plain text (an offer's `description_text` or `disclaimer`) and the limit; returns the flag.
 */
export function needsToggle(text: string | null | undefined, limit: number = OFFER_EXPAND_THRESHOLD): boolean {
  return [...(text ?? "").trim()].length > limit;
}

/**
 * The collapsed form of a long text: its first {@link OFFER_EXPAND_THRESHOLD} characters (cut at
 * a word when one is near) and `…`; short texts unchanged. Takes the text and the limit; returns it.
 */
export function collapsedText(text: string, limit: number = OFFER_EXPAND_THRESHOLD): string {
  const t = text.trim();
  const chars = [...t];
  if (chars.length <= limit) return t;
  const cut = chars.slice(0, limit).join("");
  const space = cut.lastIndexOf(" ");
  return `${(space > limit * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** True when `v` has the fields an offer card reads. */
export function isOffer(v: unknown): v is Offer {
  return (
    isRecord(v) &&
    typeof v.id === "string" &&
    typeof v.name === "string" &&
    typeof v.description_html === "string" &&
    typeof v.description_text === "string" &&
    typeof v.disclaimer === "string" &&
    typeof v.href === "string" &&
    typeof v.enquiry_href === "string"
  );
}

/** Reads one offer (GET /api/v1/offers/{id}); null when the body does not fit. */
export function parseOffer(v: unknown): Offer | null {
  return isOffer(v) ? v : null;
}

/** Reads the offers list (GET /api/v1/offers); null when the body does not fit, offers that do not fit dropped. */
export function parseOffers(v: unknown): OffersResponse | null {
  if (!isRecord(v) || !Array.isArray(v.offers)) return null;
  return { offers: v.offers.filter(isOffer) };
}
