// The interactive header menu (docs/features/platform.md "Locations, offers and navigation"), a
// chunk of its own (HeaderMenu.tsx loads it on first intent): Radix NavigationMenu dropdowns
// (keyboard, Escape, outside click and focus handling are Radix's) that open by click or by hover
// as the site says (hover sites still open by click, tap and keyboard), and below 960 px a drawer
// (Radix Dialog as a sheet) with the same entries as accordions. Every dropdown and the drawer
// close on a route change and on the force-close signal.
// Spec: docs/features/locations-forms-marketing.md §2 "Navigation", §3 "Model menu item", §4 "Dropdown menus".
import { ChevronDown } from "lucide-react";
import { Accordion as A, NavigationMenu as N } from "radix-ui";
import {
  type AnchorHTMLAttributes,
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import type { ModelMenuItem, NavEntry, Navigation } from "../api/types";
import { useLocation } from "../app/router";
import { Dialog } from "../design/Dialog";
import { imageAt } from "../lib/images";
import { onForceClose, useNavigation } from "./data";
import { columnsOf, type Dropdown, dropdownOf, entryKey, headerEntries, type MegaMenuProps } from "./entries";
import { ALL_MODELS, type Chip, filterModels, isComingSoon, type ModelFilter, menuChips, withCount } from "./menu";

/** True inside the desktop menu bar (links are Radix NavigationMenu links there, plain links in the drawer). */
const InBar = createContext(false);

/**
 * A link of a dropdown or the drawer: a Radix NavigationMenu link in the bar (selecting it closes
 * the dropdown), a plain link in the drawer. Takes anchor attributes with `href`; renders an `<a>`.
 */
export function MenuLink(props: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "onSelect"> & { href: string }) {
  return useContext(InBar) ? <N.Link {...props} /> : <a {...props} />;
}

/** Props of {@link ChipGroup}: its label, chips, the chosen value (null: All) and the setter. */
interface ChipGroupProps {
  label: string;
  chips: Chip[];
  value: string | null;
  onChange: (value: string | null) => void;
}

/** A labelled row of toggle buttons (`aria-pressed`) filtering the models, with All first. */
function ChipGroup({ label, chips, value, onChange }: ChipGroupProps) {
  return (
    <fieldset className="fc-menu__chips">
      <legend className="fc-menu__legend">{label}</legend>
      <button type="button" className="fc-menu__chip" aria-pressed={value === null} onClick={() => onChange(null)}>
        All
      </button>
      {chips.map((c) => (
        <button
          key={c.value}
          type="button"
          className="fc-menu__chip"
          data-chip={c.value}
          aria-pressed={value === c.value}
          onClick={() => onChange(value === c.value ? null : c.value)}
        >
          {c.label}
        </button>
      ))}
    </fieldset>
  );
}

/**
 * The Vehicles dropdown: body-type and powertrain filter chips (built from the models; a group
 * shows with two values or more) and the models shown, each with its image, name and a 'Coming
 * Soon' badge when its status is coming_soon. Takes the entry (its `href`: View all) and the
 * models; renders the panel. Spec: docs/features/locations-forms-marketing.md §2 "Navigation", §4.
 */
export function VehiclesPanel({ entry, items }: { entry: NavEntry; items: ModelMenuItem[] }) {
  const [f, setF] = useState<ModelFilter>(ALL_MODELS);
  const { bodies, powertrains } = useMemo(() => menuChips(items), [items]);
  const shown = filterModels(items, f);
  return (
    <div className="fc-menu__vehicles" data-panel="vehicles">
      {bodies.length > 0 || powertrains.length > 0 ? (
        <div className="fc-menu__filters">
          {bodies.length > 0 ? (
            <ChipGroup label="Body type" chips={bodies} value={f.body} onChange={(body) => setF((p) => ({ ...p, body }))} />
          ) : null}
          {powertrains.length > 0 ? (
            <ChipGroup
              label="Powertrain"
              chips={powertrains}
              value={f.powertrain}
              onChange={(powertrain) => setF((p) => ({ ...p, powertrain }))}
            />
          ) : null}
        </div>
      ) : null}
      {shown.length > 0 ? (
        <ul className="fc-menu__models">
          {shown.map((m) => (
            <li key={m.slug} data-model={m.slug}>
              <MenuLink href={m.href} className="fc-menu__model">
                {m.image_url ? (
                  <img src={imageAt(m.image_url, 320)} alt="" width={160} height={90} loading="lazy" decoding="async" />
                ) : (
                  <span className="fc-menu__noimage" aria-hidden="true" />
                )}
                <span className="fc-menu__model-name">{m.name}</span>
                {isComingSoon(m) ? <span className="fc-badge fc-menu__soon">Coming Soon</span> : null}
              </MenuLink>
            </li>
          ))}
        </ul>
      ) : (
        <p className="fc-muted">No models match these filters.</p>
      )}
      {entry.href ? (
        <MenuLink href={entry.href} className="fc-menu__all">
          View all {entry.label}
        </MenuLink>
      ) : null}
    </div>
  );
}

/** A titled list of links (a dropdown column). */
function Column({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className="fc-menu__column">
      <p className="fc-menu__heading" id={id}>
        {title}
      </p>
      <ul aria-labelledby={id}>{children}</ul>
    </div>
  );
}

/**
 * What a dropdown holds: the Vehicles models, the stock links with counts, the brand tiles (logo
 * 76x65, linking to the brand's stock page) or the entry's columns of links. Takes the entry, its
 * {@link Dropdown} and the navigation; renders the panel's content.
 */
export function PanelBody({ entry, dropdown, nav }: { entry: NavEntry; dropdown: Dropdown; nav: Navigation | null }) {
  if (dropdown === "vehicles" && nav) return <VehiclesPanel entry={entry} items={nav.vehicles} />;
  const all = entry.href ? (
    <MenuLink href={entry.href} className="fc-menu__all">
      View all {entry.label}
    </MenuLink>
  ) : null;
  if (dropdown === "stock" && nav) {
    return (
      <div data-panel="stock">
        <ul className="fc-menu__stock">
          {nav.stock.map((l) => (
            <li key={l.href}>
              <MenuLink href={l.href}>{withCount(l.label, l.count)}</MenuLink>
            </li>
          ))}
        </ul>
        {all}
      </div>
    );
  }
  if (dropdown === "brands" && nav) {
    return (
      <div data-panel="brands">
        <ul className="fc-menu__brands">
          {nav.brands.map((b) => (
            <li key={b.slug}>
              <MenuLink href={b.href} className="fc-menu__brand" data-brand={b.slug}>
                {b.logo_url ? <img src={b.logo_url} alt="" width={76} height={65} loading="lazy" /> : null}
                <span>{b.title}</span>
              </MenuLink>
            </li>
          ))}
        </ul>
        {all}
      </div>
    );
  }
  return (
    <div data-panel="links">
      <div className="fc-menu__columns">
        {columnsOf(entry).map((c) => (
          <Column key={c.title} title={c.title}>
            {c.links.map((l) => (
              <li key={l.href}>
                <MenuLink href={l.href}>{withCount(l.label, l.count)}</MenuLink>
              </li>
            ))}
          </Column>
        ))}
      </div>
      {all}
    </div>
  );
}

/**
 * The mobile drawer: a sheet (Radix Dialog) titled Menu with the header's entries, dropdowns as
 * accordions and plain entries as links. Takes the entries, the navigation, and the open state
 * with its setter; renders the dialog.
 */
export function MenuDrawer({
  entries,
  nav,
  open,
  onOpenChange,
}: {
  entries: NavEntry[];
  nav: Navigation | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Menu" className="fc-menu-drawer">
      <A.Root type="multiple" className="fc-accordion fc-menu-drawer__list">
        {entries.map((e, i) => {
          const key = entryKey(i);
          const dropdown = dropdownOf(e, nav);
          if (!dropdown) {
            return (
              <a key={key} className="fc-menu-drawer__link" href={e.href ?? "/"}>
                {e.label}
              </a>
            );
          }
          return (
            <A.Item key={key} value={key} className="fc-accordion__item">
              <A.Header className="fc-accordion__header">
                <A.Trigger className="fc-accordion__trigger">
                  <span>{e.label}</span>
                  <ChevronDown className="fc-accordion__chevron" aria-hidden="true" size={18} />
                </A.Trigger>
              </A.Header>
              <A.Content className="fc-accordion__content">
                <div className="fc-accordion__inner">
                  <PanelBody entry={e} dropdown={dropdown} nav={nav} />
                </div>
              </A.Content>
            </A.Item>
          );
        })}
      </A.Root>
    </Dialog>
  );
}

const stop = (e: { preventDefault: () => void }) => e.preventDefault();

/**
 * The interactive header menu: the entries of the navigation (the shell's links until it
 * answers) as Radix NavigationMenu items, dropdowns opening by click, or by hover when the site's
 * `open_on` is `hover` (click, tap and keyboard work either way); Escape, an outside click, a
 * route change and {@link forceCloseMenus} close them; the Menu button opens the drawer (below
 * 960 px). Takes {@link MegaMenuProps} (the fallback links and the first interaction's handoff);
 * renders the `<nav>` and the drawer. Spec: docs/features/locations-forms-marketing.md §2 "Navigation", §4.
 */
export default function MegaMenu({ fallback, initial }: MegaMenuProps) {
  const state = useNavigation();
  const nav = state.status === "ok" ? state.data : null;
  const openOn = nav?.open_on ?? "click";
  const [value, setValue] = useState(initial.open ?? "");
  const [drawer, setDrawer] = useState(initial.drawer);
  const root = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);

  useEffect(() => {
    if (initial.focus) root.current?.querySelector<HTMLElement>(`[data-entry="${initial.focus}"]`)?.focus();
  }, [initial.focus]);
  useEffect(
    () =>
      onForceClose(() => {
        setValue("");
        setDrawer(false);
      }),
    [],
  );
  useEffect(() => {
    // Radix renders an open trigger's focus proxy (the tab stop into its dropdown) as an empty
    // `aria-hidden` span with tabindex 0, which axe reports (aria-hidden-focus; radix-ui/primitives
    // issue 3085). It stays a tab stop, without aria-hidden (reka-ui's fix of the same proxy).
    if (!value) return;
    for (const el of root.current?.querySelectorAll<HTMLElement>('.fc-menu__item > span[aria-hidden="true"][tabindex="0"]') ??
      []) {
      el.removeAttribute("aria-hidden");
    }
  }, [value]);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    setValue("");
    setDrawer(false);
  }, [pathname]);

  const entries = headerEntries(nav, fallback);
  // Click sites: Radix opens on pointer movement unless its handlers are told not to.
  const triggerHover = openOn === "click" ? { onPointerMove: stop, onPointerLeave: stop } : {};
  const contentHover = openOn === "click" ? { onPointerEnter: stop, onPointerLeave: stop } : {};
  return (
    <>
      <N.Root
        ref={root}
        aria-label="Main"
        className="fc-menu"
        data-fc-menu="ready"
        data-open-on={openOn}
        value={value}
        onValueChange={setValue}
        delayDuration={openOn === "hover" ? 150 : 0}
      >
        <button
          type="button"
          className="fc-menu__toggle"
          data-entry="toggle"
          aria-haspopup="dialog"
          aria-expanded={drawer}
          onClick={() => setDrawer(true)}
        >
          <span className="fc-menu__burger" aria-hidden="true" />
          Menu
        </button>
        <InBar.Provider value={true}>
          <N.List className="fc-menu__list">
            {entries.map((e, i) => {
              const key = entryKey(i);
              const dropdown = dropdownOf(e, nav);
              return (
                <N.Item key={key} value={key} className="fc-menu__item">
                  {dropdown ? (
                    <>
                      <N.Trigger className="fc-menu__trigger" data-entry={key} {...triggerHover}>
                        {e.label}
                        <span className="fc-menu__chevron" aria-hidden="true" />
                      </N.Trigger>
                      <N.Content
                        className={`fc-menu__panel fc-menu__panel--${dropdown}`}
                        data-entry-panel={key}
                        {...contentHover}
                      >
                        <PanelBody entry={e} dropdown={dropdown} nav={nav} />
                      </N.Content>
                    </>
                  ) : (
                    <N.Link className="fc-menu__link" data-entry={key} href={e.href ?? "/"}>
                      {e.label}
                    </N.Link>
                  )}
                </N.Item>
              );
            })}
          </N.List>
        </InBar.Provider>
      </N.Root>
      <MenuDrawer entries={entries} nav={nav} open={drawer} onOpenChange={setDrawer} />
    </>
  );
}
