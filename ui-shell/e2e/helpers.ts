// What the e2e files share beyond the browser itself (./browser.ts): the suite's browser as vitest
// hooks, a page with fresh storage, a JSON call from inside a page, the tenant's leads and a CSV
// feed through the host's admin API, filling and submitting a lead form, and axe's serious and
// critical violations.
import { AxeBuilder } from "@axe-core/playwright";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { launch, openPage } from "./browser";

/**
 * The suite's browser: launched in a `beforeAll` (registered where this is called, so call it
 * first in the `describe`), closed with its profile in an `afterAll`. Takes whether site popups
 * may show (default false: see launch()); returns a
 * holder whose `context` is set once the browser is up (read it inside tests and later hooks).
 */
export function suiteBrowser({ popups = false }: { popups?: boolean } = {}): { context: BrowserContext } {
  const holder = {} as { context: BrowserContext };
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const b = await launch({ popups });
    holder.context = b.context;
    close = b.close;
  });
  afterAll(async () => {
    await close?.();
  });
  return holder;
}

/**
 * A new page with the site's local and session storage cleared (no saved details, no visit
 * trail): it opens `home` (a tenant's `/`), waits for the app to start, clears both, then goes to `target`. Takes the
 * browser context and the two absolute URLs; returns the page at `target`.
 */
export async function freshPage(context: BrowserContext, home: string, target: string): Promise<Page> {
  const { page } = await openPage(context);
  await page.goto(home);
  // The app starts after the first paint: wait until it has written the visit trail, or it could
  // write the home's (empty) landing query after the clear, and `target`'s would never be kept.
  await page.waitForFunction(() => sessionStorage.getItem("forecourt:visited-pages") !== null);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto(target);
  return page;
}

/** What {@link api} sends: the method (default GET), headers and a text body. */
export interface ApiInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * A JSON call from inside the page (same origin: the tenant's host, with the page's cookies).
 * Takes the page, the path (e.g. `/api/v1/auth/me`) and {@link ApiInit}; returns the status and
 * the parsed body (null when it is not JSON). Never throws for an HTTP status.
 */
export async function api<T>(page: Page, path: string, init: ApiInit = {}): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ([p, i]) => {
      const r = await fetch(p, i as RequestInit);
      return { status: r.status, body: (await r.json().catch(() => null)) as never };
    },
    [path, init] as const,
  ) as Promise<{ status: number; body: T }>;
}

/** A lead as the admin API lists it (GET /api/v1/admin/leads). */
export interface Lead {
  lead_id: string;
  form: string;
  category: string;
  car_id: number | null;
  fields: Record<string, unknown>;
  created_at: number;
}

/**
 * The page's tenant's leads, newest first (GET /api/v1/admin/leads?limit=500). Takes the page
 * (on the tenant's host) and the admin token; returns the leads. Fails the test unless the host
 * answers 200.
 */
export async function adminLeads(page: Page, adminToken: string): Promise<Lead[]> {
  const r = await api<Lead[]>(page, "/api/v1/admin/leads?limit=500", { headers: { authorization: `Bearer ${adminToken}` } });
  expect(r.status).toBe(200);
  return r.body;
}

/**
 * Fills inputs by their `name` inside `scope` (a page, a form or a dialog; each name must match
 * one element there). Takes the scope and the values by name; resolves once all are filled.
 */
export async function fillByName(scope: Page | Locator, values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values)) await scope.locator(`[name="${name}"]`).fill(value);
}

/**
 * Submits a lead form and finds its lead: clicks `button`, waits for /success and its page, and
 * checks through the admin API that exactly one lead was added. Takes the page, the submit
 * button, the number of leads before and the admin token; returns the new lead (newest first).
 */
export async function submitForLead(page: Page, button: Locator, before: number, adminToken: string): Promise<Lead> {
  await button.click();
  await page.waitForURL(/\/success$/, { timeout: 15_000 });
  await page.waitForSelector('[data-page="success"]');
  const after = await adminLeads(page, adminToken);
  expect(after.length).toBe(before + 1);
  return after[0] as Lead;
}

/**
 * Sends a CSV feed through the host's admin import as a delta (POST
 * /api/v1/admin/import?format=csv&mode=delta&source={source}), from inside the page. Takes the
 * page (on the tenant's host), the admin token, the source name and the CSV text (a header row,
 * then one car a row); fails the test, with the host's answer, unless it answers 200.
 */
export async function importCsv(page: Page, adminToken: string, source: string, feed: string): Promise<void> {
  const imported = await page.evaluate(
    async ({ feed, token, source }) => {
      const r = await fetch(`/api/v1/admin/import?format=csv&mode=delta&source=${encodeURIComponent(source)}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "text/csv", prefer: "wait=120" },
        body: feed,
      });
      return { status: r.status, body: await r.text() };
    },
    { feed, token: adminToken, source },
  );
  expect(imported.status, imported.body).toBe(200);
}

/**
 * axe's serious and critical violations on the page as it is now, one line each
 * (`{rule} ({impact}): {targets}`). Takes the page; returns the lines (empty when there are none).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * Scrolls down a VDP a screen at a time so every near-viewport chunk loads. The details column is
 * itself mounted when it comes near the viewport (a lazy chunk), so the page is short until it has
 * loaded: the scroll goes on until the share row (the details' end) exists and the bottom is
 * reached, rather than stopping at the first bottom (on a loaded machine the tool slots below
 * would otherwise never come near the viewport).
 */
export async function scrollThrough(page: Page): Promise<void> {
  for (let i = 0; i < 150; i++) {
    const done = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight * 0.8);
      const bottom = window.scrollY + window.innerHeight >= document.body.scrollHeight - 2;
      return bottom && document.querySelector('[data-section="share"]') !== null;
    });
    await page.waitForTimeout(150);
    if (done && i > 2) break;
  }
  await page.locator('[data-section="share"]').waitFor({ timeout: 10_000 });
}
