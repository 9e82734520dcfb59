import { describe, expect, it } from "vitest";
import { facetLabel, humanLabel } from "./labels";

describe("facet labels (issue 25: raw keys such as suv, 4wd, peopleMover)", () => {
  it("turns the feeds' keys into words", () => {
    expect(humanLabel("suv")).toBe("SUV");
    expect(humanLabel("4wd")).toBe("4WD");
    expect(humanLabel("peopleMover")).toBe("People Mover");
    expect(humanLabel("hatch")).toBe("Hatchback");
    expect(humanLabel("cab_chassis")).toBe("Cab Chassis");
    expect(humanLabel("in_stock")).toBe("In stock");
    expect(humanLabel("sedan")).toBe("Sedan");
    expect(humanLabel("petrol")).toBe("Petrol");
  });
  it("keeps values already written for people", () => {
    expect(humanLabel("Mercedes-Benz")).toBe("Mercedes-Benz");
    expect(humanLabel("NSW")).toBe("NSW");
    expect(humanLabel("Athena White")).toBe("Athena White");
    expect(humanLabel("")).toBe("");
  });
  it("prefers the host's label when it is not the raw value", () => {
    expect(facetLabel({ value: "10000-20000", label: "$10,000 - $20,000" })).toBe("$10,000 - $20,000");
    expect(facetLabel({ value: "suv", label: "suv" })).toBe("SUV");
  });
});
