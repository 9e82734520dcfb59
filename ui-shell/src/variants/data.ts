// The compare screen's data: ModelsContent from the document's inline `page` on a first load of
// /models/compare (route id `models-compare`), else GET /api/v1/content/models (client-side
// navigation, the API boot path). ui-shell/README.md "Inline data"; docs/features/locations-forms-marketing.md §2.
import { useCallback, useEffect, useState } from "react";
import { useLocation } from "../app/router";
import { useSite } from "../app/site";
import type { InlineData } from "../boot/inline";
import { parseModelsContent } from "./compare";
import type { ModelsContent } from "./types";

/** The route id whose document inlines ModelsContent for this screen. */
export const COMPARE_ROUTE_ID = "models-compare";

/** The API the screen fetches when the document carried no data for it. */
export const MODELS_CONTENT_URL = "/api/v1/content/models";

/**
 * Where the content stands: `loading`, `ok` with the body, `missing` (the host answered 404: this
 * tenant has no electric-model area) or `error` (network, another status, a body that does not fit).
 */
export type ModelsState =
  | { status: "loading" }
  | { status: "ok"; data: ModelsContent }
  | { status: "missing" }
  | { status: "error"; message: string };

/**
 * The state the inline data gives this screen, when the document was rendered for this path as
 * route `models-compare`: `ok` with its `page`, or `missing` when the host answered 404; else
 * undefined (then the screen fetches). Takes the inline data and the current path.
 */
export function inlineModelsState(inline: InlineData | null, pathname: string): ModelsState | undefined {
  if (!inline?.route || inline.route.id !== COMPARE_ROUTE_ID || inline.route.path !== pathname) return undefined;
  if (inline.status === 404) return { status: "missing" };
  const data = parseModelsContent(inline.page);
  return data ? { status: "ok", data } : undefined;
}

/** A `fetch`-like function (tests and stories pass a fake host). */
export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

/**
 * Fetches GET /api/v1/content/models. Takes the signal and the fetch to use; returns the state it
 * ends in (`ok`, `missing` on 404, `error` otherwise). Never throws except for an abort.
 */
export async function fetchModelsState(
  signal: AbortSignal,
  fetchImpl: FetchLike = (url, init) => fetch(url, init),
): Promise<ModelsState> {
  const r = await fetchImpl(MODELS_CONTENT_URL, { signal, headers: { accept: "application/json" } });
  if (r.status === 404) return { status: "missing" };
  if (!r.ok) return { status: "error", message: `The models could not be loaded (HTTP ${r.status}).` };
  const data = parseModelsContent(await r.json().catch(() => null));
  return data ? { status: "ok", data } : { status: "error", message: "The models could not be loaded." };
}

/**
 * The compare screen's content: from the inline data when the document was rendered for this
 * path, else fetched. Takes an optional fetch (default the browser's); returns the state and a
 * `retry` that fetches again (after an error).
 */
export function useModelsContent(fetchImpl?: FetchLike): { state: ModelsState; retry: () => void } {
  const { inline } = useSite();
  const { pathname } = useLocation();
  const [seeded] = useState(() => inlineModelsState(inline, pathname));
  const [state, setState] = useState<ModelsState>(seeded ?? { status: "loading" });
  const [attempt, setAttempt] = useState(seeded ? -1 : 0);
  useEffect(() => {
    if (attempt < 0) return;
    const ac = new AbortController();
    setState({ status: "loading" });
    fetchModelsState(ac.signal, fetchImpl).then(
      (s) => {
        if (!ac.signal.aborted) setState(s);
      },
      (e: unknown) => {
        if (!ac.signal.aborted) setState({ status: "error", message: e instanceof Error ? e.message : String(e) });
      },
    );
    return () => ac.abort();
  }, [attempt, fetchImpl]);
  const retry = useCallback(() => setAttempt((a) => Math.max(a, 0) + 1), []);
  return { state, retry };
}
