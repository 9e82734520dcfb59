import { readFileSync } from "node:fs";
import { resolve } from "node:path";
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

describe("slugify agrees with the host and the plugin SDK", () => {
  beforeAll(loadSlugTables);
  it("on every row of the shared table (host/src/slug-names.tsv: diacritics, Greek, Cyrillic, CJK, emoji)", () => {
    const rows = readFileSync(resolve(__dirname, "../../../host/src/slug-names.tsv"), "utf8")
      .split("\n")
      .filter((l) => l !== "" && !l.startsWith("#"))
      .map((l) => {
        const tab = l.indexOf("\t");
        return tab < 0 ? ([l, ""] as const) : ([l.slice(0, tab), l.slice(tab + 1)] as const);
      });
    expect(rows.length).toBeGreaterThan(20);
    for (const [label, want] of rows) expect(slugify(label), label).toBe(want);
  });
});
