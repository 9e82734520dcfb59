// The VDP's warranty wording, money-back guarantee and blog links (docs/features/shopper-core.md §2 "blogs",
// §9 warranty wording and "a 48-hour money-back guarantee applies to pre-owned cars on one tenant").
import { describe, expect, it } from "vitest";
import { carPromises, parseVdpContent } from "./promises";

const BODY = {
  warranty: {
    used: "3-year standard warranty",
    new_default: "5-year mechanical protection",
    new: [
      { makes: ["kia"], text: "7-year manufacturer's new-car warranty" },
      { makes: ["mercedes-benz"], text: "5-year manufacturer's new-car warranty" },
      { nope: 1 },
    ],
  },
  money_back: { hours: 48, car_types: ["used"], title: "48-hour money-back guarantee", text: "Return it within 48 hours." },
  blogs: [
    { title: "Vehicle reviews", href: "/blog/vehicle-reviews", summary: "", makes: [] },
    { title: "EVs", href: "/blog/ev", summary: "Charging", makes: ["im"] },
  ],
};

describe("VDP promises", () => {
  it("picks the warranty by car type and make, as the host does", () => {
    const c = parseVdpContent(BODY);
    if (!c) throw new Error("parse");
    expect(c.warranty.new).toHaveLength(2);
    expect(carPromises(c, "Kia", "new").warranty).toBe("7-year manufacturer's new-car warranty");
    expect(carPromises(c, "Mercedes-Benz", "demo").warranty).toBe("5-year manufacturer's new-car warranty");
    expect(carPromises(c, "Toyota", "new").warranty).toBe("5-year mechanical protection");
    expect(carPromises(c, "Kia", "used").warranty).toBe("3-year standard warranty");
  });

  it("shows the money-back guarantee only on the car types it covers, and the make's blogs", () => {
    const c = parseVdpContent(BODY);
    if (!c) throw new Error("parse");
    expect(carPromises(c, "Toyota", "used").moneyBack?.hours).toBe(48);
    expect(carPromises(c, "Toyota", "new").moneyBack).toBeNull();
    expect(carPromises(c, "IM", "new").blogs.map((b) => b.href)).toEqual(["/blog/vehicle-reviews", "/blog/ev"]);
    expect(carPromises(c, "Toyota", "new").blogs.map((b) => b.href)).toEqual(["/blog/vehicle-reviews"]);
    expect(parseVdpContent({ ...BODY, money_back: null })?.money_back).toBeNull();
    expect(parseVdpContent({ warranty: {} })).toBeNull();
  });
});
