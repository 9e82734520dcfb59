import type { SiteHeaderProps } from "@forecourt/ui-shell/contract";
import { useId } from "react";
import { MainNav } from "../../_kit/MainNav";
import { Style } from "../../_kit/Style";
import css from "./styles.css?inline";

/**
 * Superstore header: a loud red bar with a bold italic word mark, a yellow "call now" button per
 * car type and a chunky menu. Takes SiteHeaderProps; renders a `<header>`.
 * Spec: docs/features/locations-forms-marketing.md §2 "Navigation"; docs/features/shopper-core.md
 * §9 phones per car type.
 */
export default function SiteHeader({ siteName, logoUrl, nav, phones, menu }: SiteHeaderProps) {
  // A hook: under a second React copy this throws, so rendering at all proves the shared singleton.
  const navLabel = useId();
  return (
    <header className="ss-header" data-fc-component="SiteHeader" data-fc-template="superstore">
      <Style template="superstore" css={css} />
      <span id={navLabel} hidden>
        Main
      </span>
      <div className="ss-header__row">
        <a className="ss-brand" href="/">
          {logoUrl ? <img src={logoUrl} alt={siteName} height={52} /> : siteName}
        </a>
        <ul className="ss-calls" aria-label="Call us">
          {phones.map((p) => (
            <li key={p.href}>
              <a href={p.href} className="ss-call">
                <small>{p.label}</small> {p.display}
              </a>
            </li>
          ))}
        </ul>
      </div>
      {/* The shell's menu (dropdowns, drawer) in the menu strip's place, else the template's links. */}
      <MainNav menu={menu} nav={nav} labelledBy={navLabel} menuClass="ss-menu" navClass="ss-nav" />
    </header>
  );
}
