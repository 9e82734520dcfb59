// Human labels for facet values (docs/features/shopper-core.md §3 "Facet items: label, count,
// value"). The search index keeps a feed's values as they came (`suv`, `4wd`, `peopleMover`,
// `in_stock`); shoppers see words (`SUV`, `4WD`, `People Mover`, `In stock`). The value itself
// never changes: it is what the address and the refinement carry.
import type { FacetItem } from "./cards";

/** Values whose label is not their words in title case: abbreviations and the feeds' short forms. */
const KNOWN: Record<string, string> = {
  suv: "SUV",
  "4wd": "4WD",
  "2wd": "2WD",
  awd: "AWD",
  fwd: "FWD",
  rwd: "RWD",
  "4x4": "4x4",
  "4x2": "4x2",
  ev: "EV",
  bev: "EV",
  phev: "Plug-in Hybrid",
  lpg: "LPG",
  hatch: "Hatchback",
  ute: "Ute",
  peoplemover: "People Mover",
  cabchassis: "Cab Chassis",
  new: "New",
  demo: "Demo",
  used: "Used",
  in_stock: "In stock",
  coming_soon: "Coming soon",
  sold: "Sold",
  auto: "Automatic",
  manual: "Manual",
};

/**
 * The label a shopper reads for a raw value: a known abbreviation or short form (`suv` -> `SUV`,
 * `peopleMover` -> `People Mover`), a value already written for people (it has a capital letter:
 * `Mercedes-Benz`, `NSW`, `Athena White`) as it is, else its words (split at `_`, `-`, spaces and
 * lower-to-upper case changes) with the first letter of each capitalised (`cab_chassis` ->
 * `Cab Chassis`). Takes the value; returns the label (empty for an empty value).
 */
export function humanLabel(value: string): string {
  const v = value.trim();
  const key = v.toLowerCase().replace(/[\s_-]+/g, "");
  const known = KNOWN[v.toLowerCase()] ?? KNOWN[key];
  if (known) return known;
  if (/[A-Z]/.test(v) && !/^[a-z]+[A-Z]/.test(v)) return v;
  return v
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

/**
 * The label of a facet item: the host's label when it differs from the value (it was written for
 * people, e.g. price bands), else {@link humanLabel} of the value. Takes the item; returns the label.
 */
export function facetLabel(item: Pick<FacetItem, "label" | "value">): string {
  return item.label && item.label !== item.value ? item.label : humanLabel(item.value);
}
