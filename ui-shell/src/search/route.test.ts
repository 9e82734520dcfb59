import { describe, expect, it } from "vitest";
import { TENANTS } from "../__tests__/fixtures";
import { emptyState, restoreAddress } from "./address";
import { toggleRefinement } from "./filters";
import { mergeBase, routeBase, searchCrumbs, searchLocation } from "./route";
import { usedCarTarget } from "./usedCar";

const group = TENANTS.group;
const names = {
  makes: ["Toyota", "Land Rover", "Mercedes-Benz"],
  models: ["RAV4", "Range Rover Sport"],
  bodies: ["SUV", "People Mover"],
};

describe("search routes (docs/features/locations-forms-marketing.md §2)", () => {
  it("reads condition, location, dealership, make, body and make/model paths", () => {
    expect(routeBase({}, group, null)?.refinements).toEqual({});
    expect(routeBase({ refinement: "used-cars" }, group, null)?.refinements).toEqual({ car_type: ["used"] });
    expect(routeBase({ refinement: "new-and-demo-cars" }, group, null)?.refinements).toEqual({ car_type: ["new", "demo"] });
    const loc = group.locations[0];
    const dealer = group.dealerships[0];
    if (!loc || !dealer) throw new Error("fixture");
    expect(routeBase({ refinement: loc.slug }, group, null)?.refinements).toEqual({ location_name: [loc.name] });
    expect(routeBase({ refinement: dealer.slug }, group, null)?.refinements).toEqual({ dealership_name: [dealer.name] });
    expect(routeBase({ refinement: "land-rover" }, group, null)).toBeNull();
    expect(routeBase({ refinement: "land-rover" }, group, names)?.refinements).toEqual({ make: ["Land Rover"] });
    expect(routeBase({ refinement: "people-mover" }, group, names)?.refinements).toEqual({ body: ["People Mover"] });
    expect(routeBase({ make: "land-rover", model: "range-rover-sport" }, group, names)?.refinements).toEqual({
      make: ["Land Rover"],
      model: ["Range Rover Sport"],
    });
    expect(routeBase({ refinement: "unicorns" }, group, names)).toMatchObject({ refinements: {}, query: "Unicorns" });
  });

  it("writes a state to the route's path while it keeps the path's refinements, else to a condition path", () => {
    const used = routeBase({ refinement: "used-cars" }, group, null);
    const s = toggleRefinement(
      mergeBase(used ?? { refinements: {}, query: "", heading: "" }, emptyState()),
      "make",
      "Toyota",
      true,
    );
    expect(searchLocation(s, { refinement: "used-cars" }, used)).toEqual({
      pathname: "/search/used-cars",
      search: "?make=Toyota",
    });
    const all = toggleRefinement(s, "car_type", "used", false);
    expect(searchLocation(all, { refinement: "used-cars" }, used)).toEqual({
      pathname: "/search/new-used-and-demo-cars",
      search: "?make=Toyota",
    });
    const mixed = toggleRefinement(s, "car_type", "new", true);
    expect(searchLocation(mixed, { refinement: "used-cars" }, used).search).toBe("?car_type=used&car_type=new&make=Toyota");

    const params = { make: "land-rover", model: "range-rover-sport" };
    const mm = routeBase(params, group, names);
    const full = mergeBase(mm ?? { refinements: {}, query: "", heading: "" }, restoreAddress("?year=2020:"));
    expect(searchLocation({ ...full, page: 2 }, params, mm)).toEqual({
      pathname: "/search/land-rover/range-rover-sport",
      search: "?year=2020:&page=2",
    });
    const noModel = toggleRefinement(full, "model", "Range Rover Sport", false);
    expect(searchLocation(noModel, params, mm)).toEqual({
      pathname: "/search/new-used-and-demo-cars",
      search: "?make=Land%20Rover&year=2020:",
    });
  });

  it("builds breadcrumbs with make, model and body crumbs", () => {
    const s = restoreAddress("?car_type=used&make=Land%20Rover&model=Range%20Rover%20Sport&body=SUV");
    expect(searchCrumbs(s)).toEqual([
      { label: "Home", href: "/" },
      { label: "Used cars", href: "/search/used-cars" },
      { label: "Land Rover", href: "/search/land-rover" },
      { label: "Range Rover Sport", href: "/search/land-rover/range-rover-sport" },
      { label: "SUV", href: "/search/suv" },
    ]);
    expect(searchCrumbs(restoreAddress("?make=A&make=B")).length).toBe(2);
  });
});

describe("/used-car/{make}/{model} (issue 25: it ignored its make and model)", () => {
  it("goes to the make and model's search with used cars only", () => {
    expect(usedCarTarget("/used-car/toyota/rav4", "")).toBe("/search/toyota/rav4?car_type=used");
    expect(usedCarTarget("/used-car/Mercedes-Benz", "?sortBy=price_asc")).toBe(
      "/search/mercedes-benz?car_type=used&sortBy=price_asc",
    );
    expect(usedCarTarget("/used-car", "")).toBe("/search/used-cars");
    expect(usedCarTarget("/used-car/", "?car_type=new")).toBe("/search/used-cars");
    expect(usedCarTarget("/used-car/a/b/c", "")).toBeNull();
    expect(usedCarTarget("/search/toyota", "")).toBeNull();
  });
});
