import type { HomeHeroProps } from "@forecourt/ui-shell/contract";
import { HeroPicture } from "../../_kit/HeroPicture";
import { Style } from "../../_kit/Style";
import css from "./styles.css?inline";

/**
 * Superstore hero: a diagonal red/yellow banner with a huge uppercase headline, oversized search
 * buttons and a featured car of the site's stock. Takes HomeHeroProps; renders a `<section>`. Spec: docs/features/shopper-core.md §1-§2.
 */
export default function HomeHero({ headline, subheadline, searchLinks, primaryAction, image }: HomeHeroProps) {
  return (
    <section className="ss-hero" data-fc-component="HomeHero" data-fc-template="superstore">
      <Style template="superstore" css={css} />
      <div className="ss-hero__inner">
        <h1>{headline}</h1>
        <p className="ss-hero__sub">{subheadline}</p>
        <p className="ss-hero__buttons">
          <a className="ss-btn ss-btn--big" href={primaryAction.href}>
            {primaryAction.label}
          </a>
          {searchLinks.map((l) => (
            <a key={l.href} className="ss-btn ss-btn--alt" href={l.href}>
              {l.label}
            </a>
          ))}
        </p>
      </div>
      <HeroPicture image={image} className="ss-hero__pic" />
    </section>
  );
}
