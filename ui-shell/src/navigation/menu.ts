// The Vehicles menu's rules, without React (docs/features/platform.md
// "Locations, offers and navigation"): its body-type and powertrain filter chips and the filtering
// they do, the Coming Soon badge, stock counts. (Which entries open a dropdown: entries.ts, part of
// the first load.)
// Spec: docs/features/locations-forms-marketing.md §2 "Navigation", §3 "Model menu item", §9 "Known body types".
import type { ModelMenuItem } from "../api/types";

/** A filter chip: the value it filters by (lower case), its label and how many models have it. */
export interface Chip {
  value: string;
  label: string;
  count: number;
}

/** The Vehicles menu's chosen filters: a body type and a powertrain (lower case), or null for all. */
export interface ModelFilter {
  body: string | null;
  powertrain: string | null;
}

/** No filter: every model. */
export const ALL_MODELS: ModelFilter = { body: null, powertrain: null };

/** Labels of body types whose name is not its words capitalised (§9 "Known body types"). */
const BODY_LABELS: Record<string, string> = { suv: "SUV", ev: "EV", "4x4": "4x4", ute: "Ute" };

function words(s: string): string {
  return s
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[-_]+/g, " ")
    .trim()
    .split(/\s+/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join(" ");
}

/**
 * The label of a body type value: `suv` -> `SUV`, `cabChassis` -> `Cab Chassis`, `peopleMover` ->
 * `People Mover`, `sedan` -> `Sedan`. Takes the value (§9 "Known body types"); returns the label.
 */
export function bodyLabel(value: string): string {
  return BODY_LABELS[value.toLowerCase()] ?? words(value);
}

/**
 * The label of a powertrain value: `electric` -> `Electric`, `plug-in hybrid` -> `Plug In Hybrid`.
 * Takes the value; returns the label.
 */
export function powertrainLabel(value: string): string {
  return words(value);
}

function chips(values: string[][], label: (v: string) => string): Chip[] {
  const byKey = new Map<string, Chip>();
  for (const list of values) {
    for (const key of new Set(list.map((v) => v.trim()).filter(Boolean))) {
      const k = key.toLowerCase();
      const c = byKey.get(k);
      if (c) c.count += 1;
      else byKey.set(k, { value: k, label: label(key), count: 1 });
    }
  }
  // Most models first, then by label; a single value filters nothing, so no chips then.
  const out = [...byKey.values()].sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  return out.length > 1 ? out : [];
}

/**
 * The Vehicles menu's filter chips, built from the models: one per body type and one per
 * powertrain that some model has, most common first (ties by label); a group with fewer than two
 * values is empty (nothing to choose). Takes the models; returns the body and powertrain chips.
 * Spec: docs/features/locations-forms-marketing.md §2 "Vehicles (a dynamic models dropdown with
 * body-type and powertrain filters)".
 */
export function menuChips(items: readonly ModelMenuItem[]): { bodies: Chip[]; powertrains: Chip[] } {
  return {
    bodies: chips(
      items.map((i) => i.bodies),
      bodyLabel,
    ),
    powertrains: chips(
      items.map((i) => (i.powertrain ? [i.powertrain] : [])),
      powertrainLabel,
    ),
  };
}

/**
 * The models a filter keeps: those with the chosen body type among their bodies (any case) and
 * the chosen powertrain; null keeps all. Order is kept. Takes the models and the filter; returns
 * the models shown.
 */
export function filterModels(items: readonly ModelMenuItem[], f: ModelFilter): ModelMenuItem[] {
  return items.filter(
    (i) =>
      (f.body === null || i.bodies.some((b) => b.trim().toLowerCase() === f.body)) &&
      (f.powertrain === null || (i.powertrain ?? "").trim().toLowerCase() === f.powertrain),
  );
}

/** True when the model shows the Coming Soon badge (§4 "Model status coming_soon shows a Coming Soon badge"). */
export function isComingSoon(item: ModelMenuItem): boolean {
  return item.status === "coming_soon";
}

/**
 * A stock link's text with its count: `New Cars (120)`; the label alone without a count.
 * Takes the label and the count (null/undefined: none); returns the text.
 */
export function withCount(label: string, count: number | null | undefined): string {
  return count == null ? label : `${label} (${count})`;
}
