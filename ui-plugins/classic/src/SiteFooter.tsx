import type { SiteFooterProps } from "@forecourt/ui-shell/contract";
import { Style } from "../../_kit/Style";
import css from "./styles.css?inline";

/**
 * Classic footer: dark, locations first (name, address, phone), then the menus and the legal line.
 * Takes SiteFooterProps; renders a `<footer>`. Spec: docs/features/locations-forms-marketing.md §2 "Footer".
 */
export default function SiteFooter({ siteName, locations, columns, legal }: SiteFooterProps) {
  return (
    <footer className="cl-footer" data-fc-component="SiteFooter" data-fc-template="classic">
      <Style template="classic" css={css} />
      <div className="cl-footer__inner">
        <section aria-label={`${siteName} locations`} className="cl-footer__locations">
          {locations.map((l) => (
            <address key={l.href}>
              <a href={l.href} className="cl-footer__name">
                {l.name}
              </a>
              {l.addressLines.map((line) => (
                <span key={line}>{line}</span>
              ))}
              {l.phone ? <a href={l.phone.href}>{l.phone.display}</a> : null}
            </address>
          ))}
        </section>
        <div className="cl-footer__menus">
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
        <p className="cl-footer__legal">{legal}</p>
      </div>
    </footer>
  );
}
