import { type ReactNode, startTransition, useEffect, useState } from "react";
import type { SearchCardProps } from "../contract";
import { ButtonLink } from "../design/Button";
import { Carousel } from "../design/Carousel";
import { SkeletonCard } from "../design/Skeleton";
import { FALLBACKS } from "../federation/fallbacks";
import { RemoteSlot } from "../federation/RemoteSlot";
import { DEFAULT_PROMO_TEXT, type PromoConfig } from "./config";
import type { GridCell } from "./promos";

/** Cells rendered in the first commit (two rows on wide screens); the rest follow in a transition. */
export const FIRST_BATCH = 6;

/** A car cell ready to render: its key and card props. */
export interface CarCell {
  key: string;
  props: SearchCardProps;
  /** The car's car_type (`new`, `demo`, `used`), for promo display rules. */
  carType: string;
}

/**
 * A promotional tile (docs/features/shopper-core.md §2): the promo's title and lines, or the spec's default text
 * 'We Want Your Car! / We buy all types of cars / Our high turnover means we can pay more', and
 * its call to action. Takes the promo; renders an `<aside>`.
 */
export function PromoTile({ promo }: { promo: PromoConfig }) {
  const title = promo.title || DEFAULT_PROMO_TEXT.title;
  const lines = promo.title || promo.lines.length ? promo.lines : DEFAULT_PROMO_TEXT.lines;
  return (
    <aside className="fc-srp-promo" aria-label={title} data-promo={promo.id}>
      <h3 className="fc-srp-promo__title">{title}</h3>
      {lines.map((l) => (
        <p key={l}>{l}</p>
      ))}
      {promo.cta_label ? (
        <ButtonLink href={promo.href} variant="secondary">
          {promo.cta_label}
        </ButtonLink>
      ) : null}
    </aside>
  );
}

/**
 * One search card through the tenant's remote `SearchCard` (the shell's own card when the remote
 * is missing or fails; a card-shaped skeleton while it loads). Takes the card props; renders it.
 */
export function SearchCardSlot(props: SearchCardProps) {
  return <RemoteSlot module="SearchCard" props={props} fallback={FALLBACKS.SearchCard} loading={<SkeletonCard />} />;
}

function useWide(): boolean {
  const query = "(min-width: 960px)";
  const [wide, setWide] = useState(() => globalThis.matchMedia?.(query).matches ?? true);
  useEffect(() => {
    const m = globalThis.matchMedia?.(query);
    if (!m) return;
    const on = () => setWide(m.matches);
    m.addEventListener("change", on);
    return () => m.removeEventListener("change", on);
  }, []);
  return wide;
}

/** Props of {@link ResultsGrid}. */
export interface ResultsGridProps {
  cells: GridCell<CarCell>[];
  view: "grid" | "carousel";
  /** A newer answer is loading: the cells stay, marked busy. */
  busy: boolean;
}

/**
 * The results as a grid (centred when there are fewer than 3 cars) or a carousel (3 per view on
 * wide screens, 1 on phones), cars and promo tiles in order (docs/features/shopper-core.md §2 "Search results").
 * Takes {@link ResultsGridProps}; renders a list.
 */
export function ResultsGrid({ cells, view, busy }: ResultsGridProps) {
  const wide = useWide();
  // The first cells render at once; the rest in a transition right after (React yields between
  // slices, so a page of 21 template cards is no long task on a slow phone), as skeletons until then.
  const [all, setAll] = useState(false);
  useEffect(() => {
    startTransition(() => setAll(true));
  }, []);
  const render = (c: GridCell<CarCell>, i: number): ReactNode =>
    !all && i >= FIRST_BATCH ? (
      <SkeletonCard />
    ) : c.kind === "car" ? (
      <SearchCardSlot {...c.item.props} />
    ) : (
      <PromoTile promo={c.promo} />
    );
  const cars = cells.filter((c) => c.kind === "car").length;
  if (view === "carousel") {
    return (
      <div className="fc-srp-carousel" aria-busy={busy}>
        <Carousel label="Search results" items={cells.map(render)} perView={wide ? 3 : 1} />
      </div>
    );
  }
  return (
    <ul className={`fc-srp-grid${cars < 3 ? " fc-srp-grid--few" : ""}${busy ? " fc-srp-grid--busy" : ""}`} aria-busy={busy}>
      {cells.map((c, i) => (
        <li key={c.kind === "car" ? c.item.key : `promo-${c.promo.id}`} className={`fc-srp-cell fc-srp-cell--${c.kind}`}>
          {render(c, i)}
        </li>
      ))}
    </ul>
  );
}

/**
 * Skeleton cards while the first results load (docs/features/shopper-core.md §2 "Loading shows skeleton cards").
 * Takes how many; renders a busy list of placeholders.
 */
export function ResultsSkeleton({ count }: { count: number }) {
  return (
    <ul className="fc-srp-grid" aria-busy="true" aria-label="Loading results">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="fc-srp-cell">
          <SkeletonCard />
        </li>
      ))}
    </ul>
  );
}

/**
 * The empty state (docs/features/shopper-core.md §2, §8 "Empty search"): 'No Results Available', the longer
 * message and a 'Clear Filters' button to the tenant's target (default /special-offers).
 * Takes the target path; renders the block.
 */
export function EmptyResults({ clearHref }: { clearHref: string }) {
  return (
    <div className="fc-srp-empty" role="status">
      <h2>No Results Available</h2>
      <p>No results found for your search at this time. Please try adjusting the filters for more results.</p>
      <ButtonLink href={clearHref} data-action="clear-filters">
        Clear Filters
      </ButtonLink>
    </div>
  );
}

/**
 * Page links (docs/features/shopper-core.md §2 "page number" in the address): Previous, up to 5 numbered pages
 * around the current one, Next; plain links so each page has an address. Takes the 1-based page,
 * the number of pages and the link of a page; renders a `<nav>`, or nothing for one page.
 */
export function Pagination({ page, pages, hrefOf }: { page: number; pages: number; hrefOf: (page: number) => string }) {
  if (pages <= 1) return null;
  const first = Math.max(1, Math.min(page - 2, pages - 4));
  const nums = Array.from({ length: Math.min(5, pages) }, (_, i) => first + i);
  return (
    <nav className="fc-srp-pages" aria-label="Results pages">
      {page > 1 ? (
        <a href={hrefOf(page - 1)} rel="prev">
          Previous
        </a>
      ) : null}
      {nums.map((n) =>
        n === page ? (
          <span key={n} aria-current="page" className="fc-srp-pages__current">
            <span className="fc-visually-hidden">Page </span>
            {n}
          </span>
        ) : (
          <a key={n} href={hrefOf(n)} aria-label={`Page ${n}`}>
            {n}
          </a>
        ),
      )}
      {page < pages ? (
        <a href={hrefOf(page + 1)} rel="next">
          Next
        </a>
      ) : null}
    </nav>
  );
}
