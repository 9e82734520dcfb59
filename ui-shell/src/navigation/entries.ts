// The header's entries, without React (docs/features/platform.md
// "Locations, offers and navigation"): which entries open a dropdown, the shell's own links as
// entries while the host's navigation is not there, and the handover from the first-load menu to
// the interactive one. Small: part of the first load (HeaderMenu.tsx); the Vehicles menu's chips
// are in menu.ts, loaded with the interactive menu.
// Spec: docs/features/locations-forms-marketing.md §2 "Navigation".
import type { NavColumn, NavEntry, Navigation } from "../api/types";
import type { LinkView } from "../contract";

/**
 * An entry's columns that have links (the host may leave `columns` and `links` out when empty).
 * Takes the entry; returns its non-empty columns with their links.
 */
export function columnsOf(entry: Pick<NavEntry, "columns">): { title: string; links: NonNullable<NavColumn["links"]> }[] {
  return (entry.columns ?? []).map((c) => ({ title: c.title, links: c.links ?? [] })).filter((c) => c.links.length > 0);
}

/** What an entry's dropdown holds: the models, the stock links, the brand tiles, link columns, or none (a plain link). */
export type Dropdown = "vehicles" | "stock" | "brands" | "columns" | null;

/**
 * What an entry opens: `vehicles`, `stock` or `brands` when the navigation has models, stock
 * links or brands; `columns` for an entry with links in its columns; else null (a plain link, or
 * nothing to show when it has no `href` either). Takes the entry and the navigation (null: the
 * shell's fallback links); returns the {@link Dropdown}.
 */
export function dropdownOf(entry: NavEntry, nav: Navigation | null): Dropdown {
  if (entry.kind === "vehicles" && nav && nav.vehicles.length > 0) return "vehicles";
  if (entry.kind === "stock" && nav && nav.stock.length > 0) return "stock";
  if (entry.kind === "brands" && nav && nav.brands.length > 0) return "brands";
  if (columnsOf(entry).length > 0) return "columns";
  return null;
}

/**
 * The header's entries: the navigation's (those that open something or link somewhere), else the
 * shell's own menu links as plain entries. Takes the navigation (null while loading or after a
 * failure) and the fallback links; returns the entries in order.
 */
export function headerEntries(nav: Navigation | null, fallback: readonly LinkView[]): NavEntry[] {
  if (!nav) return fallback.map((l) => ({ label: l.label, href: l.href, kind: "links", columns: [] }));
  return nav.header.filter((e) => dropdownOf(e, nav) !== null || Boolean(e.href));
}

/** What the first interaction asks of the interactive menu: the entry to open and focus, and the drawer. */
export interface MenuHandoff {
  /** Entry key (`data-entry`) to open, or null. */
  open: string | null;
  /** Entry key to focus once it renders, or null. */
  focus: string | null;
  /** Open the mobile drawer. */
  drawer: boolean;
}

/** Props of the interactive menu (MegaMenu.tsx): the shell's links and the first interaction's handoff. */
export interface MegaMenuProps {
  /** The shell's own links (shown while the navigation is loading or when it failed). */
  fallback: LinkView[];
  /** What the first interaction asked for. */
  initial: MenuHandoff;
}

/** The key of the `i`th entry (`data-entry`, and the Radix item's value). */
export function entryKey(i: number): string {
  return `entry-${i}`;
}
