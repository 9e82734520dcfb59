import { ChevronLeft, ChevronRight } from "lucide-react";
import { type KeyboardEvent, type TouchEvent, useRef, useState } from "react";
import { ButtonLink } from "../design/Button";
import { openImageGate, useImageGate } from "./gate";
import { ModelImage } from "./ModelImage";
import { ctaVariant, swipeStep, wrapIndex } from "./models";
import type { Slide } from "./types";

/** Props of {@link HeroSlider}. */
export interface HeroSliderProps {
  /** The slides, in order (`ModelsContent.slides`). */
  slides: Slide[];
  /** Accessible name of the carousel (default "Featured models"). */
  label?: string;
}

/**
 * The electric-model area's hero slider (docs/features/locations-forms-marketing.md §2 "Hero slider", §9 "Hero
 * slider 85vh, loops"): one full-width slide per `slides[]` entry (image, title, description and
 * its two buttons `btn1`/`btn2` exactly as the data gives), previous/next arrows that loop (next
 * from the last slide shows the first, previous from the first shows the last), one dot per slide,
 * Left/Right arrow keys and touch swipes. No autoplay. WAI-ARIA carousel pattern: a labelled region
 * with `aria-roledescription="carousel"`, slides as groups "n of m" (hidden ones inert), a polite
 * live region after a change. The first slide's image is the page's largest content: eager with
 * `fetchpriority="high"`; the other slides' images are added only once it has painted
 * (src/models/gate.ts) or on the first move (then fetched at low priority), so they never compete
 * with it. Fades are off under
 * `prefers-reduced-motion`. Takes {@link HeroSliderProps}; renders the section (nothing without slides).
 */
export function HeroSlider({ slides, label = "Featured models" }: HeroSliderProps) {
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [moved, setMoved] = useState(false);
  const touchX = useRef<number | null>(null);
  const current = wrapIndex(index, count);
  const gateOpen = useImageGate();

  if (count === 0) return null;

  const go = (to: number) => {
    setIndex(wrapIndex(to, count));
    setMoved(true);
    openImageGate();
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
  const onTouchStart = (e: TouchEvent<HTMLElement>) => {
    touchX.current = e.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (e: TouchEvent<HTMLElement>) => {
    const start = touchX.current;
    const end = e.changedTouches[0]?.clientX;
    touchX.current = null;
    if (start === null || end === undefined) return;
    const step = swipeStep(end - start);
    if (step !== 0) go(current + step);
  };
  const active = slides[current];

  return (
    <section
      className="fc-models-hero"
      aria-roledescription="carousel"
      aria-label={label}
      onKeyDown={onKeyDown}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
      data-slide={current}
    >
      {slides.map((s, i) => {
        const shown = i === current;
        return (
          // biome-ignore lint/a11y/useSemanticElements: a slide is a group per the WAI-ARIA carousel pattern, not a form fieldset.
          <div
            key={`${i}-${s.title}`}
            className="fc-models-hero__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            aria-hidden={!shown}
            inert={!shown}
            data-active={shown ? "" : undefined}
          >
            {i === 0 || gateOpen ? (
              <ModelImage
                className="fc-models-hero__image"
                src={s.imageSrc}
                alt={s.imageAlt}
                size="hero"
                priority={i === 0}
                deferred={i > 0}
              />
            ) : null}
            <div className="fc-models-hero__text">
              <div className="fc-container">
                <h2 className="fc-models-hero__title">{s.title}</h2>
                <p className="fc-models-hero__description">{s.description}</p>
                <p className="fc-models-hero__actions">
                  {[s.btn1, s.btn2].map((b) => (
                    <ButtonLink key={`${b.title}-${b.link}`} href={b.link} variant={ctaVariant(b)}>
                      {b.title}
                    </ButtonLink>
                  ))}
                </p>
              </div>
            </div>
          </div>
        );
      })}
      {count > 1 ? (
        <>
          <button
            type="button"
            className="fc-models-hero__arrow fc-models-hero__arrow--prev"
            aria-label="Previous slide"
            onClick={() => go(current - 1)}
          >
            <ChevronLeft aria-hidden="true" size={22} />
          </button>
          <button
            type="button"
            className="fc-models-hero__arrow fc-models-hero__arrow--next"
            aria-label="Next slide"
            onClick={() => go(current + 1)}
          >
            <ChevronRight aria-hidden="true" size={22} />
          </button>
          <div className="fc-models-hero__dots">
            {slides.map((s, i) => (
              <button
                key={`${i}-${s.title}`}
                type="button"
                className="fc-models-hero__dot"
                aria-label={`Go to slide ${i + 1}: ${s.title}`}
                aria-current={i === current ? "true" : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
        </>
      ) : null}
      <p className="fc-visually-hidden" aria-live="polite">
        {moved && active ? `Slide ${current + 1} of ${count}: ${active.title}` : ""}
      </p>
    </section>
  );
}
