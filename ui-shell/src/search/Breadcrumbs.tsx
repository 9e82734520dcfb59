import type { Crumb } from "./route";

/**
 * A breadcrumb trail (docs/features/locations-forms-marketing.md §2 "breadcrumb trails with make, model and
 * body-type crumbs"): a labelled `<nav>` with an ordered list, the last crumb the current page.
 * Takes the crumbs; renders the trail.
 */
export function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <nav className="fc-breadcrumb" aria-label="Breadcrumb">
      <ol>
        {crumbs.map((c, i) => (
          <li key={c.href}>
            {i === crumbs.length - 1 ? <span aria-current="page">{c.label}</span> : <a href={c.href}>{c.label}</a>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
