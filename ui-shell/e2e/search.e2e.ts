// The search results page (SRP, docs/features/platform.md "Search results page") in a real browser
// against the real host, on the demo tenants: choosing a make updates the address and a reload
// restores the same results; the shown count is the API's; the empty state and Clear Filters; a run
// of sold cars shows only its first; promo tiles at their configured positions; each tenant's own
// buttons and tags for one search; first-row images eager; axe-core finds no serious or critical
// violation.
import { AxeBuilder } from "@axe-core/playwright";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { formatThousands } from "../src/lib/format";
import type { SearchHit, SearchResponse } from "../src/search/cards";
import { launch, openPage } from "./browser";

const base = inject("base");
const skip = inject("skip");

const TENANTS = ["harbourside-mercedes", "southern-cross-motor-group", "drive-depot", "im-motors-au"] as const;
const SRP = "/search/new-used-and-demo-cars";
const CARD = '[data-fc-component="SearchCard"]';

const url = (slug: string, path: string) => `${base.replace("{tenant}", slug)}${path}`;

/** GET a JSON API path from inside the page (same origin, the tenant's Host). */
function api<T>(page: Page, path: string): Promise<T> {
  return page
    .evaluate(async (p) => {
      const r = await fetch(p);
      return { status: r.status, body: await r.json() };
    }, path)
    .then((r) => {
      if (r.status !== 200) throw new Error(`${path}: HTTP ${r.status} ${JSON.stringify(r.body)}`);
      return r.body as T;
    });
}

interface TenantSearch {
  template: string;
  wording: { finance_label?: string };
  search?: {
    card_buttons?: string[];
    clear_filters_target?: string;
    page_size?: number;
    promo_first_jitter?: number;
    promos?: {
      id: string;
      position: number;
      start: number | null;
      expiry: number | null;
      display: string[];
      strict_display: boolean;
    }[];
  };
}

/** Opens the SRP of a tenant at desktop width and waits for its cards (or the empty state). */
async function openSrp(context: BrowserContext, tenant: string, path = SRP): Promise<Page> {
  const { page } = await openPage(context);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(url(tenant, path));
  await page.waitForSelector(`${CARD}, .fc-srp-empty`, { timeout: 15_000 });
  await page.waitForFunction(
    () => !document.querySelector('.fc-srp-grid[aria-busy="true"]') && !document.querySelector(".fc-srp-grid .fc-skeleton-card"),
  );
  return page;
}

/** The hrefs of the cards' title links, in order. */
function cardHrefs(page: Page): Promise<string[]> {
  return page.$$eval(`${CARD} h3 a`, (as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

/** The address form the SRP sent to the host for what it shows (`data-address` on the page). */
async function shownAddress(page: Page): Promise<string> {
  return (await page.locator('[data-page="search"]').getAttribute("data-address")) ?? "";
}

describe.skipIf(skip !== "")("search results page", () => {
  let context: BrowserContext;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ context, close } = await launch());
  });
  afterAll(async () => {
    await close?.();
  });

  it("choosing a make updates the address; a reload restores the same results; the count is the API's", async () => {
    // The group sells several makes (a single-make dealer's make list has one entry).
    const page = await openSrp(context, "southern-cross-motor-group");
    const all = await api<SearchResponse>(page, "/api/v1/search");
    const make = all.popular_makes.find((m) => m.value !== "" && m.count < all.count);
    expect(make, "a make with fewer cars than the whole stock").toBeTruthy();
    if (!make) return;
    await page
      .locator(".fc-srp__aside")
      .getByRole("checkbox", { name: new RegExp(`^${make.label} \\(`) })
      .click();
    await page.waitForURL((u) => u.searchParams.getAll("make").includes(make.value));
    await page.waitForFunction(
      (n) => document.querySelector(".fc-srp__count")?.getAttribute("data-count") === String(n),
      make.count,
    );
    const expected = await api<SearchResponse>(page, `/api/v1/search?make=${encodeURIComponent(make.value)}`);
    expect(expected.count).toBe(make.count);
    const shown = await cardHrefs(page);
    expect(shown).toEqual(expected.hits.map((h) => h.path));
    expect(await page.locator(".fc-srp__count").innerText()).toContain(formatThousands(expected.count_display));

    const address = new URL(page.url());
    await page.reload();
    await page.waitForSelector(CARD);
    expect(new URL(page.url()).search).toBe(address.search);
    expect(await cardHrefs(page)).toEqual(shown);
    expect(await page.locator(".fc-srp__count").getAttribute("data-count")).toBe(String(expected.count));
    await page.close();
  });

  it("applies the tenant's default refinements on a first load from the inline page, without a search request (im-motors-au: new cars)", async () => {
    const { page, log } = await openPage(context);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(url("im-motors-au", SRP));
    // The UI writes the defaults into the address: car_type=new is the new-cars route.
    await page.waitForURL((u) => u.pathname === "/search/new-cars" || u.searchParams.getAll("car_type").includes("new"));
    await page.waitForSelector(CARD);
    await page.waitForLoadState("networkidle");
    // The host rendered the page with the defaults, so the UI found its first page inline.
    const searches = log.requests.filter((r) => new URL(r).pathname.startsWith("/api/v1/search"));
    expect(searches).toEqual([]);
    const address = await shownAddress(page);
    expect(address).toContain("car_type=new");
    const expected = await api<SearchResponse>(page, `/api/v1/search?${address}`);
    const all = await api<SearchResponse>(page, "/api/v1/search");
    expect(expected.count).toBeLessThan(all.count);
    expect(await cardHrefs(page)).toEqual(expected.hits.map((h) => h.path));
    expect(await page.locator(".fc-srp__count").getAttribute("data-count")).toBe(String(expected.count));
    await page.close();
  });

  it("shows the empty state, and Clear Filters goes to the tenant's target", async () => {
    const page = await openSrp(context, "harbourside-mercedes", `${SRP}?query=zzqx-no-such-car`);
    await expect(page.getByRole("heading", { name: "No Results Available" }).isVisible()).resolves.toBe(true);
    await expect(
      page
        .getByText("No results found for your search at this time. Please try adjusting the filters for more results.")
        .isVisible(),
    ).resolves.toBe(true);
    const tenant = await api<TenantSearch>(page, "/api/v1/tenant");
    const target = tenant.search?.clear_filters_target || "/special-offers";
    await page.getByRole("link", { name: "Clear Filters" }).click();
    await page.waitForURL((u) => u.pathname === target);
    await page.close();
  });

  it("shows only the first of a run of sold cars (the page's cards are the API's hits, in order)", async () => {
    // The host collapses runs (docs/features/shopper-core.md §4); the page must show exactly its hits, sold cards with
    // Find Me Something Similar. Price order puts the demo tenants' recently sold cars among others.
    let sold = 0;
    for (const tenant of TENANTS) {
      const address = "sortBy=price_asc&hitsPerPage=100";
      const page = await openSrp(context, tenant, `${SRP}?${address}`);
      const res = await api<SearchResponse>(page, `/api/v1/search?${await shownAddress(page)}`);
      const isSold = (h: SearchHit) => h.status === "sold";
      if (!res.hits.every(isSold)) {
        for (let i = 1; i < res.hits.length; i++) {
          const a = res.hits[i - 1];
          const b = res.hits[i];
          expect(a && b && isSold(a) && isSold(b), `${tenant}: consecutive sold cars at ${i}`).toBe(false);
        }
      }
      expect(await cardHrefs(page)).toEqual(res.hits.map((h) => h.path));
      for (const h of res.hits.filter(isSold)) {
        const card = page.locator(CARD).filter({ has: page.locator(`h3 a[href="${h.path}"]`) });
        await expect(card.getByRole("link", { name: "Find Me Something Similar" }).count()).resolves.toBe(1);
        sold++;
      }
      await page.close();
    }
    console.log(`search.e2e: ${sold} sold cards checked across the demo tenants`);
  });

  it("collapses an imported run of three sold cars to its first (real admin import, price order)", async (ctx) => {
    const token = inject("adminToken");
    if (!token) {
      ctx.skip("no admin token for this host (set FORECOURT_E2E_ADMIN_TOKEN for an external host)");
      return;
    }
    const tenant = "drive-depot";
    const { page } = await openPage(context);
    await page.goto(url(tenant, "/"));
    // Three cars sold an hour ago and one in stock, priced above all demo stock: in price order
    // (highest first) the sold three are a run at the top, then the in-stock car.
    const soldAt = new Date(Date.now() - 3_600_000).toISOString().replace(/\.\d+Z$/, "Z");
    const row = (n: number, price: number, status: string) =>
      `E2ESOLD${n},2022,Toyota,LandCruiser,Sahara,${price},20000,used,${status},${status === "sold" ? soldAt : ""},Wagon,suv,drive-depot-brisbane`;
    const feed = [
      "stocknum,year,make,model,badge,price,km,car_type,status,sold_at,body,simple_body,location_slug",
      row(1, 991_003, "sold"),
      row(2, 991_002, "sold"),
      row(3, 991_001, "sold"),
      row(4, 990_000, "in_stock"),
    ].join("\n");
    const imported = await page.evaluate(
      async ({ feed, token }) => {
        const r = await fetch("/api/v1/admin/import?format=csv&mode=delta&source=e2e-sold-run", {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "text/csv", prefer: "wait=120" },
          body: feed,
        });
        return { status: r.status, body: await r.text() };
      },
      { feed, token },
    );
    expect(imported.status, imported.body).toBe(200);
    // The host reindexes the tenant in the background after an import (docs/features/platform.md "Search": within a
    // second).
    await expect
      .poll(async () => (await api<SearchResponse>(page, "/api/v1/search?sortBy=price_desc&hitsPerPage=2")).hits[0]?.slug, {
        timeout: 10_000,
      })
      .toBe("2022-toyota-landcruiser-e2esold1");
    await page.close();
    const srp = await openSrp(context, tenant, `${SRP}?sortBy=price_desc`);
    const hrefs = await cardHrefs(srp);
    expect(hrefs.slice(0, 2)).toEqual(["/cars/2022-toyota-landcruiser-e2esold1", "/cars/2022-toyota-landcruiser-e2esold4"]);
    for (const hidden of ["e2esold2", "e2esold3"]) {
      expect(
        hrefs.some((h) => h.endsWith(hidden)),
        `${hidden} is collapsed`,
      ).toBe(false);
    }
    const first = srp.locator(CARD).first();
    await expect(first.getByRole("link", { name: "Find Me Something Similar" }).count()).resolves.toBe(1);
    await srp.close();

    // Issue 39: the count is the cards shown. The Toyotas (this test's four; the demo dealer sells
    // Mercedes-Benz) fit one page: sold, sold, sold, in stock shows two cards, and the count says 2.
    const toyotas = await openSrp(context, tenant, `${SRP}?make=Toyota&sortBy=price_desc`);
    const cards = await cardHrefs(toyotas);
    expect(cards.filter((h) => /e2esold[1-4]$/.test(h))).toEqual([
      "/cars/2022-toyota-landcruiser-e2esold1",
      "/cars/2022-toyota-landcruiser-e2esold4",
    ]);
    const countLine = toyotas.locator(".fc-srp__count");
    expect(await countLine.getAttribute("data-count")).toBe(String(cards.length));
    expect(await countLine.innerText()).toBe(`${formatThousands(cards.length)} Cars found`);
    await toyotas.close();
  });

  it("puts promo tiles at their configured positions", async () => {
    let seen = 0;
    for (const tenant of TENANTS) {
      const page = await openSrp(context, tenant);
      const settings = await api<TenantSearch>(page, "/api/v1/tenant");
      const promos = settings.search?.promos ?? [];
      const res = await api<SearchResponse>(page, `/api/v1/search?${await shownAddress(page)}`);
      const now = Date.now() / 1000;
      const types = [...new Set(res.hits.map((h) => h.car_type))];
      const visible = promos
        .filter((p) => (p.start === null || now >= p.start) && (p.expiry === null || now <= p.expiry))
        .filter((p) =>
          p.display.length === 0
            ? true
            : p.strict_display
              ? types.every((t) => p.display.includes(t))
              : types.some((t) => p.display.includes(t)),
        )
        .sort((a, b) => a.position - b.position);
      const cells = await page.$$eval(".fc-srp-grid > li", (lis) =>
        lis.map((li) => li.querySelector("[data-promo]")?.getAttribute("data-promo") ?? "car"),
      );
      const jitter = settings.search?.promo_first_jitter ?? 0;
      visible.forEach((p, i) => {
        if (p.position > res.hits.length) return;
        const at = cells.indexOf(p.id) + 1;
        expect(at, `${tenant}: promo ${p.id}`).toBeGreaterThan(0);
        if (i === 0) expect(at - p.position, `${tenant}: first promo ${p.id} jitter`).toBeGreaterThanOrEqual(0);
        if (i === 0) expect(at - p.position, `${tenant}: first promo ${p.id} jitter`).toBeLessThanOrEqual(jitter);
        else expect(at, `${tenant}: promo ${p.id}`).toBe(p.position);
        seen++;
      });
      expect(cells.filter((c) => c !== "car").length).toBe(visible.filter((p) => p.position <= res.hits.length).length);
      await page.close();
    }
    console.log(`search.e2e: ${seen} promo tiles checked across the demo tenants`);
  });

  it("shows each tenant's own template, buttons and tags for the same search", async () => {
    for (const tenant of TENANTS) {
      const page = await openSrp(context, tenant);
      const settings = await api<TenantSearch>(page, "/api/v1/tenant");
      const res = await api<SearchResponse>(page, `/api/v1/search?${await shownAddress(page)}`);
      const buttons = settings.search?.card_buttons ?? ["finance", "details"];
      const cards = page.locator(CARD);
      expect(await cards.first().getAttribute("data-fc-template")).toBe(settings.template);
      for (const [i, h] of res.hits.slice(0, 6).entries()) {
        const card = cards.nth(i);
        const labels = await card.locator("a").evaluateAll((as) => as.map((a) => a.textContent?.trim() ?? ""));
        if (h.available) {
          const expected = buttons.flatMap((b) =>
            b === "finance"
              ? [settings.wording.finance_label || "Get Finance"]
              : b === "details"
                ? ["View Details"]
                : b === "reserve" && h.eligibility.reserve && !h.eligibility.test_drive_only
                  ? ["Reserve this Car"]
                  : [],
          );
          expect(labels.slice(-expected.length), `${tenant} ${h.slug}`).toEqual(expected);
          expect(labels).not.toContain("Find Me Something Similar");
        } else {
          expect(labels).toContain("Find Me Something Similar");
        }
        if (h.tag) expect(await card.textContent(), `${tenant} ${h.slug} tag`).toContain(h.tag.text);
      }
      await page.close();
    }
  });

  it("loads the first row's images eagerly (the first with high priority) and the rest lazily", async () => {
    const page = await openSrp(context, "southern-cross-motor-group");
    const imgs = await page.$$eval(`${CARD} img`, (els) =>
      els.map((e) => ({
        loading: e.getAttribute("loading"),
        priority: e.getAttribute("fetchpriority"),
        src: e.getAttribute("src"),
      })),
    );
    expect(imgs.length).toBeGreaterThan(3);
    expect(imgs[0]).toMatchObject({ loading: "eager", priority: "high" });
    expect(imgs.slice(1, 3).every((i) => i.loading === "eager" && i.priority === null)).toBe(true);
    expect(imgs.slice(3).every((i) => i.loading === "lazy")).toBe(true);
    await page.close();
  });

  for (const vp of [
    { name: "phone", width: 412, height: 823 },
    { name: "desktop", width: 1280, height: 900 },
  ]) {
    it(`has no serious or critical axe violation (${vp.name})`, async () => {
      for (const tenant of TENANTS) {
        const { page } = await openPage(context);
        await page.setViewportSize({ width: vp.width, height: vp.height });
        await page.goto(url(tenant, SRP));
        await page.waitForSelector(CARD, { timeout: 15_000 });
        await page.waitForSelector('[data-fc-component="SiteFooter"]', { timeout: 15_000 });
        const results = await new AxeBuilder({ page }).analyze();
        const bad = results.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map(
            (v) =>
              `${v.id}: ${v.nodes
                .map((n) => n.target.join(" "))
                .slice(0, 4)
                .join(", ")}`,
          );
        expect(bad, `${tenant} ${vp.name}`).toEqual([]);
        if (vp.name === "phone" && tenant === TENANTS[0]) await filterDialogFooterCovers(page);
        await page.close();
      }
    });
  }
});

/**
 * The phone's filter dialog (issue 39: its list ran under the 'Show Me' button): opened and
 * scrolled half way, the sticky footer reaches the dialog's bottom edge, so no filter shows
 * through the strip under the button. Takes an SRP page at a phone's width; fails the test otherwise.
 */
async function filterDialogFooterCovers(page: Page): Promise<void> {
  await page.getByRole("button", { name: /^Filters/ }).click();
  const dialog = page.getByRole("dialog");
  await dialog.locator(".fc-srp-showme").waitFor({ timeout: 10_000 });
  const gap = await dialog.evaluate((d) => {
    d.scrollTop = (d.scrollHeight - d.clientHeight) / 2;
    const footer = d.querySelector(".fc-srp-dialog__footer")?.getBoundingClientRect();
    const box = d.getBoundingClientRect();
    return footer ? box.bottom - footer.bottom : Number.NaN;
  });
  // The dialog's 1 px edge aside, the footer ends where the dialog does.
  expect(gap).toBeLessThanOrEqual(2);
  await page.keyboard.press("Escape");
}
