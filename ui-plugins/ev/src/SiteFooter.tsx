import type { SiteFooterProps } from "@forecourt/ui-shell/contract";
import { Style } from "../../_kit/Style";
import css from "./styles.css?inline";

/**
 * EV footer: airy, light surface, menus in a row and the locations as soft rounded cards.
 * Takes SiteFooterProps; renders a `<footer>`. Spec: docs/features/locations-forms-marketing.md §2 "Footer".
 */
export default function SiteFooter({ siteName, locations, columns, legal }: SiteFooterProps) {
  return (
    <footer className="ev-footer" data-fc-component="SiteFooter" data-fc-template="ev">
      <Style template="ev" css={css} />
      <div className="ev-footer__inner">
        <div className="ev-footer__menus">
          {columns.map((c) => (
            <nav key={c.title} aria-label={c.title}>
              <h2>{c.title}</h2>
              <ul>
                {c.links.map((l) => (
                  <li key={l.href}>
                    <a href={l.href}>{l.label}</a>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <section aria-label={`${siteName} locations`} className="ev-footer__locations">
          {locations.map((l) => (
            <address key={l.href}>
              <a href={l.href}>{l.name}</a>
              <span>{l.addressLines.join(" · ")}</span>
              {l.phone ? <a href={l.phone.href}>{l.phone.display}</a> : null}
            </address>
          ))}
        </section>
        <p className="ev-footer__legal">{legal}</p>
      </div>
    </footer>
  );
}
