import type { HomeHeroProps } from "@forecourt/ui-shell/contract";
import { ArrowRight } from "lucide-react";
import { HeroPicture } from "../../_kit/HeroPicture";
import { Style } from "../../_kit/Style";
import css from "./styles.css?inline";

/**
 * EV hero: a tall teal-to-cyan gradient (85vh on wide screens, as the spec's hero slider), light
 * large type, "Discover" and "Search Stock" pills, and a car of the site's stock. Takes HomeHeroProps;
 * renders a `<section>`.
 * Spec: docs/features/locations-forms-marketing.md §2 "Electric-model marketing area" (hero),
 * docs/features/shopper-core.md §1.
 */
export default function HomeHero({ siteName, headline, subheadline, searchLinks, primaryAction, image }: HomeHeroProps) {
  return (
    <section className="ev-hero" data-fc-component="HomeHero" data-fc-template="ev">
      <Style template="ev" css={css} />
      <div className="ev-hero__inner">
        <p className="ev-hero__eyebrow">{siteName}</p>
        <h1>{headline}</h1>
        <p className="ev-hero__sub">{subheadline}</p>
        <p className="ev-hero__ctas">
          <a className="ev-btn" href={primaryAction.href}>
            {primaryAction.label}
          </a>
          <a className="ev-btn ev-btn--glass" href="/models">
            Discover more
          </a>
        </p>
        <ul className="ev-hero__quick">
          {searchLinks.map((l) => (
            <li key={l.href}>
              <a href={l.href}>
                {l.label} <ArrowRight aria-hidden="true" size={16} className="kit-icon" />
              </a>
            </li>
          ))}
        </ul>
      </div>
      <HeroPicture image={image} className="ev-hero__pic" />
    </section>
  );
}
