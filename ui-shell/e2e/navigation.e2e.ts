// The site navigation (docs/features/platform.md "Locations, offers and navigation") in a real
// browser against the real host: header dropdowns open by the site's chosen interaction
// (southern-cross-motor-group opens on hover, and by keyboard; its brand tiles link to the brands'
// stock; im-motors-au on click only: hovering there opens nothing), Escape, an outside click and a
// route change close them; im-motors-au's Vehicles menu shows its models with Coming Soon badges
// and its chips filter them; the popup shows once (on the first interaction after the load), not
// after it is closed (reload), not on /sign-in, and not after its expiry (the page clock moved past
// it in a fresh browser); the mobile drawer; the footer's columns; the home page's popular car
// types and price search; axe with the mega menu and the drawer open.
// Spec: docs/features/locations-forms-marketing.md §2 "Navigation", §4 "Popup", "Dropdown menus", "Price slider", §9.
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import type { Navigation } from "../src/api/types";
import { dropdownOf, headerEntries } from "../src/navigation/entries";
import { popupStorageKey } from "../src/navigation/popup";
import { launch, openPage } from "./browser";
import { seriousViolations, suiteBrowser } from "./helpers";

const base = inject("base");
const skip = inject("skip");

const HOVER_SITE = "southern-cross-motor-group";
const CLICK_SITE = "im-motors-au";
const url = (tenant: string, path: string) => `${base.replace("{tenant}", tenant)}${path}`;

/** The tenant's navigation, read by opening GET /api/v1/navigation in the page (which leaves it on the tenant's origin). */
async function navigationOf(page: Page, tenant: string): Promise<Navigation> {
  const r = await page.goto(url(tenant, "/api/v1/navigation"));
  expect(r?.status()).toBe(200);
  return (await r?.json()) as Navigation;
}

/** Opens `path` with local storage cleared and, unless `keepPopup`, the site's popup already dismissed; waits for the app to start. */
async function visit(page: Page, tenant: string, path: string, keepPopup = false): Promise<Navigation> {
  const nav = await navigationOf(page, tenant);
  await page.evaluate(
    ([key]) => {
      localStorage.clear();
      if (key) localStorage.setItem(key, "1");
    },
    [keepPopup || !nav.popup ? "" : popupStorageKey(nav.popup.id)],
  );
  await page.goto(url(tenant, path));
  // The header is painted before the app starts (the first paint), and a click on it before then
  // does nothing: wait until the app has started (it writes the visit trail) before interacting.
  await page.waitForFunction(() => sessionStorage.getItem("forecourt:visited-pages") !== null);
  return nav;
}

/** The label of the first header entry that opens a dropdown of kind `want` (any kind when absent). */
function dropdownLabel(nav: Navigation, want?: string): string {
  const e = headerEntries(nav, []).find((x) => (want ? dropdownOf(x, nav) === want : dropdownOf(x, nav) !== null));
  if (!e) throw new Error(`the navigation has no ${want ?? ""} dropdown`);
  return e.label;
}

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const trigger = (page: Page, label: string) => mainNav(page).getByRole("button", { name: label, exact: true });

/** Waits until the page has loaded and the app is mounted (its menu is there): the popup's gate listens from then on. */
async function appReady(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  await page.locator('nav[aria-label="Main"][data-fc-menu]').waitFor({ timeout: 15_000 });
}

/** Waits until the popup's host (loaded on the first interaction) has decided (`<html data-fc-popup>`); returns `shown` or `none`. */
async function popupDecision(page: Page): Promise<string | null> {
  await page.waitForSelector("html[data-fc-popup]", { timeout: 15_000 });
  return page.getAttribute("html", "data-fc-popup");
}

describe.skipIf(skip !== "")(`navigation, popup and home search helpers (${inject("mode")})`, () => {
  const browser = suiteBrowser({ popups: true });

  it(`${HOVER_SITE} (open_on hover): hover opens a dropdown, Escape and an outside click close it, the keyboard opens it`, async () => {
    const { page } = await openPage(browser.context);
    const nav = await visit(page, HOVER_SITE, "/");
    expect(nav.open_on).toBe("hover");
    const label = dropdownLabel(nav);
    const entry = trigger(page, label);
    await entry.waitFor({ timeout: 15_000 });

    await entry.hover();
    await expect.poll(() => entry.getAttribute("aria-expanded"), { timeout: 5_000 }).toBe("true");
    const panel = page.locator(".fc-menu__panel");
    await panel.waitFor();
    if (dropdownLabel(nav, "brands") === label) {
      // Brand tiles with logos, each linking to the brand's stock page.
      const tiles = panel.locator("[data-brand]");
      expect(await tiles.count()).toBe(nav.brands.length);
      for (const b of nav.brands) expect(await panel.locator(`[data-brand="${b.slug}"]`).getAttribute("href")).toBe(b.href);
    }

    await page.keyboard.press("Escape");
    await expect.poll(() => entry.getAttribute("aria-expanded")).toBe("false");

    // Keyboard: focus and Enter open it; a click outside closes it.
    await page.mouse.move(5, 700);
    await entry.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => entry.getAttribute("aria-expanded")).toBe("true");
    await page.mouse.click(5, 700);
    await expect.poll(() => entry.getAttribute("aria-expanded")).toBe("false");
    await page.close();
  });

  it(`${CLICK_SITE} (open_on click): hover opens nothing (clock run past any delay); click opens the models with chips; Escape closes; a model link navigates and closes`, async () => {
    // The page clock is per browser context: a browser of its own, so the suite's pages keep real time.
    const own = await launch({ popups: true });
    try {
      const page = await own.context.newPage();
      await page.clock.install();
      const nav = await visit(page, CLICK_SITE, "/");
      expect(nav.open_on).toBe("click");
      const vehicles = trigger(page, dropdownLabel(nav, "vehicles"));
      await vehicles.waitFor({ timeout: 15_000 });

      await vehicles.hover();
      await page.locator('nav[aria-label="Main"][data-fc-menu="ready"]').waitFor();
      await page.mouse.move(0, 0);
      await vehicles.hover();
      await page.clock.runFor(2_000);
      expect(await vehicles.getAttribute("aria-expanded")).toBe("false");

      await vehicles.click();
      await expect.poll(() => vehicles.getAttribute("aria-expanded")).toBe("true");
      const panel = page.locator('[data-panel="vehicles"]');
      await panel.waitFor();
      expect(await panel.locator("[data-model]").count()).toBe(nav.vehicles.length);
      const soon = nav.vehicles.filter((v) => v.status === "coming_soon");
      expect(await panel.getByText("Coming Soon", { exact: true }).count()).toBe(soon.length);
      for (const v of soon) expect(await panel.locator(`[data-model="${v.slug}"]`).textContent()).toContain("Coming Soon");

      // A body-type chip keeps the models of that body type only.
      const chip = panel.locator("fieldset").first().locator("[data-chip]").first();
      const value = (await chip.getAttribute("data-chip")) ?? "";
      await chip.click();
      expect(await chip.getAttribute("aria-pressed")).toBe("true");
      const want = nav.vehicles.filter((v) => v.bodies.some((b) => b.toLowerCase() === value)).length;
      expect(want).toBeLessThan(nav.vehicles.length);
      await expect.poll(() => panel.locator("[data-model]").count()).toBe(want);

      await page.keyboard.press("Escape");
      await expect.poll(() => vehicles.getAttribute("aria-expanded")).toBe("false");

      // Choosing a model navigates (client-side) and closes the menu.
      await vehicles.click();
      const first = nav.vehicles.find((v) => v.href.startsWith("/") && v.href !== "/");
      if (!first) throw new Error("no model with a site path in the Vehicles menu");
      await page.locator(`[data-panel="vehicles"] [data-model="${first.slug}"] a`).click();
      await page.waitForURL((u) => u.pathname === first.href);
      await expect.poll(() => vehicles.getAttribute("aria-expanded")).toBe("false");
    } finally {
      await own.close();
    }
  });

  it("the popup shows once, on the first interaction: closed, it is gone after a reload; its button dismisses it too; never on /sign-in", async () => {
    const { page } = await openPage(browser.context);
    const nav = await visit(page, HOVER_SITE, "/", true);
    const popup = nav.popup;
    if (!popup) throw new Error(`${HOVER_SITE} should have a popup`);
    const dialog = page.getByRole("dialog", { name: popup.title });
    // Not over the first paint: nothing of it loads before the visitor's first interaction.
    await trigger(page, dropdownLabel(nav)).waitFor({ timeout: 15_000 });
    await appReady(page);
    expect(await page.locator("html[data-fc-popup]").count()).toBe(0);
    expect(await page.getByRole("dialog").count()).toBe(0);
    await page.keyboard.press("Shift");
    await dialog.waitFor({ timeout: 15_000 });
    expect(await popupDecision(page)).toBe("shown");
    const box = await dialog.boundingBox();
    const viewport = page.viewportSize();
    expect(box?.width).toBeLessThanOrEqual(600);
    expect(box?.height).toBeLessThanOrEqual((viewport?.height ?? 0) * 0.8 + 1);
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await page.evaluate((k) => localStorage.getItem(k), popupStorageKey(popup.id))).not.toBeNull();

    await page.reload();
    await appReady(page);
    await page.keyboard.press("Shift");
    expect(await popupDecision(page)).toBe("none");
    expect(await page.getByRole("dialog").count()).toBe(0);

    if (popup.button) {
      await visit(page, HOVER_SITE, "/", true);
      await appReady(page);
      await page.mouse.wheel(0, 200);
      await dialog.getByRole("link", { name: popup.button.label }).click();
      await dialog.waitFor({ state: "hidden" });
      await page.goto(url(HOVER_SITE, "/"));
      await appReady(page);
      await page.keyboard.press("Shift");
      expect(await popupDecision(page)).toBe("none");
    }

    await visit(page, HOVER_SITE, "/sign-in", true);
    await appReady(page);
    await page.keyboard.press("Shift");
    expect(await popupDecision(page)).toBe("none");
    expect(await page.getByRole("dialog").count()).toBe(0);
    await page.close();
  });

  it("the popup is hidden after its expiry (a fresh browser whose clock is past expires_at)", async () => {
    const probe = await openPage(browser.context);
    const nav = await navigationOf(probe.page, HOVER_SITE);
    await probe.page.close();
    const expires = nav.popup?.expires_at;
    if (!nav.popup || !expires) throw new Error(`${HOVER_SITE}'s popup should have an expiry date`);
    const own = await launch({ popups: true });
    try {
      const page = await own.context.newPage();
      await page.clock.install({ time: Date.parse(expires) + 60_000 });
      await page.goto(url(HOVER_SITE, "/"));
      await appReady(page);
      await page.keyboard.press("Shift");
      expect(await popupDecision(page)).toBe("none");
      expect(await page.getByRole("dialog").count()).toBe(0);
    } finally {
      await own.close();
    }
  });

  // The drawer is not about the popup: a browser whose popups count as dismissed (as every other
  // suite's), so the popup, which loads on the first interaction (the Menu tap), cannot take that
  // tap or make the drawer inert. Two CI runs (515070a, a943448) timed out waiting for the drawer
  // in this file's popup-enabled browser; if it ever fails again, the message says what the popup
  // gate decided and which dialogs were open.
  it("below 960 px the Menu button opens the drawer with the entries as accordions; axe finds nothing serious", async () => {
    const own = await launch();
    try {
      const page = await own.context.newPage();
      await page.setViewportSize({ width: 390, height: 844 });
      const nav = await visit(page, HOVER_SITE, "/");
      const menu = mainNav(page).getByRole("button", { name: "Menu" });
      await menu.waitFor({ timeout: 15_000 });
      await menu.click();
      const drawer = page.getByRole("dialog", { name: "Menu" });
      await drawer.waitFor({ timeout: 15_000 }).catch(async (e: unknown) => {
        const popup = await page.getAttribute("html", "data-fc-popup");
        const dialogs = await page
          .locator('[role="dialog"]')
          .evaluateAll((ds) => ds.map((d) => d.getAttribute("aria-label") ?? d.id));
        throw new Error(
          `the drawer did not open: popup gate ${popup ?? "undecided"}, dialogs ${JSON.stringify(dialogs)} (${String(e)})`,
        );
      });
      const label = dropdownLabel(nav);
      const section = drawer.getByRole("button", { name: label });
      await section.click();
      await expect.poll(() => section.getAttribute("aria-expanded")).toBe("true");
      await drawer.locator("[data-panel]").first().waitFor();
      expect(await drawer.locator("[data-panel] a").count()).toBeGreaterThan(0);
      for (const e of headerEntries(nav, []).filter((x) => !dropdownOf(x, nav))) {
        expect(await drawer.getByRole("link", { name: e.label, exact: true }).first().getAttribute("href")).toBe(e.href);
      }
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await drawer.waitFor({ state: "hidden" });
    } finally {
      await own.close();
    }
  });

  it("the footer lists the navigation's columns; the home page has the popular car types and the price search", async () => {
    const { page } = await openPage(browser.context);
    const nav = await visit(page, HOVER_SITE, "/");
    const footer = page.locator('[data-fc-component="SiteFooter"]');
    await footer.waitFor({ timeout: 15_000 });
    for (const c of nav.footer.filter((x) => (x.links ?? []).length > 0)) {
      await footer.getByText(c.title, { exact: true }).first().waitFor();
      const first = c.links?.[0];
      if (first) expect(await footer.locator(`a[href="${first.href}"]`).count()).toBeGreaterThan(0);
    }

    const tiles = page.locator('[data-section="popular-car-types"] a');
    await tiles.first().waitFor();
    expect(await tiles.count()).toBe(Math.min(4, nav.popular_bodies.length));
    expect(await tiles.first().getAttribute("href")).toBe(nav.popular_bodies[0]?.href);

    const low = page.getByRole("slider", { name: "Minimum price" });
    await low.focus();
    await page.keyboard.press("ArrowRight");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(
      (u) => u.pathname === "/search/new-used-and-demo-cars" && u.searchParams.get("price") === "5500:250000",
    );
    await page.close();
  });

  it("axe finds nothing serious with the mega menu open", async () => {
    const { page } = await openPage(browser.context);
    const nav = await visit(page, CLICK_SITE, "/");
    const vehicles = trigger(page, dropdownLabel(nav));
    await vehicles.waitFor({ timeout: 15_000 });
    await vehicles.click();
    await expect.poll(() => vehicles.getAttribute("aria-expanded")).toBe("true");
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});
