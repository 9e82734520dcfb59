// The shell's default implementations of the remote modules (src/contract.ts). They render when a
// tenant has no remote, while it fails, or when a module is missing; plain and accessible.
import type { HomeHeroProps, SearchCardProps, SiteFooterProps, SiteHeaderProps, VdpSidebarProps } from "../contract";
import { ButtonLink } from "../design/Button";
import { countOf } from "../lib/format";
import { PriceTag } from "./PriceTag";

const SHELL = { "data-fc-template": "shell" } as const;

/**
 * Default site header: word mark or logo, main menu (the shell's `menu` when given: the mega menu
 * and drawer; else the `nav` links), phone numbers per car type.
 * Takes {@link SiteHeaderProps}; renders a `<header>`. Spec:
 * docs/features/locations-forms-marketing.md §2 "Navigation".
 */
export function DefaultSiteHeader({ siteName, logoUrl, nav, phones, menu }: SiteHeaderProps) {
  return (
    <header className="fc-header" data-fc-component="SiteHeader" {...SHELL}>
      <div className="fc-container fc-header__inner">
        <a className="fc-header__brand" href="/">
          {logoUrl ? <img src={logoUrl} alt={siteName} height={40} /> : siteName}
        </a>
        {menu ?? (
          <nav aria-label="Main">
            <ul className="fc-header__nav">
              {nav.map((l) => (
                <li key={l.href}>
                  <a href={l.href}>{l.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <ul className="fc-header__phones" aria-label="Call us">
          {phones.map((p) => (
            <li key={p.href}>
              <span>{p.label}: </span>
              <a href={p.href}>{p.display}</a>
            </li>
          ))}
        </ul>
      </div>
    </header>
  );
}

/**
 * Default site footer: menus, every location's address and phone, legal line.
 * Takes {@link SiteFooterProps}; renders a `<footer>`. Spec: docs/features/locations-forms-marketing.md §2 "Footer".
 */
export function DefaultSiteFooter({ siteName, locations, columns, legal }: SiteFooterProps) {
  return (
    <footer className="fc-footer" data-fc-component="SiteFooter" {...SHELL}>
      <div className="fc-container fc-footer__grid">
        {columns.map((c) => (
          <nav key={c.title} aria-label={c.title}>
            <h2 className="fc-footer__heading">{c.title}</h2>
            <ul>
              {c.links.map((l) => (
                <li key={l.href}>
                  <a href={l.href}>{l.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <section aria-label={`${siteName} locations`}>
          <h2 className="fc-footer__heading">Locations</h2>
          {locations.map((l) => (
            <address key={l.href} className="fc-footer__location">
              <a href={l.href}>{l.name}</a>
              {l.addressLines.map((line) => (
                <span key={line}>{line}</span>
              ))}
              {l.phone ? <a href={l.phone.href}>{l.phone.display}</a> : null}
            </address>
          ))}
        </section>
      </div>
      <p className="fc-container fc-footer__legal">{legal}</p>
    </footer>
  );
}

/**
 * Default home hero: headline, subheadline, search links and the group statistics beside a
 * featured car's picture (linking to the car, with its name and price as caption) when there is one.
 * Takes {@link HomeHeroProps}; renders a `<section>`. Spec: docs/features/shopper-core.md §1, §2.
 */
export function DefaultHomeHero({ headline, subheadline, searchLinks, stats, primaryAction, image }: HomeHeroProps) {
  return (
    <section className={`fc-hero${image ? " fc-hero--pictured" : ""}`} data-fc-component="HomeHero" {...SHELL}>
      <div className="fc-container fc-hero__grid">
        {image ? (
          <a className="fc-hero__figure" href={image.href}>
            <img
              src={image.src}
              {...(image.srcSet ? { srcSet: image.srcSet, sizes: image.sizes ?? "100vw" } : {})}
              width={image.width}
              height={image.height}
              alt={image.alt}
              fetchPriority="high"
            />
            <span className="fc-hero__caption">{image.caption}</span>
          </a>
        ) : null}
        <div className="fc-hero__text">
          <h1>{headline}</h1>
          <p>{subheadline}</p>
          <p className="fc-hero__actions">
            <ButtonLink href={primaryAction.href}>{primaryAction.label}</ButtonLink>
            {searchLinks.map((l) => (
              <ButtonLink key={l.href} href={l.href} variant="secondary">
                {l.label}
              </ButtonLink>
            ))}
          </p>
          {stats.length > 0 ? (
            <dl className="fc-hero__stats">
              {stats.map((s) => (
                <div key={s.label}>
                  <dt>{s.label}</dt>
                  <dd>{s.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </div>
      </div>
    </section>
  );
}

/**
 * Default search card: image, tag, title, chips, price, buttons.
 * Takes {@link SearchCardProps}; renders an `<article>`. Spec: docs/features/shopper-core.md §2 "Search results".
 */
export function DefaultSearchCard({ card, actions, controls }: SearchCardProps) {
  const img = card.image;
  return (
    <article className="fc-card" data-fc-component="SearchCard" {...SHELL}>
      <a href={card.href} className="fc-card__media" tabIndex={-1} aria-label={card.title}>
        {img ? (
          <img
            src={img.src}
            {...(img.srcSet ? { srcSet: img.srcSet, sizes: img.sizes ?? "100vw" } : {})}
            width={img.width}
            height={img.height}
            alt=""
            loading={img.loading}
            {...(img.fetchPriority ? { fetchPriority: img.fetchPriority } : {})}
            decoding="async"
          />
        ) : card.imageUrl ? (
          <img src={card.imageUrl} alt="" loading="lazy" />
        ) : (
          <span className="fc-card__noimage">No photo yet</span>
        )}
      </a>
      {card.tag ? <span className="fc-card__tag">{card.tag}</span> : null}
      {controls}
      <h3 className="fc-card__title">
        <a href={card.href}>{card.title}</a>
      </h3>
      {card.subtitle ? <p className="fc-card__subtitle">{card.subtitle}</p> : null}
      <ul className="fc-card__chips">
        {card.chips.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <PriceTag price={card.price} />
      {card.driveAway ? (
        <p className="fc-card-drive-away" data-drive-away-line="">
          {card.driveAway}
        </p>
      ) : null}
      <p className="fc-card__actions">
        {actions.map((a) => (
          <ButtonLink key={a.id} href={a.href} variant={a.emphasis} size="sm">
            {a.label}
          </ButtonLink>
        ))}
      </p>
    </article>
  );
}

/**
 * Default VDP sidebar: title, price, key facts, actions, phone, location, SOLD notice.
 * Takes {@link VdpSidebarProps}; renders an `<aside>`. Spec: docs/features/shopper-core.md §2 "Vehicle detail page".
 */
export function DefaultVdpSidebar(props: VdpSidebarProps) {
  const { title, subtitle, price, facts, actions, phone, location, available, views } = props;
  return (
    <aside className="fc-sidebar" aria-label="Vehicle summary" data-fc-component="VdpSidebar" {...SHELL}>
      <h1 className="fc-sidebar__title">
        {title} {subtitle ? <span className="fc-sidebar__subtitle">{subtitle}</span> : null}
      </h1>
      {!available ? (
        <p className="fc-sidebar__sold" role="status">
          SOLD — Like this and want something similar?
        </p>
      ) : null}
      <PriceTag price={price} />
      <dl className="fc-facts">
        {facts.map((f) => (
          <div key={f.label}>
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>
      <p className="fc-sidebar__actions">
        {actions.map((a) => (
          <ButtonLink key={a.id} href={a.href} variant={a.emphasis} data-action={a.id}>
            {a.label}
          </ButtonLink>
        ))}
      </p>
      {phone ? (
        <p>
          Call {phone.label.toLowerCase()}: <a href={phone.href}>{phone.display}</a>
        </p>
      ) : null}
      {location ? (
        <p>
          Located at <a href={location.href}>{location.label}</a>
        </p>
      ) : null}
      {views > 0 ? <p className="fc-muted">{countOf(views, "view")}</p> : null}
    </aside>
  );
}
