import { describe, expect, it } from "vitest";
import { countLine, groupedSold } from "./count";

const hits = (n: number) => Array.from({ length: n }, () => ({}) as never);

describe("the SRP count says what is shown (issue 25: 5 Vehicles found above 3 cards)", () => {
  it("counts the sold cars a collapsed run hides on this page", () => {
    expect(groupedSold({ count: 5, page: 1, hits_per_page: 21, hits: hits(3) })).toBe(2);
    expect(groupedSold({ count: 5, page: 1, hits_per_page: 21, hits: hits(5) })).toBe(0);
    // A full middle page and a short last page.
    expect(groupedSold({ count: 50, page: 1, hits_per_page: 21, hits: hits(19) })).toBe(2);
    expect(groupedSold({ count: 50, page: 3, hits_per_page: 21, hits: hits(8) })).toBe(0);
    expect(groupedSold({ count: 0, page: 1, hits_per_page: 21, hits: hits(0) })).toBe(0);
  });
  it("says so next to the count", () => {
    expect(countLine(5, "Vehicles", 0)).toBe("5 Vehicles found");
    expect(countLine(5, "Vehicles", 2)).toBe("5 Vehicles found, 2 sold not shown (sold cars in a row are shown once)");
  });
});
