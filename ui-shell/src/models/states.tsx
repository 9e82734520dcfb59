// What the electric-model pages show while their content loads, when the site has none (404) and
// when it cannot be loaded. The 404 page is its own chunk (src/pages/NotFoundPage.tsx), loaded only
// when needed.
import { lazy, Suspense } from "react";
import { Button } from "../design/Button";
import { Skeleton } from "../design/Skeleton";

const NotFoundPage = lazy(() => import("../pages/NotFoundPage").then((m) => ({ default: m.NotFoundPage })));

/**
 * The loading state: a busy status with a placeholder the size of the hero (85vh), so the page
 * does not shift when the content arrives. Takes nothing; renders the placeholder.
 */
export function ModelsLoading() {
  return (
    <div className="fc-models-loading" role="status" aria-busy="true" aria-label="Loading">
      <Skeleton height="85vh" />
    </div>
  );
}

/** The 404 page (unknown model family, or no electric-model area on this site). Takes nothing. */
export function ModelsNotFound() {
  return (
    <Suspense fallback={null}>
      <NotFoundPage />
    </Suspense>
  );
}

/**
 * The error state: a heading, the reason and a Try again button. Takes the message and the retry
 * function; renders an alert section.
 */
export function ModelsError({ message, retry }: { message: string; retry: () => void }) {
  return (
    <section className="fc-container fc-page" role="alert" data-page="models-error">
      <h1>We couldn't load this page</h1>
      <p>{message}</p>
      <Button onClick={retry}>Try again</Button>
    </section>
  );
}
