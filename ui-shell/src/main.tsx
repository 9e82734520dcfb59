// Entry: boot from the inline data (or the API), theme the page, mount the shell.
// The web fonts first: their @font-face rules (self-hosted Fontsource files) precede every use.
import "./theme/fonts.css";
import "./design/design.css";
import "./app/app.css";
// The SRP's layout is in the first load's stylesheet: the first paint of a search page uses it.
import "./search/search.css";
// The header's account chip (src/account/AccountChip.tsx), part of every page's header.
import "./account/chip.css";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App, preloadPage } from "./app/App";
import { BrowserRouter } from "./app/router";
import type { BootResult } from "./boot/boot";
import { FIRST_LOAD_MODULES, FIRST_RENDER_WAIT_MS, firstLoadPage } from "./boot/firstLoad";
import { readHandoff } from "./boot/handoff";
import { preloadFallbacks } from "./federation/fallbacks";
import { preloadRemote } from "./federation/RemoteSlot";
import { federationLoader, remoteEntryUrl } from "./federation/remotes";
import { loadNavigation } from "./navigation/data";
import type { Theme } from "./theme/theme";

/**
 * Resolves once the first paint's high-priority images (the VDP's main photo, the SRP's first
 * card) have loaded or failed, and a frame has passed, so they are painted before React replaces
 * them: the largest contentful paint stays the first paint's (ui-shell/README.md "First load").
 */
function firstPaintImages(): Promise<unknown> {
  const images = [...document.querySelectorAll<HTMLImageElement>("[data-fc-first-paint] img[fetchpriority=high]")];
  const loaded = (img: HTMLImageElement) =>
    img.complete
      ? null
      : new Promise((resolve) => {
          img.addEventListener("load", resolve, { once: true });
          img.addEventListener("error", resolve, { once: true });
        });
  return Promise.all(images.map(loaded)).then(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
}

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing");

// Errors a boundary recovered from (a failing remote) are warnings: the page still works.
const root = createRoot(container, {
  onCaughtError: (error, info) => console.warn("[forecourt] recovered from", error, info.componentStack),
});

// The start script already parsed the inline data and themed the page (src/boot/handoff.ts); the
// boot and theme code load only without it (vite dev, a static server: the API boot path).
const handoff = readHandoff();
const result: BootResult = handoff
  ? { ok: true, tenant: handoff.inline.tenant, source: "inline", inline: handoff.inline }
  : await import("./boot/boot").then((m) => m.boot());
if (!result.ok) {
  document.title = result.status === 404 ? "Site not found" : "Site unavailable";
  root.render(
    <main className="fc-container fc-page" data-page="boot-error">
      <h1>{result.status === 404 ? "Site not found" : "This site is unavailable right now"}</h1>
      <p>{result.message}</p>
    </main>,
  );
} else {
  const theme: Theme =
    handoff?.theme ??
    (await import("./theme/theme").then((m) => {
      const t = m.resolveTheme(result.tenant);
      m.applyTheme(t, result.tenant.template);
      return t;
    }));
  const template = result.tenant.template;
  const entry = remoteEntryUrl(template, result.inline?.remote_entry);
  const remote = template ? { template, load: federationLoader(template, entry) } : null;
  // One complete first render: the page's chunk, the navigation and the remote's first-screen modules are loaded
  // (the start script asked for all of them at once) before React replaces the first paint, so
  // nothing shifts as they arrive. A slow remote gets FIRST_RENDER_WAIT_MS, then placeholders.
  const page = firstLoadPage(window.location.pathname);
  // Without a remote, or when a first-screen module fails, the shell's own components load instead.
  const ready = [
    preloadPage(page, result.inline?.status, result.inline ?? null),
    firstPaintImages(),
    // The header's menu entries (GET /api/v1/navigation): drawn in the first render, not swapped in after it.
    loadNavigation(),
    ...(remote
      ? FIRST_LOAD_MODULES[page].map((m) => preloadRemote(remote.load, m).catch(() => preloadFallbacks()))
      : [preloadFallbacks()]),
  ];
  await Promise.race([Promise.allSettled(ready), new Promise((r) => setTimeout(r, FIRST_RENDER_WAIT_MS))]);
  // A transition: React renders in slices and yields to the browser between them instead of
  // holding the main thread for the whole first render (total blocking time on a slow phone).
  startTransition(() =>
    root.render(
      <StrictMode>
        <BrowserRouter>
          <App site={{ tenant: result.tenant, theme, inline: result.inline }} remote={remote} />
        </BrowserRouter>
      </StrictMode>,
    ),
  );
}
