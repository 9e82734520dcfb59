// The compare page's rules (docs/features/platform.md "Sign-in and watchlist";
// docs/features/shopper-core.md §3 Car fields and "Variant fields", §5
// "Compare and favourite controls are hidden when the feature is off or the car fails the
// availability check"): which cars, and the rows shown side by side.
import type { CarResponse } from "../api/types";
import { formatKm } from "../lib/format";
import { COMPARE_MAX } from "../search/favourites";
import { displayPrice } from "../vdp/sidebar";

/**
 * The car slugs of `?cars=slug1,slug2`: trimmed, de-duplicated, empty ones dropped, at most
 * {@link COMPARE_MAX} (4). Takes the raw `cars` value (null when absent); returns the slugs.
 */
export function compareSlugs(raw: string | null): string[] {
  if (!raw) return [];
  const out: string[] = [];
  for (const s of raw.split(",")) {
    const slug = s.trim();
    if (slug && !out.includes(slug)) out.push(slug);
  }
  return out.slice(0, COMPARE_MAX);
}

/**
 * Whether a car can be compared: the host's `eligibility.compare_favourite` (decided by the
 * tenant's plugins: availability and, on some sites, used with a price and a photo). Takes the
 * car response; returns true when it may be compared.
 */
export function comparable(res: CarResponse): boolean {
  return res.eligibility?.compare_favourite === true;
}

/** One row of the comparison: its label and one value per car ('—' when the car has none). */
export interface CompareRow {
  label: string;
  values: string[];
}

const cap = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);
const text = (v: string | null | undefined) => (v?.trim() ? cap(v.trim()) : null);

/**
 * The rows of the comparison, one value per car in order: Price (the host's price view),
 * Year, Odometer (km), Body, Engine (litres, cylinders), Transmission, Fuel, Drive, Seats and
 * Fuel economy (`fuelconsumptioncombined`, L/100km). A missing value is '—'. Takes the cars and
 * the tenant's no-price text; returns the rows.
 */
export function compareRows(cars: readonly CarResponse[], noPriceText: string): CompareRow[] {
  const row = (label: string, of: (r: CarResponse) => string | null): CompareRow => ({
    label,
    values: cars.map((r) => of(r) ?? "—"),
  });
  return [
    row("Price", (r) => displayPrice(r.price_view, noPriceText).text),
    row("Year", (r) => String(r.car.year)),
    row("Odometer", (r) => (r.car.km != null ? formatKm(r.car.km) : null)),
    row("Body", (r) => text(r.car.body) ?? text(r.car.simple_body)),
    row("Engine", (r) => {
      const l = r.car.engine_size_litres;
      const cyl = r.car.cylinders;
      const parts = [l != null && l > 0 ? `${l.toFixed(1)} L` : null, cyl ? `${cyl} cyl` : null].filter(Boolean);
      return parts.length ? parts.join(", ") : null;
    }),
    row("Transmission", (r) => text(r.car.trans) ?? text(r.car.simple_transmission)),
    row("Fuel", (r) => text(r.car.fuel) ?? text(r.car.simple_fuel)),
    row("Drive", (r) => text(r.car.drive) ?? text(r.car.simple_drive)),
    row("Seats", (r) => (r.car.seats ? String(r.car.seats) : null)),
    row("Fuel economy", (r) => {
      const e = r.car.fuelconsumptioncombined;
      return e != null && e > 0 ? `${e.toFixed(1)} L/100km` : null;
    }),
  ];
}
