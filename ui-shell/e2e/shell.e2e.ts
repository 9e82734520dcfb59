// The shell in a real browser against the real host: every demo tenant renders with its template,
// the VDP shows real data (from the API and from inline data), a broken remote falls back to the
// shell's components, exactly one React renders the page, no console errors, and the VDP's
// first-load JavaScript stays within budget.
import { get as httpGet, type IncomingHttpHeaders } from "node:http";
import { gzipSync } from "node:zlib";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launch, openPage, type PageLog } from "./browser";

const base = inject("base");
const inlineBase = inject("inlineBase");
const apiBase = inject("apiBase");
const skip = inject("skip");

/** Demo tenants and their templates (tenants/<slug>/tenant.toml). */
const TENANTS = [
  { slug: "harbourside-mercedes", name: "Harbourside Mercedes-Benz", template: "classic" },
  { slug: "southern-cross-motor-group", name: "Southern Cross Motor Group", template: "group" },
  { slug: "drive-depot", name: "Drive Depot", template: "superstore" },
  { slug: "im-motors-au", name: "IM Motors", template: "ev" },
] as const;

/** A real in-stock car of harbourside-mercedes (tenants/harbourside-mercedes/stock/new.csv, HM10570). */
const CAR = {
  slug: "2021-mercedes-benz-glc-class-hm10570",
  name: "2021 Mercedes-Benz GLC-Class GLC 300 4MATIC",
  price: "$82,990",
};

/** First-load JavaScript budget of a VDP, gzip, React included. */
// 158 KiB since 2026-11-28 (155 since 2026-11-25, 150 before): see ui-shell/BUDGETS.md for what
// the raises paid for.
const BUDGET_BYTES = 158 * 1024;

const url = (slug: string, path: string, pattern = base) => `${pattern.replace("{tenant}", slug)}${path}`;
const ignorable = (e: string) => /favicon\.ico/.test(e);

/**
 * GET a URL like a crawler: connects to 127.0.0.1 on the URL's port and sends the URL's host in the
 * Host header (Node does not resolve `*.localhost`). Returns status, headers and the body text.
 */
function getWithHost(target: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  const u = new URL(target);
  return new Promise((resolve, reject) => {
    const req = httpGet(
      { host: "127.0.0.1", port: u.port, path: `${u.pathname}${u.search}`, headers: { host: u.host } },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
  });
}

function gzipTotal(log: PageLog): number {
  const seen = new Set<string>();
  let total = 0;
  for (const s of log.scripts) {
    if (seen.has(s.url)) continue;
    seen.add(s.url);
    total += gzipSync(s.body, { level: 9 }).length;
  }
  return total;
}

describe.skipIf(skip !== "")(`shell e2e (${inject("mode")})`, () => {
  let context: BrowserContext;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ context, close } = await launch());
  });
  afterAll(async () => {
    await close?.();
  });

  for (const t of TENANTS) {
    it(`home of ${t.slug} renders with template '${t.template}', one React, no console errors`, async () => {
      const { page, log } = await openPage(context);
      await page.goto(url(t.slug, "/"));
      for (const m of ["SiteHeader", "HomeHero", "SiteFooter"]) {
        await page.locator(`[data-fc-component="${m}"][data-fc-template="${t.template}"]`).waitFor({ timeout: 15_000 });
      }
      await expect(page.locator("h1").first().textContent()).resolves.toContain(t.name);
      await expect(page.title()).resolves.toBe(t.name);
      expect(await page.locator("[data-location]").count()).toBeGreaterThan(0);
      await page.waitForLoadState("networkidle");
      expect(await page.evaluate(() => (window as unknown as { __fcRenderers: number }).__fcRenderers)).toBe(1);
      // The remote used the shell's React: its own fallback copy was never fetched.
      expect(log.requests.filter((r) => /\/ui-plugins\/.*prebuild__react/.test(r))).toEqual([]);
      expect(log.errors.filter((e) => !ignorable(e))).toEqual([]);
      await page.screenshot({ path: `test-results/home-${t.slug}.png`, fullPage: true });
      await page.close();
    });
  }

  it("VDP shows the car from the host's document: title 'year make model badge', price, km, key facts; JS within budget", async () => {
    const { page, log } = await openPage(context);
    await page.goto(url("harbourside-mercedes", `/cars/${CAR.slug}`));
    const sidebar = page.locator('[data-fc-component="VdpSidebar"][data-fc-template="classic"]');
    await sidebar.waitFor({ timeout: 15_000 });
    await expect(sidebar.locator("h1").textContent()).resolves.toMatch(/2021 Mercedes-Benz GLC-Class\s*GLC 300 4MATIC/);
    await expect(sidebar.textContent()).resolves.toContain(CAR.price);
    await expect(sidebar.textContent()).resolves.toContain("8 kms");
    await expect(sidebar.textContent()).resolves.toContain("Automatic");
    await expect(page.title()).resolves.toBe(`${CAR.name} | Harbourside Mercedes-Benz`);
    await page.waitForLoadState("networkidle");
    const total = gzipTotal(log);
    console.log(
      `VDP first-load JS: ${(total / 1024).toFixed(1)} KiB gzip in ${new Set(log.scripts.map((s) => s.url)).size} files`,
    );
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
    expect(log.errors.filter((e) => !ignorable(e))).toEqual([]);
    await page.screenshot({ path: "test-results/vdp-harbourside.png", fullPage: true });
    await page.close();
  });

  it.skipIf(apiBase === "")("VDP boots from the API when the document has no inline data", async () => {
    const { page, log } = await openPage(context);
    await page.goto(url("harbourside-mercedes", `/cars/${CAR.slug}`, apiBase));
    const sidebar = page.locator('[data-fc-component="VdpSidebar"][data-fc-template="classic"]');
    await sidebar.waitFor({ timeout: 15_000 });
    await expect(page.locator("#__FORECOURT_DATA__").count()).resolves.toBe(0);
    await expect(sidebar.textContent()).resolves.toContain(CAR.price);
    expect(log.requests.some((r) => r.includes(`/api/v1/cars/${CAR.slug}`))).toBe(true);
    expect(log.errors.filter((e) => !ignorable(e))).toEqual([]);
    await page.close();
  });

  it("the host's document describes the car to crawlers that run no JavaScript", async () => {
    const res = await getWithHost(url("harbourside-mercedes", `/cars/${CAR.slug}`, inlineBase));
    expect(res.status).toBe(200);
    const html = res.body;
    expect(html).toContain(`<meta property="og:title" content="${CAR.name} | Harbourside Mercedes-Benz">`);
    expect(html).toContain('"@type":"Car"');
    expect(html).toContain('"priceCurrency":"AUD"');
    expect(String(res.headers["content-security-policy"])).toContain("script-src 'self'");
  });

  it.skipIf(inlineBase === "")("VDP boots from inline data without calling the API for the tenant or the car", async () => {
    const { page, log } = await openPage(context);
    await page.goto(url("harbourside-mercedes", `/cars/${CAR.slug}`, inlineBase));
    await page.locator('[data-fc-component="VdpSidebar"]').waitFor({ timeout: 15_000 });
    await expect(page.locator("#__FORECOURT_DATA__").count()).resolves.toBe(1);
    await expect(page.locator("h1").first().textContent()).resolves.toContain("GLC 300 4MATIC");
    // The view count (GET .../view.json, once per VDP visit: docs/features/shopper-core.md §7) and the site's
    // navigation (GET /api/v1/navigation, once per page load: the header menu, footer, popup) are
    // the only calls a VDP makes.
    expect(
      log.requests.filter(
        (r) => r.includes("/api/v1/") && !/\/cars\/[^/]+\/view\.json\?/.test(r) && !r.endsWith("/api/v1/navigation"),
      ),
    ).toEqual([]);
    expect(log.errors.filter((e) => !ignorable(e))).toEqual([]);
    await page.close();
  });

  it("an unknown car shows the 404 page with search links", async () => {
    const { page, log } = await openPage(context);
    await page.goto(url("harbourside-mercedes", "/cars/no-such-car-xyz"));
    await page.getByRole("heading", { name: "Page not found" }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole("link", { name: "Used cars" }).first().getAttribute("href")).toBe("/search/used-cars");
    // The API's 404 for the car is the only error the browser reports.
    expect(log.errors.filter((e) => !ignorable(e) && !/404/.test(e))).toEqual([]);
    await page.close();
  });

  it("a missing remote falls back to the shell's components and the page still works", async () => {
    const { page } = await openPage(context);
    await page.route("**/ui-plugins/**", (route) => route.fulfill({ status: 404, contentType: "text/plain", body: "gone" }));
    await page.goto(url("drive-depot", "/"));
    await page.locator('[data-fc-component="SiteHeader"][data-fc-template="shell"]').waitFor({ timeout: 15_000 });
    await page.locator('[data-fc-component="HomeHero"][data-fc-template="shell"]').waitFor();
    await page.locator('[data-fc-component="SiteFooter"][data-fc-template="shell"]').waitFor();
    await expect(page.locator("h1").first().textContent()).resolves.toContain("Drive Depot");
    // Client-side navigation still works, and the VDP uses the shell's sidebar.
    await page
      .getByRole("link", { name: /^Search all / })
      .first()
      .click();
    await page.getByRole("heading", { name: "New, used and demo cars" }).waitFor();
    await page.close();
  });

  it("a remote whose entry throws falls back too", async () => {
    const { page } = await openPage(context);
    await page.route("**/ui-plugins/*/remoteEntry.js", (route) =>
      route.fulfill({ status: 200, contentType: "text/javascript", body: 'throw new Error("broken remote");' }),
    );
    await page.goto(url("im-motors-au", "/"));
    await page.locator('[data-fc-component="HomeHero"][data-fc-template="shell"]').waitFor({ timeout: 15_000 });
    await expect(page.locator("h1").first().textContent()).resolves.toContain("IM Motors");
    await page.close();
  });
});

it.runIf(skip !== "")("e2e skipped", () => {
  console.warn(skip);
});
