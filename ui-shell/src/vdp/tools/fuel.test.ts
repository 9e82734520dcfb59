import { describe, expect, it } from "vitest";
import { TENANTS } from "../../__tests__/fixtures";
import type { TenantSettings } from "../../api/types";
import { fuelCosts, fuelDefaults, isElectric, parseDecimal, toolsConfig } from "./fuel";

describe("fuel calculator rules (docs/features/shopper-core.md §9)", () => {
  it("costs 250 km a week at 10 L/100km and $1.70/L: $42.50 a week, $2,210 a year, a twelfth of that a month", () => {
    const c = fuelCosts({ pricePerLitre: 1.7, kmPerWeek: 250, consumption: 10 });
    expect(c.week).toBeCloseTo(42.5, 10);
    expect(c.year).toBeCloseTo(2210, 10);
    expect(c.month).toBeCloseTo(184.1667, 3);
  });

  it("scales with each input and treats negative or non-numbers as 0", () => {
    expect(fuelCosts({ pricePerLitre: 2, kmPerWeek: 100, consumption: 8 }).week).toBeCloseTo(16, 10);
    expect(fuelCosts({ pricePerLitre: -1, kmPerWeek: 100, consumption: 8 }).week).toBe(0);
    expect(fuelCosts({ pricePerLitre: 2, kmPerWeek: Number.NaN, consumption: 8 }).year).toBe(0);
  });

  it("starts at the spec's defaults, the car's combined consumption when known, and the tenant's overrides", () => {
    expect(fuelDefaults({ fuelconsumptioncombined: null }, {})).toEqual({ pricePerLitre: 1.7, kmPerWeek: 250, consumption: 10 });
    expect(fuelDefaults({ fuelconsumptioncombined: 7.4 }, {}).consumption).toBe(7.4);
    expect(fuelDefaults({ fuelconsumptioncombined: 0 }, { consumption: 9 }).consumption).toBe(9);
    expect(fuelDefaults({ fuelconsumptioncombined: 7.4 }, { pricePerLitre: 2.05, kmPerWeek: 300, consumption: 9 })).toEqual({
      pricePerLitre: 2.05,
      kmPerWeek: 300,
      consumption: 7.4,
    });
  });

  it("knows electric cars by fuel or simple_fuel, not hybrids", () => {
    expect(isElectric({ fuel: "Electric", simple_fuel: null })).toBe(true);
    expect(isElectric({ fuel: null, simple_fuel: "electric" })).toBe(true);
    expect(isElectric({ fuel: "Hybrid", simple_fuel: "hybrid" })).toBe(false);
    expect(isElectric({ fuel: "Petrol", simple_fuel: "petrol" })).toBe(false);
  });

  it("reads the tenant's tools: delivery only when true; fuel overrides; fuel false hides", () => {
    const base = TENANTS.classic;
    const t = (tools: unknown) => ({ ...base, tools }) as unknown as TenantSettings;
    expect(toolsConfig(base)).toEqual({ delivery: false, fuel: {} });
    expect(toolsConfig(t({ delivery: true })).delivery).toBe(true);
    expect(toolsConfig(t({ delivery: "yes" })).delivery).toBe(false);
    expect(toolsConfig(t({ fuel: false })).fuel).toBe(false);
    expect(toolsConfig(t({ fuel: { price_per_litre: 1.95, km_per_week: 400, consumption_l_per_100km: -2 } })).fuel).toEqual({
      pricePerLitre: 1.95,
      kmPerWeek: 400,
    });
  });

  it("parses typed decimals", () => {
    expect(parseDecimal("1.85")).toBe(1.85);
    expect(parseDecimal("$1,250")).toBe(1250);
    expect(parseDecimal("abc")).toBeNull();
    expect(parseDecimal(".")).toBeNull();
  });
});
