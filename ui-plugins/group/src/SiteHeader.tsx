import type { SiteHeaderProps } from "@forecourt/ui-shell/contract";
import { useId } from "react";
import { MainNav } from "../../_kit/MainNav";
import { Style } from "../../_kit/Style";
import css from "./styles.css?inline";

/**
 * Group header: a white bar with the group's name on the left and a "Call a dealer" phone list on
 * the right, over a blue menu strip. Takes SiteHeaderProps; renders a `<header>`.
 * Spec: docs/features/locations-forms-marketing.md §2 "Navigation"; docs/features/shopper-core.md
 * §9 phones per car type.
 */
export default function SiteHeader({ siteName, logoUrl, nav, phones, menu }: SiteHeaderProps) {
  // A hook: under a second React copy this throws, so rendering at all proves the shared singleton.
  const navLabel = useId();
  return (
    <header className="gr-header" data-fc-component="SiteHeader" data-fc-template="group">
      <Style template="group" css={css} />
      <span id={navLabel} hidden>
        Main
      </span>
      <div className="gr-header__top">
        <a className="gr-brand" href="/">
          {logoUrl ? <img src={logoUrl} alt={siteName} height={44} /> : <span>{siteName}</span>}
        </a>
        <dl className="gr-phones" aria-label="Call us">
          {phones.map((p) => (
            <div key={p.href}>
              <dt>{p.label}</dt>
              <dd>
                <a href={p.href}>{p.display}</a>
              </dd>
            </div>
          ))}
        </dl>
      </div>
      {/* The shell's menu (dropdowns, drawer) in the menu strip's place, else the template's links. */}
      <MainNav menu={menu} nav={nav} labelledBy={navLabel} menuClass="gr-menu" navClass="gr-nav" />
    </header>
  );
}
