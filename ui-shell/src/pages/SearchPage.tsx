import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useWatchlisted } from "../account/saved";
import { useLocation, useNavigate, useParams } from "../app/router";
import { useDocumentTitle, useSite } from "../app/site";
import { Button, ButtonLink } from "../design/Button";
import { Skeleton } from "../design/Skeleton";
import { useToast } from "../design/Toast";
import { useSlugTables } from "../lib/useSlugTables";
import { DEFAULT_HITS_PER_PAGE, formatAddress, restoreAddress, type SearchState } from "../search/address";
import { Breadcrumbs } from "../search/Breadcrumbs";
import { CardToggles } from "../search/CardToggles";
import { hitCardProps, type SearchHit } from "../search/cards";
import { cardToggles, searchConfig } from "../search/config";
import { countLine } from "../search/count";
import { fetchSlugNames, scopeOf, seedInline, useSearchResults } from "../search/data";
import type { FacetLists } from "../search/FilterPanel";
import { compareHref, readCompareEntries, useSavedCars } from "../search/favourites";
import { filterCount, firstLoadState, readPersisted, writePersisted } from "../search/filters";
import { placePromos, promoJitter } from "../search/promos";
import { type CarCell, EmptyResults, Pagination, ResultsGrid, ResultsSkeleton } from "../search/Results";
import {
  CONDITIONS,
  mergeBase,
  type RouteBase,
  routeBase,
  type SearchParams,
  type SlugNames,
  searchCrumbs,
  searchLocation,
} from "../search/route";
import { ShowMeButton } from "../search/ShowMe";
import SortControl from "../search/SortControl";
import { vdpConfig } from "../vdp/data";

const FilterPanel = lazy(() => import("../search/FilterPanel"));
const FilterDialog = lazy(() => import("../search/FilterDialog"));

// The shell's first load of a search page is the only one where persisted filters or the tenant's
// defaults apply (docs/features/shopper-core.md §2 "persisted attributes or defaults apply on first load").
let firstLoadDone = false;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The search heading and document title of a page. */
function headingOf(base: RouteBase | null, state: SearchState): string {
  if (!base) return "Search";
  if (state.query && state.query !== base.query) return `Results for "${state.query}"`;
  return base.heading;
}

/**
 * The heading of the page the first load moves to (the replace navigation to the first-load
 * state's `searchLocation`): when it lands on another condition page (a tenant whose default
 * refinements are `car_type = ["new"]` goes from `/search/new-used-and-demo-cars` to
 * `/search/new-cars`), that page's heading, so the first render already shows it and the heading
 * does not change (moving the page) a frame later; the host's first paint writes the same
 * (host/src/http/web/paint/srp.rs `first_load_heading`). Else {@link headingOf}. Takes the current
 * route base, the first-load state, the route params and the path; returns the heading.
 */
function landingHeading(base: RouteBase | null, state: SearchState, params: SearchParams, pathname: string): string {
  const to = searchLocation(state, params, base).pathname;
  const cond = to === pathname.replace(/\/$/, "") ? undefined : CONDITIONS.find((c) => to === `/search/${c.slug}`);
  if (!cond) return headingOf(base, state);
  return headingOf(
    { refinements: cond.carTypes.length ? { car_type: [...cond.carTypes] } : {}, query: "", heading: cond.label },
    state,
  );
}

/**
 * Facet lists that keep an attribute's values choosable after it is refined: an attribute's list
 * (and the popular makes) come from the last answer in which that attribute was not refined.
 */
function useFacetMemory(data: ReturnType<typeof useSearchResults>["data"], state: SearchState): FacetLists {
  const memory = useRef<FacetLists>({});
  if (data) {
    for (const [attr, items] of Object.entries(data.facets)) {
      if (!state.refinements[attr]?.length || !memory.current[attr]) memory.current[attr] = items;
    }
    if (!state.refinements.make?.length || !memory.current.popular_makes) memory.current.popular_makes = data.popular_makes;
    if (!memory.current.make && data.facets.make) memory.current.make = data.facets.make;
  }
  return { ...memory.current, model: data?.facets.model ?? [] };
}

/** The width from which the filter panel is a sidebar (src/search/search.css); below it, the dialog. */
const SIDEBAR_QUERY = "(min-width: 960px)";

/**
 * Whether the filter sidebar is shown (a wide screen), kept current on resize. On phones the
 * sidebar is hidden, so neither its chunk nor its facet lists are loaded or rendered there (the
 * first load's main-thread work). Takes nothing; returns true on wide screens.
 */
function useSidebar(): boolean {
  // Without matchMedia (tests, very old browsers) the sidebar is rendered, as the CSS decides.
  const [wide, setWide] = useState(() => typeof matchMedia !== "function" || matchMedia(SIDEBAR_QUERY).matches);
  useEffect(() => {
    if (typeof matchMedia !== "function") return;
    const mq = matchMedia(SIDEBAR_QUERY);
    const on = () => setWide(mq.matches);
    on();
    mq.addEventListener("change", on);
    return () => mq.removeEventListener("change", on);
  }, []);
  return wide;
}

/**
 * The search results page (SRP; docs/features/shopper-core.md §2 "Search results", §4, §9;
 * docs/features/locations-forms-marketing.md §2 /search routes): breadcrumb with make, model and
 * body crumbs, heading, the count, sort, filters (a sidebar on wide screens, a dialog with 'Show Me
 * {count} {noun}' on phones), the template's search cards with promo tiles, skeletons, the empty
 * state and page links. The search state lives in the address (path and query, the host's address
 * form) and is restored from it; the first page comes from the host's inline data when present.
 * Takes nothing (reads the route and site); renders the page.
 */
export default function SearchPage() {
  const params = useParams() as SearchParams;
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { tenant, inline } = useSite();
  const config = useMemo(() => searchConfig(tenant), [tenant]);
  const toggles = useMemo(() => cardToggles(tenant), [tenant]);
  const noun = tenant.wording.vehicle_noun || "Cars";
  const [seeded] = useState(() => seedInline(inline, pathname));
  const sidebar = useSidebar();

  // What the path means; make, model and body slugs need the names of all stock.
  const [names, setNames] = useState<SlugNames | null>(null);
  const hostScope = scopeOf(seeded);
  const base: RouteBase | null =
    hostScope && hostScope.path === pathname.replace(/\/$/, "")
      ? { refinements: hostScope.refinements, query: "", heading: hostScope.heading }
      : routeBase(params, tenant, names);
  useEffect(() => {
    if (base === null && names === null) void fetchSlugNames().then(setNames);
  }, [base, names]);

  const fromAddress = restoreAddress(search);
  const state = base ? mergeBase(base, fromAddress) : null;
  if (state && !/(^|[?&])hitsPerPage=/.test(search)) state.hitsPerPage = config.page_size;

  // First load: persisted filters (when the tenant persists) or the tenant's defaults, decided once
  // when the route's meaning is known, then written into the address (replacing the entry).
  const first = useRef<{ decided: boolean; next: SearchState | null }>({ decided: false, next: null });
  if (!first.current.decided && state && base) {
    first.current.decided = true;
    if (!firstLoadDone) {
      const persisted = config.persist_refinements ? readPersisted(storage(), tenant.slug) : null;
      const next = firstLoadState(state, base.refinements, persisted, config.default_refinements);
      first.current.next = next === state ? null : next;
    }
    firstLoadDone = true;
  }
  const firstState = first.current.next;

  const go = (next: SearchState, replace = false) => {
    const urlState = next.hitsPerPage === config.page_size ? { ...next, hitsPerPage: DEFAULT_HITS_PER_PAGE } : next;
    navigate(searchLocation(urlState, params, base), { replace });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, when the first-load state is decided.
  useEffect(() => {
    if (!firstState) return;
    first.current.next = null;
    go(firstState, true);
  }, [firstState]);

  const effective = firstState ?? state;
  const crumbs = effective ? searchCrumbs(effective) : null;
  useSlugTables(crumbs?.map((c) => c.label) ?? []);
  const address = effective ? formatAddress(effective) : null;
  const { data, loading, error } = useSearchResults(address);

  // Remember the filters per site (docs/features/shopper-core.md §2 "persisted attributes").
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address stands for the state.
  useEffect(() => {
    if (config.persist_refinements && effective && !firstState) writePersisted(storage(), tenant.slug, effective);
  }, [config.persist_refinements, address, tenant.slug]);

  const heading = firstState
    ? landingHeading(base, firstState, params, pathname)
    : effective
      ? headingOf(base, effective)
      : "Search";
  useDocumentTitle(heading);
  const facets = useFacetMemory(data, effective ?? fromAddress);
  const [jitter] = useState(() => promoJitter(config.promo_first_jitter));
  const saved = useSavedCars();
  const isWatched = useWatchlisted();
  const toast = useToast();
  const [dialogOpen, setDialogOpen] = useState(false);
  // The watchlist variant of the save toggle (sites without favourites; docs/features/shopper-core.md §4), loaded on
  // first click.
  const here = `${pathname}${search}`;
  const toggleWatch = useCallback(
    (hit: SearchHit) => {
      void import("../account/watchlist").then(async (m) => {
        const o = await m.toggleWatchlist({ id: hit.id, name: hit.name, slug: hit.slug, available: hit.available }, here);
        if (o.kind === "sign-in") return navigate(o.href);
        m.notifyWatchlist(o, toast.show);
      });
    },
    [here, navigate, toast],
  );

  const cells = useMemo(() => {
    if (!data) return [];
    const items: CarCell[] = data.hits.map((hit: SearchHit, i) => {
      const props = hitCardProps(hit, i, tenant, config.card_buttons);
      const allowed = hit.available && hit.eligibility.compare_favourite;
      const entry = {
        id: hit.id,
        name: hit.name,
        slug: hit.slug,
        make: hit.make,
        model: hit.model,
        primary_image_url: hit.primary_image_url ?? null,
      };
      // A sold car cannot be saved unless already saved (docs/features/shopper-core.md §4): then it can still be
      // removed.
      const watched = !toggles.favourites && isWatched(hit.id);
      const watch = !toggles.favourites && (hit.available || watched);
      if (watch || (allowed && (toggles.favourites || toggles.compare))) {
        props.controls = (
          <CardToggles
            entry={entry}
            favourites={allowed && toggles.favourites}
            compare={allowed && toggles.compare}
            isFavourite={saved.isFavourite(hit.id)}
            isCompared={saved.isCompared(hit.id)}
            watchlist={watch ? { saved: watched, onToggle: () => toggleWatch(hit) } : undefined}
          />
        );
      }
      return { key: String(hit.id), props, carType: hit.car_type };
    });
    return placePromos(items, (c) => c.carType, config.promos, Math.floor(Date.now() / 1000), jitter);
  }, [data, tenant, config, toggles, saved, jitter, isWatched, toggleWatch]);

  const hrefOf = (page: number) => {
    if (!effective) return pathname;
    const next = {
      ...effective,
      page,
      hitsPerPage: effective.hitsPerPage === config.page_size ? DEFAULT_HITS_PER_PAGE : effective.hitsPerPage,
    };
    const loc = searchLocation(next, params, base);
    return `${loc.pathname}${loc.search}`;
  };

  const showEmpty = data !== null && data.hits.length === 0 && !loading;
  const count = data?.count_display ?? null;
  return (
    <section className="fc-container fc-page fc-srp" data-page="search" data-address={address ?? undefined}>
      {crumbs ? <Breadcrumbs crumbs={crumbs} /> : null}
      <div className="fc-srp__head">
        <h1>{heading}</h1>
        <p className="fc-srp__count" aria-live="polite" data-count={data?.count ?? ""}>
          {count === null ? "Searching…" : countLine(count, noun)}
        </p>
      </div>
      <div className="fc-srp__toolbar">
        <Button variant="secondary" className="fc-srp__filters-button" onClick={() => setDialogOpen(true)} aria-haspopup="dialog">
          {`Filters${effective && filterCount(effective) ? ` (${filterCount(effective)})` : ""}`}
        </Button>
        {effective ? (
          <div className="fc-srp__sort">
            <SortControl
              value={effective.sortBy}
              onChange={(v) => go({ ...effective, sortBy: v, page: 1 })}
              showReduced={vdpConfig(tenant).showPriceReduced}
            />
          </div>
        ) : null}
      </div>
      {error ? (
        <p className="fc-srp__error" role="alert">
          {`${error.message} Showing the last results.`}
        </p>
      ) : null}
      <div className="fc-srp__body">
        <aside className="fc-srp__aside">
          {effective && sidebar ? (
            <Suspense fallback={<Skeleton height={480} />}>
              <FilterPanel state={effective} facets={facets} onChange={(next) => go(next)} />
              <ShowMeButton count={count} noun={noun} onClick={() => document.getElementById("fc-srp-results")?.focus()} />
            </Suspense>
          ) : null}
        </aside>
        <div id="fc-srp-results" className="fc-srp__results" tabIndex={-1}>
          <h2 className="fc-visually-hidden">Results</h2>
          {data === null ? (
            <ResultsSkeleton count={Math.min(config.page_size, 6)} />
          ) : showEmpty ? (
            <EmptyResults clearHref={config.clear_filters_target} />
          ) : (
            <ResultsGrid cells={cells} view={config.view} busy={loading} />
          )}
          {data && effective ? <Pagination page={data.page} pages={data.pages} hrefOf={hrefOf} /> : null}
        </div>
      </div>
      {toggles.compare && saved.compareCount > 0 ? (
        <div className="fc-compare-bar" data-compare-count={saved.compareCount}>
          <ButtonLink href={compareHref(readCompareEntries().map((e) => e.slug))}>{`Compare (${saved.compareCount})`}</ButtonLink>
        </div>
      ) : null}
      {dialogOpen && effective ? (
        <Suspense fallback={null}>
          <FilterDialog
            open={dialogOpen}
            onOpenChange={setDialogOpen}
            state={effective}
            facets={facets}
            noun={noun}
            onApply={(next) => {
              setDialogOpen(false);
              go(next);
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
