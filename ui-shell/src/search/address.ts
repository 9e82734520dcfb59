// The search state (docs/features/shopper-core.md §3 "Search state") and its address form
// (docs/features/locations-forms-marketing.md §2: refinement lists, ranges as `min:max` with `$`
// and commas removed, page number). This mirrors the host's codec, host/src/search/query.rs,
// exactly: the same parameters, limits, errors and canonical output, so `formatAddress(state)` is
// the `address` the host answers with.
//
// Address form, all parameters optional:
// - `query=<text>` (also `q`), at most 200 characters, trimmed
// - `page=<n>` (1-based, 1..=10000, default 1), `hitsPerPage=<n>` (1..=100, default 21)
// - `sortBy=<custom_rank|price_asc|price_desc|year_desc|km_asc|newest|recently_reduced>` (default custom_rank)
// - a refinement list per attribute, one parameter per value (`make=Toyota&make=Mazda`; `make[]`
//   and `make[0]` too); values ORed within an attribute, attributes ANDed
// - ranges as `min:max`, either end open (`:20000`, `5000:`); `$`, commas and spaces ignored.
//   Units: price AUD (dollars), km, model years, AUD per week, unix seconds.

/** Default page size (docs/features/shopper-core.md §9). */
export const DEFAULT_HITS_PER_PAGE = 21;
/** Largest page size the host accepts. */
export const MAX_HITS_PER_PAGE = 100;
/** Largest page number the host accepts. */
export const MAX_PAGE = 10_000;
/** Longest text query and refinement value, characters (code points). */
export const MAX_QUERY_CHARS = 200;
/** Most values in one refinement list. */
export const MAX_VALUES_PER_ATTRIBUTE = 50;

/** Refinement-list attributes of the search state (docs/features/shopper-core.md §3), as the host lists them. */
export const REFINEMENT_ATTRIBUTES = [
  "badge",
  "status",
  "car_type",
  "categories",
  "city",
  "colour",
  "dealership_name",
  "filtered_features",
  "item_type",
  "location_name",
  "make",
  "make_model",
  "model",
  "price_range",
  "seats",
  "body",
  "drive",
  "fuel",
  "transmission",
  "state",
  "tag",
  "certified",
] as const;

/**
 * Numeric-range attributes: `price` (AUD), `km`, `year` (model years), `subscription_price` and
 * `weekly_price_range` (AUD per week), `created_at_timestamp` (unix seconds).
 */
export const RANGE_ATTRIBUTES = [
  "price",
  "km",
  "year",
  "subscription_price",
  "weekly_price_range",
  "created_at_timestamp",
] as const;

/** Sort orders (docs/features/shopper-core.md §7: default custom_rank descending). */
export const SORT_ORDERS = [
  "custom_rank",
  "price_asc",
  "price_desc",
  "year_desc",
  "km_asc",
  "newest",
  "recently_reduced",
] as const;

/** One of {@link SORT_ORDERS}. */
export type SortBy = (typeof SORT_ORDERS)[number];

/** An inclusive numeric range; null is an open end. */
export interface Range {
  min: number | null;
  max: number | null;
}

/**
 * The search state (docs/features/shopper-core.md §3 "Search state"): text query, 1-based page, page size, sort,
 * refinement lists by attribute (values in the order chosen) and ranges by attribute.
 */
export interface SearchState {
  query: string;
  page: number;
  hitsPerPage: number;
  sortBy: SortBy;
  refinements: Record<string, string[]>;
  ranges: Record<string, Range>;
}

/** A malformed address parameter: which one and why (the host answers 400 naming it). */
export interface AddressError {
  param: string;
  reason: string;
}

/** The result of {@link parseAddress}. */
export type ParseResult = { ok: true; state: SearchState } | { ok: false; error: AddressError };

/** An empty search state: page 1, 21 per page, default sort, no refinements. Takes nothing. */
export function emptyState(): SearchState {
  return { query: "", page: 1, hitsPerPage: DEFAULT_HITS_PER_PAGE, sortBy: "custom_rank", refinements: {}, ranges: {} };
}

const REFINEMENTS: readonly string[] = REFINEMENT_ATTRIBUTES;
const RANGES: readonly string[] = RANGE_ATTRIBUTES;

/** Parses a sort name as the host does (`year` and `km` are aliases; empty is the default). */
export function parseSort(s: string): SortBy | null {
  switch (s) {
    case "custom_rank":
    case "custom_rank_desc":
    case "":
      return "custom_rank";
    case "year":
      return "year_desc";
    case "km":
      return "km_asc";
    default:
      return (SORT_ORDERS as readonly string[]).includes(s) ? (s as SortBy) : null;
  }
}

class Bad extends Error {
  constructor(
    readonly param: string,
    readonly reason: string,
  ) {
    super(`${param}: ${reason}`);
  }
}

/** Percent-decoding like Rust's `percent_decode_str` after `+` -> space: a `%` not followed by two hex digits stays as it is; invalid UTF-8 is an error. */
function dec(param: string, s: string): string {
  const bytes = new TextEncoder().encode(s.replaceAll("+", " "));
  const out = new Uint8Array(bytes.length);
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] ?? 0;
    if (b === 0x25 && i + 2 < bytes.length && isHex(bytes[i + 1]) && isHex(bytes[i + 2])) {
      out[n++] = Number.parseInt(String.fromCharCode(bytes[i + 1] ?? 0, bytes[i + 2] ?? 0), 16);
      i += 2;
    } else {
      out[n++] = b;
    }
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(out.subarray(0, n));
  } catch {
    throw new Bad(param, "is not valid UTF-8");
  }
}

function isHex(b: number | undefined): boolean {
  return b !== undefined && ((b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66));
}

/** Percent-encoding of everything but ASCII letters, digits and `-_.~` (the host's `enc`). */
export function encodeValue(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

// Rust's f64 grammar (`str::parse::<f64>`): decimal with optional exponent, or inf/infinity/nan.
const FLOAT = /^[+-]?(?:(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|inf|infinity|nan)$/i;

/** One range end: `$`, commas and spaces removed; empty is open (null). Dollars, km, years or seconds. */
function rangeEnd(param: string, s: string): number | null {
  const t = s.replace(/[$,\s]/g, "");
  if (t === "") return null;
  const v = FLOAT.test(t) ? Number(t.replace(/^([+-]?)inf(inity)?$/i, "$1Infinity")) : Number.NaN;
  if (Number.isFinite(v) && Math.abs(v) < 1e15) return v;
  throw new Bad(param, `\`${s}\` is not a number (expected min:max)`);
}

/** Whole number in `lo..=hi`, as Rust parses a u32 (`+` allowed), else null. */
function whole(s: string, lo: number, hi: number): number | null {
  const t = s.trim();
  if (!/^\+?\d+$/.test(t)) return null;
  const v = Number(t);
  return v >= lo && v <= hi ? v : null;
}

/**
 * A number as the host writes it in an address: integers without `.0` (`5000`), others in the
 * shortest form (`2.25`). Takes a finite number; returns text.
 */
export function formatNumber(v: number): string {
  if (Number.isInteger(v) && Math.abs(v) < 1e15) return String(Object.is(v, -0) ? 0 : v);
  return String(v);
}

function codePoints(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

function parseInto(q: SearchState, key: string, value: string): void {
  switch (key) {
    case "query":
    case "q":
      if (codePoints(value) > MAX_QUERY_CHARS) throw new Bad("query", `longer than ${MAX_QUERY_CHARS} characters`);
      q.query = value.trim();
      return;
    case "page": {
      const p = whole(value, 1, MAX_PAGE);
      if (p === null) throw new Bad("page", `must be a whole number from 1 to ${MAX_PAGE}`);
      q.page = p;
      return;
    }
    case "hitsPerPage":
    case "hits_per_page": {
      const p = whole(value, 1, MAX_HITS_PER_PAGE);
      if (p === null) throw new Bad("hitsPerPage", `must be a whole number from 1 to ${MAX_HITS_PER_PAGE}`);
      q.hitsPerPage = p;
      return;
    }
    case "sortBy":
    case "sort_by":
    case "sort": {
      const s = parseSort(value.trim());
      if (!s)
        throw new Bad("sortBy", "must be one of custom_rank, price_asc, price_desc, year_desc, km_asc, newest, recently_reduced");
      q.sortBy = s;
      return;
    }
  }
  if (RANGES.includes(key)) {
    const at = value.indexOf(":");
    const [lo, hi] = at < 0 ? [value, value] : [value.slice(0, at), value.slice(at + 1)];
    const r: Range = { min: rangeEnd(key, lo), max: rangeEnd(key, hi) };
    // Ends written the other way round (`50000:20000`) mean the same range: normalised, as the host does.
    if (r.min !== null && r.max !== null && r.min > r.max) [r.min, r.max] = [r.max, r.min];
    if (r.min !== null || r.max !== null) q.ranges[key] = r;
    return;
  }
  if (REFINEMENTS.includes(key)) {
    if (codePoints(value) > MAX_QUERY_CHARS) throw new Bad(key, `value longer than ${MAX_QUERY_CHARS} characters`);
    q.refinements[key] ??= [];
    const list = q.refinements[key];
    if (list.length >= MAX_VALUES_PER_ATTRIBUTE) throw new Bad(key, `more than ${MAX_VALUES_PER_ATTRIBUTE} values`);
    if (value !== "" && !list.includes(value)) list.push(value);
  }
  // Unknown parameters (tracking and the like) are ignored.
}

/**
 * Parses the address form (a query string with or without `?`) as the host does
 * (`SearchQuery::from_query_string`): unknown parameters ignored; a malformed known one is an
 * error naming it. With `lenient`, a malformed parameter is skipped instead (for restoring a
 * shopper's address, which must never break the page). Takes the query string; returns
 * {@link ParseResult}. Spec: docs/features/shopper-core.md §3 "Search state",
 * docs/features/locations-forms-marketing.md §2.
 */
export function parseAddress(qs: string, lenient = false): ParseResult {
  const q = emptyState();
  const s = qs.startsWith("?") ? qs.slice(1) : qs;
  try {
    for (const pair of s.split("&")) {
      if (pair === "") continue;
      const at = pair.indexOf("=");
      const [k, v] = at < 0 ? [pair, ""] : [pair.slice(0, at), pair.slice(at + 1)];
      try {
        const key = dec("parameter name", k);
        const base = key.split("[")[0] ?? "";
        parseInto(q, base, dec(base, v));
      } catch (e) {
        if (!lenient) throw e;
      }
    }
  } catch (e) {
    if (e instanceof Bad) return { ok: false, error: { param: [...e.param].slice(0, 60).join(""), reason: e.reason } };
    throw e;
  }
  for (const [k, v] of Object.entries(q.refinements)) if (v.length === 0) delete q.refinements[k];
  return { ok: true, state: q };
}

/** Host (Rust `BTreeMap`) key order: byte order of the (ASCII) attribute names. */
function sortedKeys(o: Record<string, unknown>): string[] {
  return Object.keys(o).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The canonical address form of a state (`SearchQuery::to_query_string`): defaults left out,
 * attributes in name order, refinement values in the order chosen, ranges as `min:max`, then
 * sortBy, hitsPerPage and page. Takes a {@link SearchState}; returns the query string without `?`.
 * `parseAddress(formatAddress(s))` gives `s` back for any valid state.
 */
export function formatAddress(q: SearchState): string {
  const parts: string[] = [];
  if (q.query !== "") parts.push(`query=${encodeValue(q.query)}`);
  for (const a of sortedKeys(q.refinements)) for (const v of q.refinements[a] ?? []) parts.push(`${a}=${encodeValue(v)}`);
  for (const a of sortedKeys(q.ranges)) {
    const r = q.ranges[a] ?? { min: null, max: null };
    parts.push(`${a}=${r.min === null ? "" : formatNumber(r.min)}:${r.max === null ? "" : formatNumber(r.max)}`);
  }
  if (q.sortBy !== "custom_rank") parts.push(`sortBy=${q.sortBy}`);
  if (q.hitsPerPage !== DEFAULT_HITS_PER_PAGE) parts.push(`hitsPerPage=${q.hitsPerPage}`);
  if (q.page !== 1) parts.push(`page=${q.page}`);
  return parts.join("&");
}

/**
 * A shopper's address as a state, skipping malformed parameters (restoring an address must never
 * break the page). Takes the query string; returns the {@link SearchState}.
 */
export function restoreAddress(qs: string): SearchState {
  const r = parseAddress(qs, true);
  return r.ok ? r.state : emptyState();
}
