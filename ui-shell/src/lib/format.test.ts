import { describe, expect, it } from "vitest";
import {
  countOf,
  formatDistance,
  formatKm,
  formatMoney,
  formatMoneyCents,
  formatPhone,
  formatThousands,
  parseDigits,
  singularNoun,
} from "./format";

describe("format", () => {
  it("formats money with $ and thousands separators", () => {
    expect(formatMoney(82990)).toBe("$82,990");
    expect(formatMoney(1250000.4)).toBe("$1,250,000");
    expect(formatMoney(0)).toBe("$0");
  });
  it("groups thousands exactly like Intl en-AU (rounded, negative numbers too)", () => {
    const intl = new Intl.NumberFormat("en-AU", { maximumFractionDigits: 0 });
    for (const n of [0, 7, 999, 1000, 12345.5, 999999.49, 1234567, -1234.6, 987654321012]) {
      expect(formatThousands(n)).toBe(intl.format(Math.round(n)));
    }
    expect(formatThousands(-0.4)).toBe("0");
  });
  it("formats cents only when there are any, grouped like Intl en-AU", () => {
    expect(formatMoneyCents(1360.5)).toBe("$1,360.50");
    expect(formatMoneyCents(1300)).toBe("$1,300");
    expect(formatMoneyCents(38220.07)).toBe("$38,220.07");
    expect(formatMoneyCents(-12.3)).toBe("-$12.30");
    const intl = new Intl.NumberFormat("en-AU", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const n of [0.5, 999.99, 1234.56, 1234567.01]) expect(formatMoneyCents(n)).toBe(`$${intl.format(n)}`);
  });
  it("formats distances in km with one decimal, like Intl en-AU", () => {
    expect(formatDistance(12.34)).toBe("12.3 km");
    expect(formatDistance(0.04)).toBe("0.0 km");
    expect(formatDistance(3604.96)).toBe("3,605.0 km");
    const intl = new Intl.NumberFormat("en-AU", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    for (const n of [0, 0.96, 9.99, 1204.5, 1234567.8]) expect(formatDistance(n)).toBe(`${intl.format(n)} km`);
  });
  it("says 1 view, not 1 views (issue 39), with irregular plurals", () => {
    expect(countOf(1, "view")).toBe("1 view");
    expect(countOf(0, "view")).toBe("0 views");
    expect(countOf(2, "view")).toBe("2 views");
    expect(countOf(1250, "view")).toBe("1,250 views");
    expect(countOf(1, "person", "people")).toBe("1 person");
    expect(countOf(3, "person", "people")).toBe("3 people");
  });
  it("singular of a tenant's vehicle noun ('Show Me 1 Car', issue 39)", () => {
    const cases: [string, string][] = [
      ["Cars", "Car"],
      ["Vehicles", "Vehicle"],
      ["Utes", "Ute"],
      ["Caravans", "Caravan"],
      ["Utilities", "Utility"],
      ["Buses", "Bus"],
      ["Boxes", "Box"],
      ["Stock", "Stock"],
      ["CARS", "CAR"],
    ];
    for (const [plural, one] of cases) expect(singularNoun(plural)).toBe(one);
  });
  it("formats kilometres with the kms suffix", () => {
    expect(formatKm(45210)).toBe("45,210 kms");
    expect(formatKm(8)).toBe("8 kms");
    expect(formatKm(0)).toBe("0 kms");
  });
  it("says 1 km, not 1 kms (issue 25)", () => {
    expect(formatKm(1)).toBe("1 km");
    expect(formatKm(1.2)).toBe("1 km");
    expect(formatKm(1001)).toBe("1,001 kms");
  });
  it("reads digits only", () => {
    expect(parseDigits("$12,5a00")).toBe(12500);
    expect(parseDigits("abc")).toBeNull();
  });
  it("normalises +61 to 0 and groups 2-4-4 (docs/features/shopper-core.md §9)", () => {
    expect(formatPhone("+61 2 5550 0101")).toEqual({ display: "02 5550 0101", href: "tel:0255500101" });
    expect(formatPhone("0255500101")?.display).toBe("02 5550 0101");
    expect(formatPhone("0412345678")?.display).toBe("0412 345 678");
    expect(formatPhone("1300555012")?.display).toBe("1300 555 012");
    expect(formatPhone("")).toBeNull();
  });
});
