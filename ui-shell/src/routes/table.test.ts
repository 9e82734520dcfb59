import { describe, expect, it } from "vitest";
import { matchRoutes } from "../app/router";
import { ROUTES } from "./table";

const routes = ROUTES.map((r) => ({ path: r.path, id: r.id }));
const idFor = (url: string) => matchRoutes(routes, url)?.at(-1)?.route.id;

describe("route table", () => {
  it("has unique ids and paths", () => {
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
    for (const r of ROUTES) expect(r.title.length).toBeGreaterThan(0);
  });

  it.each([
    // docs/features/shopper-core.md §2
    ["/cars/2021-mercedes-benz-glc-class-hm10570", "car"],
    ["/cars/abc/checkout", "car-checkout"],
    ["/cars/abc/buy-online", "car-buy-online"],
    ["/checkout-journey?car_id=abc", "checkout-journey"],
    ["/cars/trade-in?car_id=12", "car-trade-in"],
    ["/trade-in", "trade-in"],
    ["/print?car_id=abc", "print"],
    ["/finance", "finance"],
    ["/finance-enquiry", "finance-enquiry"],
    ["/apply-for-finance", "apply-for-finance"],
    ["/service", "service"],
    ["/special-offers", "special-offers"],
    ["/search/harbourside-mercedes-benz", "search"],
    ["/sign-in?type=watchlist&redirect=/cars/x&back=/cars/x", "sign-in"],
    ["/success", "success"],
    ["/mercedes-benz/overview", "brand-overview"],
    ["/dealer-locator", "dealer-locator"],
    ["/brands", "brands"],
    ["/about-us", "about-us"],
    ["/terms-and-conditions", "terms-and-conditions"],
    ["/twg-cars", "twg-cars"],
    ["/twg-rental", "twg-rental"],
    ["/twg-tyres", "twg-tyres"],
    ["/finance-and-insurance", "finance-and-insurance"],
    ["/neotek", "neotek"],
    ["/4x4-outdoor", "4x4-outdoor"],
    // docs/features/locations-forms-marketing.md §2
    ["/search/new-used-and-demo-cars", "search"],
    ["/search/used-cars", "search"],
    ["/search/new-and-demo-cars", "search"],
    ["/search/demo-cars", "search"],
    ["/search/new-cars", "search"],
    ["/search/toyota", "search"],
    ["/search/toyota/rav4", "search-make-model"],
    ["/book-test-drive", "book-test-drive"],
    ["/personalised/finance?car_id=1", "personalised-finance"],
    ["/sell-my-car", "sell-my-car"],
    ["/sell-your-car", "sell-your-car"],
    ["/vehicle-parts-and-accessories", "vehicle-parts-and-accessories"],
    ["/contact", "contact"],
    ["/contact-us", "contact-us"],
    ["/contact-us/harbourside-mercedes-benz-service", "contact-us-location"],
    ["/our-location/harbourside-mercedes-benz-sales", "our-location"],
    ["/locations/harbourside-mercedes-benz-sales", "location"],
    ["/offers/42", "offer"],
    ["/offers/mercedes-benz/42", "offer-manufacturer"],
    ["/models", "models"],
    ["/models/im5", "model-family"],
    ["/im6-premium", "model"],
    ["/pages/warranty", "marketing-page"],
    ["/spin-to-win", "spin-to-win"],
    ["/online-payment", "online-payment"],
    ["/mymotorama", "mymotorama"],
    ["/mybigboxcars", "mybigboxcars"],
    ["/myblinkr", "myblinkr"],
    ["/myservco", "myservco"],
    ["/my-garage", "my-garage"],
    ["/privacy-policy", "privacy-policy"],
    ["/careers", "careers"],
    ["/fleet", "fleet"],
    ["/buying", "buying"],
    ["/roadside-assist", "roadside-assist"],
    ["/warranty", "warranty"],
    ["/charging-solutions", "charging-solutions"],
    ["/blog/vehicle-reviews", "blog-vehicle-reviews"],
    ["/diamond-advantage", "diamond-advantage"],
    ["/used-car/toyota/rav4", "used-car"],
    ["/", "home"],
    ["/no/such/page/here", "not-found"],
  ])("%s -> %s", (url, id) => {
    expect(idFor(url.split("?")[0] ?? url)).toBe(id);
  });

  it("gates the garage and payment routes always, checkout and finance per site", () => {
    const gate = (id: string) => ROUTES.find((r) => r.id === id)?.gate;
    for (const id of ["online-payment", "my-garage", "mymotorama", "mybigboxcars", "myblinkr", "myservco"])
      expect(gate(id)).toBe("always");
    for (const id of ["car-checkout", "finance", "spin-to-win"]) expect(gate(id)).toBe("per-site");
  });
});
