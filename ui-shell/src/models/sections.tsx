// The sections of the electric-model area (docs/features/locations-forms-marketing.md §2 "Electric-model marketing
// area"): model cards, the scrolling text banner, call-to-action tiles, the compare teaser, a model
// family's banner and its full-screen image banner. The tabbed content block is ModelTabs.tsx
// (Radix Tabs load only with a family page).
import { Pause, Play } from "lucide-react";
import { useId, useState } from "react";
import { ButtonLink } from "../design/Button";
import { ModelImage } from "./ModelImage";
import { ctaVariant, DEFAULT_BANNER_HREF, isComingSoon, repeatBanner } from "./models";
import type { Cta, ImageBanner, ModelFamily, ModelsContent, Stat, Tile } from "./types";

/**
 * A row of CTA buttons as links (style from {@link ctaVariant}). Takes the CTAs and an optional
 * class; renders a paragraph of links (nothing without CTAs).
 */
export function CtaButtons({ ctas, className = "fc-models-actions" }: { ctas: readonly Cta[]; className?: string }) {
  if (ctas.length === 0) return null;
  return (
    <p className={className}>
      {ctas.map((c) => (
        <ButtonLink key={`${c.title}-${c.link}`} href={c.link} variant={ctaVariant(c)}>
          {c.title}
        </ButtonLink>
      ))}
    </p>
  );
}

/** The Coming Soon badge (§4 "Model status coming_soon shows a Coming Soon badge"). */
export function ComingSoonBadge() {
  return (
    <span className="fc-badge fc-models-badge" data-badge="coming-soon">
      Coming Soon
    </span>
  );
}

/**
 * The model cards (§2 "Model cards"): a two-column grid (one column on phones) of image cards,
 * one per family, each with its title, description, its two CTAs and a Coming Soon badge when
 * `status === "coming_soon"`. Takes the families; renders the section (nothing without families).
 */
export function ModelCards({ families }: { families: readonly ModelFamily[] }) {
  const id = useId();
  if (families.length === 0) return null;
  return (
    <section className="fc-container fc-section fc-models-cards" aria-labelledby={id} data-section="model-cards">
      <h2 id={id} className="fc-visually-hidden">
        Our models
      </h2>
      <ul>
        {families.map((f) => (
          <li key={f.baseId} data-model={f.baseId}>
            <article className="fc-models-card">
              <div className="fc-models-card__media">
                <ModelImage src={f.imageUrl} alt="" size="card" />
                {isComingSoon(f) ? <ComingSoonBadge /> : null}
              </div>
              <div className="fc-models-card__body">
                <h3>{f.title}</h3>
                <p>{f.description}</p>
                <CtaButtons ctas={f.ctas.slice(0, 2)} />
              </div>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The scrolling text banner (§2, §9 "Scrolling banner text repeated 20 times"): one link to
 * `href` (blank: /special-offers) whose text is {@link repeatBanner}'s 20 copies moving right to
 * left; only the first copy is exposed to assistive technology (the others are `aria-hidden`).
 * The motion pauses on hover and focus, with the Pause button (WCAG 2.2.2), and stops under
 * `prefers-reduced-motion` (CSS). Takes the banner's text and href; renders the section (nothing
 * when the text is blank).
 */
export function ScrollingBanner({ text, href }: { text: string; href: string }) {
  const [paused, setPaused] = useState(false);
  const copies = repeatBanner(text);
  if (copies.length === 0) return null;
  return (
    <section className="fc-models-marquee" aria-label="Latest offers" data-paused={paused ? "" : undefined}>
      <a className="fc-models-marquee__link" href={href.trim() || DEFAULT_BANNER_HREF}>
        <span className="fc-models-marquee__track" style={{ ["--fc-marquee-copies" as string]: copies.length }}>
          {copies.map((t, i) => (
            <span key={i} className="fc-models-marquee__item" aria-hidden={i > 0 ? true : undefined}>
              {t}
            </span>
          ))}
        </span>
      </a>
      <button
        type="button"
        className="fc-models-marquee__toggle"
        aria-label="Pause the scrolling text"
        aria-pressed={paused}
        onClick={() => setPaused((p) => !p)}
      >
        {paused ? <Play aria-hidden="true" size={18} /> : <Pause aria-hidden="true" size={18} />}
      </button>
    </section>
  );
}

/**
 * The call-to-action tiles (§2 "Call-to-action tile list": Book a Service, Search Our Stock, Book
 * a Test Drive, View Latest Offers, Contact Us, the manufacturer warranty): a grid of links, each
 * with its title and description, in the data's order. Takes the tiles; renders the section
 * (nothing without tiles).
 */
export function CtaTiles({ tiles }: { tiles: readonly Tile[] }) {
  const id = useId();
  if (tiles.length === 0) return null;
  return (
    <section className="fc-container fc-section fc-models-tiles" aria-labelledby={id} data-section="cta-tiles">
      <h2 id={id} className="fc-visually-hidden">
        How can we help?
      </h2>
      <ul>
        {tiles.map((t) => (
          <li key={`${t.title}-${t.href}`}>
            <a href={t.href}>
              <h3>{t.title}</h3>
              <p>{t.description}</p>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The link to the compare screen (§2 "Compare screen (title Compare, subtitle Find your perfect
 * IM)"): the content's compare title and subtitle and a link to /models/compare. Takes the
 * content's `compare`; renders the section.
 */
export function CompareTeaser({ compare }: { compare: ModelsContent["compare"] }) {
  const id = useId();
  return (
    <section className="fc-container fc-section fc-models-compare" aria-labelledby={id} data-section="compare">
      <h2 id={id}>{compare.title || "Compare"}</h2>
      {compare.subtitle ? <p>{compare.subtitle}</p> : null}
      <ButtonLink href="/models/compare" variant="secondary">
        Compare models
      </ButtonLink>
    </section>
  );
}

/**
 * Label/value pairs as a description list (value under its label). Takes the pairs and a class;
 * renders a `<dl>` (nothing without pairs).
 */
export function StatList({ stats, className }: { stats: readonly Stat[]; className: string }) {
  if (stats.length === 0) return null;
  return (
    <dl className={className}>
      {stats.map((s) => (
        <div key={`${s.label}-${s.value}`}>
          <dt>{s.label}</dt>
          <dd>{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A model family's banner (§2 "Banner for a vehicle model with CTAs and default stats"): the
 * family's title (the page's h1) with the Coming Soon badge when due, description, CTAs and the
 * stats given (see `bannerStatsFor`), beside its hero image (the page's largest image: eager,
 * `fetchpriority="high"`). Takes the family and the stats; renders the section.
 */
export function ModelBanner({ family, stats }: { family: ModelFamily; stats: readonly Stat[] }) {
  const image = family.heroImageUrl || family.imageUrl;
  return (
    <section className="fc-models-banner" data-section="model-banner">
      <div className="fc-container fc-models-banner__inner">
        <div className="fc-models-banner__text">
          <h1>
            {family.title}
            {isComingSoon(family) ? <ComingSoonBadge /> : null}
          </h1>
          <p>{family.description}</p>
          <CtaButtons ctas={family.ctas} />
        </div>
        {image ? (
          <div className="fc-models-banner__media">
            <ModelImage src={image} alt="" size="tab" priority />
          </div>
        ) : null}
      </div>
      <div className="fc-container">
        <StatList stats={stats} className="fc-models-stats" />
      </div>
    </section>
  );
}

/**
 * The full-screen image banner (§2): the image across the screen with the eyebrow, title,
 * description and button over it. Takes the banner; renders the section.
 */
export function FullImageBanner({ banner }: { banner: ImageBanner }) {
  const id = useId();
  return (
    <section className="fc-models-imagebanner" aria-labelledby={id} data-section="image-banner">
      {banner.imageUrl ? (
        <ModelImage className="fc-models-imagebanner__image" src={banner.imageUrl} alt={banner.imageAlt} size="hero" />
      ) : null}
      <div className="fc-models-imagebanner__text">
        <div className="fc-container">
          {banner.eyebrow ? <p className="fc-models-eyebrow">{banner.eyebrow}</p> : null}
          <h2 id={id}>{banner.title}</h2>
          <p>{banner.description}</p>
          {banner.button ? <CtaButtons ctas={[banner.button]} /> : null}
        </div>
      </div>
    </section>
  );
}
