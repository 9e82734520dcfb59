// SRP data: GET /api/v1/search and /api/v1/search/count with the address form, a small cache of
// answers (docs/features/shopper-core.md §9 "Search results cache: ... the oldest entry is evicted when full"), the
// first page from the host's inline data, and hooks that keep the previous hits and counts while
// loading or after an error (docs/features/shopper-core.md §4 "Search: loading and error keep the previous hits and
// counts").
import { useEffect, useRef, useState } from "react";
import type { components } from "../api/schema";
import type { InlineData } from "../boot/inline";
import { isAscii, loadSlugTables } from "../lib/slug";
import { formatAddress, restoreAddress } from "./address";
import type { SearchResponse } from "./cards";
import type { SlugNames } from "./route";

/** GET /api/v1/search/count: `count` and `count_display` (cars), `ms`. */
export type CountResponse = components["schemas"]["CountResponse"];

/** Answers kept (by address), oldest evicted first. */
export const CACHE_SIZE = 24;

const cache = new Map<string, SearchResponse>();

function remember(address: string, res: SearchResponse): void {
  cache.delete(address);
  cache.set(address, res);
  while (cache.size > CACHE_SIZE) {
    const oldest = cache.keys().next().value;
    if (oldest === undefined) break;
    cache.delete(oldest);
  }
}

/** The cached answer of an address, if any. Takes the address form; returns the response or undefined. */
export function cachedSearch(address: string): SearchResponse | undefined {
  return cache.get(address);
}

/** A failed call: HTTP status (0 for a network error) and the host's message. */
export interface SearchFailure {
  status: number;
  message: string;
}

async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, { headers: { accept: "application/json" }, ...(signal ? { signal } : {}) });
  } catch (e) {
    if ((e as Error).name === "AbortError") throw e;
    throw { status: 0, message: "Could not reach the server. Check your connection and try again." } satisfies SearchFailure;
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw { status: res.status, message: body?.error?.message ?? "Search is temporarily unavailable." } satisfies SearchFailure;
  }
  return (await res.json()) as T;
}

/**
 * GET /api/v1/search?{address}: a page of results (cached by address). Takes the address form
 * (no `?`) and an AbortSignal; resolves to the SearchResponse, rejects with a {@link SearchFailure}
 * (or an AbortError). Spec: docs/features/shopper-core.md §7 "Stock search".
 */
export async function fetchSearch(address: string, signal?: AbortSignal): Promise<SearchResponse> {
  const hit = cache.get(address);
  if (hit) return hit;
  const res = await getJson<SearchResponse>(`/api/v1/search${address ? `?${address}` : ""}`, signal);
  remember(address, res);
  return res;
}

/**
 * GET /api/v1/search/count?{address}: the number for 'Show Me {count}'. Takes the address form and
 * an AbortSignal; resolves to the CountResponse (cars), rejects like {@link fetchSearch}.
 */
export function fetchCount(address: string, signal?: AbortSignal): Promise<CountResponse> {
  const hit = cache.get(address);
  if (hit) return Promise.resolve({ count: hit.count, count_display: hit.count_display, ms: 0 });
  return getJson<CountResponse>(`/api/v1/search/count${address ? `?${address}` : ""}`, signal);
}

let names: Promise<SlugNames> | null = null;

/**
 * The make, model and body names of all stock (facet labels of one unfiltered search), to read
 * /search/{make}, /search/{make}/{model} and /search/{body} paths. Fetched once per page load.
 * Takes nothing; resolves to {@link SlugNames} (empty lists when the search fails), with the slug
 * tables loaded when a name is not ASCII (so `slugify` matches the host's slugs).
 */
export function fetchSlugNames(): Promise<SlugNames> {
  names ??= fetchSearch("hitsPerPage=1").then(
    async (r) => {
      const out: SlugNames = {
        makes: (r.facets.make ?? []).map((f) => f.label),
        models: (r.facets.model ?? []).map((f) => f.label),
        bodies: (r.facets.body ?? []).map((f) => f.label),
      };
      // Non-ASCII names are matched by their host slug: load the transliteration tables first.
      if (![...out.makes, ...out.models, ...out.bodies].every(isAscii)) await loadSlugTables().catch(() => undefined);
      return out;
    },
    () => {
      names = null;
      return { makes: [], models: [], bodies: [] };
    },
  );
  return names;
}

function isSearchResponse(v: unknown): v is SearchResponse {
  const r = v as SearchResponse;
  return (
    typeof r === "object" && r !== null && Array.isArray(r.hits) && typeof r.address === "string" && typeof r.count === "number"
  );
}

/**
 * What the host says a search path means (`scope` of a SearchResponse, when the host resolved the
 * route: `GET /api/v1/search?path=...` and the inline first page): heading, the refinements the path
 * implies, breadcrumbs. Read defensively until the generated API types carry it.
 */
export interface HostScope {
  path: string;
  heading: string;
  refinements: Record<string, string[]>;
  breadcrumbs: { label: string; href: string }[];
}

/** The host's route scope of a response, when it sent a well-formed one; else null. */
export function scopeOf(res: SearchResponse | undefined): HostScope | null {
  const s = (res as unknown as { scope?: HostScope | null } | undefined)?.scope;
  if (!s || typeof s.heading !== "string" || typeof s.refinements !== "object" || !Array.isArray(s.breadcrumbs)) return null;
  return s;
}

/**
 * Seeds the cache with the host's inline first page (`page` of a search route rendered for this
 * path), so the first load does not fetch it again: under its `address`, and, when the host sent
 * the route's scope, under the full address the page itself asks for (the route's refinements
 * merged in). Takes the inline data and the current path; returns the inline response, or
 * undefined when there is none for this path.
 */
export function seedInline(inline: InlineData | null, pathname: string): SearchResponse | undefined {
  if (!inline?.route?.id.startsWith("search") || inline.route.path !== pathname || !isSearchResponse(inline.page))
    return undefined;
  const page = inline.page;
  if (!cache.has(page.address)) remember(page.address, page);
  const scope = scopeOf(page);
  if (scope) {
    const q = restoreAddress(page.address);
    for (const [k, v] of Object.entries(scope.refinements)) q.refinements[k] ??= [...v];
    const full = formatAddress(q);
    if (!cache.has(full)) remember(full, page);
  }
  return page;
}

/** What {@link useSearchResults} gives: the latest answer, whether a newer one is loading, and the last error. */
export interface SearchResults {
  data: SearchResponse | null;
  loading: boolean;
  error: SearchFailure | null;
}

/**
 * The results of an address, fetched when it changes; while loading and after an error the
 * previous answer stays. Takes the address form (null: not known yet, fetch nothing); returns
 * {@link SearchResults}.
 */
export function useSearchResults(address: string | null): SearchResults {
  const [state, setState] = useState<SearchResults>(() => ({
    data: address !== null ? (cache.get(address) ?? null) : null,
    loading: address === null || !cache.has(address),
    error: null,
  }));
  useEffect(() => {
    if (address === null) return;
    const hit = cache.get(address);
    if (hit) {
      setState({ data: hit, loading: false, error: null });
      return;
    }
    const ac = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    fetchSearch(address, ac.signal).then(
      (data) => setState({ data, loading: false, error: null }),
      (e: unknown) => {
        if ((e as Error)?.name === "AbortError") return;
        setState((s) => ({ ...s, loading: false, error: e as SearchFailure }));
      },
    );
    return () => ac.abort();
  }, [address]);
  return state;
}

/**
 * The count of an address for the 'Show Me' button, fetched after the address has been still for
 * `delayMs` (250 ms); keeps the previous count while loading. Takes the address (null: none) and
 * the delay in ms; returns the count to show (cars) or null before the first answer.
 */
export function useSearchCount(address: string | null, delayMs = 250): number | null {
  const [count, setCount] = useState<number | null>(() =>
    address !== null ? (cache.get(address)?.count_display ?? null) : null,
  );
  const latest = useRef(address);
  latest.current = address;
  useEffect(() => {
    if (address === null) return;
    const ac = new AbortController();
    const t = setTimeout(() => {
      fetchCount(address, ac.signal).then(
        (r) => {
          if (latest.current === address) setCount(r.count_display);
        },
        () => {},
      );
    }, delayMs);
    return () => {
      clearTimeout(t);
      ac.abort();
    };
  }, [address, delayMs]);
  return count;
}
