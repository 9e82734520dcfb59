import "./reviews.css";
import { ratingLabel, starFill } from "./stars";

/** Props of {@link Stars}. */
export interface StarsProps {
  /** The rating, 0-5. */
  rating: number;
  /** The rating as the label shows it (default `rating`), e.g. the host's string "4.7". */
  shown?: string | number;
  /** `sm` in cards and review lines, `md` (default) in summaries. */
  size?: "sm" | "md";
}

/**
 * A star rating drawn by {@link starFill} (at most 4 full stars plus a partial one), one image for
 * assistive technology labelled `Rated 4.7 out of 5`. Takes {@link StarsProps}; renders a `<span>`.
 * Spec: docs/features/locations-forms-marketing.md §2 "Location screens" (star rating), "Reviews", §9.
 */
export function Stars({ rating, shown, size = "md" }: StarsProps) {
  return (
    <span className={`fc-stars fc-stars--${size}`} role="img" aria-label={ratingLabel(shown ?? rating)}>
      {starFill(rating).map((fill, i) => (
        <span key={i} className="fc-stars__star" data-fill={fill}>
          <span className="fc-stars__fill" style={{ width: `${fill * 100}%` }} />
        </span>
      ))}
    </span>
  );
}
