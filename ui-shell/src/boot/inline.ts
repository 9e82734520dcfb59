// The inline-data contract between the host's HTML documents and the shell (ui-shell/README.md
// "Inline data"). The host writes
//   <script id="__FORECOURT_DATA__" type="application/json">{...InlineData...}</script>
// into every HTML document; the shell boots from it without a second round trip, and falls back to
// the JSON API when it is absent (vite dev, a static server). ARCHITECTURE.md "HTML documents and SEO".
import type { TenantSettings } from "../api/types";

// The page-data lookup lives with the start script's handoff (pages need none of the parsing below).
export { type InlinePages, inlinePageFor } from "./handoff";

/** The element id the host writes the JSON into. */
export const INLINE_DATA_ID = "__FORECOURT_DATA__";

/** The route the host rendered: an id from the shell's route table, the path, and its params. */
export interface InlineRoute {
  /** Route id from src/routes/table.tsx, e.g. `home`, `car`, `search`, `not-found`. */
  id: string;
  /** The URL path the document was rendered for, e.g. `/cars/2021-mercedes-benz-glc-class-hm10570`. */
  path: string;
  /** Path parameters by name, e.g. `{ "slug": "2021-mercedes-benz-glc-class-hm10570" }`. */
  params: Record<string, string>;
}

/**
 * The whole inline document. `version` is 1. `page` is the API body for `route.id` (see
 * {@link InlinePages}), or null when the route has no data or the host did not include it.
 * `status` is the HTTP status the host answered with (404 renders the not-found page).
 */
export interface InlineData {
  version: 1;
  tenant: TenantSettings;
  route: InlineRoute | null;
  status: number;
  page: unknown;
  /** Optional override of the remote entry URL (e.g. a CDN); default `/ui-plugins/<template>/remoteEntry.js`. */
  remote_entry?: string | null;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * Checks the parts of the inline JSON the shell relies on to boot (tenant slug, name, template and
 * the arrays it iterates). Takes the parsed JSON; returns it typed, or null when it does not fit.
 */
export function parseInlineData(json: unknown): InlineData | null {
  if (!isRecord(json) || !isRecord(json.tenant)) return null;
  const t = json.tenant;
  if (typeof t.slug !== "string" || typeof t.name !== "string" || typeof t.template !== "string") return null;
  if (!Array.isArray(t.locations) || !Array.isArray(t.dealerships) || !isRecord(t.phones) || !isRecord(t.wording)) {
    return null;
  }
  let route: InlineRoute | null = null;
  if (isRecord(json.route) && typeof json.route.id === "string" && typeof json.route.path === "string") {
    const params = isRecord(json.route.params) ? json.route.params : {};
    route = {
      id: json.route.id,
      path: json.route.path,
      params: Object.fromEntries(Object.entries(params).filter((e): e is [string, string] => typeof e[1] === "string")),
    };
  }
  return {
    version: 1,
    tenant: t as unknown as TenantSettings,
    route,
    status: typeof json.status === "number" ? json.status : 200,
    page: json.page ?? null,
    remote_entry: typeof json.remote_entry === "string" ? json.remote_entry : null,
  };
}

/**
 * Reads the inline data from the document, when the host wrote it.
 * Takes a Document (default: the page's); returns InlineData, or null when the element is absent,
 * is not JSON, or lacks the tenant (a warning is logged for the last two).
 */
export function readInlineData(doc: Document = document): InlineData | null {
  const el = doc.getElementById(INLINE_DATA_ID);
  if (!el?.textContent) return null;
  try {
    const data = parseInlineData(JSON.parse(el.textContent));
    if (!data) console.warn(`[forecourt] #${INLINE_DATA_ID} has no usable tenant; fetching /api/v1/tenant`);
    return data;
  } catch {
    console.warn(`[forecourt] #${INLINE_DATA_ID} is not JSON; fetching /api/v1/tenant`);
    return null;
  }
}
