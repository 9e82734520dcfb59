// Entry: boot from the inline data (or the API), theme the page, mount the shell.
import "./design/design.css";
import "./app/app.css";
// The SRP's layout is in the first load's stylesheet: the first paint of a search page uses it.
import "./search/search.css";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App, preloadPage } from "./app/App";
import { boot } from "./boot/boot";
import { FIRST_LOAD_MODULES, FIRST_RENDER_WAIT_MS, firstLoadPage } from "./boot/firstLoad";
import { preloadRemote } from "./federation/RemoteSlot";
import { federationLoader, remoteEntryUrl } from "./federation/remotes";
import { applyTheme, resolveTheme } from "./theme/theme";

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing");

// Errors a boundary recovered from (a failing remote) are warnings: the page still works.
const root = createRoot(container, {
  onCaughtError: (error, info) => console.warn("[forecourt] recovered from", error, info.componentStack),
});

const result = await boot();
if (!result.ok) {
  document.title = result.status === 404 ? "Site not found" : "Site unavailable";
  root.render(
    <main className="fc-container fc-page" data-page="boot-error">
      <h1>{result.status === 404 ? "Site not found" : "This site is unavailable right now"}</h1>
      <p>{result.message}</p>
    </main>,
  );
} else {
  const theme = resolveTheme(result.tenant);
  applyTheme(theme, result.tenant.template);
  const template = result.tenant.template;
  const entry = remoteEntryUrl(template, result.inline?.remote_entry);
  const remote = template ? { template, load: federationLoader(template, entry) } : null;
  // One complete first render: the page's chunk and the remote's first-screen modules are loaded
  // (the start script asked for all of them at once) before React replaces the first paint, so
  // nothing shifts as they arrive. A slow remote gets FIRST_RENDER_WAIT_MS, then placeholders.
  const page = firstLoadPage(window.location.pathname);
  const ready = [preloadPage(page), ...(remote ? FIRST_LOAD_MODULES[page].map((m) => preloadRemote(remote.load, m)) : [])];
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
