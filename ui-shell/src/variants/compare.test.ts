// The compare screen's rows, halves, links, address and content checks (docs/features/locations-forms-marketing.md
// §2 "Compare screen", §9 defaults).
import { describe, expect, it } from "vitest";
import {
  compareSearch,
  DIMENSION_ROWS,
  featureHalves,
  learnMoreHref,
  MISSING_VALUE,
  PERFORMANCE_ROWS,
  parseModelsContent,
  resolveVariantId,
  searchStockHref,
  specRows,
} from "./compare";
import { MODELS_CONTENT } from "./fixtures";
import type { ModelVariant } from "./types";

const variant = (id: string) => MODELS_CONTENT.variants.find((v) => v.id === id) as ModelVariant;

describe("specRows", () => {
  it("has the spec's rows, in order, with both variants' values", () => {
    const rows = specRows(variant("im5-performance"), variant("im5-premium"));
    expect(rows.dimensions.map((r) => r.label)).toEqual([
      "Length",
      "Width",
      "Height",
      "Wheelbase",
      "Gross Vehicle Mass",
      "Drag Coefficient",
    ]);
    expect(rows.performance.map((r) => r.label)).toEqual([
      "Drivetrain",
      "Maximum power",
      "Maximum torque",
      "0-100km/h",
      "Driving range",
      "Wheels",
      "Turning Radius",
    ]);
    for (const [i, { key }] of DIMENSION_ROWS.entries()) {
      expect(rows.dimensions[i]?.left).toBe(variant("im5-performance").dimensions[key]);
      expect(rows.dimensions[i]?.right).toBe(variant("im5-premium").dimensions[key]);
    }
    for (const [i, { key }] of PERFORMANCE_ROWS.entries()) {
      expect(rows.performance[i]?.left).toBe(variant("im5-performance").performance[key]);
      expect(rows.performance[i]?.right).toBe(variant("im5-premium").performance[key]);
    }
  });

  it("shows a dash for a blank or missing value", () => {
    const v = variant("im6-premium");
    const odd = { ...v, dimensions: { ...v.dimensions, width: " " }, performance: undefined } as unknown as ModelVariant;
    const rows = specRows(odd, v);
    expect(rows.dimensions[1]).toEqual({ label: "Width", left: MISSING_VALUE, right: v.dimensions.width });
    expect(rows.performance.every((r) => r.left === MISSING_VALUE)).toBe(true);
  });

  it("Performance variants are all-wheel drive, the others rear-wheel drive (spec §3)", () => {
    for (const v of MODELS_CONTENT.variants) {
      expect(v.performance.drivetrain).toContain(v.id.endsWith("performance") ? "AWD" : "RWD");
    }
  });
});

describe("featureHalves", () => {
  it("puts ceil(n/2) items in the first half and the rest in the second, order kept", () => {
    expect(featureHalves([1, 2, 3, 4, 5])).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    expect(featureHalves([1, 2, 3, 4])).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(featureHalves([1])).toEqual([[1], []]);
    expect(featureHalves([])).toEqual([[], []]);
    const [a, b] = featureHalves(variant("im6-premium").features);
    expect(a).toHaveLength(8);
    expect(b).toHaveLength(7);
    expect([...a, ...b]).toEqual(variant("im6-premium").features);
  });
});

describe("resolveVariantId", () => {
  const vs = MODELS_CONTENT.variants;
  it("takes a known id from the address", () => {
    expect(resolveVariantId(vs, "im6-platinum", "im5-performance")).toBe("im6-platinum");
  });
  it("falls back to the default for an unknown or absent id", () => {
    expect(resolveVariantId(vs, "im9-ultra", "im5-performance")).toBe("im5-performance");
    expect(resolveVariantId(vs, null, "im5-premium")).toBe("im5-premium");
    expect(resolveVariantId(vs, "", "im5-premium")).toBe("im5-premium");
  });
  it("falls back to the first variant when the default is unknown too, and to '' with none", () => {
    expect(resolveVariantId(vs, "x", "y")).toBe(vs[0]?.id);
    expect(resolveVariantId([], "x", "y")).toBe("");
  });
});

describe("links and address", () => {
  it("Search Stock searches the family, Learn More opens its page", () => {
    expect(searchStockHref("im5")).toBe("/search/new-used-and-demo-cars?query=im5");
    // The family's own Search Stock link wins (a model refinement: issue 25, IM5 showed IM6 cars).
    const families = [{ baseId: "im5", ctas: [{ title: "Search Stock", link: "/search/new-used-and-demo-cars?model=IM5" }] }];
    expect(searchStockHref("im5", families)).toBe("/search/new-used-and-demo-cars?model=IM5");
    expect(learnMoreHref("im6")).toBe("/models/im6");
    expect(searchStockHref("a b&c")).toBe("/search/new-used-and-demo-cars?query=a%20b%26c");
  });
  it("the address carries both ids", () => {
    expect(compareSearch("im6-premium", "im5-platinum")).toBe("?left=im6-premium&right=im5-platinum");
    expect(new URLSearchParams(compareSearch("a&b", "c")).get("left")).toBe("a&b");
  });
});

describe("parseModelsContent", () => {
  it("accepts a ModelsContent body", () => {
    const parsed = parseModelsContent(JSON.parse(JSON.stringify(MODELS_CONTENT)));
    expect(parsed?.compare).toEqual({
      title: "Compare",
      subtitle: "Find your perfect IM",
      left: "im5-performance",
      right: "im5-premium",
    });
    expect(parsed?.variants).toHaveLength(6);
  });
  it("fills a missing compare block with the spec's title, subtitle and defaults", () => {
    const parsed = parseModelsContent({ variants: [], colours: [] });
    expect(parsed?.compare).toEqual({
      title: "Compare",
      subtitle: "Find your perfect IM",
      left: "im5-performance",
      right: "im5-premium",
    });
    expect(parsed?.families).toEqual([]);
  });
  it("rejects what is not one", () => {
    expect(parseModelsContent(null)).toBeNull();
    expect(parseModelsContent({ error: { code: "not_found" } })).toBeNull();
    expect(parseModelsContent({ variants: {}, colours: [] })).toBeNull();
  });
});
