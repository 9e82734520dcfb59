import { ArrowRight, ChevronLeft, ChevronRight } from "lucide-react";
import { useCallback, useId, useLayoutEffect, useRef, useState } from "react";
import { ModelImage } from "./ModelImage";
import { type CarouselEnds, carouselEnds, DEFAULT_CATEGORIES_TITLE } from "./models";
import type { CategoryCard } from "./types";

/** Props of {@link CategoryCarousel}: the title (blank: "Explore Our Range") and the cards. */
export interface CategoryCarouselProps {
  title: string;
  cards: CategoryCard[];
}

function reducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * The category card carousel (docs/features/locations-forms-marketing.md §2 "Category card carousel", §3 Category
 * card, §4 "Carousels: previous/next disabled at the ends"): a titled, horizontally scrolling list
 * of image cards (title, description, link to `href`) that snaps card by card and swipes natively
 * on touch screens; previous/next buttons scroll by one card and are disabled at the ends
 * ({@link carouselEnds}, measured on scroll and resize); a 'Swipe' hint shows on mobile widths only
 * (CSS). Smooth scrolling is off under `prefers-reduced-motion`. Takes {@link CategoryCarouselProps};
 * renders the section (nothing without cards).
 */
export function CategoryCarousel({ title, cards }: CategoryCarouselProps) {
  return cards.length > 0 ? <CardTrack title={title} cards={cards} /> : null;
}

function CardTrack({ title, cards }: CategoryCarouselProps) {
  const id = useId();
  const track = useRef<HTMLUListElement>(null);
  const [ends, setEnds] = useState<CarouselEnds>({ atStart: true, atEnd: false });

  const measure = useCallback(() => {
    const el = track.current;
    if (!el) return;
    const next = carouselEnds(el);
    setEnds((e) => (e.atStart === next.atStart && e.atEnd === next.atEnd ? e : next));
  }, []);

  useLayoutEffect(() => {
    measure();
    const el = track.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [measure]);

  const step = (dir: -1 | 1) => {
    const el = track.current;
    if (!el) return;
    const card = el.firstElementChild as HTMLElement | null;
    const gap = Number.parseFloat(getComputedStyle(el).columnGap) || 0;
    const by = (card ? card.offsetWidth + gap : el.clientWidth) * dir;
    if (typeof el.scrollBy === "function") el.scrollBy({ left: by, behavior: reducedMotion() ? "auto" : "smooth" });
    else el.scrollLeft += by;
  };
  const heading = title.trim() || DEFAULT_CATEGORIES_TITLE;

  return (
    <section className="fc-models-cats" aria-labelledby={`${id}-title`} data-section="categories">
      <div className="fc-container fc-models-cats__head">
        <h2 id={`${id}-title`}>{heading}</h2>
        <p className="fc-models-cats__swipe" aria-hidden="true">
          Swipe <ArrowRight size={16} className="fc-icon" />
        </p>
        <div className="fc-models-cats__arrows">
          <button
            type="button"
            className="fc-carousel__arrow"
            aria-label={`Previous: ${heading}`}
            aria-controls={`${id}-track`}
            disabled={ends.atStart}
            onClick={() => step(-1)}
          >
            <ChevronLeft aria-hidden="true" size={22} />
          </button>
          <button
            type="button"
            className="fc-carousel__arrow"
            aria-label={`Next: ${heading}`}
            aria-controls={`${id}-track`}
            disabled={ends.atEnd}
            onClick={() => step(1)}
          >
            <ChevronRight aria-hidden="true" size={22} />
          </button>
        </div>
      </div>
      <ul id={`${id}-track`} ref={track} className="fc-models-cats__track" onScroll={measure}>
        {cards.map((c) => (
          <li key={c.id} className="fc-models-cats__card">
            <a href={c.href}>
              <ModelImage src={c.imageUrl} alt="" size="category" />
              <h3>{c.title}</h3>
              <p>{c.description}</p>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
