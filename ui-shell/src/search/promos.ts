// Promotional tiles in the results grid (docs/features/shopper-core.md §2 "A promotional card can be inserted at
// configured grid positions (one tenant randomises the first position by adding 0 to 2; ad tiles
// at positions 8 and 17 elsewhere)", §3 "Promo item": start, expiry, position, display,
// strictDisplay).
import type { PromoConfig } from "./config";

/** One cell of the results grid: a car (any payload) or a promo tile. */
export type GridCell<T> = { kind: "car"; item: T } | { kind: "promo"; promo: PromoConfig };

/**
 * Whether a promo shows now for the car types on the page: between `start` and `expiry` (unix
 * seconds, inclusive, null for open), and `display` empty, or (strict) every car type shown is in
 * `display`, or (not strict) at least one is. Takes the promo, now (unix seconds) and the page's
 * car types (`new`, `demo`, `used`); returns true when it shows.
 */
export function promoVisible(p: PromoConfig, nowSeconds: number, carTypes: readonly string[]): boolean {
  if (p.start !== null && nowSeconds < p.start) return false;
  if (p.expiry !== null && nowSeconds > p.expiry) return false;
  if (p.display.length === 0) return true;
  if (carTypes.length === 0) return false;
  return p.strict_display ? carTypes.every((t) => p.display.includes(t)) : carTypes.some((t) => p.display.includes(t));
}

/**
 * A random jitter for the first promo: a whole number from 0 to `max` (0-2). Takes the tenant's
 * `promo_first_jitter` and a random source in [0, 1) (default Math.random); returns the jitter.
 */
export function promoJitter(max: number, random: () => number = Math.random): number {
  const m = Math.max(0, Math.min(2, Math.floor(max)));
  return Math.min(m, Math.floor(random() * (m + 1)));
}

/**
 * The grid of a results page with its promo tiles: visible promos (see {@link promoVisible}, car
 * types taken from the page's items) in position order, the first one's position plus `jitter`,
 * each inserted so it sits at its 1-based position in the final grid (a later promo never moves an
 * earlier one; two at one position sit side by side). A position past the end of the page (after
 * the last car) is not shown; a page without cars shows no promo.
 * Takes the page's items, their car types, the promos, now (unix seconds) and the jitter; returns
 * the cells in order.
 */
export function placePromos<T>(
  items: readonly T[],
  carTypeOf: (item: T) => string,
  promos: readonly PromoConfig[],
  nowSeconds: number,
  jitter = 0,
): GridCell<T>[] {
  const cells: GridCell<T>[] = items.map((item) => ({ kind: "car", item }));
  if (items.length === 0) return cells;
  const types = [...new Set(items.map(carTypeOf))];
  const shown = promos
    .filter((p) => promoVisible(p, nowSeconds, types))
    .map((p, i) => ({ p, i }))
    .sort((a, b) => a.p.position - b.p.position || a.i - b.i)
    .map(({ p }, i) => ({ promo: p, position: p.position + (i === 0 ? jitter : 0) }))
    .sort((a, b) => a.position - b.position);
  let last = -1;
  for (const { promo, position } of shown) {
    const at = Math.max(position - 1, last + 1);
    if (at > cells.length - 1) break;
    cells.splice(at, 0, { kind: "promo", promo });
    last = at;
  }
  return cells;
}
