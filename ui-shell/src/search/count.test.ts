import { describe, expect, it } from "vitest";
import { countLine } from "./count";

describe("countLine", () => {
  it("says the count with the noun, thousands grouped", () => {
    expect(countLine(5, "Vehicles")).toBe("5 Vehicles found");
    expect(countLine(1234, "Cars")).toBe("1,234 Cars found");
  });
});
