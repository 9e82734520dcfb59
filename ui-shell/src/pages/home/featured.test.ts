import { describe, expect, it } from "vitest";
import type { SearchHit } from "../../search/cards";
import { FEATURED_COUNT, featuredAddress, featuredCars, heroImage } from "./featured";

const hit = (n: number, over: Partial<SearchHit> = {}): SearchHit =>
  ({
    id: n,
    slug: `car-${n}`,
    path: `/cars/car-${n}`,
    year: 2022,
    make: "Mercedes-Benz",
    model: "C-Class",
    status: "in_stock",
    available: true,
    photos_count: 5,
    primary_image_url: `/img/illustrations/sedan-${n}.png`,
    price_view: { kind: "car_price", price: 55990, price_type: null },
    ...over,
  }) as unknown as SearchHit;

describe("the home page's featured stock (docs/features/locations-forms-marketing.md §5 'Featured cars')", () => {
  it("asks for in-stock used cars when the site sells them, else its in-stock cars", () => {
    expect(featuredAddress(["new", "demo", "used"])).toBe("car_type=used&status=in_stock&hitsPerPage=24");
    expect(featuredAddress(["new", "demo"])).toBe("status=in_stock&hitsPerPage=24");
    expect(featuredAddress(undefined)).toBe("status=in_stock&hitsPerPage=24");
  });
  it("keeps 6 in-stock cars with more than one photo, in the host's order", () => {
    const hits = [
      hit(1, { photos_count: 1 }),
      hit(2, { status: "sold", available: false }),
      ...Array.from({ length: 8 }, (_, i) => hit(i + 3)),
    ];
    const cars = featuredCars(hits);
    expect(cars.length).toBe(FEATURED_COUNT);
    expect(cars.map((c) => c.id)).toEqual([3, 4, 5, 6, 7, 8]);
  });
  it("puts the first featured car in the hero, with the price the site shows", () => {
    const img = heroImage(hit(3));
    expect(img).toMatchObject({
      href: "/cars/car-3",
      alt: "2022 Mercedes-Benz C-Class",
      caption: "2022 Mercedes-Benz C-Class, $55,990",
    });
    expect(img?.srcSet).toContain("/img/illustrations/sedan-3.png?w=480 480w");
    // A placeholder price is not quoted (issue 25).
    const none = heroImage(hit(4, { price_view: { kind: "no_price", text: "Enquire for price" } as SearchHit["price_view"] }));
    expect(none?.caption).toBe("2022 Mercedes-Benz C-Class");
    expect(heroImage(undefined)).toBeNull();
    expect(heroImage(hit(5, { primary_image_url: null }))).toBeNull();
  });
});
