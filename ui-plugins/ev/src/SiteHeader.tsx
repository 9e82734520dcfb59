import type { SiteHeaderProps } from "@forecourt/ui-shell/contract";
import { useId } from "react";
import { MainNav } from "../../_kit/MainNav";
import { Style } from "../../_kit/Style";
import css from "./styles.css?inline";

/**
 * EV header: a translucent, minimal single row — light word mark, thin menu, one pill for the first
 * phone number (others listed for screen readers and wide screens). Takes SiteHeaderProps.
 * Spec: docs/features/locations-forms-marketing.md §2 "Navigation"; docs/features/shopper-core.md
 * §9 phones per car type.
 */
export default function SiteHeader({ siteName, logoUrl, nav, phones, menu }: SiteHeaderProps) {
  // A hook: under a second React copy this throws, so rendering at all proves the shared singleton.
  const navLabel = useId();
  return (
    <header className="ev-header" data-fc-component="SiteHeader" data-fc-template="ev">
      <Style template="ev" css={css} />
      <span id={navLabel} hidden>
        Main
      </span>
      <div className="ev-header__row">
        <a className="ev-brand" href="/">
          {logoUrl ? <img src={logoUrl} alt={siteName} height={36} /> : siteName}
        </a>
        {/* The shell's menu (dropdowns, drawer) in the menu strip's place, else the template's links. */}
        <MainNav menu={menu} nav={nav} labelledBy={navLabel} menuClass="ev-menu" listClass="ev-nav" />
        <ul className="ev-phones" aria-label="Call us">
          {phones.map((p) => (
            <li key={p.href}>
              <a href={p.href} className="ev-pill" title={p.label}>
                <span className="ev-phones__label">{p.label} </span>
                {p.display}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </header>
  );
}
