// The fuel calculator's rules (docs/features/platform.md "Finance and delivery tools"): defaults,
// the tenant's overrides, electric cars, costs.
// Spec: docs/features/shopper-core.md §2 "fuel calculator", §3 fuelconsumptioncombined, §9 "Fuel calculator
// defaults: $1.70 per litre, 250 km per week, consumption 10 L/100km; hidden for electric cars".
import type { Car, TenantSettings } from "../../api/types";

/** Default fuel price, dollars per litre (docs/features/shopper-core.md §9). */
export const DEFAULT_PRICE_PER_LITRE = 1.7;
/** Default distance, km per week (docs/features/shopper-core.md §9). */
export const DEFAULT_KM_PER_WEEK = 250;
/** Default consumption, L/100km (docs/features/shopper-core.md §9). */
export const DEFAULT_CONSUMPTION = 10;
/** Weeks in a year (the yearly cost; the monthly cost is a twelfth of it). */
export const WEEKS_PER_YEAR = 52;

/** The fuel calculator's inputs: dollars per litre, km per week, L/100km. */
export interface FuelInputs {
  pricePerLitre: number;
  kmPerWeek: number;
  consumption: number;
}

/** Fuel costs in dollars. */
export interface FuelCosts {
  week: number;
  month: number;
  year: number;
}

const positive = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) && v > 0 ? v : null);

/** The tenant's `tools` settings (GET /api/v1/tenant), read defensively. */
export interface ToolsConfig {
  /** Show the delivery calculator (`tools.delivery === true`). */
  delivery: boolean;
  /** Show the fuel calculator (unless `tools.fuel === false`), with the tenant's overrides. */
  fuel: false | Partial<FuelInputs>;
}

/**
 * The tenant's tools settings (`tools` in GET /api/v1/tenant): delivery only when `tools.delivery`
 * is true; fuel unless `tools.fuel` is false, with `{price_per_litre, km_per_week,
 * consumption_l_per_100km}` overrides when given. Takes the tenant settings; returns {@link ToolsConfig}.
 */
export function toolsConfig(tenant: TenantSettings): ToolsConfig {
  const t = (tenant as unknown as { tools?: unknown }).tools;
  const tools = typeof t === "object" && t !== null ? (t as Record<string, unknown>) : {};
  const f = tools.fuel;
  let fuel: ToolsConfig["fuel"] = {};
  if (f === false) fuel = false;
  else if (typeof f === "object" && f !== null) {
    const o = f as Record<string, unknown>;
    const price = positive(o.price_per_litre);
    const km = positive(o.km_per_week);
    const l = positive(o.consumption_l_per_100km);
    fuel = {
      ...(price !== null ? { pricePerLitre: price } : {}),
      ...(km !== null ? { kmPerWeek: km } : {}),
      ...(l !== null ? { consumption: l } : {}),
    };
  }
  return { delivery: tools.delivery === true, fuel };
}

/**
 * Whether the car is electric (docs/features/shopper-core.md §9 "hidden for electric cars"): `fuel` or
 * `simple_fuel` is `Electric` (any case). Takes the car; returns true for electric cars.
 */
export function isElectric(car: Pick<Car, "fuel" | "simple_fuel">): boolean {
  return [car.fuel, car.simple_fuel].some((f) => typeof f === "string" && f.trim().toLowerCase() === "electric");
}

/**
 * The calculator's starting inputs (docs/features/shopper-core.md §9): $1.70 per litre and 250 km a week unless the
 * tenant overrides them; the car's combined consumption when known, else the tenant's, else 10
 * L/100km. Takes the car and the tenant's overrides; returns {@link FuelInputs}.
 */
export function fuelDefaults(car: Pick<Car, "fuelconsumptioncombined">, overrides: Partial<FuelInputs>): FuelInputs {
  return {
    pricePerLitre: overrides.pricePerLitre ?? DEFAULT_PRICE_PER_LITRE,
    kmPerWeek: overrides.kmPerWeek ?? DEFAULT_KM_PER_WEEK,
    consumption: positive(car.fuelconsumptioncombined) ?? overrides.consumption ?? DEFAULT_CONSUMPTION,
  };
}

/**
 * Fuel cost (docs/features/shopper-core.md §2 fuel calculator): litres a week = km a week x L/100km / 100, times the
 * price per litre; a year is 52 weeks and a month a twelfth of a year. Takes {@link FuelInputs}
 * ($/L, km/week, L/100km; negative or non-finite inputs count as 0); returns {@link FuelCosts} in
 * dollars (unrounded).
 */
export function fuelCosts({ pricePerLitre, kmPerWeek, consumption }: FuelInputs): FuelCosts {
  const ok = (v: number) => (Number.isFinite(v) && v > 0 ? v : 0);
  const week = ((ok(kmPerWeek) * ok(consumption)) / 100) * ok(pricePerLitre);
  const year = week * WEEKS_PER_YEAR;
  return { week, month: year / 12, year };
}

/**
 * Parses a decimal typed by the shopper (`1.85`, `$1.85`, `1,000`). Takes the text; returns the
 * number, or null when it has no number.
 */
export function parseDecimal(text: string): number | null {
  const cleaned = text.replace(/[^\d.]/g, "");
  if (cleaned === "" || cleaned === ".") return null;
  const n = Number.parseFloat(cleaned);
  return Number.isFinite(n) ? n : null;
}
