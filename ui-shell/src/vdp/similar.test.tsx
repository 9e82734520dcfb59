// Similar cars (issue 25): a failed similar-cars call falls back to a search (docs/features/shopper-core.md §8
// "Similar cars fail: logged, then a fallback search shows"; §9 price window), and the heading
// names what is shown (a group's similar cars of several makes are not 'Similar Ford Cars').
import { render, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CAR, hitOf, TENANTS } from "../__tests__/fixtures";
import { SimilarCars, similarFallbackPath, similarTitle } from "./Details";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

afterEach(() => vi.restoreAllMocks());

describe("similar cars (docs/features/shopper-core.md §8, §9)", () => {
  it("shows the fallback search when the similar-cars call fails", async () => {
    const other = { ...hitOf(CAR), id: 99, slug: "other-car", path: "/cars/other-car", name: "Other car" };
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockImplementation(async (input) =>
        String(input).includes("/similar")
          ? json(500, { error: { code: "internal" } })
          : json(200, { hits: [hitOf(CAR), other] }),
      );
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(<SimilarCars res={CAR} tenant={TENANTS.group} />);
    await waitFor(() => expect(document.querySelector("[data-section='similar'] a[href='/cars/other-car']")).not.toBeNull());
    expect(String(fetch.mock.calls[1]?.[0])).toBe(similarFallbackPath(CAR.car));
    // The car itself is never among its similar cars.
    expect(document.querySelector(`[data-section='similar'] a[href='${CAR.path}']`)).toBeNull();
  });

  it("searches the same make and type within the price window", () => {
    const q = (p: string) => new URLSearchParams(p.split("?")[1]);
    const cheap = q(similarFallbackPath({ make: "Toyota", car_type: "used", price: 30000 }));
    expect([cheap.get("make"), cheap.get("car_type"), cheap.get("price")]).toEqual(["Toyota", "used", "20000:40000"]);
    expect(q(similarFallbackPath({ make: "BMW", car_type: "new", price: 80000 })).get("price")).toBe("55000:105000");
    expect(q(similarFallbackPath({ make: "BMW", car_type: "new", price: 0 })).get("price")).toBeNull();
  });

  it("names the make only when every car shown is of it", () => {
    expect(similarTitle("Ford", "new", [{ make: "Ford" }, { make: "ford" }], "Cars")).toBe("Similar Ford Cars In-Stock");
    expect(similarTitle("Ford", "used", [{ make: "Hyundai" }, { make: "Honda" }, { make: "Toyota" }], "Cars")).toBe(
      "Similar Cars Available",
    );
  });

  it("renders nothing when the call and the fallback both fail", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => json(503, {}));
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { container } = render(<SimilarCars res={CAR} tenant={TENANTS.group} />);
    await waitFor(() => expect(container.querySelector("[data-section='similar']")).toBeNull());
  });
});
