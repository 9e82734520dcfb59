import { ChevronLeft, ChevronRight } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useState } from "react";

/** Props of {@link Carousel}. */
export interface CarouselProps {
  /** Accessible name, e.g. `Similar cars`, `Photos`. */
  label: string;
  /** The slides, in order. */
  items: ReactNode[];
  /** Slides visible at once (default 1). */
  perView?: number;
  /** Wrap around at the ends (hero slider); when false (default) the arrows disable at the ends. */
  loop?: boolean;
  /** Show one dot per position (default false). */
  dots?: boolean;
  /** Called with the new first-visible index (0-based). */
  onIndexChange?: (index: number) => void;
}

/**
 * A carousel with previous/next arrows that are disabled at the ends (docs/features/locations-forms-marketing.md §4
 * "Carousels: previous/next disabled at the ends"), or wrap when `loop` (§2 hero slider). Follows the
 * WAI-ARIA carousel pattern: a labelled region with `aria-roledescription="carousel"`, slides as
 * groups "n of m", off-screen slides inert, a polite live region, Left/Right arrow keys.
 * Takes {@link CarouselProps}; renders the region.
 */
export function Carousel({ label, items, perView = 1, loop = false, dots = false, onIndexChange }: CarouselProps) {
  const count = items.length;
  const view = Math.max(1, Math.min(perView, count || 1));
  const last = Math.max(0, count - view);
  const [index, setIndex] = useState(0);
  const current = Math.min(index, last);
  const atStart = current === 0;
  const atEnd = current === last;

  const go = (to: number) => {
    let next = to;
    if (loop && last > 0) next = ((to % (last + 1)) + last + 1) % (last + 1);
    next = Math.max(0, Math.min(last, next));
    if (next !== current) {
      setIndex(next);
      onIndexChange?.(next);
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === "ArrowLeft") {
      e.preventDefault();
      go(current - 1);
    } else if (e.key === "ArrowRight") {
      e.preventDefault();
      go(current + 1);
    }
  };

  return (
    <section className="fc-carousel" aria-roledescription="carousel" aria-label={label} onKeyDown={onKeyDown}>
      <div className="fc-carousel__viewport">
        <div className="fc-carousel__track" style={{ transform: `translateX(${(-current * 100) / view}%)` }}>
          {items.map((item, i) => {
            const visible = i >= current && i < current + view;
            return (
              // biome-ignore lint/a11y/useSemanticElements: a slide is a group per the WAI-ARIA carousel pattern, not a form fieldset.
              <div
                key={i}
                className="fc-carousel__slide"
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${count}`}
                aria-hidden={!visible}
                inert={!visible}
                style={{ flexBasis: `${100 / view}%` }}
              >
                {item}
              </div>
            );
          })}
        </div>
      </div>
      {count > view ? (
        <div className="fc-carousel__controls">
          <button
            type="button"
            className="fc-carousel__arrow fc-carousel__arrow--prev"
            aria-label="Previous"
            disabled={!loop && atStart}
            onClick={() => go(current - 1)}
          >
            <ChevronLeft aria-hidden="true" size={22} />
          </button>
          {dots ? (
            <div className="fc-carousel__dots">
              {Array.from({ length: last + 1 }, (_, i) => (
                <button
                  key={i}
                  type="button"
                  className="fc-carousel__dot"
                  aria-label={`Go to ${i + 1}`}
                  aria-current={i === current ? "true" : undefined}
                  onClick={() => go(i)}
                />
              ))}
            </div>
          ) : null}
          <button
            type="button"
            className="fc-carousel__arrow fc-carousel__arrow--next"
            aria-label="Next"
            disabled={!loop && atEnd}
            onClick={() => go(current + 1)}
          >
            <ChevronRight aria-hidden="true" size={22} />
          </button>
        </div>
      ) : null}
      <p className="fc-visually-hidden" aria-live="polite">
        {count > 0 ? `Showing ${current + 1} to ${Math.min(count, current + view)} of ${count}` : ""}
      </p>
    </section>
  );
}
