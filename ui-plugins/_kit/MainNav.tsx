import type { LinkView } from "@forecourt/ui-shell/contract";
import type { ReactNode } from "react";

/** Props of {@link MainNav}: the header's `menu` slot and links, the label's id, the template's classes. */
export interface MainNavProps {
  /** The shell's menu (SiteHeaderProps.menu), or undefined for the template's own links. */
  menu?: ReactNode;
  /** The template's own links (SiteHeaderProps.nav). */
  nav: readonly LinkView[];
  /** Id of the element that names the menu ("Main"). */
  labelledBy: string;
  /** Class of the wrapper around the shell's menu, e.g. `cl-menu`. */
  menuClass: string;
  /** Class of the template's `<nav>`, if any. */
  navClass?: string;
  /** Class of the template's `<ul>`, if any. */
  listClass?: string;
}

/**
 * A template header's menu strip: the shell's menu (dropdowns, drawer) in its place when the shell
 * passes one, else the template's own list of links. Takes {@link MainNavProps}; renders the strip.
 * Spec: docs/features/locations-forms-marketing.md §2 "Navigation".
 */
export function MainNav({ menu, nav, labelledBy, menuClass, navClass, listClass }: MainNavProps) {
  if (menu) return <div className={menuClass}>{menu}</div>;
  return (
    <nav aria-labelledby={labelledBy} className={navClass}>
      <ul className={listClass}>
        {nav.map((l) => (
          <li key={l.href}>
            <a href={l.href}>{l.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
