import { useEffect, useState } from "react";
import { Button } from "../design/Button";
import { Checkbox } from "../design/Checkbox";
import { Disclosure } from "../design/Disclosure";
import { NativeSelect } from "../design/NativeSelect";
import { RangeSlider } from "../design/RangeSlider";
import { formatMoney, formatThousands } from "../lib/format";
import type { SearchState } from "./address";
import type { FacetItem } from "./cards";
import {
  clampPriceThumbs,
  clearFilters,
  KM_CHOICES,
  PRICE_SLIDER,
  priceRangeOf,
  priceThumbs,
  setRange,
  toggleRefinement,
} from "./filters";
import { facetLabel } from "./labels";

/**
 * Facet lists by attribute, plus `popular_makes` (docs/features/shopper-core.md §3 "Facet items: label, count, value").
 */
export type FacetLists = Record<string, readonly FacetItem[]>;

/** Props of {@link FilterPanel}. */
export interface FilterPanelProps {
  /** The state the filters show (the page's, or a dialog's draft). */
  state: SearchState;
  /** Facets to list (an attribute's list from before it was refined, so other values stay choosable). */
  facets: FacetLists;
  /** Called with the new state on every change. */
  onChange: (next: SearchState) => void;
}

const CAR_TYPE_LABELS: Record<string, string> = { new: "New", demo: "Demo", used: "Used" };
const CAR_TYPE_ORDER = ["new", "demo", "used"];
const ANY = "any";

/** The facet items of an attribute with every chosen value present (count 0 when the facets lack it). */
function withChosen(items: readonly FacetItem[], chosen: readonly string[]): FacetItem[] {
  const out = [...items];
  for (const v of chosen) if (!out.some((i) => i.value === v)) out.push({ label: v, value: v, count: 0 });
  return out;
}

function RefinementList({
  attr,
  items,
  state,
  onChange,
  labelOf,
}: {
  attr: string;
  items: readonly FacetItem[];
  state: SearchState;
  onChange: (s: SearchState) => void;
  labelOf?: (item: FacetItem) => string;
}) {
  const chosen = state.refinements[attr] ?? [];
  const list = withChosen(items, chosen);
  if (list.length === 0) return <p className="fc-muted">None in the current results.</p>;
  return (
    <ul className="fc-srp-refinements" data-attribute={attr}>
      {list.map((i) => (
        <li key={i.value}>
          <Checkbox
            label={`${labelOf ? labelOf(i) : facetLabel(i)} (${formatThousands(i.count)})`}
            checked={chosen.includes(i.value)}
            onCheckedChange={(on) => onChange(toggleRefinement(state, attr, i.value, on))}
            value={i.value}
          />
        </li>
      ))}
    </ul>
  );
}

function PriceFilter({ state, onChange }: { state: SearchState; onChange: (s: SearchState) => void }) {
  const committed = priceThumbs(state);
  const [thumbs, setThumbs] = useState<[number, number]>(committed);
  const key = committed.join(":");
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-sync only when the committed range changes.
  useEffect(() => setThumbs(committed), [key]);
  return (
    <RangeSlider
      label="Price"
      min={PRICE_SLIDER.min}
      max={PRICE_SLIDER.max}
      step={PRICE_SLIDER.step}
      value={thumbs}
      onValueChange={(v) => setThumbs(clampPriceThumbs(v))}
      onValueCommit={(v) => onChange(setRange(state, "price", priceRangeOf(v)))}
      format={(v) => (v >= PRICE_SLIDER.max ? `${formatMoney(v)}+` : formatMoney(v))}
    />
  );
}

function yearOptions(items: readonly FacetItem[], chosen: readonly (number | null | undefined)[]): number[] {
  const years = [...items.map((i) => Number.parseInt(i.value, 10)), ...chosen].filter((y): y is number => Number.isFinite(y));
  return [...new Set(years)].sort((a, b) => b - a);
}

/**
 * The SRP's filters (docs/features/shopper-core.md §2 "Search results" filters; §3 "Search state"): condition, makes
 * (the popular ones up to 20, then 'All Makes' lists every make), models of the chosen make, body
 * types, price (slider 5000-250000 step 500, min kept below max) and price bands, year (from/to),
 * kilometres (up to), fuel, transmission, drive, colour, location; each list with its counts, and
 * Clear all. Native `<details>` sections; Radix checkbox, slider and select controls, all
 * labelled and keyboard operable. Takes {@link FilterPanelProps}; renders a form-like region.
 */
export default function FilterPanel({ state, facets, onChange }: FilterPanelProps) {
  const [allMakes, setAllMakes] = useState(false);
  const popular = (facets.popular_makes ?? []).filter((m) => m.value !== "");
  const allMakesItem = (facets.popular_makes ?? []).find((m) => m.value === "");
  const makes = allMakes ? (facets.make ?? []) : popular;
  const carTypes = [...(facets.car_type ?? [])].sort((a, b) => CAR_TYPE_ORDER.indexOf(a.value) - CAR_TYPE_ORDER.indexOf(b.value));
  const yr = state.ranges.year;
  const years = yearOptions(facets.year ?? [], [yr?.min, yr?.max]);
  const km = state.ranges.km;
  const list = (attr: string, title: string, open = false) =>
    (facets[attr]?.length ?? 0) > 0 || state.refinements[attr]?.length ? (
      <Disclosure title={title} defaultOpen={open || Boolean(state.refinements[attr]?.length)}>
        <RefinementList attr={attr} items={facets[attr] ?? []} state={state} onChange={onChange} />
      </Disclosure>
    ) : null;
  return (
    <section className="fc-srp-filters" aria-label="Filters">
      <div className="fc-srp-filters__head">
        <h2>Filters</h2>
        <Button variant="ghost" size="sm" onClick={() => onChange(clearFilters(state))}>
          Clear all
        </Button>
      </div>
      <Disclosure title="Condition" defaultOpen>
        <RefinementList
          attr="car_type"
          items={carTypes}
          state={state}
          onChange={onChange}
          labelOf={(i) => CAR_TYPE_LABELS[i.value] ?? facetLabel(i)}
        />
      </Disclosure>
      <Disclosure title="Make" defaultOpen>
        <RefinementList attr="make" items={makes} state={state} onChange={onChange} />
        {allMakesItem && (facets.make?.length ?? 0) > popular.length ? (
          <Button variant="ghost" size="sm" aria-expanded={allMakes} onClick={() => setAllMakes(!allMakes)}>
            {allMakes ? "Popular Makes" : `${allMakesItem.label} (${formatThousands(facets.make?.length ?? 0)})`}
          </Button>
        ) : null}
      </Disclosure>
      {state.refinements.make?.length ? list("model", "Model", true) : null}
      {list("body", "Body Type")}
      <Disclosure title="Price" defaultOpen={Boolean(state.ranges.price || state.refinements.price_range)}>
        <PriceFilter state={state} onChange={onChange} />
        <RefinementList attr="price_range" items={facets.price_range ?? []} state={state} onChange={onChange} />
      </Disclosure>
      <Disclosure title="Year" defaultOpen={Boolean(yr)}>
        <div className="fc-srp-pair">
          <NativeSelect
            label="From year"
            options={[{ value: ANY, label: "Any" }, ...years.map((y) => ({ value: String(y), label: String(y) }))]}
            value={yr?.min != null ? String(yr.min) : ANY}
            onValueChange={(v) =>
              onChange(
                setRange(state, "year", {
                  min: v === ANY ? null : Number(v),
                  max: yr?.max != null && v !== ANY && Number(v) > yr.max ? null : (yr?.max ?? null),
                }),
              )
            }
          />
          <NativeSelect
            label="To year"
            options={[{ value: ANY, label: "Any" }, ...years.map((y) => ({ value: String(y), label: String(y) }))]}
            value={yr?.max != null ? String(yr.max) : ANY}
            onValueChange={(v) =>
              onChange(
                setRange(state, "year", {
                  min: yr?.min != null && v !== ANY && Number(v) < yr.min ? null : (yr?.min ?? null),
                  max: v === ANY ? null : Number(v),
                }),
              )
            }
          />
        </div>
      </Disclosure>
      <Disclosure title="Kilometres" defaultOpen={Boolean(km)}>
        <NativeSelect
          label="Kilometres up to"
          options={[
            { value: ANY, label: "Any" },
            ...KM_CHOICES.map((k) => ({ value: String(k), label: `${formatThousands(k)} km` })),
          ]}
          value={km?.max != null ? String(km.max) : ANY}
          onValueChange={(v) => onChange(setRange(state, "km", { min: null, max: v === ANY ? null : Number(v) }))}
        />
      </Disclosure>
      {list("fuel", "Fuel")}
      {list("transmission", "Transmission")}
      {list("drive", "Drive")}
      {list("colour", "Colour")}
      {list("location_name", "Location")}
    </section>
  );
}
