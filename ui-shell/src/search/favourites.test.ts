import { afterEach, describe, expect, it } from "vitest";
import {
  COMPARE_KEY,
  COMPARE_MAX,
  compareHref,
  FAVOURITES_KEY,
  readCompare,
  readCompareEntries,
  readFavourites,
  removeCompare,
  toggleCompare,
  toggleFavourite,
} from "./favourites";

const entry = {
  id: 7,
  name: "2022 Toyota RAV4 GX",
  slug: "2022-toyota-rav4-x1",
  make: "Toyota",
  model: "RAV4",
  primary_image_url: null,
};

afterEach(() => localStorage.clear());

describe("favourites and compare (docs/features/shopper-core.md §3 'Favourite entry', §4)", () => {
  it("stores favourites locally with id, name, slug, make, model, primary_image_url and toggles them", () => {
    expect(toggleFavourite(entry)).toBe(true);
    expect(JSON.parse(localStorage.getItem(FAVOURITES_KEY) ?? "[]")).toEqual([entry]);
    expect(readFavourites()).toEqual([entry]);
    expect(toggleFavourite(entry)).toBe(false);
    expect(readFavourites()).toEqual([]);
  });

  it("ignores malformed storage", () => {
    localStorage.setItem(FAVOURITES_KEY, "{nope");
    expect(readFavourites()).toEqual([]);
    localStorage.setItem(FAVOURITES_KEY, JSON.stringify([{ id: "x" }, entry]));
    expect(readFavourites()).toEqual([entry]);
  });

  it("keeps at most COMPARE_MAX cars to compare, dropping the oldest, with their slugs", () => {
    for (let id = 1; id <= COMPARE_MAX + 1; id++) toggleCompare({ ...entry, id, slug: `car-${id}` });
    expect(readCompare()).toEqual([2, 3, 4, 5]);
    expect(readCompareEntries().map((e) => e.slug)).toEqual(["car-2", "car-3", "car-4", "car-5"]);
    expect(toggleCompare({ ...entry, id: 3, slug: "car-3" })).toBe(false);
    expect(readCompare()).toEqual([2, 4, 5]);
    removeCompare(4);
    expect(readCompare()).toEqual([2, 5]);
  });

  it("drops compare lists of bare ids (the old format has no slugs)", () => {
    localStorage.setItem(COMPARE_KEY, JSON.stringify([1, 2, entry]));
    expect(readCompareEntries()).toEqual([entry]);
  });

  it("builds the compare address from slugs, at most COMPARE_MAX", () => {
    expect(compareHref(["a", "b c", "d", "e", "f"])).toBe("/compare?cars=a,b%20c,d,e");
  });
});
