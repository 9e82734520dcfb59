// The tenant's search settings (`search` in GET /api/v1/tenant and the inline data's tenant), read
// defensively: until the generated API types carry them, and for tenants that set only some keys,
// every value falls back to the spec's default. docs/features/shopper-core.md §2 "Search results", §9.
import type { TenantSettings } from "../api/types";

/** A card button id (docs/features/shopper-core.md §2 "Button variants by tenant"). */
export type CardButton = "finance" | "details" | "reserve" | "similar";

/**
 * A promotional tile (docs/features/shopper-core.md §3 "Promo item"): shown at `position` (1-based grid position)
 * between `start` and `expiry` (unix seconds, null for open), when the page shows a matching car
 * type (`display`, empty for any; `strict_display`: every car type shown must be listed).
 */
export interface PromoConfig {
  id: string;
  title: string;
  lines: string[];
  cta_label: string;
  href: string;
  position: number;
  start: number | null;
  expiry: number | null;
  display: string[];
  strict_display: boolean;
}

/** The tenant's search settings, defaults filled in. */
export interface SearchConfig {
  /** Cars per page (default 21, docs/features/shopper-core.md §9). */
  page_size: number;
  /** Results as a grid (default) or a carousel. */
  view: "grid" | "carousel";
  /** Where 'Clear Filters' goes on the empty state (default /special-offers). */
  clear_filters_target: string;
  /** Refinements applied on a first load when nothing is persisted, e.g. `{car_type: ["new"]}`. */
  default_refinements: Record<string, string[]>;
  /** Remember the last refinements per site in local storage. */
  persist_refinements: boolean;
  /** Card buttons in order (default finance, details). */
  card_buttons: CardButton[];
  /** 0-2: a random 0..=N added to the first promo's position. */
  promo_first_jitter: number;
  promos: PromoConfig[];
}

/** The spec's default promo text (docs/features/shopper-core.md §2): title, then lines. */
export const DEFAULT_PROMO_TEXT = {
  title: "We Want Your Car!",
  lines: ["We buy all types of cars", "Our high turnover means we can pay more"],
} as const;

/** Default settings when the tenant sets none. */
export const DEFAULT_SEARCH_CONFIG: SearchConfig = {
  page_size: 21,
  view: "grid",
  clear_filters_target: "/special-offers",
  default_refinements: {},
  persist_refinements: false,
  card_buttons: ["finance", "details"],
  promo_first_jitter: 0,
  promos: [],
};

const BUTTONS: readonly string[] = ["finance", "details", "reserve", "similar"];

function rec(v: unknown): Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}
function str(v: unknown, d: string): string {
  return typeof v === "string" && v !== "" ? v : d;
}
function num(v: unknown): number | null {
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}
function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
}

function promo(v: unknown, i: number): PromoConfig | null {
  const p = rec(v);
  const position = num(p.position);
  if (position === null || position < 1) return null;
  return {
    id: str(p.id, `promo-${i + 1}`),
    title: str(p.title, ""),
    lines: strings(p.lines),
    cta_label: str(p.cta_label, "Get a Valuation"),
    href: str(p.href, "/trade-in"),
    position: Math.floor(position),
    start: num(p.start),
    expiry: num(p.expiry),
    display: strings(p.display),
    strict_display: p.strict_display === true,
  };
}

/**
 * The tenant's search settings with defaults for anything absent or malformed.
 * Takes the tenant settings (any shape for `search`); returns {@link SearchConfig}.
 * Spec: docs/features/shopper-core.md §2 "Search results", §9 "Default page size 21".
 */
export function searchConfig(tenant: TenantSettings): SearchConfig {
  const s = rec((tenant as unknown as Record<string, unknown>).search);
  const d = DEFAULT_SEARCH_CONFIG;
  const size = num(s.page_size);
  const jitter = num(s.promo_first_jitter);
  const defaults = rec(s.default_refinements);
  const buttons = strings(s.card_buttons).filter((b): b is CardButton => BUTTONS.includes(b));
  return {
    page_size: size !== null && size >= 1 && size <= 100 ? Math.floor(size) : d.page_size,
    view: s.view === "carousel" ? "carousel" : "grid",
    clear_filters_target: str(s.clear_filters_target, d.clear_filters_target),
    default_refinements: Object.fromEntries(
      Object.entries(defaults)
        .map(([k, v]) => [k, strings(v)] as const)
        .filter(([, v]) => v.length > 0),
    ),
    persist_refinements: s.persist_refinements === true,
    card_buttons: Array.isArray(s.card_buttons) ? buttons : d.card_buttons,
    promo_first_jitter: jitter !== null ? Math.max(0, Math.min(2, Math.floor(jitter))) : 0,
    promos: (Array.isArray(s.promos) ? s.promos : []).map(promo).filter((p): p is PromoConfig => p !== null),
  };
}

/**
 * Whether the favourites and compare toggles exist on this site (docs/features/shopper-core.md §5 "Compare and
 * favourite controls are hidden when the feature is off"): `features.favourites` (falling back to
 * `features.garage_enabled`) and `features.compare`. Takes the tenant; returns both flags.
 */
export function cardToggles(tenant: TenantSettings): { favourites: boolean; compare: boolean } {
  const f = tenant.features ?? {};
  return { favourites: f.favourites ?? f.garage_enabled ?? false, compare: f.compare ?? false };
}
