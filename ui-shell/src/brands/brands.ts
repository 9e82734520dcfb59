// Brands (docs/features/platform.md "Locations, offers and navigation"), without React: reading the
// host's bodies (GET /api/v1/brands, GET /api/v1/brands/{slug}, or the inline `page` of the brands
// and brand-overview documents).
// Spec: docs/features/shopper-core.md §2 /brands, /{brand}/overview;
// docs/features/locations-forms-marketing.md §3 "Brand entry", §9 "brand images 76x65".
import type { Brand, BrandGroup, BrandsResponse, Stat } from "../api/types";
import { isRecord } from "../content/data";

/** The API path of the brands page's body. */
export const BRANDS_API = "/api/v1/brands";

/** A brand logo's width, CSS px (docs/features/locations-forms-marketing.md §9 "brand images 76x65"). */
export const LOGO_WIDTH = 76;
/** A brand logo's height, CSS px (§9 "brand images 76x65"). */
export const LOGO_HEIGHT = 65;

/** The API path of one brand. Takes its slug; returns `/api/v1/brands/{slug}`. */
export function brandApi(slug: string): string {
  return `${BRANDS_API}/${encodeURIComponent(slug)}`;
}

/** True when `v` has the fields a brand tile and page read. */
export function isBrand(v: unknown): v is Brand {
  return (
    isRecord(v) &&
    typeof v.title === "string" &&
    typeof v.slug === "string" &&
    typeof v.description === "string" &&
    typeof v.href === "string" &&
    typeof v.stock_href === "string"
  );
}

/** Reads one brand (GET /api/v1/brands/{slug}); null when the body does not fit. */
export function parseBrand(v: unknown): Brand | null {
  return isBrand(v) ? v : null;
}

function isStat(v: unknown): v is Stat {
  return isRecord(v) && typeof v.label === "string" && typeof v.value === "string";
}

function group(v: unknown): BrandGroup | null {
  if (!isRecord(v) || typeof v.title !== "string" || typeof v.kind !== "string" || !Array.isArray(v.brands)) return null;
  return { kind: v.kind as BrandGroup["kind"], title: v.title, brands: v.brands.filter(isBrand) };
}

/**
 * Reads the brands page's body (GET /api/v1/brands): the statistics and the groups, parts that do
 * not fit dropped and empty groups left out. Takes the JSON; returns the body, or null when it
 * does not fit at all.
 */
export function parseBrands(v: unknown): BrandsResponse | null {
  if (!isRecord(v) || !Array.isArray(v.groups)) return null;
  return {
    stats: Array.isArray(v.stats) ? v.stats.filter(isStat) : [],
    groups: v.groups.map(group).filter((g): g is BrandGroup => g !== null && g.brands.length > 0),
  };
}
