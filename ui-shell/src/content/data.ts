// Loading the docs/features/platform.md "Marketing and content pages" content bodies: from the
// inline document on a first load (the host writes the route's API body as `inline.page`), else
// from the JSON API; ok answers are kept for the visit so a page navigated back to shows at once.
// Shared by the content pages (this folder) and the recall, service and trade-in pages
// (src/marketing/, src/leads/).
// Spec: ui-shell/README.md "Inline data"; docs/features/locations-forms-marketing.md §2.
import { useEffect, useState } from "react";
import type { InlineData } from "../boot/inline";

/** A content body's state: loading, loaded, not found (HTTP 404), or failed with a message. */
export type Loaded<T> =
  | { status: "loading" }
  | { status: "ok"; data: T }
  | { status: "not-found" }
  | { status: "error"; message: string };

/** A fetch function (the browser's, or a fake in tests). */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Ok bodies by API URL for this visit (client-side navigation back shows them without a request). */
const cache = new Map<string, unknown>();

/**
 * The inline page body for a route, when the document was rendered for this exact path: `ok` with
 * the body (after `parse`), `not-found` when the host answered the document with 404, else
 * undefined (the page fetches). Takes the inline data, the route id, the current path and a
 * parser (returns null for a body that does not fit); returns a {@link Loaded} or undefined.
 */
export function inlineContent<T>(
  inline: InlineData | null,
  routeId: string,
  path: string,
  parse: (body: unknown) => T | null,
): Loaded<T> | undefined {
  if (!inline?.route || inline.route.path !== path) return undefined;
  if (inline.status === 404) return { status: "not-found" };
  if (inline.route.id !== routeId || inline.page == null) return undefined;
  const data = parse(inline.page);
  return data ? { status: "ok", data } : undefined;
}

/**
 * GETs a content body. 200 with a body `parse` accepts: `ok`; 404: `not-found`; anything else
 * (another status, a body that does not fit, a network error): `error` with a message. Takes the
 * API URL, a parser, an abort signal and a fetch; returns a {@link Loaded} (never rejects, except
 * that an aborted request resolves to `error` the caller ignores).
 */
export async function fetchContent<T>(
  url: string,
  parse: (body: unknown) => T | null,
  signal?: AbortSignal,
  fetchImpl: FetchLike = (i, init) => globalThis.fetch(i, init),
): Promise<Loaded<T>> {
  try {
    const r = await fetchImpl(url, { headers: { accept: "application/json" }, ...(signal ? { signal } : {}) });
    if (r.status === 404) return { status: "not-found" };
    if (!r.ok) return { status: "error", message: `HTTP ${r.status}` };
    const data = parse(await r.json());
    return data ? { status: "ok", data } : { status: "error", message: "unexpected answer" };
  } catch (e) {
    return { status: "error", message: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * A content body for a page: the `seed` when given (inline data), else a cached body of an earlier
 * visit to `url`, else `GET url` (refetched when `url` changes). Takes the API URL, the parser and
 * the seed; returns the {@link Loaded} state. A failure is logged (console.warn) once.
 */
export function useContent<T>(url: string, parse: (body: unknown) => T | null, seed?: Loaded<T>): Loaded<T> {
  const initial = (): Loaded<T> => {
    if (seed) return seed;
    const hit = cache.get(url);
    return hit ? { status: "ok", data: hit as T } : { status: "loading" };
  };
  const [state, setState] = useState<{ url: string; value: Loaded<T> }>(() => ({ url, value: initial() }));
  const current = state.url === url ? state.value : initial();
  const needed = current.status === "loading";
  useEffect(() => {
    if (seed?.status === "ok") cache.set(url, seed.data);
  }, [seed, url]);
  useEffect(() => {
    if (!needed) return;
    const ac = new AbortController();
    fetchContent(url, parse, ac.signal).then((value) => {
      if (ac.signal.aborted) return;
      if (value.status === "ok") cache.set(url, value.data);
      if (value.status === "error") console.warn(`[forecourt] ${url}: ${value.message}`);
      setState({ url, value });
    });
    return () => ac.abort();
  }, [url, parse, needed]);
  return current;
}

/** Forgets the bodies kept for this visit (tests). Takes nothing; returns nothing. */
export function clearContentCache(): void {
  cache.clear();
}

/** True for a plain object (not null, not an array). */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** `v` when it is a string, else `fallback` (default ""). */
export function str(v: unknown, fallback = ""): string {
  return typeof v === "string" ? v : fallback;
}
