// The previous in-app path (the sign-in screen's `back`, docs/features/locations-forms-marketing.md §2
// "/sign-in?type=...&redirect={path}&back={path}"), and the visit's trail for leads (docs/features/platform.md "Leads";
// docs/features/shopper-core.md §3 "Lead data" lead_attributes: visited_pages, linked_query_params) in session
// storage, read by src/leads/lead.ts. A few bytes on every first load.
import { useEffect } from "react";
import { useLocation } from "./router";

let previous = "";
let current = "";

/** The path + query shown before the current one ("" on the first page of a visit). Takes nothing. */
export function previousPath(): string {
  return previous;
}

/** Session-storage keys of the visited paths (JSON list, last 20) and the landing URL's query (JSON object). */
export const VISITED_KEY = "forecourt:visited-pages";
export const LANDING_KEY = "forecourt:landing-params";

function remember(pathname: string, search: string): void {
  try {
    const s = sessionStorage;
    if (s.getItem(LANDING_KEY) === null) {
      const q: Record<string, string> = {};
      for (const [k, v] of new URLSearchParams(search)) if (/^(utm_|gclid|fbclid|msclkid|ref)/.test(k)) q[k] = v.slice(0, 200);
      s.setItem(LANDING_KEY, JSON.stringify(q));
    }
    const list: unknown = JSON.parse(s.getItem(VISITED_KEY) ?? "[]");
    const paths = Array.isArray(list) ? list.filter((p) => typeof p === "string") : [];
    if (paths[paths.length - 1] !== pathname) s.setItem(VISITED_KEY, JSON.stringify([...paths, pathname].slice(-20)));
  } catch {
    // No session storage (private mode): leads go without the trail.
  }
}

/**
 * Remembers the path + query as the visitor moves through the shell, and the visit's trail for
 * leads. Place it before the routes (its effect then runs before theirs). Takes nothing; renders nothing.
 */
export function PathMemory(): null {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const here = `${pathname}${search}`;
    if (here !== current) {
      previous = current;
      current = here;
      remember(pathname, search);
    }
  }, [pathname, search]);
  return null;
}
