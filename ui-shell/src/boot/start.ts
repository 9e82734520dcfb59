// The start script: a small classic script (`<script defer>` in dist/index.html, built by the
// `forecourt-first-load` plugin in vite.config.ts) that runs before any module:
// 1. themes the page (the first screen is already in the document: the host writes it,
//    host/src/http/web/paint/, marked `data-fc-first-paint`, `main` when it has the page's main content);
// 2. asks for the whole first-load graph at once (`<link rel="modulepreload">`, largest first): the
//    tenant remote's entry and the files its preload manifest lists for the page's first-screen
//    modules, every chunk the shell's entry needs, the page's chunk; then adds the entry itself.
//    When the first paint has the page's main content (the home page's hero, the VDP's top, the
//    SRP's cards), step 2 waits for that paint, so the JavaScript does not compete with it for the
//    connection.
// It hands the inline data and theme to the entry (src/boot/handoff.ts). Without inline data (vite
// dev, a static server) there is no first paint and no handoff, only step 2.
// ARCHITECTURE.md "HTML documents and SEO" says why the host, not this script, writes the first paint.
// ui-shell/README.md "First load".
import type { RemoteModuleName } from "../contract";
import { remoteEntryUrl } from "../federation/entry";
import { applyTheme, resolveTheme } from "../theme/theme";
import { FIRST_LOAD_MODULES, type FirstLoadPage, firstLoadPage, type RemotePreloadManifest } from "./firstLoad";
import { writeHandoff } from "./handoff";
import { readInlineData } from "./inline";

/** The shell's first-load files, written by the build (vite.config.ts `forecourt-first-load`). */
export interface FirstLoadAssets {
  /** The module entry (`/assets/mf-entry-bootstrap-*.js`). */
  entry: string;
  /** What every page loads, largest first: the entry's static imports, the federation runtime, shared React. */
  common: string[];
  /** Per page, its lazily loaded chunk and the chunks only it imports. */
  pages: Partial<Record<FirstLoadPage, string[]>>;
}

declare const __FORECOURT_FIRST_LOAD__: FirstLoadAssets;

function modulePreload(href: string): void {
  const l = document.createElement("link");
  l.rel = "modulepreload";
  l.fetchPriority = "low";
  l.crossOrigin = "";
  l.href = href;
  document.head.appendChild(l);
}

/**
 * Preload hints added in one task. Each request the page starts costs the main thread about a
 * millisecond on a throttled phone (more under Lighthouse's 4x slowdown): the 25-40 files of a first
 * load added at once were one long task (20-30 ms unthrottled) right after the first paint.
 */
const PRELOADS_PER_TASK = 6;

/** Calls `fn` on every item, {@link PRELOADS_PER_TASK} a task (the next batch in a new task), then `done`. */
function inBatches<T>(items: readonly T[], fn: (item: T) => void, done?: () => void): void {
  items.slice(0, PRELOADS_PER_TASK).forEach(fn);
  if (items.length > PRELOADS_PER_TASK) setTimeout(() => inBatches(items.slice(PRELOADS_PER_TASK), fn, done), 0);
  else done?.();
}

/** Preloads the tenant remote's entry, then what its manifest lists for `modules` (errors ignored). */
function preloadRemote(entry: string, modules: RemoteModuleName[]): void {
  modulePreload(entry);
  const base = new URL(entry, location.href);
  fetch(new URL("preload.json", base))
    .then((r) => (r.ok ? (r.json() as Promise<RemotePreloadManifest>) : null))
    .then((m) => {
      if (!m) return;
      const files = new Set([...m.common, ...modules.flatMap((x) => m.modules[x] ?? [])]);
      inBatches([...files], (f) => modulePreload(new URL(f, base).href));
    })
    .catch(() => {});
}

/**
 * Runs `fn` once the first paint is on screen: when the browser reports the first contentful paint
 * (its presentation time is known then), or after the next frame where paint timing is missing.
 * A hidden tab paints nothing: there it runs at once; and after a second in any case.
 */
function afterPaint(fn: () => void): void {
  let done = false;
  const once = () => {
    if (!done) {
      done = true;
      fn();
    }
  };
  if (document.visibilityState === "hidden") {
    once();
    return;
  }
  try {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName("first-contentful-paint").length > 0) {
        observer.disconnect();
        setTimeout(once, 0);
      }
    }).observe({ type: "paint", buffered: true });
  } catch {
    requestAnimationFrame(() => setTimeout(once, 0));
  }
  setTimeout(once, 1000);
}

/** Themes and paints the page, then loads the app. Takes the build's asset lists. */
function start(assets: FirstLoadAssets): void {
  const page = firstLoadPage(location.pathname);
  let remote: { entry: string; modules: RemoteModuleName[] } | null = null;
  // Whether the first paint has the page's main (largest) content.
  let painted = false;
  try {
    const data = readInlineData(document);
    if (data) {
      const theme = resolveTheme(data.tenant);
      applyTheme(theme, data.tenant.template);
      writeHandoff({ inline: data, theme });
      painted = document.querySelector('#root > [data-fc-first-paint="main"]') !== null;
      if (data.tenant.template) {
        remote = { entry: remoteEntryUrl(data.tenant.template, data.remote_entry), modules: FIRST_LOAD_MODULES[page] };
      }
    }
  } catch (e) {
    // The first paint is an optimisation: the app renders without it.
    console.warn("[forecourt] first paint skipped", e);
  }
  const load = () => {
    // The remote first: its files are found in two round trips (entry and manifest, then the rest).
    if (remote) preloadRemote(remote.entry, remote.modules);
    // A few hints a task (the main thread stays free for input), the entry after the last.
    inBatches([...assets.common, ...(assets.pages[page] ?? [])], modulePreload, () => {
      const s = document.createElement("script");
      s.type = "module";
      s.fetchPriority = "low";
      s.crossOrigin = "";
      s.src = assets.entry;
      document.head.appendChild(s);
    });
  };
  if (painted) afterPaint(load);
  else load();
}

start(__FORECOURT_FIRST_LOAD__);
