// Filter state changes of the SRP (docs/features/shopper-core.md §2 "Filters are written into the address
// (refinement lists, ranges, page number) and restored on first load; persisted attributes or
// defaults apply on first load"), and the price slider's rules (docs/features/locations-forms-marketing.md §2
// "Price range slider search: default range 5000 to 250000, step 500").
import type { Range, SearchState } from "./address";

/** The price slider (AUD): 5000 to 250000, step 500. */
export const PRICE_SLIDER = { min: 5000, max: 250_000, step: 500 } as const;

/** Kilometre choices for the odometer filter (upper bounds, km). */
export const KM_CHOICES = [10_000, 20_000, 50_000, 75_000, 100_000, 150_000] as const;

/** Sort choices shown to shoppers, with their labels. */
export const SORT_CHOICES = [
  { value: "custom_rank", label: "Featured" },
  { value: "price_asc", label: "Price: low to high" },
  { value: "price_desc", label: "Price: high to low" },
  { value: "year_desc", label: "Year: newest first" },
  { value: "km_asc", label: "Kilometres: lowest first" },
  { value: "newest", label: "Recently listed" },
  { value: "recently_reduced", label: "Recently reduced" },
] as const;

/**
 * The sort choices a tenant offers: "Recently reduced" only when it shows price drops
 * (`vdp.show_price_reduced`, docs/features/platform.md "Price history and freshness") or when it
 * is the current order (an address that asks for it). Takes the switch and the current order;
 * returns the choices in menu order.
 */
export function sortChoices(showReduced: boolean, current: string): (typeof SORT_CHOICES)[number][] {
  return SORT_CHOICES.filter((c) => c.value !== "recently_reduced" || showReduced || current === "recently_reduced");
}

/**
 * The state with one refinement value on or off, back on page 1. Takes the state, attribute,
 * value and whether it is chosen; returns a new state.
 */
export function toggleRefinement(state: SearchState, attr: string, value: string, on: boolean): SearchState {
  const current = state.refinements[attr] ?? [];
  const next = on ? (current.includes(value) ? current : [...current, value]) : current.filter((v) => v !== value);
  const refinements = { ...state.refinements, [attr]: next };
  if (next.length === 0) delete refinements[attr];
  return { ...state, refinements, page: 1 };
}

/**
 * The state with one attribute's refinement replaced (empty clears it), back on page 1.
 * Takes the state, attribute and values; returns a new state.
 */
export function setRefinement(state: SearchState, attr: string, values: readonly string[]): SearchState {
  const refinements = { ...state.refinements, [attr]: [...values] };
  if (values.length === 0) delete refinements[attr];
  return { ...state, refinements, page: 1 };
}

/**
 * The state with a range set (both ends null clears it), back on page 1. Takes the state,
 * attribute and range (AUD, km or years); returns a new state.
 */
export function setRange(state: SearchState, attr: string, range: Range): SearchState {
  const ranges = { ...state.ranges, [attr]: range };
  if (range.min === null && range.max === null) delete ranges[attr];
  return { ...state, ranges, page: 1 };
}

/**
 * The slider's two thumbs kept in range and apart: min in [5000, 250000 - 500], max at least one
 * step above min, both on the 500 grid. Takes [min, max] in AUD; returns the corrected pair.
 */
export function clampPriceThumbs([a, b]: readonly [number, number]): [number, number] {
  const { min, max, step } = PRICE_SLIDER;
  const snap = (v: number) => Math.round(v / step) * step;
  const lo = Math.min(Math.max(snap(a), min), max - step);
  const hi = Math.max(Math.min(snap(b), max), lo + step);
  return [lo, hi];
}

/**
 * The slider position of a state's price range: its ends, or the slider's ends when open.
 * Takes the state; returns [min, max] in AUD.
 */
export function priceThumbs(state: SearchState): [number, number] {
  const r = state.ranges.price;
  return clampPriceThumbs([r?.min ?? PRICE_SLIDER.min, r?.max ?? PRICE_SLIDER.max]);
}

/**
 * The price range of slider thumbs: an end at the slider's end is open (so cars under 5000 or over
 * 250000 are not cut off). Takes [min, max] in AUD; returns the Range.
 */
export function priceRangeOf(thumbs: readonly [number, number]): Range {
  const [lo, hi] = clampPriceThumbs(thumbs);
  return { min: lo <= PRICE_SLIDER.min ? null : lo, max: hi >= PRICE_SLIDER.max ? null : hi };
}

/**
 * The state with every filter cleared (refinements, ranges, text, page), keeping sort and page
 * size. Takes the state; returns a new state.
 */
export function clearFilters(state: SearchState): SearchState {
  return { ...state, query: "", refinements: {}, ranges: {}, page: 1 };
}

/** How many filters a state has (refinement values plus ranges plus text), for the Filters button. */
export function filterCount(state: SearchState): number {
  return (
    Object.values(state.refinements).reduce((n, v) => n + v.length, 0) + Object.keys(state.ranges).length + (state.query ? 1 : 0)
  );
}

/** What is persisted per site: the last refinements and ranges. */
export interface PersistedFilters {
  refinements: Record<string, string[]>;
  ranges: Record<string, Range>;
}

/** The local-storage key of a site's persisted filters. Takes the site (tenant) slug. */
export function persistKey(site: string): string {
  return `forecourt:${site}:search-filters`;
}

/**
 * Reads a site's persisted filters from storage, ignoring anything malformed. Takes the storage
 * and site slug; returns the filters, or null when none are stored.
 */
export function readPersisted(storage: Storage | null, site: string): PersistedFilters | null {
  try {
    const raw = storage?.getItem(persistKey(site));
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<PersistedFilters>;
    const refinements: Record<string, string[]> = {};
    for (const [k, list] of Object.entries(v.refinements ?? {})) {
      const ok = Array.isArray(list) ? list.filter((x): x is string => typeof x === "string") : [];
      if (ok.length) refinements[k] = ok;
    }
    const ranges: Record<string, Range> = {};
    for (const [k, r] of Object.entries(v.ranges ?? {})) {
      const n = (x: unknown) => (typeof x === "number" && Number.isFinite(x) ? x : null);
      const range = { min: n(r?.min), max: n(r?.max) };
      if (range.min !== null || range.max !== null) ranges[k] = range;
    }
    return Object.keys(refinements).length || Object.keys(ranges).length ? { refinements, ranges } : null;
  } catch {
    return null;
  }
}

/**
 * Stores a site's filters (an empty set removes the entry). Takes the storage, site slug and
 * state; returns nothing (storage errors, e.g. a full quota, are ignored).
 */
export function writePersisted(storage: Storage | null, site: string, state: SearchState): void {
  try {
    if (Object.keys(state.refinements).length === 0 && Object.keys(state.ranges).length === 0) {
      storage?.removeItem(persistKey(site));
    } else {
      storage?.setItem(persistKey(site), JSON.stringify({ refinements: state.refinements, ranges: state.ranges }));
    }
  } catch {
    // Private mode or a full quota: not remembering is fine.
  }
}

/**
 * The first load's state (docs/features/shopper-core.md §2 "persisted attributes or defaults apply on first
 * load"): when the address has no filters, the persisted ones (if the tenant persists) or else the
 * tenant's default refinements, each only for attributes the route does not already set. Takes
 * the address's state, the route's refinements, the persisted filters (or null) and the defaults;
 * returns the state to search (the address's unchanged when it has filters).
 */
export function firstLoadState(
  address: SearchState,
  routeRefinements: Record<string, string[]>,
  persisted: PersistedFilters | null,
  defaults: Record<string, string[]>,
): SearchState {
  if (Object.keys(address.refinements).length > 0 || Object.keys(address.ranges).length > 0 || address.query) return address;
  const source = persisted ?? { refinements: defaults, ranges: {} };
  const refinements = { ...address.refinements };
  for (const [k, v] of Object.entries(source.refinements)) {
    if (!(k in routeRefinements) && v.length) refinements[k] = [...v];
  }
  return { ...address, refinements, ranges: { ...source.ranges } };
}
