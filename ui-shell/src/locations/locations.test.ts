// The location rules (docs/features/locations-forms-marketing.md §2 "Location screens", §3, §4 "Location type
// select", §9 phones de-duplicated by digits, 4 grid columns above 3 locations, map zoom 10).
import { describe, expect, it } from "vitest";
import { TENANTS } from "../__tests__/fixtures";
import type { Location, TenantSettings } from "../api/types";
import { fetchLocator, inlineLocation, locatorPath, UNKNOWN_POSTCODE } from "./data";
import {
  chooseType,
  DEFAULT_MAP_SETTINGS,
  directionsUrl,
  gridColumns,
  isClosedToday,
  locationPhones,
  locationType,
  mapPoints,
  mapSettings,
  matchesType,
  offersClosedEnquiry,
  resolveLocation,
  todayAt,
  typeOptions,
} from "./locations";

const group = TENANTS.group;
const bySlug = (slug: string) => {
  const l = group.locations.find((x) => x.slug === slug);
  if (!l) throw new Error(`no ${slug} in the fixture`);
  return l;
};
const withContact = (loc: Location, phone: string | null, landline: string | null): Location => ({
  ...loc,
  contact_detail: { ...loc.contact_detail, phone, landline_phone: landline },
});

describe("locationPhones (de-duplicated by digits)", () => {
  const base = bySlug("southern-cross-toyota-sales");
  it("shows the phone and a different landline, formatted, as tel: links", () => {
    expect(locationPhones(withContact(base, "0755500210", "+61 7 5550 0299"))).toEqual([
      { label: "Phone", display: "07 5550 0210", href: "tel:0755500210" },
      { label: "Landline", display: "07 5550 0299", href: "tel:0755500299" },
    ]);
  });
  it("drops a landline with the same digits however it is written", () => {
    expect(locationPhones(withContact(base, "07 5550 0210", "(07) 5550-0210")).map((p) => p.label)).toEqual(["Phone"]);
    expect(locationPhones(withContact(base, "+61755500210", "07 5550 0210")).map((p) => p.label)).toEqual(["Phone"]);
  });
  it("shows the landline alone when there is no phone, nothing when neither", () => {
    expect(locationPhones(withContact(base, null, "02 5550 0101")).map((p) => p.label)).toEqual(["Landline"]);
    expect(locationPhones(withContact(base, "", null))).toEqual([]);
  });
});

describe("location type select", () => {
  it("offers the dealership's sales, service and parts locations, the page's own for its type", () => {
    const service = bySlug("southern-cross-toyota-service");
    const options = typeOptions(group.locations, service);
    expect(options.map((o) => [o.type, o.location.slug])).toEqual([
      ["sales", "southern-cross-toyota-sales"],
      ["service", "southern-cross-toyota-service"],
      ["parts", "southern-cross-toyota-parts"],
    ]);
    expect(chooseType(options, "service")).toBe("service");
  });

  it("auto-selects the only option", () => {
    const bmw = bySlug("southern-cross-bmw-sales");
    const options = typeOptions(group.locations, bmw);
    expect(options.map((o) => o.type)).toEqual(["sales"]);
    expect(chooseType(options, "")).toBe("sales");
    expect(chooseType([{ type: "service" }], "sales")).toBe("service");
  });

  it("chooses nothing when several options exist and the preferred type is not one", () => {
    expect(chooseType([{ type: "sales" }, { type: "service" }], "parts")).toBe("");
    expect(chooseType([], "sales")).toBe("");
  });

  it("prefers the dealership's primary location of a type, skips hidden ones, reads '' as sales", () => {
    const sales = bySlug("southern-cross-hyundai-box-hill-sales");
    const other = bySlug("southern-cross-hyundai-hoppers-crossing-sales");
    const service = { ...bySlug("southern-cross-honda-service"), dealership_slug: sales.dealership_slug, slug: "x-service" };
    const hidden = { ...service, slug: "hidden-parts", location_type: "parts", visible: false };
    const empty = { ...other, location_type: "" };
    const options = typeOptions([empty, sales, service, hidden], service);
    expect(options.map((o) => [o.type, o.location.slug])).toEqual([
      ["sales", "southern-cross-hyundai-box-hill-sales"],
      ["service", "x-service"],
    ]);
    expect(locationType(empty)).toBe("sales");
  });
});

describe("resolveLocation", () => {
  it("finds a location by its slug on both routes", () => {
    expect(resolveLocation(group.locations, "southern-cross-toyota-parts", false)?.location.slug).toBe(
      "southern-cross-toyota-parts",
    );
  });
  it("takes a dealership's slug on /locations only, giving its primary location", () => {
    expect(resolveLocation(group.locations, "southern-cross-toyota", false)).toBeNull();
    expect(resolveLocation(group.locations, "southern-cross-toyota", true)).toEqual({
      location: bySlug("southern-cross-toyota-sales"),
      dealership: "southern-cross-toyota",
    });
  });
  it("never resolves a hidden location", () => {
    const hidden = { ...bySlug("southern-cross-bmw-sales"), visible: false };
    expect(resolveLocation([hidden], hidden.slug, true)).toBeNull();
  });
});

describe("closed today (Enquire Now on a closed service location)", () => {
  const service = bySlug("southern-cross-toyota-service"); // QLD: Sunday closed, Saturday 8 am - 12 pm
  it("uses the location's own time zone for today's weekday", () => {
    // Saturday 21 Nov 2026 22:15 UTC is Sunday 22 Nov 08:15 in Brisbane.
    const now = new Date("2026-11-21T22:15:00Z");
    expect(todayAt(service, now)).toEqual({ date: "2026-11-22", weekday: 0 });
    expect(isClosedToday(service, now)).toBe(true);
    expect(offersClosedEnquiry(service, now)).toBe(true);
    expect(isClosedToday(service, new Date("2026-11-21T01:00:00Z"))).toBe(false); // Saturday in Brisbane
  });
  it("lets today's holiday hours win over the week", () => {
    expect(isClosedToday(service, new Date("2026-12-25T01:00:00Z"))).toBe(true); // a Friday, closed for Christmas
    expect(isClosedToday(service, new Date("2026-12-26T01:00:00Z"))).toBe(false); // a Saturday, open 10-2
  });
  it("offers Enquire Now for service locations only", () => {
    const sales = bySlug("southern-cross-toyota-sales");
    const sunday = new Date("2026-11-22T01:00:00Z");
    expect(isClosedToday(sales, sunday)).toBe(true);
    expect(offersClosedEnquiry(sales, sunday)).toBe(false);
  });
});

describe("grid, distance, filter, directions, map", () => {
  it("uses 4 columns above 3 locations, else 3", () => {
    expect([1, 2, 3, 4, 9].map(gridColumns)).toEqual([3, 3, 3, 4, 4]);
  });
  it("filters by type, reading '' as sales", () => {
    const l = bySlug("southern-cross-toyota-parts");
    expect(matchesType(l, "all")).toBe(true);
    expect(matchesType(l, "parts")).toBe(true);
    expect(matchesType(l, "sales")).toBe(false);
    expect(matchesType({ ...l, location_type: "" }, "sales")).toBe(true);
  });
  it("links Get Directions to the place URL, else a maps search", () => {
    const l = bySlug("southern-cross-bmw-sales");
    expect(directionsUrl(l)).toBe(l.address.place_url);
    expect(directionsUrl({ ...l, address: { ...l.address, place_url: null } })).toBe(
      "https://www.google.com/maps/search/?api=1&query=-33.828361,151.192212",
    );
    expect(
      directionsUrl({ ...l, address: { street: "1 A St", city: "Town", state: "QLD", postcode: "4000", place_url: null } }),
    ).toBe("https://www.google.com/maps/search/?api=1&query=1%20A%20St%2C%20Town%2C%20QLD%2C%204000");
    expect(directionsUrl({ ...l, address: {} })).toBeNull();
  });
  it("puts locations at one place on one marker and skips those without coordinates", () => {
    const toyota = group.locations.filter((l) => l.dealership_slug === "southern-cross-toyota");
    const nowhere = { ...bySlug("southern-cross-bmw-sales"), address: { street: "x" } };
    const points = mapPoints([...toyota, bySlug("southern-cross-bmw-sales"), nowhere]);
    expect(points).toHaveLength(2);
    expect(points[0]?.locations.map((l) => l.location_type).sort()).toEqual(["parts", "sales", "service"]);
  });
  it("reads the site's map settings with zoom 10 by default", () => {
    expect(mapSettings(group)).toEqual(DEFAULT_MAP_SETTINGS);
    expect(DEFAULT_MAP_SETTINGS.zoom).toBe(10);
    const custom = { ...group, maps: { tile_url: "/tiles/{z}/{x}/{y}.png", attribution: "Tiles", zoom: 12 } } as TenantSettings;
    expect(mapSettings(custom)).toEqual({ tile_url: "/tiles/{z}/{x}/{y}.png", attribution: "Tiles", zoom: 12 });
  });
});

describe("locator and inline data", () => {
  it("builds the locator's query", () => {
    expect(locatorPath("4000")).toBe("/api/v1/locations?postcode=4000");
    expect(locatorPath("4000", "service")).toBe("/api/v1/locations?postcode=4000&type=service");
    expect(locatorPath("", "all")).toBe("/api/v1/locations");
  });
  it("maps the host's 400 and 404 to 'Invalid postcode' and other failures to an error", async () => {
    const bad = async () =>
      Response.json({ error: { code: "invalid_postcode", message: "Invalid postcode", field: "postcode" } }, { status: 400 });
    expect(await fetchLocator("999", "", undefined, bad)).toEqual({ status: "invalid", message: UNKNOWN_POSTCODE });
    const unknown = async () =>
      Response.json({ error: { code: "unknown_postcode", message: "Invalid postcode", field: "postcode" } }, { status: 404 });
    expect(await fetchLocator("0001", "", undefined, unknown)).toEqual({ status: "invalid", message: UNKNOWN_POSTCODE });
    expect((await fetchLocator("4000", "", undefined, async () => new Response("", { status: 502 }))).status).toBe("error");
    const ok = await fetchLocator("4000", "", undefined, async () =>
      Response.json({ origin: null, locations: [{ location: bySlug("southern-cross-toyota-sales"), distance_km: 2.1 }] }),
    );
    expect(ok.status).toBe("ok");
  });
  it("takes the inline Location only for its own path and route", () => {
    const loc = bySlug("southern-cross-toyota-sales");
    const inline = {
      version: 1 as const,
      tenant: group,
      route: { id: "our-location", path: "/our-location/southern-cross-toyota-sales", params: {} },
      status: 200,
      page: loc,
    };
    expect(inlineLocation(inline, "/our-location/southern-cross-toyota-sales")).toBe(loc);
    expect(inlineLocation(inline, "/our-location/other")).toBeNull();
    expect(inlineLocation({ ...inline, route: { ...inline.route, id: "car" } }, inline.route.path)).toBeNull();
    expect(inlineLocation({ ...inline, page: { offers: [] } }, inline.route.path)).toBeNull();
  });
});
