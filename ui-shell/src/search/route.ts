// The /search routes (docs/features/locations-forms-marketing.md §2): what a path means as refinements, the path
// and address a search state is written to, and the breadcrumb trail with make, model and body
// crumbs. Paths: /search, /search/{condition}, /search/{make}, /search/{make}/{model},
// /search/{location slug}, /search/{dealership_slug}, /search/{body slug}; `?query={baseId}`.
import type { TenantSettings } from "../api/types";
import { slugify } from "../lib/slug";
import { emptyState, formatAddress, type SearchState } from "./address";

/**
 * The condition routes and the car types each shows (docs/features/shopper-core.md §9
 * "Car types in order: new, demo, used").
 */
export const CONDITIONS = [
  { slug: "new-used-and-demo-cars", label: "New, used and demo cars", carTypes: [] as string[] },
  { slug: "new-cars", label: "New cars", carTypes: ["new"] },
  { slug: "demo-cars", label: "Demo cars", carTypes: ["demo"] },
  { slug: "used-cars", label: "Used cars", carTypes: ["used"] },
  { slug: "new-and-demo-cars", label: "New and demo cars", carTypes: ["new", "demo"] },
] as const;

/** The default search route's slug. */
export const DEFAULT_CONDITION = "new-used-and-demo-cars";

/** Route params of a search route (`useParams`, src/app/router.tsx). */
export interface SearchParams {
  refinement?: string | undefined;
  make?: string | undefined;
  model?: string | undefined;
}

/** Names the path slugs can stand for, from the facets of all stock (make, model, body labels). */
export interface SlugNames {
  makes: readonly string[];
  models: readonly string[];
  bodies: readonly string[];
}

/** What a route means: the refinements (and text query) it implies, and a heading. */
export interface RouteBase {
  refinements: Record<string, string[]>;
  query: string;
  heading: string;
}

function words(slug: string): string {
  return slug
    .split("-")
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

function bySlug(names: readonly string[], slug: string): string | undefined {
  return names.find((n) => slugify(n) === slug);
}

/**
 * What a search route's path means. Conditions give car types; a location slug gives its
 * `location_name`, a dealership slug its `dealership_name` (from the tenant); a make, model or
 * body slug needs `names` (facet labels of all stock): it returns null when they are needed and
 * not given. A slug that names nothing becomes a text query in words. Takes the params, tenant and
 * names; returns the {@link RouteBase} or null. Spec: docs/features/locations-forms-marketing.md §2 /search routes.
 */
export function routeBase(params: SearchParams, tenant: TenantSettings, names: SlugNames | null): RouteBase | null {
  const cond = CONDITIONS.find((c) => c.slug === (params.refinement ?? DEFAULT_CONDITION));
  if (cond && !params.make) {
    return { refinements: cond.carTypes.length ? { car_type: [...cond.carTypes] } : {}, query: "", heading: cond.label };
  }
  if (params.refinement) {
    const slug = params.refinement;
    const loc = tenant.locations.find((l) => l.slug === slug);
    if (loc) return { refinements: { location_name: [loc.name] }, query: "", heading: `Cars at ${loc.name}` };
    const dealer = tenant.dealerships.find((d) => d.slug === slug);
    if (dealer) return { refinements: { dealership_name: [dealer.name] }, query: "", heading: `Cars at ${dealer.name}` };
    if (!names) return null;
    const make = bySlug(names.makes, slug);
    if (make) return { refinements: { make: [make] }, query: "", heading: make };
    const body = bySlug(names.bodies, slug);
    if (body) return { refinements: { body: [body] }, query: "", heading: body };
    return { refinements: {}, query: words(slug), heading: words(slug) };
  }
  if (params.make) {
    if (!names) return null;
    const make = bySlug(names.makes, params.make) ?? words(params.make);
    const refinements: Record<string, string[]> = { make: [make] };
    if (params.model) refinements.model = [bySlug(names.models, params.model) ?? words(params.model)];
    return { refinements, query: "", heading: [make, refinements.model?.[0]].filter(Boolean).join(" ") };
  }
  return { refinements: {}, query: "", heading: "Search" };
}

/**
 * The full search state of a page: the route's refinements and query merged under the address's
 * (values of one attribute joined, route first). Takes the route base and the address's state;
 * returns the state sent to the host.
 */
export function mergeBase(base: RouteBase, address: SearchState): SearchState {
  const refinements: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(base.refinements)) refinements[k] = [...v];
  for (const [k, v] of Object.entries(address.refinements)) {
    const list = refinements[k] ?? [];
    for (const x of v) if (!list.includes(x)) list.push(x);
    refinements[k] = list;
  }
  return { ...address, query: address.query || base.query, refinements };
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

function without(state: SearchState, base: Record<string, string[]>, query: string): SearchState {
  const refinements: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(state.refinements)) {
    const rest = v.filter((x) => !(base[k] ?? []).includes(x));
    if (rest.length) refinements[k] = rest;
  }
  return { ...state, refinements, query: query && state.query === query ? "" : state.query };
}

/**
 * Where a search state lives in the address: the current route's path while the state still has
 * everything the path implies (the address then carries the rest), else a condition path when the
 * chosen car types match one (`{used}` -> `/search/used-cars`), else the default route with every
 * refinement in the address. Takes the state, the current params and route base; returns
 * `{pathname, search}` (search with `?`, or empty).
 */
export function searchLocation(
  state: SearchState,
  params: SearchParams,
  base: RouteBase | null,
): { pathname: string; search: string } {
  const out = (pathname: string, rest: SearchState) => {
    const qs = formatAddress(rest);
    return { pathname, search: qs ? `?${qs}` : "" };
  };
  const isCondition = !params.make && CONDITIONS.some((c) => c.slug === (params.refinement ?? DEFAULT_CONDITION));
  if (base && !isCondition) {
    const keeps =
      Object.entries(base.refinements).every(([k, v]) => v.every((x) => state.refinements[k]?.includes(x))) &&
      (base.query === "" || state.query === base.query);
    if (keeps) {
      const path = params.make
        ? `/search/${params.make}${params.model ? `/${params.model}` : ""}`
        : `/search/${params.refinement}`;
      return out(path, without(state, base.refinements, base.query));
    }
  }
  const types = state.refinements.car_type ?? [];
  const cond = CONDITIONS.find((c) => sameSet(c.carTypes, types)) ?? CONDITIONS[0];
  return out(`/search/${cond.slug}`, without(state, { car_type: [...cond.carTypes] }, ""));
}

/** One breadcrumb: label and link. */
export interface Crumb {
  label: string;
  href: string;
}

/**
 * The breadcrumb trail of a search (docs/features/locations-forms-marketing.md §2 "breadcrumb trails with make,
 * model and body-type crumbs"): Home, the condition page, then the make, the model and the body
 * type when exactly one of each is chosen. Takes the full state; returns the crumbs, the last the
 * current page.
 */
export function searchCrumbs(state: SearchState): Crumb[] {
  const types = state.refinements.car_type ?? [];
  const cond = CONDITIONS.find((c) => sameSet(c.carTypes, types)) ?? CONDITIONS[0];
  const crumbs: Crumb[] = [
    { label: "Home", href: "/" },
    { label: cond.label, href: `/search/${cond.slug}` },
  ];
  const one = (k: string) => (state.refinements[k]?.length === 1 ? state.refinements[k][0] : undefined);
  const make = one("make");
  const model = one("model");
  const body = one("body");
  if (make) crumbs.push({ label: make, href: `/search/${slugify(make)}` });
  if (make && model) crumbs.push({ label: model, href: `/search/${slugify(make)}/${slugify(model)}` });
  if (body) crumbs.push({ label: body, href: `/search/${slugify(body)}` });
  return crumbs;
}

/** A state with only the route's part (for tests and links). Takes a route base; returns the state. */
export function baseState(base: RouteBase): SearchState {
  return mergeBase(base, emptyState());
}
