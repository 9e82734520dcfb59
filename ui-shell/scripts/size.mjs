#!/usr/bin/env node
// First-load JavaScript of a page, gzip (level 9, per file), as a browser fetches it: starts the
// host (which serves the UI and writes the inline data) unless FORECOURT_E2E_BASE_URL is set, loads
// the page in Debian's Chromium, sums every JavaScript response. Budget: 158 KiB on a VDP (ui-shell/BUDGETS.md), React
// included.
//
//   npm run size [-- /cars/<slug> [tenant-slug]]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { startHost } from "./serve.mjs";

const path = process.argv[2] ?? "/cars/2021-mercedes-benz-glc-class-hm10570";
const tenant = process.argv[3] ?? "harbourside-mercedes";
const BUDGET = 158 * 1024;

const stops = [];
let base = process.env.FORECOURT_E2E_BASE_URL;
if (!base) {
  const host = await startHost();
  stops.push(host);
  base = host.url;
}
const u = new URL(path, base.replace("{tenant}", tenant));
if (u.hostname === "127.0.0.1" || u.hostname === "localhost") u.hostname = `${tenant}.localhost`;

const profile = mkdtempSync(join(tmpdir(), "forecourt-size-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  headless: true,
  // The e2e suite's window (e2e/browser.ts): below-the-fold chunks load alike in both measures.
  viewport: { width: 1280, height: 900 },
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
const page = await context.newPage();
const files = new Map();
page.on("response", async (r) => {
  if ((r.headers()["content-type"] ?? "").includes("javascript") && r.ok()) {
    const body = await r.body().catch(() => null);
    if (body) files.set(r.url(), { raw: body.length, gz: gzipSync(body, { level: 9 }).length });
  }
});
await page.goto(u.toString(), { waitUntil: "networkidle" });
await page.waitForTimeout(300);
await context.close();
rmSync(profile, { recursive: true, force: true });
for (const s of stops.reverse()) await s.close();

const rows = [...files.entries()].sort((a, b) => b[1].gz - a[1].gz);
let total = 0;
for (const [url, { raw, gz }] of rows) {
  total += gz;
  console.log(
    `${(gz / 1024).toFixed(1).padStart(7)} KiB gz ${(raw / 1024).toFixed(1).padStart(7)} KiB  ${new URL(url).pathname.slice(0, 110)}`,
  );
}
console.log(`TOTAL ${(total / 1024).toFixed(1)} KiB gzip in ${rows.length} files for ${u} (budget ${BUDGET / 1024} KiB)`);
process.exit(total <= BUDGET ? 0 : 1);
