import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirect";

describe("sign-in redirect and back targets: same-site paths only (docs/features/locations-forms-marketing.md §2, §4)", () => {
  it.each([
    "/",
    "/cars/2021-mercedes-benz-glc-class-hm10570",
    "/checkout-journey?car_id=abc&x=1",
    "/search/used-cars?make=Toyota#results",
  ])("keeps the path %s", (p) => {
    expect(safeRedirect(p)).toBe(p);
  });

  it.each([
    null,
    undefined,
    "",
    "https://evil.example",
    "https://evil.example/cars/x",
    "//evil.example",
    "//evil.example/path",
    "/\\evil.example",
    "/\\/evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "cars/x",
    "/\t/evil.example",
    "/\n/evil.example",
    "data:text/html,hi",
  ])("sends %j to /", (raw) => {
    expect(safeRedirect(raw)).toBe("/");
  });
});
