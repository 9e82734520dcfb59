// The star display rule (docs/features/locations-forms-marketing.md §9 "Star display shows at most 4 full stars plus
// a partial one"): pure, so the card, the panel and the reviews block draw ratings the same way.

/** How many stars a rating is drawn with. */
export const STAR_COUNT = 5;

/**
 * The fill of each of the 5 stars for a rating, each 0 (empty) to 1 (full), rounded to 0.01: at most
 * 4 full stars, then one partial star holding the rest, then empty ones. 4.7 -> [1, 1, 1, 1, 0.7];
 * 5 -> [1, 1, 1, 1, 1] (the 5th is the partial star at 100 %); 3.2 -> [1, 1, 1, 0.2, 0]; 4 ->
 * [1, 1, 1, 1, 0]. Ratings outside 0-5 (or not finite) are clamped (NaN is 0). Takes the rating
 * (0-5); returns 5 fills. Spec: docs/features/locations-forms-marketing.md §9.
 */
export function starFill(rating: number): number[] {
  const r = Number.isFinite(rating) ? Math.min(STAR_COUNT, Math.max(0, rating)) : 0;
  const full = Math.min(STAR_COUNT - 1, Math.floor(r));
  const partial = Math.round((r - full) * 100) / 100;
  return Array.from({ length: STAR_COUNT }, (_, i) => (i < full ? 1 : i === full ? partial : 0));
}

/**
 * The accessible label of a rating: `Rated 4.7 out of 5`. Takes the rating as shown (the host's
 * string, e.g. "4.7", or a number); returns the label.
 */
export function ratingLabel(rating: string | number): string {
  return `Rated ${rating} out of 5`;
}
