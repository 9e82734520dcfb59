// The brand grid and the statistics banner (docs/features/platform.md "Locations, offers and navigation"), for /brands
// and the stories.
// Spec: docs/features/shopper-core.md §1 (group statistics, 50+ locations...), §2 /brands ("brand grids (cars,
// motorcycles, trucks, group brands)"); docs/features/locations-forms-marketing.md §3 "Brand entry", §9 76x65.
import type { Brand, BrandGroup, Stat } from "../api/types";
import { LOGO_HEIGHT, LOGO_WIDTH } from "./brands";

/**
 * One brand tile: the logo at 76x65 (none when the brand has no logo), the title and the
 * description, the whole tile linking to the brand's `href` (its overview page, or its stock when
 * it has none). Takes the brand; renders an `<li>`.
 */
export function BrandTileCard({ brand }: { brand: Brand }) {
  return (
    <li className="fc-brand-tile" data-brand={brand.slug}>
      <a href={brand.href}>
        <span className="fc-brand-tile__logo">
          {brand.logo_url ? <img src={brand.logo_url} alt="" width={LOGO_WIDTH} height={LOGO_HEIGHT} loading="lazy" /> : null}
        </span>
        <span className="fc-brand-tile__title">{brand.title}</span>
        {brand.description ? <span className="fc-brand-tile__text">{brand.description}</span> : null}
      </a>
    </li>
  );
}

/**
 * A group's grid: its title as an `<h2>` and a tile per brand. Takes the group (kind `cars`,
 * `motorcycles`, `trucks` or `group`); renders a `<section data-brand-group={kind}>`.
 */
export function BrandGrid({ group }: { group: BrandGroup }) {
  const id = `fc-brands-${group.kind}`;
  return (
    <section className="fc-brand-group" aria-labelledby={id} data-brand-group={group.kind}>
      <h2 id={id}>{group.title}</h2>
      <ul className="fc-brand-grid">
        {group.brands.map((b) => (
          <BrandTileCard key={b.slug} brand={b} />
        ))}
      </ul>
    </section>
  );
}

/**
 * The statistics banner (e.g. 50+ Locations, 40+ Brands, 30+ Years Established): each value over
 * its label. Takes the statistics; renders nothing when there are none.
 */
export function StatsBanner({ stats }: { stats: readonly Stat[] }) {
  if (stats.length === 0) return null;
  return (
    <dl className="fc-stats-banner" data-stats="">
      {stats.map((s) => (
        <div key={s.label}>
          <dt>{s.label}</dt>
          <dd>{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}
