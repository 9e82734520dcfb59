// The compare screen's table rows, feature halves, links and address (docs/features/locations-forms-marketing.md §2
// "Compare screen": Dimensions and Performance rows, the Features list split into two halves, a
// Search Stock button and a Learn More link; §9 defaults im5-performance (left) and im5-premium
// (right)). Pure functions, no React. Colour and image rules: ./colours.ts.
import type { ModelsContent, ModelVariant, VariantDimensions, VariantFeature, VariantPerformance } from "./types";

/** The Dimensions rows in the spec's order and wording, with the variant field each shows. */
export const DIMENSION_ROWS: readonly { label: string; key: keyof VariantDimensions }[] = [
  { label: "Length", key: "length" },
  { label: "Width", key: "width" },
  { label: "Height", key: "height" },
  { label: "Wheelbase", key: "wheelbase" },
  { label: "Gross Vehicle Mass", key: "grossVehicleMass" },
  { label: "Drag Coefficient", key: "dragCoefficient" },
];

/** The Performance rows in the spec's order and wording, with the variant field each shows. */
export const PERFORMANCE_ROWS: readonly { label: string; key: keyof VariantPerformance }[] = [
  { label: "Drivetrain", key: "drivetrain" },
  { label: "Maximum power", key: "maximumPower" },
  { label: "Maximum torque", key: "maximumTorque" },
  { label: "0-100km/h", key: "zeroToHundred" },
  { label: "Driving range", key: "drivingRange" },
  { label: "Wheels", key: "wheels" },
  { label: "Turning Radius", key: "turningRadius" },
];

/** The defaults when the content names none (§9). */
export const DEFAULT_LEFT = "im5-performance";
export const DEFAULT_RIGHT = "im5-premium";
/** The screen's title and subtitle when the content names none (§2 "Compare", "Find your perfect IM"). */
export const DEFAULT_TITLE = "Compare";
export const DEFAULT_SUBTITLE = "Find your perfect IM";

/** Shown for a value a variant lacks. */
export const MISSING_VALUE = "—";

/** One row of a spec table: its label and the left and right variants' values. */
export interface SpecRow {
  label: string;
  left: string;
  right: string;
}

const shown = (v: string | undefined | null) => (v?.trim() ? v.trim() : MISSING_VALUE);

/**
 * The Dimensions and Performance rows for two variants side by side (§2), a blank or missing
 * value shown as {@link MISSING_VALUE}. Takes the left and right variants; returns both row lists.
 */
export function specRows(left: ModelVariant, right: ModelVariant): { dimensions: SpecRow[]; performance: SpecRow[] } {
  return {
    dimensions: DIMENSION_ROWS.map(({ label, key }) => ({
      label,
      left: shown(left.dimensions?.[key]),
      right: shown(right.dimensions?.[key]),
    })),
    performance: PERFORMANCE_ROWS.map(({ label, key }) => ({
      label,
      left: shown(left.performance?.[key]),
      right: shown(right.performance?.[key]),
    })),
  };
}

/**
 * A features list split into two halves (§2): the first `ceil(n/2)` items, then the rest, order
 * kept. Takes the features; returns the two lists (both empty for none).
 */
export function featureHalves<T = VariantFeature>(features: readonly T[]): [T[], T[]] {
  const mid = Math.ceil(features.length / 2);
  return [features.slice(0, mid), features.slice(mid)];
}

/**
 * The variant id a side shows: `wanted` (from the address) when it is a variant's id, else
 * `fallback` (the content's default) when it is, else the first variant's id ("" for none).
 * Takes the variants, the wanted id (null when absent) and the fallback; returns the id.
 */
export function resolveVariantId(variants: readonly ModelVariant[], wanted: string | null, fallback: string): string {
  const known = (id: string | null) => id !== null && variants.some((v) => v.id === id);
  if (known(wanted)) return wanted as string;
  if (known(fallback)) return fallback;
  return variants[0]?.id ?? "";
}

/**
 * The query of a shareable compare address, `?left={id}&right={id}` (ids URL-encoded). Takes the
 * left and right variant ids; returns the query with its `?`.
 */
export function compareSearch(left: string, right: string): string {
  return `?${new URLSearchParams({ left, right })}`;
}

/**
 * Where a panel's Search Stock button goes: the model family's own 'Search Stock' link from the
 * tenant's content when it has one (a model refinement, `?model=IM5`: a text query `im5` also
 * finds other models whose stock numbers start with it, issue 25), else
 * `/search/new-used-and-demo-cars?query={baseId}`. Takes the variant's baseId (e.g. `im5`) and
 * optionally the families of the content; returns the path with its query.
 */
export function searchStockHref(
  baseId: string,
  families: readonly { baseId: string; ctas?: readonly { title: string; link: string }[] | undefined }[] = [],
): string {
  const own = families.find((f) => f.baseId === baseId)?.ctas?.find((c) => c.title === "Search Stock")?.link;
  return own ?? `/search/new-used-and-demo-cars?query=${encodeURIComponent(baseId)}`;
}

/** Where a panel's Learn More link goes: `/models/{baseId}`. Takes the baseId; returns the path. */
export function learnMoreHref(baseId: string): string {
  return `/models/${encodeURIComponent(baseId)}`;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Checks the parts of a ModelsContent body the compare screen relies on (the `variants`,
 * `colours` and `families` arrays and the `compare` object) and fills a missing title, subtitle or
 * default with the spec's. Takes parsed JSON; returns it typed, or null when it does not fit.
 */
export function parseModelsContent(json: unknown): ModelsContent | null {
  if (!isRecord(json) || !Array.isArray(json.variants) || !Array.isArray(json.colours)) return null;
  const compare = isRecord(json.compare) ? json.compare : {};
  const text = (v: unknown, d: string) => (typeof v === "string" && v.trim() ? v : d);
  return {
    ...(json as unknown as ModelsContent),
    families: Array.isArray(json.families) ? (json.families as ModelsContent["families"]) : [],
    compare: {
      title: text(compare.title, DEFAULT_TITLE),
      subtitle: text(compare.subtitle, DEFAULT_SUBTITLE),
      left: text(compare.left, DEFAULT_LEFT),
      right: text(compare.right, DEFAULT_RIGHT),
    },
  };
}
