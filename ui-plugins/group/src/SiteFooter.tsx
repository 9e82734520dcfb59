import type { SiteFooterProps } from "@forecourt/ui-shell/contract";
import { Style } from "../../_kit/Style";
import css from "./styles.css?inline";

/**
 * Group footer: menus across the top, then a dense grid of every location grouped by type (sales,
 * service, parts) with address and phone. Takes SiteFooterProps; renders a `<footer>`.
 * Spec: docs/features/locations-forms-marketing.md §2 "Footer", "Location block".
 */
export default function SiteFooter({ siteName, locations, columns, legal }: SiteFooterProps) {
  const types = [...new Set(locations.map((l) => l.type))];
  return (
    <footer className="gr-footer" data-fc-component="SiteFooter" data-fc-template="group">
      <Style template="group" css={css} />
      <div className="gr-wrap">
        <div className="gr-footer__menus">
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
        <section aria-label={`${siteName} locations`}>
          {types.map((t) => (
            <div key={t} className="gr-footer__type">
              <h2>{t.charAt(0).toUpperCase() + t.slice(1)} locations</h2>
              <div className="gr-footer__grid">
                {locations
                  .filter((l) => l.type === t)
                  .map((l) => (
                    <address key={l.href}>
                      <a href={l.href}>{l.name}</a>
                      <span>{l.addressLines.join(", ")}</span>
                      {l.phone ? <a href={l.phone.href}>{l.phone.display}</a> : null}
                    </address>
                  ))}
              </div>
            </div>
          ))}
        </section>
        <p className="gr-footer__legal">{legal}</p>
      </div>
    </footer>
  );
}
