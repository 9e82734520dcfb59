// The markdown content pages (docs/features/platform.md "Marketing and content pages"): /about-us,
// /privacy-policy, /terms-and-conditions, /careers, /fleet, /buying, /roadside-assist, /warranty,
// /pages/* (e.g. /pages/warranty), /charging-solutions, /diamond-advantage, /finance-and-insurance,
// /vehicle-parts-and-accessories, the brand and site pages /twg-cars, /twg-rental, /twg-tyres, /neotek
// and /4x4-outdoor (docs/features/shopper-core.md §2), /spin-to-win and /online-payment (the last two
// behind the App's sign-in gate). The body is the tenant's markdown (or the platform default) rendered and sanitised
// on the host.
// Spec: docs/features/locations-forms-marketing.md §2 routes table ("informational and navigation targets"), §9
// (privacy policy wording); docs/features/shopper-core.md §9 (warranty wording).
import { lazy } from "react";
import { useLocation } from "../app/router";
import { useDocumentTitle, useSite } from "../app/site";
import { Button } from "../design/Button";
import { Skeleton } from "../design/Skeleton";
import type { RouteDef } from "../routes/table";
import { inlineContent, isRecord, type Loaded, str, useContent } from "./data";
import type { ContentPage as ContentBody } from "./types";
import "./content.css";

const NotFoundPage = lazy(() => import("../pages/NotFoundPage").then((m) => ({ default: m.NotFoundPage })));

/**
 * Reads a {@link ContentBody} from JSON: `title` and `html` must be strings; `path` and
 * `description` default to "". Takes the parsed JSON; returns the page, or null when it does not fit.
 */
export function parseContentPage(body: unknown): ContentBody | null {
  if (!isRecord(body) || typeof body.title !== "string" || typeof body.html !== "string") return null;
  return { path: str(body.path), title: body.title, description: str(body.description), html: body.html };
}

/**
 * The API address of a content page: `/api/v1/content/pages/{path without its leading slash}`,
 * each segment URL-encoded (`/pages/warranty` -> `/api/v1/content/pages/pages/warranty`). Takes the
 * URL path; returns the API URL.
 */
export function contentApiUrl(path: string): string {
  const segments = path
    .replace(/^\/+|\/+$/g, "")
    .split("/")
    .filter(Boolean);
  return `/api/v1/content/pages/${segments.map(encodeURIComponent).join("/")}`;
}

/**
 * The page's body: title as the `<h1>`, then the host's HTML in the prose styles. Takes the page;
 * renders an `<article>`.
 */
export function ContentArticle({ page }: { page: ContentBody }) {
  return (
    <article className="fc-container fc-page fc-content-page" data-page="content" data-content-path={page.path}>
      <h1>{page.title}</h1>
      {/* The HTML is the tenant's markdown rendered and sanitised with ammonia on the host (no
          scripts, event handlers or styles survive), so it is inserted as it is. */}
      <div className="fc-prose" dangerouslySetInnerHTML={{ __html: page.html }} />
    </article>
  );
}

/**
 * A content route's page: the inline `page` on a first load (the host rendered this path), else
 * `GET /api/v1/content/pages/{path}`; a 404 (document or API) renders the not-found page; other
 * failures a message with Try again. The document title is the page's title (the route's title
 * while loading). Takes the route (src/routes/table.ts, page kind `content`); renders the page.
 */
export default function ContentPage({ route }: { route: RouteDef }) {
  const { inline } = useSite();
  const { pathname } = useLocation();
  const seed = inlineContent(inline, route.id, pathname, parseContentPage);
  const state: Loaded<ContentBody> = useContent(contentApiUrl(pathname), parseContentPage, seed);
  useDocumentTitle(state.status === "ok" ? state.data.title : route.title);
  if (state.status === "not-found") return <NotFoundPage />;
  if (state.status === "ok") return <ContentArticle page={state.data} />;
  return (
    <section className="fc-container fc-page fc-content-page" data-page="content" aria-busy={state.status === "loading"}>
      <h1>{route.title}</h1>
      {state.status === "loading" ? (
        <Skeleton height={320} />
      ) : (
        <p role="alert">
          Sorry, this page could not be loaded.{" "}
          <Button variant="secondary" size="sm" onClick={() => window.location.reload()}>
            Try again
          </Button>
        </p>
      )}
    </section>
  );
}
