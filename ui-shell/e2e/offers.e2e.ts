// Offers and brands (docs/features/platform.md "Locations, offers and navigation") in a real
// browser against the real host, on the demo dealer group (southern-cross-motor-group):
// /special-offers lists the site's offers, a long one toggles View more / View less, Book a Test
// Drive only on qualifying offers; a single offer loads by id (from the host's document, and
// client-side from the list) with its enquiry form; an unknown offer is a 404; /brands shows the
// statistics banner and the brand grids, a brand's overview links to its stock; axe on
// /special-offers and /brands.
// Spec: docs/features/locations-forms-marketing.md §2 routes, "Offers", §4, §9;
// docs/features/shopper-core.md §2 /brands, /{brand}/overview.
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import type { BrandsResponse, Navigation, Offer, OffersResponse } from "../src/api/types";
import { popupStorageKey } from "../src/navigation/popup";
import { needsToggle } from "../src/offers/offers";
import { openPage } from "./browser";
import { seriousViolations, suiteBrowser } from "./helpers";

const base = inject("base");
const skip = inject("skip");

const TENANT = "southern-cross-motor-group";
const url = (path: string) => `${base.replace("{tenant}", TENANT)}${path}`;

/** GETs an API path by opening it in the page (which leaves the page on the tenant's origin). */
async function getJson<T>(page: Page, path: string): Promise<T> {
  const r = await page.goto(url(path));
  expect(r?.status(), path).toBe(200);
  return (await r?.json()) as T;
}

/** Opens `path` with the site's popup already dismissed (it would cover the page). */
async function visit(page: Page, path: string): Promise<void> {
  const nav = await getJson<Navigation>(page, "/api/v1/navigation");
  if (nav.popup) await page.evaluate((k) => localStorage.setItem(k, "1"), popupStorageKey(nav.popup.id));
  await page.goto(url(path));
}

/** The first offer whose description or disclaimer is over 200 characters. */
function longOffer(offers: Offer[]): Offer {
  const o = offers.find((x) => needsToggle(x.description_text) || needsToggle(x.disclaimer));
  if (!o) throw new Error(`${TENANT} should have an offer longer than 200 characters`);
  return o;
}

describe.skipIf(skip !== "")(`offers and brands (${inject("mode")})`, () => {
  const browser = suiteBrowser();

  it("/special-offers lists the offers; a long one toggles View more / View less; Book a Test Drive only where it qualifies; axe", async () => {
    const { page } = await openPage(browser.context);
    const { offers } = await getJson<OffersResponse>(page, "/api/v1/offers");
    expect(offers.length).toBeGreaterThan(0);
    await visit(page, "/special-offers");
    const cards = page.locator('[data-page="offers"] [data-offer]');
    await cards.first().waitFor({ timeout: 15_000 });
    expect(await cards.count()).toBe(offers.length);
    for (const o of offers) {
      const card = page.locator(`[data-offer="${o.id}"]`);
      expect(await card.getByRole("link", { name: "Book a Test Drive" }).count(), o.id).toBe(o.test_drive ? 1 : 0);
      expect(await card.getByRole("link", { name: "Enquire Now" }).getAttribute("href")).toBe(o.enquiry_href);
      if (o.model)
        expect(await card.getByRole("link", { name: `Explore ${o.model.name}` }).getAttribute("href")).toBe(o.model.href);
    }

    const long = longOffer(offers);
    const card = page.locator(`[data-offer="${long.id}"]`);
    const what = needsToggle(long.description_text) ? "description" : "disclaimer";
    const toggle = card.locator(`[data-toggle="${what}"]`);
    const box = card.locator(`[id="${await toggle.getAttribute("aria-controls")}"]`);
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await toggle.textContent()).toContain("View more");
    const collapsed = ((await box.textContent()) ?? "").length;
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("true");
    expect(await toggle.textContent()).toContain("View less");
    expect(((await box.textContent()) ?? "").length).toBeGreaterThan(collapsed);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("false");
    expect(((await box.textContent()) ?? "").length).toBe(collapsed);

    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it("a single offer loads by id from the host's document and client-side from the list, with its enquiry form; an unknown one is a 404", async () => {
    const { page } = await openPage(browser.context);
    const { offers } = await getJson<OffersResponse>(page, "/api/v1/offers");
    const offer = offers[0];
    if (!offer) throw new Error("no offers");

    await visit(page, offer.href);
    const h1 = page.getByRole("heading", { level: 1, name: offer.name });
    await h1.waitFor({ timeout: 15_000 });
    expect(await page.title()).toContain(offer.name);
    const form = page.locator('#offer-enquiry form[data-form="enquiry"]');
    await form.waitFor();
    expect(await form.locator('[name="category"]').count()).toBe(0);
    await page.getByRole("link", { name: "Enquire Now" }).click();
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe("#offer-enquiry");

    // From the list: the name links to the offer's page (the page asks the API for it).
    const asked: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/v1/offers/")) asked.push(new URL(r.url()).pathname);
    });
    await page.goto(url("/special-offers"));
    await page.locator(`[data-offer="${offer.id}"] h2 a`).click();
    await page.waitForURL((u) => u.pathname === offer.href);
    await page.getByRole("heading", { level: 1, name: offer.name }).waitFor({ timeout: 15_000 });
    expect(asked).toContain(`/api/v1/offers/${encodeURIComponent(offer.id)}`);

    const missing = await page.goto(url("/offers/no-such-offer-anywhere"));
    expect(missing?.status()).toBe(404);
    await page.getByRole("heading", { level: 1, name: "Page not found" }).waitFor({ timeout: 15_000 });
    await page.close();
  });

  it("/brands shows the statistics banner and the brand grids; a brand's overview links to its stock; axe", async () => {
    const { page } = await openPage(browser.context);
    const body = await getJson<BrandsResponse>(page, "/api/v1/brands");
    await visit(page, "/brands");
    await page.getByRole("heading", { level: 1, name: "Our Brands" }).waitFor({ timeout: 15_000 });
    const stats = page.locator("[data-stats]");
    if (body.stats.length > 0) {
      await stats.waitFor();
      for (const s of body.stats) expect(await stats.textContent()).toContain(s.value);
    } else {
      expect(await stats.count()).toBe(0);
    }
    const groups = body.groups.filter((g) => g.brands.length > 0);
    expect(await page.locator("[data-brand-group]").count()).toBe(groups.length);
    for (const g of groups) {
      const grid = page.locator(`[data-brand-group="${g.kind}"]`);
      expect(await grid.locator("[data-brand]").count()).toBe(g.brands.length);
      const logo = g.brands.find((b) => b.logo_url);
      if (logo) {
        const img = grid.locator(`[data-brand="${logo.slug}"] img`);
        expect(await img.getAttribute("width")).toBe("76");
        expect(await img.getAttribute("height")).toBe("65");
      }
    }
    expect(await seriousViolations(page)).toEqual([]);

    const withPage = groups.flatMap((g) => g.brands).find((b) => !b.skip_page);
    if (withPage) {
      await page.locator(`[data-brand="${withPage.slug}"] a`).click();
      await page.waitForURL((u) => u.pathname === withPage.href);
      await page.getByRole("heading", { level: 1, name: withPage.title }).waitFor({ timeout: 15_000 });
      const stock = page.getByRole("link", { name: `View ${withPage.title} stock` });
      expect(await stock.getAttribute("href")).toBe(withPage.stock_href);
    }
    await page.close();
  });
});
