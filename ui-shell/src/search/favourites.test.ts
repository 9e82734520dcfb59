import { afterEach, describe, expect, it } from "vitest";
import { COMPARE_MAX, FAVOURITES_KEY, readCompare, readFavourites, toggleCompare, toggleFavourite } from "./favourites";

const entry = {
  id: 7,
  name: "2022 Toyota RAV4 GX",
  slug: "2022-toyota-rav4-x1",
  make: "Toyota",
  model: "RAV4",
  primary_image_url: null,
};

afterEach(() => localStorage.clear());

describe("favourites and compare (shopper-core §3 'Favourite entry', §4)", () => {
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

  it("keeps at most COMPARE_MAX cars to compare, dropping the oldest", () => {
    for (let id = 1; id <= COMPARE_MAX + 1; id++) toggleCompare(id);
    expect(readCompare()).toEqual([2, 3, 4, 5]);
    expect(toggleCompare(3)).toBe(false);
    expect(readCompare()).toEqual([2, 4, 5]);
  });
});
