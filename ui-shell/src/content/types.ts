// Wire types of the host's content API (docs/features/platform.md "Marketing and content pages"):
// the generated OpenAPI type's name in src/api/types.ts, re-exported for this folder.
// Spec: docs/features/locations-forms-marketing.md §2 routes table ("informational and navigation targets"),
// docs/features/shopper-core.md §9 (warranty wording).

/**
 * A markdown content page: `GET /api/v1/content/pages/{path without its leading slash}` (e.g.
 * `about-us`, `pages/warranty`), and the inline `page` of every route whose page kind is
 * `content`: `path` with its leading slash, plain-text `title` (the `<h1>` and document title)
 * and `description` (the meta description), and `html`, the markdown rendered and sanitised on
 * the host (ammonia: no scripts, handlers or styles).
 */
export type { ContentPage } from "../api/types";
