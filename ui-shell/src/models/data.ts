// The electric-model area's data: GET /api/v1/content/models, or the document's inline `page` on a
// first load of a `models`, `models-compare` or `model-family` route (ui-shell/README.md "Inline
// data"). Kept for the session once loaded: /models and /models/{baseId} share one body.
import { useEffect, useState } from "react";
import { useLocation } from "../app/router";
import { useSite } from "../app/site";
import type { InlineData } from "../boot/inline";
import type { ModelsContent } from "./types";

/** The route ids whose documents inline a {@link ModelsContent} as `page`. */
export const MODELS_ROUTE_IDS: readonly string[] = ["models", "models-compare", "model-family"];

/** The API path of the content. */
export const MODELS_API = "/api/v1/content/models";

/**
 * The state of the content: loading; ok; `missing` (the host answered 404: the tenant has no
 * electric-model area, or the document was a 404 for this path); `error` (network or another status).
 */
export type ModelsState =
  | { status: "loading" }
  | { status: "ok"; content: ModelsContent }
  | { status: "missing" }
  | { status: "error"; message: string };

let cached: ModelsContent | null = null;

/** True when `v` has the parts of a {@link ModelsContent} the pages iterate. */
export function isModelsContent(v: unknown): v is ModelsContent {
  if (typeof v !== "object" || v === null) return false;
  const c = v as Partial<ModelsContent>;
  return (
    Array.isArray(c.slides) &&
    Array.isArray(c.families) &&
    Array.isArray(c.ctaTiles) &&
    Array.isArray(c.bannerStats) &&
    typeof c.categories === "object" &&
    c.categories !== null &&
    Array.isArray(c.categories.cards) &&
    typeof c.scrollingBanner === "object" &&
    c.scrollingBanner !== null
  );
}

/**
 * What the inline document says about `path`: its content when the document was rendered for this
 * path with one of {@link MODELS_ROUTE_IDS} and a usable `page`; `missing` when it was a 404 for
 * this path; else null (fetch). Takes the inline data (null without it) and the current path.
 */
export function inlineModels(inline: InlineData | null, path: string): ModelsState | null {
  if (!inline?.route || inline.route.path !== path) return null;
  if (inline.status === 404) return { status: "missing" };
  if (!MODELS_ROUTE_IDS.includes(inline.route.id)) return null;
  return isModelsContent(inline.page) ? { status: "ok", content: inline.page } : null;
}

/**
 * Fetches the content. Takes an optional AbortSignal and fetch (default the global); returns the
 * state: ok, `missing` on 404, `error` on another status, a body of another shape, or a network
 * failure (rejects only when aborted).
 */
export async function fetchModels(signal?: AbortSignal, fetchImpl: typeof fetch = globalThis.fetch): Promise<ModelsState> {
  try {
    const r = await fetchImpl(MODELS_API, { headers: { accept: "application/json" }, ...(signal ? { signal } : {}) });
    if (r.status === 404) return { status: "missing" };
    if (!r.ok) return { status: "error", message: `The site answered ${r.status}` };
    const body: unknown = await r.json();
    return isModelsContent(body) ? { status: "ok", content: body } : { status: "error", message: "Unexpected answer" };
  } catch (e) {
    if (signal?.aborted) throw e;
    return { status: "error", message: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * The electric-model content for the current page: the session's copy, else the inline document's
 * (first load of this path), else fetched (once per path, again on `retry`). Takes nothing;
 * returns {@link ModelsState} and a `retry` function (fetches again after an error).
 */
export function useModelsContent(): ModelsState & { retry: () => void } {
  const { inline } = useSite();
  const { pathname } = useLocation();
  const [attempt, setAttempt] = useState(0);
  const [fetched, setFetched] = useState<{ key: string; state: ModelsState } | null>(null);
  const seeded: ModelsState | null = cached ? { status: "ok", content: cached } : inlineModels(inline, pathname);
  if (seeded?.status === "ok") cached = seeded.content;
  const key = `${pathname}#${attempt}`;
  const need = seeded === null;
  useEffect(() => {
    if (!need) return;
    const ac = new AbortController();
    fetchModels(ac.signal).then(
      (s) => {
        if (s.status === "ok") cached = s.content;
        setFetched({ key, state: s });
      },
      () => {},
    );
    return () => ac.abort();
  }, [need, key]);
  const state = seeded ?? (fetched?.key === key ? fetched.state : { status: "loading" });
  return { ...state, retry: () => setAttempt((a) => a + 1) };
}

/** Forgets the session's copy (tests, Storybook). */
export function resetModelsCache(): void {
  cached = null;
}
