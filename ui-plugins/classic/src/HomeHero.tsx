import type { HomeHeroProps } from "@forecourt/ui-shell/contract";
import { HeroPicture } from "../../_kit/HeroPicture";
import { Style } from "../../_kit/Style";
import css from "./styles.css?inline";

/**
 * Classic hero: a dark full-width band, serif headline with a gold rule, understated outlined
 * search links, and a featured car from the site's stock beside the text (under it on phones).
 * Takes HomeHeroProps; renders a `<section>`. Spec: docs/features/shopper-core.md §1-§2.
 */
export default function HomeHero({ headline, subheadline, searchLinks, stats, primaryAction, image }: HomeHeroProps) {
  return (
    <section className={`cl-hero${image ? " cl-hero--pictured" : ""}`} data-fc-component="HomeHero" data-fc-template="classic">
      <Style template="classic" css={css} />
      <div className="cl-hero__inner">
        <h1>{headline}</h1>
        <hr className="cl-rule" />
        <p>{subheadline}</p>
        <p className="cl-hero__links">
          <a className="cl-btn cl-btn--primary" href={primaryAction.href}>
            {primaryAction.label}
          </a>
          {searchLinks.map((l) => (
            <a key={l.href} className="cl-btn" href={l.href}>
              {l.label}
            </a>
          ))}
        </p>
        {stats.length > 0 ? (
          <dl className="cl-hero__stats">
            {stats.map((s) => (
              <div key={s.label}>
                <dd>{s.value}</dd>
                <dt>{s.label}</dt>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
      <HeroPicture image={image} className="cl-hero__pic" />
    </section>
  );
}
