// Decides what the e2e tests run against and starts it:
// 1. FORECOURT_E2E_BASE_URL set: that host (it serves the shell, the remotes and the API). `{tenant}`
//    in it is replaced by the tenant slug; without it, `<slug>.` is prefixed to a localhost host name.
// 2. Else, when ../target/debug/forecourt exists: start it on a free port with a fresh data dir. The
//    host itself serves the shell, the remotes and the HTML documents with #__FORECOURT_DATA__
//    (`base`, `inlineBase`); one UI server (scripts/serve.mjs) in front of it writes no inline data,
//    for the API boot path (`apiBase`).
// 3. Else: every test is skipped, with the reason printed.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { FORECOURT_BIN, type Running, startHost, startUiServer } from "../scripts/serve.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL pattern with `{tenant}`, e.g. `http://{tenant}.localhost:41234`; "" when skipped. */
    base: string;
    /** Same, for documents with inline data (the host's); "" when not available. */
    inlineBase: string;
    /** Same, for a UI server that writes no inline data (the API boot path); "" when not available. */
    apiBase: string;
    /** Why the suite is skipped; "" when it runs. */
    skip: string;
    /** The started host's admin token (Bearer, for /api/v1/admin/import); "" for an external host. */
    adminToken: string;
    mode: string;
  }
}

const shell = resolve(import.meta.dirname, "..");
const repo = resolve(shell, "..");

function pattern(url: string): string {
  if (url.includes("{tenant}")) return url.replace(/\/$/, "");
  const u = new URL(url);
  u.hostname = `{tenant}.${u.hostname === "127.0.0.1" ? "localhost" : u.hostname}`;
  return u.toString().replace(/\/$/, "").replace("%7Btenant%7D", "{tenant}");
}

function ensureBuilt(): void {
  const missing = [
    join(shell, "dist/index.html"),
    ...["classic", "group", "superstore", "ev"].map((t) => join(repo, "ui-plugins", t, "dist/remoteEntry.js")),
  ].filter((f) => !existsSync(f));
  if (missing.length > 0) {
    console.log(`e2e: building the UI (missing ${missing.length} outputs)`);
    execFileSync("npm", ["run", "build"], { cwd: repo, stdio: "inherit" });
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const running: Running[] = [];
  mkdirSync(join(shell, "test-results"), { recursive: true });
  const external = process.env.FORECOURT_E2E_BASE_URL;
  if (external) {
    project.provide("base", pattern(external));
    project.provide("inlineBase", pattern(external));
    project.provide("apiBase", "");
    project.provide("skip", "");
    project.provide("adminToken", process.env.FORECOURT_E2E_ADMIN_TOKEN ?? "");
    project.provide("mode", `external host ${external}`);
  } else if (!existsSync(FORECOURT_BIN)) {
    const why = `e2e SKIPPED: no FORECOURT_E2E_BASE_URL and no forecourt binary at ${FORECOURT_BIN} (build the host, or point FORECOURT_E2E_BASE_URL at a running one)`;
    console.warn(why);
    project.provide("base", "");
    project.provide("inlineBase", "");
    project.provide("apiBase", "");
    project.provide("skip", why);
    project.provide("adminToken", "");
    project.provide("mode", "skipped");
  } else {
    ensureBuilt();
    const host = await startHost();
    running.push(host);
    const ui = await startUiServer({ backend: host.url });
    running.push(ui);
    project.provide("base", pattern(host.url));
    project.provide("inlineBase", pattern(host.url));
    project.provide("apiBase", pattern(ui.url));
    project.provide("skip", "");
    project.provide("adminToken", host.adminToken);
    project.provide("mode", `forecourt serve at ${host.url}`);
    console.log(`e2e: ${host.url} (host: UI, documents, API), ${ui.url} (UI without inline data)`);
  }
  return async () => {
    for (const r of running.reverse()) await r.close();
  };
}
