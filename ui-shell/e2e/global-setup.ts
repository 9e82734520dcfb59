// Decides what the e2e tests run against and starts it:
// 1. FORECOURT_E2E_BASE_URL set: that host (it serves the shell, the remotes and the API). `{tenant}`
//    in it is replaced by the tenant slug; without it, `<slug>.` is prefixed to a localhost host name.
// 2. Else, when ../target/debug/forecourt exists: start it on a free port with a fresh data dir, and
//    two UI servers (scripts/serve.mjs) in front of it: one without inline data (the API boot path),
//    one writing #__FORECOURT_DATA__ as the host will (the inline boot path).
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
    /** Same, for the UI server that writes inline data; "" when not available (external host). */
    inlineBase: string;
    /** Why the suite is skipped; "" when it runs. */
    skip: string;
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
    project.provide("inlineBase", "");
    project.provide("skip", "");
    project.provide("mode", `external host ${external}`);
  } else if (!existsSync(FORECOURT_BIN)) {
    const why = `e2e SKIPPED: no FORECOURT_E2E_BASE_URL and no forecourt binary at ${FORECOURT_BIN} (build the host, or point FORECOURT_E2E_BASE_URL at a running one)`;
    console.warn(why);
    project.provide("base", "");
    project.provide("inlineBase", "");
    project.provide("skip", why);
    project.provide("mode", "skipped");
  } else {
    ensureBuilt();
    const host = await startHost();
    running.push(host);
    const ui = await startUiServer({ backend: host.url });
    running.push(ui);
    const inlineUi = await startUiServer({ backend: host.url, inline: true });
    running.push(inlineUi);
    project.provide("base", pattern(ui.url));
    project.provide("inlineBase", pattern(inlineUi.url));
    project.provide("skip", "");
    project.provide("mode", `forecourt serve at ${host.url} behind scripts/serve.mjs`);
    console.log(`e2e: ${host.url} (host), ${ui.url} (UI), ${inlineUi.url} (UI with inline data)`);
  }
  return async () => {
    for (const r of running.reverse()) await r.close();
  };
}
