// The address codec against the host's own examples (host/src/search/query.rs tests and
// host/tests/search_codec.rs): same parses, same errors naming the same parameter, same canonical
// output, and the round trip on random states (the host's proptest strategy, seeded here).
import { describe, expect, it } from "vitest";
import {
  emptyState,
  formatAddress,
  parseAddress,
  RANGE_ATTRIBUTES,
  type Range,
  REFINEMENT_ATTRIBUTES,
  restoreAddress,
  type SearchState,
  SORT_ORDERS,
} from "./address";

function ok(qs: string): SearchState {
  const r = parseAddress(qs);
  if (!r.ok) throw new Error(`${qs}: ${r.error.param}: ${r.error.reason}`);
  return r.state;
}

describe("address codec (host/src/search/query.rs)", () => {
  it("parses the address form", () => {
    const q = ok(
      "query=corolla+hybrid&make=Toyota&make[]=Mazda&price=%245%2C000%3A%2420%2C000&km=:50000&page=2&sortBy=price_asc&utm_source=x",
    );
    expect(q.query).toBe("corolla hybrid");
    expect(q.refinements.make).toEqual(["Toyota", "Mazda"]);
    expect(q.ranges.price).toEqual({ min: 5000, max: 20000 });
    expect(q.ranges.km).toEqual({ min: null, max: 50000 });
    expect(q.page).toBe(2);
    expect(q.sortBy).toBe("price_asc");
    expect(ok(formatAddress(q))).toEqual(q);
  });

  it("names malformed parameters", () => {
    for (const [qs, param] of [
      ["page=0", "page"],
      ["page=x", "page"],
      ["hitsPerPage=1000", "hitsPerPage"],
      ["sortBy=random", "sortBy"],
      ["price=abc:10", "price"],
      ["make=%FF", "make"],
    ] as const) {
      const r = parseAddress(qs);
      expect(r.ok, qs).toBe(false);
      if (!r.ok) expect(r.error.param, qs).toBe(param);
    }
  });

  it("reads a range written the other way round as the same range, as the host does", () => {
    expect(ok("year=2024:2019").ranges.year).toEqual({ min: 2019, max: 2024 });
    expect(formatAddress(ok("price=$20,000:5000"))).toBe("price=5000:20000");
  });

  it("accepts dollars and commas in money ranges (search_codec.rs)", () => {
    const q = ok("price=$5,000:$20,000&km=:50,000");
    expect(q.ranges.price).toEqual({ min: 5000, max: 20000 });
    expect(q.ranges.km).toEqual({ min: null, max: 50000 });
    expect(formatAddress(q)).toBe("km=:50000&price=5000:20000");
  });

  it("answers like the endpoint table of search_codec.rs (400 naming the field, or 200)", () => {
    const table: [string, string | null][] = [
      ["page=0", "page"],
      ["page=-1", "page"],
      ["page=abc", "page"],
      ["hitsPerPage=0", "hitsPerPage"],
      ["hitsPerPage=101", "hitsPerPage"],
      ["sortBy=cheapest", "sortBy"],
      ["price=cheap", "price"],
      ["price=10:5", null],
      ["km=1e400:", "km"],
      ["year=NaN", "year"],
      ["make=%FF%FE", "make"],
      ["page=99999", "page"],
      ["page=400", null],
      ["make=", null],
      ["price=:", null],
      ["unknown=1&utm_source=x", null],
      ["query=%22%27%3B--%20DROP%20TABLE%20cars", null],
      ["make=%22)%20OR%20(1%3D1", null],
      ["query=%E2%9C%93%F0%9F%9A%97", null],
    ];
    for (const [qs, field] of table) {
      const r = parseAddress(qs);
      if (field === null) expect(r.ok, qs).toBe(true);
      else expect(r.ok ? null : r.error.param, qs).toBe(field);
    }
    expect(ok("make=")).toEqual(emptyState());
    expect(ok("price=:").ranges).toEqual({});
    expect(ok("query=%E2%9C%93%F0%9F%9A%97").query).toBe("✓🚗");
    expect(ok("make=%22)%20OR%20(1%3D1").refinements.make).toEqual(['") OR (1=1']);
  });

  it("reads aliases, a lone range value, bare percent signs and bracketed names as the host does", () => {
    expect(ok("sortBy=year").sortBy).toBe("year_desc");
    expect(ok("sort=km").sortBy).toBe("km_asc");
    expect(ok("q=rav4").query).toBe("rav4");
    expect(ok("year=2020").ranges.year).toEqual({ min: 2020, max: 2020 });
    expect(ok("make[0]=Kia&make[1]=Kia").refinements.make).toEqual(["Kia"]);
    expect(ok("query=100%").query).toBe("100%");
    expect(ok("hits_per_page=+7").hitsPerPage).toBe(7);
    expect(parseAddress("price=0x10").ok).toBe(false);
  });

  it("writes the canonical form: attributes in name order, defaults left out, RFC 3986 escapes", () => {
    const s: SearchState = {
      ...emptyState(),
      query: "a b!",
      refinements: { model: ["RAV4"], make: ["Toyota", "Land Rover"] },
      ranges: { year: { min: 2018, max: null }, price: { min: 2.25, max: 30000 } },
      sortBy: "newest",
      hitsPerPage: 12,
      page: 3,
    };
    expect(formatAddress(s)).toBe(
      "query=a%20b%21&make=Toyota&make=Land%20Rover&model=RAV4&price=2.25:30000&year=2018:&sortBy=newest&hitsPerPage=12&page=3",
    );
    expect(formatAddress(emptyState())).toBe("");
  });

  it("restores a shopper's address skipping malformed parameters", () => {
    const s = restoreAddress("?page=0&make=Kia&price=abc");
    expect(s.page).toBe(1);
    expect(s.refinements.make).toEqual(["Kia"]);
    expect(s.ranges).toEqual({});
  });

  it("round-trips random states (the host's proptest strategy, 512 cases)", () => {
    let seed = 42;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
    const chars = [..."ABCxyz0189 &>$,.%+=/?#éü-"];
    const value = () => {
      for (;;) {
        const v = Array.from({ length: 1 + Math.floor(rnd() * 20) }, () => pick(chars))
          .join("")
          .trim();
        if (v) return v;
      }
    };
    const num = () => {
      const k = rnd();
      return k < 0.33 ? null : k < 0.66 ? Math.floor(rnd() * 2_000_000) : Math.floor(rnd() * 100_000) / 4;
    };
    for (let i = 0; i < 512; i++) {
      const s = emptyState();
      if (rnd() < 0.5) s.query = value();
      s.page = 1 + Math.floor(rnd() * 499);
      s.hitsPerPage = 1 + Math.floor(rnd() * 100);
      s.sortBy = pick(SORT_ORDERS);
      for (let j = Math.floor(rnd() * 4); j > 0; j--) {
        s.refinements[pick(REFINEMENT_ATTRIBUTES)] = [...new Set(Array.from({ length: 1 + Math.floor(rnd() * 3) }, value))];
      }
      for (let j = Math.floor(rnd() * 3); j > 0; j--) {
        let r: Range = { min: num(), max: num() };
        if (r.min === null && r.max === null) r = { min: 1, max: null };
        if (r.min !== null && r.max !== null && r.min > r.max) r = { min: r.max, max: r.min };
        s.ranges[pick(RANGE_ATTRIBUTES)] = r;
      }
      const qs = formatAddress(s);
      const back = ok(qs);
      expect(back, qs).toEqual(s);
      expect(formatAddress(back)).toBe(qs);
    }
  });
});
