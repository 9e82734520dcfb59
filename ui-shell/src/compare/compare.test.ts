import { describe, expect, it } from "vitest";
import type { CarResponse } from "../api/types";
import { comparable, compareRows, compareSlugs } from "./compare";

function car(over: Partial<CarResponse["car"]>, res: Partial<CarResponse> = {}): CarResponse {
  return {
    available: true,
    name: "Car",
    path: "/cars/x",
    eligibility: { compare_favourite: true },
    price_view: { kind: "car_price", price: 42990, price_type: "Drive Away" },
    car: { year: 2021, km: 35120, ...over },
    ...res,
  } as unknown as CarResponse;
}

describe("compare page (docs/features/platform.md 'Sign-in and watchlist'; docs/features/shopper-core.md §3, §5)", () => {
  it("reads up to 4 distinct slugs from ?cars=", () => {
    expect(compareSlugs(null)).toEqual([]);
    expect(compareSlugs(" a , b,,a,c,d,e")).toEqual(["a", "b", "c", "d"]);
  });

  it("compares only cars the host allows", () => {
    expect(comparable(car({}))).toBe(true);
    expect(comparable(car({}, { eligibility: { compare_favourite: false } as CarResponse["eligibility"] }))).toBe(false);
  });

  it("lines up price, year, km, body, engine, transmission, fuel, drive, seats and economy per car", () => {
    const a = car({
      body: "SUV",
      engine_size_litres: 2,
      cylinders: 4,
      trans: "automatic",
      fuel: "petrol",
      drive: "AWD",
      seats: 5,
      fuelconsumptioncombined: 7.25,
    });
    const b = car(
      { year: 2019, km: null, simple_body: "sedan", simple_fuel: "electric" },
      {
        price_view: { kind: "no_price", text: "Enquire" } as CarResponse["price_view"],
      },
    );
    const rows = Object.fromEntries(compareRows([a, b], "POA").map((r) => [r.label, r.values]));
    expect(Object.keys(rows)).toEqual([
      "Price",
      "Year",
      "Odometer",
      "Body",
      "Engine",
      "Transmission",
      "Fuel",
      "Drive",
      "Seats",
      "Fuel economy",
    ]);
    expect(rows.Price).toEqual(["$42,990", "Enquire"]);
    expect(rows.Year).toEqual(["2021", "2019"]);
    expect(rows.Odometer?.[0]).toMatch(/^35,120 ?kms?$/);
    expect(rows.Odometer?.[1]).toBe("—");
    expect(rows.Body).toEqual(["SUV", "Sedan"]);
    expect(rows.Engine).toEqual(["2.0 L, 4 cyl", "—"]);
    expect(rows.Transmission).toEqual(["Automatic", "—"]);
    expect(rows.Fuel).toEqual(["Petrol", "Electric"]);
    expect(rows.Seats).toEqual(["5", "—"]);
    expect(rows["Fuel economy"]).toEqual(["7.3 L/100km", "—"]);
  });
});
