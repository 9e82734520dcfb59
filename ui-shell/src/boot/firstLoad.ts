// What the first load of a page needs, shared by the start script (src/boot/start.ts, a classic
// script that runs before the React bundle) and the entry (src/main.tsx): which page a path is and
// which remote modules are on its first screen. ui-shell/README.md "First load".
import type { RemoteModuleName } from "../contract";

/** The pages the first load knows about; every other path is `other`. */
export type FirstLoadPage = "home" | "car" | "search" | "models" | "model-family" | "other";

/**
 * The page of a URL path, for the first load only (the router decides everything after it):
 * `/` is `home`, `/cars/{slug}` is `car`, `/search`, `/search/{refinement}` and
 * `/search/{make}/{model}` are `search` (the SRP), `/models` is `models` and `/models/{baseId}`
 * `model-family` (the electric-model area; `/models/compare` is `other`). Takes the path; returns
 * the page.
 */
export function firstLoadPage(pathname: string): FirstLoadPage {
  if (pathname === "/") return "home";
  if (/^\/models\/?$/.test(pathname)) return "models";
  if (/^\/models\/[^/]+\/?$/.test(pathname) && !/^\/models\/compare\/?$/.test(pathname)) return "model-family";
  if (/^\/cars\/[^/]+\/?$/.test(pathname) && !/^\/cars\/trade-in\/?$/.test(pathname)) return "car";
  if (/^\/search(\/[^/]+){0,2}\/?$/.test(pathname)) return "search";
  return "other";
}

/**
 * The remote modules on the first screen of a page: the header everywhere, the hero on the home
 * page, the sidebar on a VDP, the search card on the SRP. The shell fetches them in parallel and renders once they are there
 * (or after {@link FIRST_RENDER_WAIT_MS}), so the page does not shift as they arrive. The footer,
 * below the fold, loads after the first render (its placeholder is the last thing on the page).
 */
export const FIRST_LOAD_MODULES: Record<FirstLoadPage, RemoteModuleName[]> = {
  home: ["SiteHeader", "HomeHero"],
  car: ["SiteHeader", "VdpSidebar"],
  search: ["SiteHeader", "SearchCard"],
  models: ["SiteHeader"],
  "model-family": ["SiteHeader"],
  other: ["SiteHeader"],
};

/**
 * How long the first render waits for the page's chunk and the remote's first-screen modules
 * before rendering with placeholders (a slow remote must not hold the page).
 */
export const FIRST_RENDER_WAIT_MS = 3000;

/** The remote's preload manifest, next to its `remoteEntry.js` (ui-plugins/_kit/remote-config.ts). */
export interface RemotePreloadManifest {
  entry: string;
  common: string[];
  modules: Partial<Record<RemoteModuleName, string[]>>;
}
