import type { HomeHeroProps } from "@forecourt/ui-shell/contract";
import { ArrowRight } from "lucide-react";
import { HeroPicture } from "../../_kit/HeroPicture";
import { Style } from "../../_kit/Style";
import css from "./styles.css?inline";

/**
 * Group hero: a split panel (headline and search tabs-as-links on blue) beside a featured car of
 * the group's stock and the statistics banner (the site's `stats`: locations, brands, years).
 * Takes HomeHeroProps; renders a `<section>`.
 * Spec: docs/features/shopper-core.md §1 "Dealer-group sites also show ... a statistics banner".
 */
export default function HomeHero({ siteName, headline, subheadline, searchLinks, stats, primaryAction, image }: HomeHeroProps) {
  return (
    <section className="gr-hero" data-fc-component="HomeHero" data-fc-template="group">
      <Style template="group" css={css} />
      <div className="gr-wrap gr-hero__grid">
        <div>
          <p className="gr-eyebrow">{siteName}</p>
          <h1>{headline}</h1>
          <p>{subheadline}</p>
          <p className="gr-hero__links">
            {searchLinks.map((l) => (
              <a key={l.href} href={l.href} className="gr-pill">
                {l.label}
              </a>
            ))}
          </p>
          <a className="gr-btn" href={primaryAction.href}>
            {primaryAction.label} <ArrowRight aria-hidden="true" size={18} className="kit-icon" />
          </a>
        </div>
        <div className="gr-hero__side">
          <HeroPicture image={image} className="gr-hero__pic" />
          {stats.length > 0 ? (
            <dl className="gr-stats">
              {stats.map((s) => (
                <div key={s.label}>
                  <dd>{s.value}</dd>
                  <dt>{s.label}</dt>
                </div>
              ))}
            </dl>
          ) : null}
        </div>
      </div>
    </section>
  );
}
