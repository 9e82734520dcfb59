import { beforeAll, describe, expect, it } from "vitest";
import { isAscii, loadSlugTables, slugify, slugTablesLoaded } from "./slug";

describe("slugify before the tables load", () => {
  it("is exact for ASCII labels and folds accents for the rest", () => {
    expect(slugTablesLoaded()).toBe(false);
    expect(isAscii("Land Rover")).toBe(true);
    expect(slugify("Land Rover")).toBe("land-rover");
    expect(isAscii("Citroën")).toBe(false);
    expect(slugify("Citroën")).toBe("citroen");
  });
});

describe("slugify (the host's rule, host/src/slug.rs)", () => {
  beforeAll(loadSlugTables);
  it("folds Unicode to ASCII with the any-ascii tables", () => {
    expect(slugify("Citroën")).toBe("citroen");
    expect(slugify("Škoda Octavia RS")).toBe("skoda-octavia-rs");
    expect(slugify("Straße")).toBe("strasse");
  });
  it("lower-cases and turns every run of other characters into one dash, none at the ends", () => {
    expect(slugify("2019 Mercedes-Benz  C-Class+ HM1")).toBe("2019-mercedes-benz-c-class-hm1");
    expect(slugify("  -- É --  ")).toBe("e");
    expect(slugify("Land Rover")).toBe("land-rover");
    expect(slugify("  C-Class (W206) ")).toBe("c-class-w206");
  });
  it("gives an empty slug for a label with no letters or digits", () => {
    expect(slugify("!!")).toBe("");
    expect(slugify("")).toBe("");
  });
});
