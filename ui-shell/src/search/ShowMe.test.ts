// The 'Show Me {count} {vehicle noun}' button's text (docs/features/shopper-core.md §2; issue 39:
// "Show Me 1 Cars").
import { describe, expect, it } from "vitest";
import { showMeText } from "./ShowMe";

describe("showMeText", () => {
  it("says the noun in the singular for one car only", () => {
    expect(showMeText(1, "Cars")).toBe("Show Me 1 Car");
    expect(showMeText(1, "Vehicles")).toBe("Show Me 1 Vehicle");
    expect(showMeText(0, "Cars")).toBe("Show Me 0 Cars");
    expect(showMeText(2, "Cars")).toBe("Show Me 2 Cars");
    expect(showMeText(1234, "Vehicles")).toBe("Show Me 1,234 Vehicles");
  });
  it("names no count while it is unknown", () => {
    expect(showMeText(null, "Cars")).toBe("Show Me Cars");
  });
});
