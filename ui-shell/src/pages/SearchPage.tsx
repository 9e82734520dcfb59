import { useLocation, useParams } from "react-router";
import { useDocumentTitle, useSite } from "../app/site";
import { ButtonLink } from "../design/Button";
import { SEARCH_ALL } from "../lib/views";

const CONDITIONS: Record<string, string> = {
  "new-used-and-demo-cars": "New, used and demo cars",
  "used-cars": "Used cars",
  "new-and-demo-cars": "New and demo cars",
  "demo-cars": "Demo cars",
  "new-cars": "New cars",
};

function words(slug: string): string {
  return slug
    .split("-")
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

/**
 * The heading of a search route: a condition page (`/search/used-cars` -> `Used cars`), a make and
 * model (`/search/toyota/rav4` -> `Toyota Rav4`), or any other refinement slug (make, body type,
 * location or dealership) in words. Takes the route params; returns the heading text.
 * Spec: locations-forms-marketing §2 routes /search/...
 */
export function searchHeading(params: {
  refinement?: string | undefined;
  make?: string | undefined;
  model?: string | undefined;
}): string {
  if (params.make && params.model) return `${words(params.make)} ${words(params.model)}`;
  if (params.refinement) return CONDITIONS[params.refinement] ?? words(params.refinement);
  return CONDITIONS["new-used-and-demo-cars"] ?? "Search";
}

/**
 * Search page stub: the heading for the route and the filters read from the address (refinements,
 * ranges, page). Results arrive with the search API. Takes nothing (reads the route); renders the page.
 * Spec: shopper-core §2 "Search results" (filters in the address), locations-forms-marketing §2.
 */
export default function SearchPage() {
  const params = useParams();
  const { search } = useLocation();
  const { tenant } = useSite();
  const heading = searchHeading(params);
  useDocumentTitle(heading);
  const filters = [...new URLSearchParams(search).entries()];
  return (
    <section className="fc-container fc-page" data-page="search">
      <h1>{heading}</h1>
      {filters.length > 0 ? (
        <ul className="fc-filters" aria-label="Active filters">
          {filters.map(([k, v]) => (
            <li key={`${k}=${v}`} className="fc-chip">
              {`${words(k)}: ${v}`}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="fc-muted">{tenant.name}'s stock search is coming soon. Call us or browse by condition in the meantime.</p>
      <p className="fc-hero__actions">
        <ButtonLink href="/search/new-cars" variant="secondary">
          New cars
        </ButtonLink>
        <ButtonLink href="/search/used-cars" variant="secondary">
          Used cars
        </ButtonLink>
        <ButtonLink href="/search/demo-cars" variant="secondary">
          Demo cars
        </ButtonLink>
        <ButtonLink href="/special-offers" variant="ghost">
          Clear Filters
        </ButtonLink>
      </p>
      <p>
        <a href={SEARCH_ALL}>All stock</a>
      </p>
    </section>
  );
}
