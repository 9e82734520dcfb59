import type { SiteFooterProps } from "@forecourt/ui-shell/contract";
import { Style } from "../../_kit/Style";
import css from "./styles.css?inline";

/**
 * Superstore footer: a yellow "visit our superstore" band with each location as a big card, then
 * the menus on black. Takes SiteFooterProps; renders a `<footer>`.
 * Spec: docs/features/locations-forms-marketing.md §2 "Footer".
 */
export default function SiteFooter({ siteName, locations, columns, legal }: SiteFooterProps) {
  return (
    <footer className="ss-footer" data-fc-component="SiteFooter" data-fc-template="superstore">
      <Style template="superstore" css={css} />
      <section className="ss-footer__visit" aria-label={`Visit ${siteName}`}>
        <h2>Visit {siteName}</h2>
        <div className="ss-footer__cards">
          {locations.map((l) => (
            <address key={l.href} className="ss-footer__card">
              <a href={l.href}>{l.name}</a>
              {l.addressLines.map((line) => (
                <span key={line}>{line}</span>
              ))}
              {l.phone ? (
                <a className="ss-call" href={l.phone.href}>
                  {l.phone.display}
                </a>
              ) : null}
            </address>
          ))}
        </div>
      </section>
      <div className="ss-footer__menus">
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
      <p className="ss-footer__legal">{legal}</p>
    </footer>
  );
}
