// The compare screen's colour and image rules (docs/features/locations-forms-marketing.md §4 "Compare: ...", §9).
import { describe, expect, it } from "vitest";
import {
  changeModel,
  colourKey,
  coloursFor,
  familyHasColours,
  familyOf,
  heroImageFor,
  imageFor,
  MAX_SWATCHES,
  pickColour,
  selectedColour,
  sideView,
} from "./colours";
import { colour, MODELS_CONTENT } from "./fixtures";
import type { ModelFamily } from "./types";

const PREMIUM = { id: "im5-premium", name: "IM5 Premium" };
const family = (baseId: string, heroImageUrl: string) => ({ baseId, heroImageUrl }) as ModelFamily;
const FAMILIES = [family("im6", "/img/hero-im6.png"), family("im5", "/img/hero-im5.png")];

describe("familyOf", () => {
  it("maps a name starting with im6, in any case, to im6", () => {
    expect(familyOf("IM6 Premium")).toBe("im6");
    expect(familyOf("im6-performance")).toBe("im6");
    expect(familyOf("Im6")).toBe("im6");
    expect(familyOf("  IM6 Platinum")).toBe("im6");
  });
  it("maps anything else to im5", () => {
    expect(familyOf("IM5 Premium")).toBe("im5");
    expect(familyOf("The IM6")).toBe("im5");
    expect(familyOf("")).toBe("im5");
    expect(familyOf("LS6")).toBe("im5");
  });
});

describe("coloursFor", () => {
  it("keeps only the selected variant's colours, in their order", () => {
    const list = coloursFor(MODELS_CONTENT.colours, { id: "im6-platinum", name: "IM6 Platinum" });
    expect(list.map((c) => c.name)).toEqual(["Ares Black", "Nevis Blue", "Rembrandt Grey", "Raphael Beige", "Athena White"]);
    expect(list.every((c) => c.model_variant_id === "im6-platinum")).toBe(true);
  });

  it("drops a later colour whose hex code differs only in case (the first is kept)", () => {
    const list = coloursFor(
      [
        colour({ id: "a", hexCode: "#1B1C1E", name: "Ares Black" }),
        colour({ id: "b", hexCode: "#1b1c1e", name: "Ares Black (again)" }),
        colour({ id: "c", hexCode: " #1B1C1E ", name: "Padded" }),
        colour({ id: "d", hexCode: "#F3F3F0", name: "Athena White" }),
      ],
      PREMIUM,
    );
    expect(list.map((c) => c.id)).toEqual(["a", "d"]);
  });

  it("keeps colours without a hex code apart by name and id", () => {
    const list = coloursFor(
      [
        colour({ id: "a", hexCode: null, name: "Mystery" }),
        colour({ id: "b", hexCode: null, name: "Mystery" }),
        colour({ id: "c", hexCode: "", name: "Blank" }),
        colour({ id: "c", hexCode: null, name: "Blank" }),
      ],
      PREMIUM,
    );
    // a and b differ by id; the two "c"/"Blank" entries share name and id, so one is kept.
    expect(list.map((c) => `${c.id}:${c.name}`)).toEqual(["a:Mystery", "b:Mystery", "c:Blank"]);
    expect(colourKey(colour({ id: "x", hexCode: null, name: "N" }))).toBe("N|x");
    expect(colourKey(colour({ id: "x", hexCode: "#ABCDEF", name: "N" }))).toBe("#abcdef");
  });

  it("caps the list at 6, keeping the first six in order", () => {
    const many = Array.from({ length: 9 }, (_, i) => colour({ id: `c${i}`, hexCode: `#00000${i}`, name: `C${i}` }));
    const list = coloursFor(many, PREMIUM);
    expect(MAX_SWATCHES).toBe(6);
    expect(list.map((c) => c.id)).toEqual(["c0", "c1", "c2", "c3", "c4", "c5"]);
  });

  it("counts the cap after de-duplication (duplicates do not use up swatches)", () => {
    const list = coloursFor(
      [
        colour({ id: "a", hexCode: "#111111" }),
        colour({ id: "a2", hexCode: "#111111" }),
        ...Array.from({ length: 6 }, (_, i) => colour({ id: `c${i}`, hexCode: `#22222${i}` })),
      ],
      PREMIUM,
    );
    expect(list.map((c) => c.id)).toEqual(["a", "c0", "c1", "c2", "c3", "c4"]);
  });

  it("is empty when the model family has no colour data", () => {
    const im6Only = MODELS_CONTENT.colours.filter((c) => c.model_id === "im6");
    expect(familyHasColours(im6Only, "im5")).toBe(false);
    expect(coloursFor(im6Only, PREMIUM)).toEqual([]);
    // A stray colour naming the variant but filed under another family does not count as data.
    expect(coloursFor([colour({ id: "s", model_variant_id: "im5-premium", model_id: "im6" })], PREMIUM)).toEqual([]);
    expect(coloursFor([], PREMIUM)).toEqual([]);
  });

  it("every fixture variant has at most 6 colours", () => {
    for (const v of MODELS_CONTENT.variants) {
      expect(coloursFor(MODELS_CONTENT.colours, v).length).toBeLessThanOrEqual(MAX_SWATCHES);
    }
  });
});

describe("selectedColour", () => {
  const list = [colour({ id: "a" }), colour({ id: "b" })];
  it("is the picked colour when it is in the list", () => {
    expect(selectedColour(list, "b")?.id).toBe("b");
  });
  it("is the first when none is picked, or the pick is not in the list", () => {
    expect(selectedColour(list, null)?.id).toBe("a");
    expect(selectedColour(list, "gone")?.id).toBe("a");
  });
  it("is null for no colours", () => {
    expect(selectedColour([], "a")).toBeNull();
  });
});

describe("heroImageFor and imageFor", () => {
  it("takes the hero of the family the name maps to", () => {
    expect(heroImageFor(FAMILIES, "IM6 Premium")).toBe("/img/hero-im6.png");
    expect(heroImageFor(FAMILIES, "im6 performance")).toBe("/img/hero-im6.png");
    expect(heroImageFor(FAMILIES, "IM5 Premium")).toBe("/img/hero-im5.png");
    expect(heroImageFor(FAMILIES, "Something else")).toBe("/img/hero-im5.png");
  });
  it("is null without the family or with a blank URL", () => {
    expect(heroImageFor([], "IM6 Premium")).toBeNull();
    expect(heroImageFor([family("im6", " ")], "IM6 Premium")).toBeNull();
  });

  const a = colour({ id: "a", image_url: "/img/a.png" });
  const b = colour({ id: "b", image_url: "/img/b.png" });
  const noImage = colour({ id: "n", image_url: null });
  const blank = colour({ id: "e", image_url: "" });
  it("is the selected colour's image first", () => {
    expect(imageFor([a, b], b, "/img/hero.png")).toBe("/img/b.png");
  });
  it("falls back to the first colour's image when the selected has none", () => {
    expect(imageFor([a, noImage], noImage, "/img/hero.png")).toBe("/img/a.png");
    expect(imageFor([a, blank], blank, "/img/hero.png")).toBe("/img/a.png");
  });
  it("falls back to the family hero when neither has one", () => {
    expect(imageFor([noImage, b], noImage, "/img/hero.png")).toBe("/img/hero.png");
    expect(imageFor([blank], blank, "/img/hero.png")).toBe("/img/hero.png");
    expect(imageFor([], null, "/img/hero.png")).toBe("/img/hero.png");
  });
  it("is null with no image anywhere", () => {
    expect(imageFor([noImage], noImage, null)).toBeNull();
  });
});

describe("side state", () => {
  it("changing the model resets the colour to the first", () => {
    const side = pickColour({ variantId: "im5-premium", colourId: null }, "im5-premium-nevis-blue");
    expect(side.colourId).toBe("im5-premium-nevis-blue");
    const next = changeModel(side, "im6-premium");
    expect(next).toEqual({ variantId: "im6-premium", colourId: null });
    const view = sideView(MODELS_CONTENT, next);
    expect(view?.selected?.id).toBe(view?.colours[0]?.id);
    expect(view?.selected?.name).toBe("Ares Black");
  });
  it("choosing the same model keeps the picked colour", () => {
    const side = { variantId: "im5-premium", colourId: "im5-premium-nevis-blue" };
    expect(changeModel(side, "im5-premium")).toBe(side);
    expect(pickColour(side, "im5-premium-nevis-blue")).toBe(side);
  });
});

describe("sideView", () => {
  it("shows the picked colour's image when it has one", () => {
    const v = sideView(MODELS_CONTENT, { variantId: "im5-performance", colourId: "im5-performance-athena-white" });
    expect(v?.selected?.name).toBe("Athena White");
    expect(v?.image).toBe("/img/illustrations/sedan-white-90.png");
    expect(v?.imageSource).toBe("colour");
  });
  it("falls back to the first colour's image for a colour without one", () => {
    const v = sideView(MODELS_CONTENT, { variantId: "im5-performance", colourId: "im5-performance-nevis-blue" });
    expect(v?.selected?.name).toBe("Nevis Blue");
    expect(v?.image).toBe("/img/illustrations/sedan-black-90.png");
    expect(v?.imageSource).toBe("colour");
  });
  it("shows the family hero when no colour of the variant has an image", () => {
    const v = sideView(MODELS_CONTENT, { variantId: "im6-performance", colourId: null });
    expect(v?.family).toBe("im6");
    expect(v?.colours).toHaveLength(5);
    expect(v?.image).toBe("/img/illustrations/suv-grey-35.png");
    expect(v?.imageSource).toBe("hero");
  });
  it("shows the hero and no swatches when the family has no colour data", () => {
    const content = { ...MODELS_CONTENT, colours: MODELS_CONTENT.colours.filter((c) => c.model_id !== "im6") };
    const v = sideView(content, { variantId: "im6-premium", colourId: null });
    expect(v?.colours).toEqual([]);
    expect(v?.selected).toBeNull();
    expect(v?.imageSource).toBe("hero");
  });
  it("has no image when neither colours nor family have one", () => {
    const v = sideView({ ...MODELS_CONTENT, families: [], colours: [] }, { variantId: "im6-premium", colourId: null });
    expect(v?.image).toBeNull();
    expect(v?.imageSource).toBe("none");
  });
  it("uses the first variant for an unknown id, and is null without variants", () => {
    expect(sideView(MODELS_CONTENT, { variantId: "nope", colourId: null })?.variant.id).toBe(MODELS_CONTENT.variants[0]?.id);
    expect(sideView({ ...MODELS_CONTENT, variants: [] }, { variantId: "im5-premium", colourId: null })).toBeNull();
  });
});
