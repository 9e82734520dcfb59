import { describe, expect, it } from "vitest";
import type { PromoConfig } from "./config";
import { placePromos, promoJitter, promoVisible } from "./promos";

const promo = (id: string, position: number, extra: Partial<PromoConfig> = {}): PromoConfig => ({
  id,
  title: "",
  lines: [],
  cta_label: "Get a Valuation",
  href: "/trade-in",
  position,
  start: null,
  expiry: null,
  display: [],
  strict_display: false,
  ...extra,
});
const cars = (types: string[]) => types.map((t, i) => ({ id: i, t }));
const layout = (cells: ReturnType<typeof placePromos<{ id: number; t: string }>>) =>
  cells.map((c) => (c.kind === "car" ? String(c.item.id) : `P:${c.promo.id}`));
const NOW = 1_800_000_000;

describe("promo placement (docs/features/shopper-core.md §2, §3 'Promo item')", () => {
  it("puts tiles at their 1-based grid positions (8 and 17)", () => {
    const items = cars(Array(21).fill("used"));
    const cells = placePromos(items, (c) => c.t, [promo("b", 17), promo("a", 8)], NOW);
    const l = layout(cells);
    expect(l.indexOf("P:a") + 1).toBe(8);
    expect(l.indexOf("P:b") + 1).toBe(17);
    expect(l.length).toBe(23);
  });

  it("adds the jitter to the first promo only", () => {
    const items = cars(Array(21).fill("used"));
    for (const j of [0, 1, 2]) {
      const l = layout(placePromos(items, (c) => c.t, [promo("a", 8), promo("b", 17)], NOW, j));
      expect(l.indexOf("P:a") + 1).toBe(8 + j);
      expect(l.indexOf("P:b") + 1).toBe(17);
    }
  });

  it("draws a jitter from 0 to the configured maximum (at most 2)", () => {
    expect(promoJitter(0, () => 0.99)).toBe(0);
    expect(promoJitter(2, () => 0)).toBe(0);
    expect(promoJitter(2, () => 0.5)).toBe(1);
    expect(promoJitter(2, () => 0.99)).toBe(2);
    expect(promoJitter(9, () => 0.99)).toBe(2);
  });

  it("shows a promo only between start and expiry", () => {
    expect(promoVisible(promo("a", 1, { start: NOW + 1 }), NOW, [])).toBe(false);
    expect(promoVisible(promo("a", 1, { expiry: NOW - 1 }), NOW, [])).toBe(false);
    expect(promoVisible(promo("a", 1, { start: NOW - 10, expiry: NOW + 10 }), NOW, [])).toBe(true);
    expect(promoVisible(promo("a", 1, { start: NOW, expiry: NOW }), NOW, [])).toBe(true);
  });

  it("matches the car types shown: any overlap, or every type when strict", () => {
    const used = promo("a", 1, { display: ["used"] });
    const strict = promo("a", 1, { display: ["used"], strict_display: true });
    expect(promoVisible(used, NOW, ["used"])).toBe(true);
    expect(promoVisible(used, NOW, ["new", "used"])).toBe(true);
    expect(promoVisible(used, NOW, ["new"])).toBe(false);
    expect(promoVisible(strict, NOW, ["used"])).toBe(true);
    expect(promoVisible(strict, NOW, ["new", "used"])).toBe(false);
    expect(promoVisible(promo("a", 1), NOW, ["new"])).toBe(true);
    const l = layout(placePromos(cars(["new", "new", "new"]), (c) => c.t, [used], NOW));
    expect(l).toEqual(["0", "1", "2"]);
  });

  it("drops positions past the last car, and shows nothing on an empty page", () => {
    expect(layout(placePromos(cars(["used", "used"]), (c) => c.t, [promo("a", 3), promo("b", 8)], NOW))).toEqual(["0", "1"]);
    expect(layout(placePromos(cars(["used", "used"]), (c) => c.t, [promo("a", 2)], NOW))).toEqual(["0", "P:a", "1"]);
    expect(placePromos([], () => "used", [promo("a", 1)], NOW)).toEqual([]);
  });

  it("keeps two promos at one position side by side", () => {
    const l = layout(placePromos(cars(Array(5).fill("used")), (c) => c.t, [promo("a", 2), promo("b", 2)], NOW));
    expect(l).toEqual(["0", "P:a", "P:b", "1", "2", "3", "4"]);
  });
});
