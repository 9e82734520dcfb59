// Reviews data: GET /api/v1/reviews?location={slug} | ?dealership={slug} | (whole site)
// (docs/features/locations-forms-marketing.md §2 "Reviews", §3 "Review", §9: at most 12 reviews, the host applies
// the minimum rating and the hidden titles).
import type { ReviewsResponse } from "../api/types";

/**
 * The most reviews a block shows (docs/features/locations-forms-marketing.md §9 "12 Google reviews at full quantity").
 */
export const MAX_REVIEWS = 12;

/** Whose reviews: one location's, one dealership's, or (neither) the whole site's. */
export interface ReviewsQuery {
  location?: string | undefined;
  dealership?: string | undefined;
}

/** The state of a reviews request. */
export type ReviewsState =
  | { status: "loading" }
  | { status: "ok"; data: ReviewsResponse }
  /** The host says there are no reviews to show (404: the site has none, or the location or dealership is unknown). */
  | { status: "none" }
  | { status: "error"; message: string };

/**
 * The API path for a query: `/api/v1/reviews?location=...` (a location wins over a dealership),
 * `?dealership=...`, or `/api/v1/reviews`. Takes the query; returns the path (slugs URL-encoded).
 */
export function reviewsPath(q: ReviewsQuery): string {
  if (q.location) return `/api/v1/reviews?location=${encodeURIComponent(q.location)}`;
  if (q.dealership) return `/api/v1/reviews?dealership=${encodeURIComponent(q.dealership)}`;
  return "/api/v1/reviews";
}

function isReviewsResponse(v: unknown): v is ReviewsResponse {
  if (typeof v !== "object" || v === null) return false;
  const r = v as Partial<ReviewsResponse>;
  return typeof r.count === "number" && typeof r.average_rating === "string" && Array.isArray(r.reviews);
}

/**
 * Fetches the reviews of a query. Takes the query, an optional AbortSignal and fetch (default the
 * global); returns `ok` with the body (its reviews cut to {@link MAX_REVIEWS}), `none` when the
 * host answers 404 (the site has no reviews: the block does not render), or `error` for another
 * status, another shape or a network failure (rejects only when aborted).
 */
export async function fetchReviews(
  q: ReviewsQuery,
  signal?: AbortSignal,
  fetchImpl: typeof fetch = globalThis.fetch,
): Promise<ReviewsState> {
  try {
    const r = await fetchImpl(reviewsPath(q), { headers: { accept: "application/json" }, ...(signal ? { signal } : {}) });
    if (r.status === 404) return { status: "none" };
    if (!r.ok) return { status: "error", message: `The site answered ${r.status}` };
    const body: unknown = await r.json();
    if (!isReviewsResponse(body)) return { status: "error", message: "Unexpected answer" };
    return { status: "ok", data: { ...body, reviews: body.reviews.slice(0, MAX_REVIEWS) } };
  } catch (e) {
    if (signal?.aborted) throw e;
    return { status: "error", message: e instanceof Error ? e.message : String(e) };
  }
}
