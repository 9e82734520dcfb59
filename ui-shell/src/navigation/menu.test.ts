import { describe, expect, it } from "vitest";
import type { ModelMenuItem, NavEntry } from "../api/types";
import { columnsOf, dropdownOf, headerEntries } from "./entries";
import { NAVIGATION_FIXTURE } from "./fixture";
import { ALL_MODELS, bodyLabel, filterModels, isComingSoon, menuChips, powertrainLabel, withCount } from "./menu";

const model = (slug: string, bodies: string[], powertrain: string | null, status = "available"): ModelMenuItem => ({
  slug,
  name: slug.toUpperCase(),
  href: `/${slug}`,
  status,
  manufacturer_name: null,
  image_url: null,
  bodies,
  powertrain,
});

const MODELS = [
  model("a", ["suv"], "electric"),
  model("b", ["SUV", "wagon"], "hybrid"),
  model("c", ["sedan"], "electric"),
  model("d", ["ute"], null, "coming_soon"),
];

describe("body and powertrain labels", () => {
  it("writes known body types as the spec names them", () => {
    expect(bodyLabel("suv")).toBe("SUV");
    expect(bodyLabel("cabChassis")).toBe("Cab Chassis");
    expect(bodyLabel("peopleMover")).toBe("People Mover");
    expect(bodyLabel("stationWagon")).toBe("Station Wagon");
    expect(bodyLabel("4x4")).toBe("4x4");
    expect(bodyLabel("ev")).toBe("EV");
    expect(bodyLabel("sedan")).toBe("Sedan");
    expect(powertrainLabel("electric")).toBe("Electric");
    expect(powertrainLabel("plug-in_hybrid")).toBe("Plug In Hybrid");
  });
});

describe("menuChips", () => {
  it("builds one chip per body type and powertrain, most models first, counted case-insensitively", () => {
    const { bodies, powertrains } = menuChips(MODELS);
    expect(bodies).toEqual([
      { value: "suv", label: "SUV", count: 2 },
      { value: "sedan", label: "Sedan", count: 1 },
      { value: "ute", label: "Ute", count: 1 },
      { value: "wagon", label: "Wagon", count: 1 },
    ]);
    expect(powertrains).toEqual([
      { value: "electric", label: "Electric", count: 2 },
      { value: "hybrid", label: "Hybrid", count: 1 },
    ]);
  });

  it("shows no group with a single value (nothing to choose) and counts a model once per value", () => {
    const { bodies, powertrains } = menuChips([model("a", ["suv", "suv"], "electric"), model("b", ["suv"], "electric")]);
    expect(bodies).toEqual([]);
    expect(powertrains).toEqual([]);
    expect(menuChips([]).bodies).toEqual([]);
  });
});

describe("filterModels", () => {
  it("keeps every model without a filter", () => {
    expect(filterModels(MODELS, ALL_MODELS).map((m) => m.slug)).toEqual(["a", "b", "c", "d"]);
  });
  it("filters by body type among a model's bodies, ignoring case", () => {
    expect(filterModels(MODELS, { body: "suv", powertrain: null }).map((m) => m.slug)).toEqual(["a", "b"]);
    expect(filterModels(MODELS, { body: "wagon", powertrain: null }).map((m) => m.slug)).toEqual(["b"]);
  });
  it("filters by powertrain, and by both together", () => {
    expect(filterModels(MODELS, { body: null, powertrain: "electric" }).map((m) => m.slug)).toEqual(["a", "c"]);
    expect(filterModels(MODELS, { body: "suv", powertrain: "electric" }).map((m) => m.slug)).toEqual(["a"]);
    expect(filterModels(MODELS, { body: "ute", powertrain: "electric" })).toEqual([]);
  });
  it("marks coming_soon models only", () => {
    expect(MODELS.filter(isComingSoon).map((m) => m.slug)).toEqual(["d"]);
  });
});

describe("header entries", () => {
  const entry = (kind: NavEntry["kind"], href: string | null = null, columns: NavEntry["columns"] = []): NavEntry => ({
    label: kind ?? "links",
    href,
    kind,
    columns,
  });

  it("opens the models, stock and brands dropdowns only when the navigation has them", () => {
    const nav = NAVIGATION_FIXTURE;
    expect(dropdownOf(entry("vehicles"), nav)).toBe("vehicles");
    expect(dropdownOf(entry("stock"), nav)).toBe("stock");
    expect(dropdownOf(entry("brands"), nav)).toBe("brands");
    expect(dropdownOf(entry("vehicles"), { ...nav, vehicles: [] })).toBeNull();
    expect(dropdownOf(entry("brands"), null)).toBeNull();
  });

  it("opens link columns when a column has links, else it is a plain link", () => {
    expect(dropdownOf(entry("links", null, [{ title: "A", links: [{ label: "x", href: "/x" }] }]), null)).toBe("columns");
    expect(dropdownOf(entry("links", "/finance", [{ title: "A", links: [] }]), null)).toBeNull();
  });

  it("uses the shell's links until the navigation is there, then drops entries with nothing to show", () => {
    expect(headerEntries(null, [{ label: "Finance", href: "/finance" }])).toEqual([
      { label: "Finance", href: "/finance", kind: "links", columns: [] },
    ]);
    const nav = { ...NAVIGATION_FIXTURE, header: [entry("brands"), entry("links", "/x"), entry("stock")], brands: [] };
    expect(headerEntries(nav, []).map((e) => e.kind)).toEqual(["links", "stock"]);
  });

  it("writes stock counts after the label", () => {
    expect(withCount("New Cars", 120)).toBe("New Cars (120)");
    expect(withCount("New Cars", 0)).toBe("New Cars (0)");
    expect(withCount("All", null)).toBe("All");
  });

  it("reads entries whose columns, links and kind the host left out (serde defaults)", () => {
    const bare: NavEntry = { label: "Finance", href: "/finance" };
    expect(dropdownOf(bare, NAVIGATION_FIXTURE)).toBeNull();
    expect(columnsOf(bare)).toEqual([]);
    const cols: NavEntry = { label: "More", columns: [{ title: "A" }, { title: "B", links: [{ label: "x", href: "/x" }] }] };
    expect(dropdownOf(cols, null)).toBe("columns");
    expect(columnsOf(cols)).toEqual([{ title: "B", links: [{ label: "x", href: "/x" }] }]);
  });
});
