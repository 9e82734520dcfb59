import type { SiteHeaderProps } from "@forecourt/ui-shell/contract";
import { useId } from "react";
import { MainNav } from "../../_kit/MainNav";
import { Style } from "../../_kit/Style";
import css from "./styles.css?inline";

/**
 * Classic header: a thin top bar of phone numbers per car type, then a centred serif word mark
 * (or logo) over an uppercase menu. Takes SiteHeaderProps; renders a `<header>`.
 * Spec: docs/features/locations-forms-marketing.md §2 "Navigation"; docs/features/shopper-core.md
 * §9 phones per car type.
 */
export default function SiteHeader({ siteName, logoUrl, nav, phones, menu }: SiteHeaderProps) {
  // A hook: under a second React copy this throws, so rendering at all proves the shared singleton.
  const navLabel = useId();
  return (
    <header className="cl-header" data-fc-component="SiteHeader" data-fc-template="classic">
      <Style template="classic" css={css} />
      <span id={navLabel} hidden>
        Main
      </span>
      <div className="cl-topbar">
        <ul aria-label="Call us">
          {phones.map((p) => (
            <li key={p.href}>
              {p.label} <a href={p.href}>{p.display}</a>
            </li>
          ))}
        </ul>
      </div>
      <div className="cl-brandbar">
        <a className="cl-brand" href="/">
          {logoUrl ? <img src={logoUrl} alt={siteName} height={48} /> : siteName}
        </a>
      </div>
      {/* The shell's menu (dropdowns, drawer) in the menu strip's place, else the template's links. */}
      <MainNav menu={menu} nav={nav} labelledBy={navLabel} menuClass="cl-menu" navClass="cl-nav" />
    </header>
  );
}
