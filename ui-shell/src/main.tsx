// Entry: boot from the inline data (or the API), theme the page, mount the shell.
import "./design/design.css";
import "./app/app.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./app/App";
import { boot } from "./boot/boot";
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
  root.render(
    <StrictMode>
      <BrowserRouter>
        <App
          site={{ tenant: result.tenant, theme, inline: result.inline }}
          remote={template ? { template, load: federationLoader(template, entry) } : null}
        />
      </BrowserRouter>
    </StrictMode>,
  );
}
