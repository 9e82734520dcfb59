// Debian's Chromium driven by playwright-core (never Playwright's own browser download), with a
// fresh profile and no background networking (the machine has no network beyond loopback).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * A browser with a fresh --user-data-dir; close() removes the profile. Site popups
 * (docs/features/platform.md "Locations, offers and navigation": a modal shown on the visitor's
 * first interaction) count as already dismissed unless `popups` is true, so suites about other
 * pages are not covered by one; e2e/navigation.e2e.ts tests them.
 */
export async function launch({ popups = false }: { popups?: boolean } = {}): Promise<{
  context: BrowserContext;
  close: () => Promise<void>;
}> {
  const profile = mkdtempSync(join(tmpdir(), "forecourt-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
  });
  if (!popups) {
    await context.addInitScript(() => {
      // The popup's dismissal key (src/navigation/popup.ts popupStorageKey): always present.
      const getItem = Storage.prototype.getItem;
      Storage.prototype.getItem = function (this: Storage, key: string) {
        return key.startsWith("fc-popup-dismissed:") ? (getItem.call(this, key) ?? "0") : getItem.call(this, key);
      };
    });
  }
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** What a page did: console errors, uncaught errors, JS responses (URL and body size). */
export interface PageLog {
  errors: string[];
  scripts: { url: string; body: Buffer }[];
  requests: string[];
}

/**
 * A new page that records console errors, page errors, every request and every JS response body,
 * and counts React renderers: a stub `__REACT_DEVTOOLS_GLOBAL_HOOK__` records each `inject()` (one
 * per react-dom instance) in `window.__fcRenderers`.
 */
export async function openPage(context: BrowserContext): Promise<{ page: Page; log: PageLog }> {
  const page = await context.newPage();
  const log: PageLog = { errors: [], scripts: [], requests: [] };
  await page.addInitScript(() => {
    const w = window as unknown as { __fcRenderers: number; __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown };
    w.__fcRenderers = 0;
    w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      isDisabled: false,
      supportsFiber: true,
      renderers: new Map(),
      inject() {
        w.__fcRenderers += 1;
        return w.__fcRenderers;
      },
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      checkDCE() {},
    };
  });
  page.on("console", (m) => {
    if (m.type() === "error") log.errors.push(`console.error: ${m.text()}`);
  });
  page.on("pageerror", (e) => log.errors.push(`pageerror: ${e.message}`));
  page.on("request", (r) => log.requests.push(r.url()));
  page.on("response", async (r) => {
    const type = r.headers()["content-type"] ?? "";
    if (type.includes("javascript") && r.ok()) {
      try {
        log.scripts.push({ url: r.url(), body: await r.body() });
      } catch {
        // navigated away before the body arrived
      }
    }
  });
  return { page, log };
}
