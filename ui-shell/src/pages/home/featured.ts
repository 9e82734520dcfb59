// The home page's featured stock and hero picture, from the site's own cars
// (docs/features/locations-forms-marketing.md §5 "Featured cars: 6, filtered to in stock, used,
// with more than 1 photo"). The host inlines the search page of `featuredAddress` in the home
// document (host/src/http/web/pages/site.rs `featured_address`, which preloads the hero image this
// module picks); on a navigation inside the app the page fetches the same address.
import type { HeroImageView } from "../../contract";
import { formatMoney } from "../../lib/format";
import { HOME_HERO_SIZES, HOME_HERO_WIDTHS, imageAt, imageSrcSet } from "../../lib/images";
import type { SearchHit, SearchResponse } from "../../search/cards";

/** How many featured cars the home page shows (docs/features/locations-forms-marketing.md §5). */
export const FEATURED_COUNT = 6;

/** The hero picture's intrinsic size, CSS px (the demo photos are 3:2). */
const HERO_BOX = { width: 960, height: 640 } as const;

/**
 * The search address of the featured stock: in-stock used cars when the site sells used cars
 * (`car_types`), else its in-stock cars; 24 hits to choose {@link FEATURED_COUNT} from. Takes the
 * site's car types; returns the address (no `?`). Must equal the host's `featured_address`.
 */
export function featuredAddress(carTypes: readonly string[] | undefined): string {
  return carTypes?.includes("used") ? "car_type=used&status=in_stock&hitsPerPage=24" : "status=in_stock&hitsPerPage=24";
}

/**
 * The featured cars of a search page: in stock, more than one photo, in the host's order, at most
 * {@link FEATURED_COUNT}. Takes the hits; returns the cars.
 */
export function featuredCars(hits: readonly SearchHit[]): SearchHit[] {
  return hits.filter((h) => h.status === "in_stock" && h.available && h.photos_count > 1).slice(0, FEATURED_COUNT);
}

/**
 * The hero's picture: the car's primary photo at the hero widths, its name as alt text, and a
 * caption with the price the site shows (none for a car without one). Takes the car (or
 * undefined); returns the {@link HeroImageView}, or null when there is no car or photo.
 */
export function heroImage(car: SearchHit | undefined): HeroImageView | null {
  const url = car?.primary_image_url;
  if (!car || !url) return null;
  const name = `${car.year} ${car.make} ${car.model}`;
  const pv = car.price_view;
  const price = pv.kind === "car_price" ? pv.price : pv.kind === "was_now" ? pv.now : null;
  const srcSet = imageSrcSet(url, HOME_HERO_WIDTHS);
  return {
    src: imageAt(url, HOME_HERO_WIDTHS[1]),
    ...(srcSet ? { srcSet, sizes: HOME_HERO_SIZES } : {}),
    width: HERO_BOX.width,
    height: HERO_BOX.height,
    alt: name,
    href: car.path,
    caption: price !== null ? `${name}, ${formatMoney(price)}` : name,
  };
}

/** Whether a value looks like a search page (inline data is checked before use). */
export function isSearchPage(v: unknown): v is SearchResponse {
  const r = v as SearchResponse;
  return typeof r === "object" && r !== null && Array.isArray(r.hits) && typeof r.count === "number";
}
