// The home page's search helpers (docs/features/platform.md "Locations, offers and navigation"):
// the popular car types (tiles for the top 4 body types by count, from the navigation's
// `popular_bodies`) and the price range slider search (5,000 to 250,000 in steps of 500; Search
// goes to the default search page with `price=min:max`, the SRP's own address form). A chunk of its
// own below the hero (HomePage.tsx loads it).
// Spec: docs/features/locations-forms-marketing.md §2 "Navigation" ("Popular car types", "Price range slider
// search"), §4 "Price slider: min stays below max", §9.

import { type FormEvent, useState } from "react";
import type { PopularBody } from "../api/types";
import { useNavigate } from "../app/router";
import { useSite } from "../app/site";
import { Button } from "../design/Button";
import { RangeSlider } from "../design/RangeSlider";
import { Skeleton } from "../design/Skeleton";
import { formatMoney } from "../lib/format";
import { SEARCH_ALL } from "../lib/views";
import { emptyState, formatAddress } from "../search/address";
import { facetLabel } from "../search/labels";
import { useNavigation } from "./data";
import "./navigation.css";

/** The price slider's lowest value, AUD (§9 "Price slider ... default 5000 to 250000"). */
export const PRICE_MIN = 5000;
/** The price slider's highest value, AUD. */
export const PRICE_MAX = 250000;
/** The price slider's step, AUD (§9 "Price slider step 500"). */
export const PRICE_STEP = 500;
/** How many body types the popular car types show (§9 "Popular body types 4"). */
export const POPULAR_BODIES = 4;

/**
 * The search address of a price range: the default search page with the SRP's range parameter,
 * e.g. `[5000, 250000]` -> `/search/new-used-and-demo-cars?price=5000:250000` (src/search/address.ts
 * writes it). Takes the low and high price (AUD); returns the path with its query.
 */
export function priceSearchHref([min, max]: readonly [number, number]): string {
  const lo = Math.min(min, max);
  const hi = Math.max(min, max);
  return `${SEARCH_ALL}?${formatAddress({ ...emptyState(), ranges: { price: { min: lo, max: hi } } })}`;
}

/**
 * The popular car types: a tile per body type (at most 4, in the host's order: most cars first),
 * each linking to the stock of that body type. Takes the body types and the vehicle noun (`cars`);
 * renders the section, or nothing when there are none. Spec: §2 "Popular car types".
 */
export function PopularCarTypes({ bodies, noun = "cars" }: { bodies: readonly PopularBody[]; noun?: string }) {
  if (bodies.length === 0) return null;
  return (
    <section className="fc-container fc-section" aria-labelledby="fc-popular-types" data-section="popular-car-types">
      <h2 id="fc-popular-types">Popular car types</h2>
      <ul className="fc-body-tiles">
        {bodies.slice(0, POPULAR_BODIES).map((b) => (
          <li key={b.value}>
            <a href={b.href} data-body={b.value}>
              <span>{facetLabel(b)}</span>
              <span className="fc-body-tiles__count">
                {b.count} {noun}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The price range slider search: two thumbs from {@link PRICE_MIN} to {@link PRICE_MAX} in steps
 * of {@link PRICE_STEP} (the low one stays below the high one) and a Search button that opens the
 * default search page filtered to that price range. Takes nothing; renders the section. Spec:
 * §2 "Price range slider search", §4, §9.
 */
export function PriceRangeSearch() {
  const navigate = useNavigate();
  const [range, setRange] = useState<[number, number]>([PRICE_MIN, PRICE_MAX]);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    navigate(priceSearchHref(range));
    window.scrollTo(0, 0);
  };
  return (
    <section className="fc-container fc-section" aria-labelledby="fc-price-search" data-section="price-search">
      <h2 id="fc-price-search">Search by price</h2>
      <form className="fc-price-search" onSubmit={onSubmit}>
        <RangeSlider
          label="Price"
          min={PRICE_MIN}
          max={PRICE_MAX}
          step={PRICE_STEP}
          value={range}
          onValueChange={setRange}
          format={formatMoney}
        />
        <div>
          <Button type="submit">Search</Button>
        </div>
      </form>
    </section>
  );
}

/**
 * The two home sections: popular car types from the navigation (a placeholder of the same height
 * while it loads) and the price search. Takes nothing; renders both. Spec: §2 "Navigation".
 */
export default function HomeSections() {
  const nav = useNavigation();
  const { tenant } = useSite();
  const noun = (tenant.wording.vehicle_noun ?? "Cars").toLowerCase();
  return (
    <div className="fc-home-extras">
      {nav.status === "loading" ? (
        <div className="fc-container fc-section" aria-hidden="true">
          <Skeleton height={120} />
        </div>
      ) : (
        <PopularCarTypes bodies={nav.status === "ok" ? nav.data.popular_bodies : []} noun={noun} />
      )}
      <PriceRangeSearch />
    </div>
  );
}
