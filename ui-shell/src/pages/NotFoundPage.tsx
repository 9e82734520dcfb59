import { useDocumentTitle } from "../app/site";
import { SEARCH_ALL } from "../lib/views";

/**
 * The 404 page: a heading and links to search the stock (all, new, used, demo) and home.
 * Takes nothing; renders the page. Spec: docs/features/shopper-core.md §2 (the host's 404 links to the default search).
 */
export function NotFoundPage() {
  useDocumentTitle("Page not found");
  return (
    <section className="fc-container fc-page" data-page="not-found">
      <h1>Page not found</h1>
      <p>Sorry, we couldn't find that page. It may have moved, or the car may have been sold.</p>
      <h2>Search our stock</h2>
      <ul className="fc-link-list">
        <li>
          <a href={SEARCH_ALL}>All new, used and demo cars</a>
        </li>
        <li>
          <a href="/search/new-cars">New cars</a>
        </li>
        <li>
          <a href="/search/used-cars">Used cars</a>
        </li>
        <li>
          <a href="/search/demo-cars">Demo cars</a>
        </li>
        <li>
          <a href="/">Home</a>
        </li>
      </ul>
    </section>
  );
}
