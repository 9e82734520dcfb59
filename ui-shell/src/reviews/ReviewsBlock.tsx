import { useEffect, useState } from "react";
import type { Review, ReviewsResponse } from "../api/types";
import { Skeleton } from "../design/Skeleton";
import { formatThousands } from "../lib/format";
import "./reviews.css";
import { fetchReviews, MAX_REVIEWS, type ReviewsQuery, type ReviewsState } from "./reviews";
import { Stars } from "./Stars";

/**
 * One review: the reviewer's name (and picture when there is one), their stars, when
 * (`review_date_in_words`), the text as plain text (React escapes it: never HTML) and the
 * dealer's reply. Takes the review; renders an `<article>`. Spec:
 * docs/features/locations-forms-marketing.md §3 "Review".
 */
export function ReviewCard({ review }: { review: Review }) {
  return (
    <article className="fc-reviews__card" data-review={review.id}>
      <div className="fc-reviews__head">
        {review.image_url ? (
          <img className="fc-reviews__avatar" src={review.image_url} alt="" width={40} height={40} loading="lazy" />
        ) : null}
        <div>
          <h3 className="fc-reviews__name">{review.customer_name}</h3>
          <span className="fc-muted">{review.review_date_in_words}</span>
        </div>
      </div>
      <Stars rating={review.rating} size="sm" />
      {review.text ? <p className="fc-reviews__text">{review.text}</p> : null}
      {review.reply_text ? (
        <p className="fc-reviews__reply">
          <strong>Response from the owner: </strong>
          {review.reply_text}
        </p>
      ) : null}
    </article>
  );
}

/** Props of {@link ReviewsView}. */
export interface ReviewsViewProps {
  state: ReviewsState;
  /** The block's heading (default `Google Reviews`). */
  title?: string;
}

/**
 * The reviews block as it looks in each state: the anchor `#reviews` with its heading always,
 * then a skeleton while loading, a short note on error, or the average (the host's string, e.g.
 * "4.7"), its stars and the count ("3,118 reviews") above at most 12 {@link ReviewCard}s. When
 * the host has no reviews (`none`, a 404) or the count is 0 the block does not render at all.
 * Takes {@link ReviewsViewProps}; renders a `<section id="reviews">` or nothing.
 * Spec: docs/features/locations-forms-marketing.md §2 "Reviews", §9.
 */
export function ReviewsView({ state, title = "Google Reviews" }: ReviewsViewProps) {
  if (state.status === "none" || (state.status === "ok" && state.data.count === 0 && state.data.reviews.length === 0))
    return null;
  return (
    <section id="reviews" className="fc-reviews" aria-labelledby="reviews-title" aria-busy={state.status === "loading"}>
      <h2 id="reviews-title">{title}</h2>
      {state.status === "loading" ? <Skeleton height={160} /> : null}
      {state.status === "error" ? <p className="fc-muted">Reviews could not be loaded just now.</p> : null}
      {state.status === "ok" ? <ReviewsBody data={state.data} /> : null}
    </section>
  );
}

function ReviewsBody({ data }: { data: ReviewsResponse }) {
  const average = Number.parseFloat(data.average_rating);
  const reviews = data.reviews.slice(0, MAX_REVIEWS);
  return (
    <>
      <p className="fc-reviews__summary" data-reviews-summary>
        <span className="fc-reviews__average">{data.average_rating}</span>
        <Stars rating={Number.isFinite(average) ? average : 0} shown={data.average_rating} />
        <span>
          {formatThousands(data.count)} {data.count === 1 ? "review" : "reviews"}
        </span>
      </p>
      {reviews.length > 0 ? (
        <ul className="fc-reviews__list">
          {reviews.map((r) => (
            <li key={r.id}>
              <ReviewCard review={r} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="fc-muted">No reviews yet.</p>
      )}
    </>
  );
}

/** Props of {@link ReviewsBlock}. */
export interface ReviewsBlockProps {
  /** Whose reviews (a location's, a dealership's, or the site's). */
  query: ReviewsQuery;
  title?: string;
  /** The fetch to use (tests, stories); default the global. */
  fetchImpl?: typeof fetch;
}

/**
 * The reviews block of a location, a dealership or the whole site: fetches GET /api/v1/reviews
 * for `query` (again when it changes) and renders {@link ReviewsView}. Takes
 * {@link ReviewsBlockProps}; renders the block with the `#reviews` anchor.
 * Spec: docs/features/locations-forms-marketing.md §2 "Reviews", routes table `#reviews`.
 */
export function ReviewsBlock({ query, title, fetchImpl }: ReviewsBlockProps) {
  const { location, dealership } = query;
  const [state, setState] = useState<ReviewsState>({ status: "loading" });
  useEffect(() => {
    const ctrl = new AbortController();
    setState({ status: "loading" });
    fetchReviews({ location, dealership }, ctrl.signal, fetchImpl).then(
      (s) => {
        if (!ctrl.signal.aborted) setState(s);
      },
      () => {},
    );
    return () => ctrl.abort();
  }, [location, dealership, fetchImpl]);
  return <ReviewsView state={state} {...(title ? { title } : {})} />;
}
