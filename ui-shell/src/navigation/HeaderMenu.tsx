// The header's main menu as the shell renders it first (docs/features/platform.md
// "Locations, offers and navigation"): the entries of GET /api/v1/navigation (the shell's own links
// until it answers, or when it fails) as plain links and closed dropdown buttons, in the same
// markup and size as the interactive menu, so nothing moves when that takes over. The interactive
// menu (Radix NavigationMenu, the mobile drawer: MegaMenu.tsx) is a chunk of its own, loaded on the
// visitor's first intent (pointer over the menu, focus, a tap or a click), so it costs no
// first-load JavaScript; the interaction that loaded it is handed over (the dropdown clicked, or
// hovered on hover sites, opens; focus stays).
// Spec: docs/features/locations-forms-marketing.md §2 "Navigation", §4 "Dropdown menus".
import { type ComponentType, type FocusEvent, type PointerEvent, useRef, useState } from "react";
import type { LinkView } from "../contract";
import { useNavigation } from "./data";
import { dropdownOf, entryKey, headerEntries, type MegaMenuProps, type MenuHandoff } from "./entries";
import "./navigation.css";

type MegaModule = { default: ComponentType<MegaMenuProps> };
let loaded: ComponentType<MegaMenuProps> | null = null;
let pending: Promise<ComponentType<MegaMenuProps>> | null = null;

/**
 * Loads the interactive menu's chunk (once). Takes nothing; resolves with its component.
 */
export function loadMegaMenu(): Promise<ComponentType<MegaMenuProps>> {
  pending ??= import("./MegaMenu").then((m: MegaModule) => {
    loaded = m.default;
    return m.default;
  });
  return pending;
}

/**
 * The header's main menu: `<nav aria-label="Main">` with a Menu button (the drawer, below 960 px)
 * and the entries, plain until the visitor reaches for them, then the interactive menu. Takes the
 * shell's own links (shown until the navigation answers); renders the menu. Spec:
 * docs/features/locations-forms-marketing.md §2 "Navigation" (header, mobile drawer).
 */
export function HeaderMenu({ fallback }: { fallback: LinkView[] }) {
  const nav = useNavigation();
  const data = nav.status === "ok" ? nav.data : null;
  const [Mega, setMega] = useState<ComponentType<MegaMenuProps> | null>(() => loaded);
  const [initial, setInitial] = useState<MenuHandoff>({ open: null, focus: null, drawer: false });
  const ask = useRef<MenuHandoff>({ open: null, focus: null, drawer: false });
  const hovered = useRef<string | null>(null);
  const hoverSite = useRef(false);
  hoverSite.current = data?.open_on === "hover";

  const upgrade = (h: Partial<MenuHandoff> = {}) => {
    Object.assign(ask.current, h);
    void loadMegaMenu().then((C) => {
      const a = ask.current;
      setInitial({ ...a, open: a.open ?? (hoverSite.current ? hovered.current : null) });
      setMega(() => C);
    });
  };

  if (Mega) return <Mega fallback={fallback} initial={initial} />;

  const entries = headerEntries(data, fallback);
  const onFocus = (e: FocusEvent<HTMLElement>) => upgrade({ focus: (e.target as HTMLElement).dataset.entry ?? null });
  const enter = (key: string) => (e: PointerEvent) => {
    if (e.pointerType !== "mouse") return;
    hovered.current = key;
    upgrade();
  };
  const leave = () => {
    hovered.current = null;
  };
  return (
    <nav
      aria-label="Main"
      className="fc-menu"
      data-fc-menu="static"
      data-open-on={data?.open_on ?? "click"}
      onFocus={onFocus}
      onPointerDown={(e) => {
        // A dropdown button loads the menu on its click (which opens it); anything else now.
        if (!(e.target as HTMLElement).closest?.(".fc-menu__trigger")) upgrade();
      }}
    >
      <button
        type="button"
        className="fc-menu__toggle"
        data-entry="toggle"
        aria-haspopup="dialog"
        aria-expanded={false}
        onClick={() => upgrade({ drawer: true })}
      >
        <span className="fc-menu__burger" aria-hidden="true" />
        Menu
      </button>
      <div className="fc-menu__track">
        <ul className="fc-menu__list">
          {entries.map((e, i) => {
            const key = entryKey(i);
            return (
              <li key={key} className="fc-menu__item">
                {dropdownOf(e, data) ? (
                  <button
                    type="button"
                    className="fc-menu__trigger"
                    data-entry={key}
                    aria-expanded={false}
                    onPointerEnter={enter(key)}
                    onPointerLeave={leave}
                    onClick={() => upgrade({ open: key, focus: key })}
                  >
                    {e.label}
                    <span className="fc-menu__chevron" aria-hidden="true" />
                  </button>
                ) : (
                  <a className="fc-menu__link" data-entry={key} href={e.href ?? "/"} onPointerEnter={enter(key)}>
                    {e.label}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </nav>
  );
}
