// The host's first paint (ARCHITECTURE.md "HTML documents and SEO", host/src/http/web/paint/) in
// Chromium on every demo tenant, one SRP and one VDP each, at 390 and 1366 px, in one browser:
// - with JavaScript disabled, each card's price and buttons and the filter groups are visible on
//   the SRP, and the sidebar's price and primary buttons on the VDP; nothing overflows sideways;
// - with JavaScript enabled, the same page shows no layout shift (the 'layout-shift' entries sum to
//   0 once the template's components have replaced the first paint) and the same text for those
//   elements (prices, price labels, button labels), whatever the template's markup.
// Screenshots of every state go to test-results/no-js/ for a person to look at.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CHROMIUM, CHROMIUM_ARGS } from "./browser";

const base = inject("base");
const skip = inject("skip");

const TENANTS = [
  { slug: "harbourside-mercedes", template: "classic" },
  { slug: "southern-cross-motor-group", template: "group" },
  { slug: "drive-depot", template: "superstore" },
  { slug: "im-motors-au", template: "ev" },
] as const;
const WIDTHS = [390, 1366] as const;
const SRP = "/search/new-used-and-demo-cars";
const SHOTS = join(import.meta.dirname, "../test-results/no-js");

const url = (slug: string, path: string) => `${base.replace("{tenant}", slug)}${path}`;

/** What a shopper reads on a card or sidebar: the price, its label (`Drive Away`...), the button labels. */
interface Facts {
  price: string;
  type: string;
  buttons: string[];
}

/** Cards of the no-JS SRP: facts plus whether price and every button are visible. */
async function noJsCards(page: Page): Promise<(Facts & { visible: boolean })[]> {
  return page.evaluate(() => {
    const seen = (e: Element | null) => {
      if (!e) return false;
      const r = e.getBoundingClientRect();
      const s = getComputedStyle(e);
      return r.width > 0 && r.height > 0 && s.visibility !== "hidden" && s.display !== "none";
    };
    return [...document.querySelectorAll("[data-fc-first-paint] .fc-srp-grid .fc-card")].map((c) => {
      const buttons = [...c.querySelectorAll(".fc-card__actions a")];
      const p = c.querySelector("[data-fc-price]");
      return {
        price: p?.querySelector("strong")?.textContent?.trim() ?? "",
        type: p?.querySelector('[class$="price__type"]')?.textContent?.trim() ?? "",
        buttons: buttons.map((b) => b.textContent?.trim() ?? ""),
        visible: seen(p?.querySelector("strong") ?? null) && buttons.length > 0 && buttons.every(seen),
      };
    });
  });
}

/** Facts of the hydrated SRP's cards (the template's `SearchCard`), in order; buttons are all its links' words. */
async function jsCards(page: Page): Promise<Facts[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.fc-srp-grid [data-fc-component="SearchCard"]')].map((c) => {
      const p = c.querySelector("[data-fc-price]");
      return {
        price: p?.querySelector("strong")?.textContent?.trim() ?? "",
        type: p?.querySelector('[class$="price__type"]')?.textContent?.trim() ?? "",
        buttons: [...c.querySelectorAll("a")].map((b) => b.textContent?.trim() ?? ""),
      };
    }),
  );
}

/**
 * The sidebar's facts (the first paint's `.fc-sidebar` or the template's `VdpSidebar`): price,
 * price label, the words of every visible link and button, the primary button's words, and
 * whether price and primary button are visible.
 */
async function sidebarFacts(page: Page, selector: string): Promise<Facts & { primary: string; visible: boolean }> {
  return page.evaluate((sel) => {
    const side = document.querySelector(sel);
    const p = side?.querySelector("[data-fc-price]");
    const strong = p?.querySelector("strong") ?? null;
    const primary = side?.querySelector(".fc-sidebar__actions .fc-button--primary") ?? null;
    const shown = (e: Element | null) => e !== null && e.getBoundingClientRect().height > 0;
    return {
      price: strong?.textContent?.trim() ?? "",
      type: p?.querySelector('[class$="price__type"]')?.textContent?.trim() ?? "",
      buttons: [...(side?.querySelectorAll("a, button") ?? [])]
        .filter(shown)
        .map((b) => b.textContent?.trim() ?? "")
        .filter(Boolean),
      primary: primary?.textContent?.trim() ?? "",
      visible: shown(strong) && shown(primary),
    };
  }, selector);
}

/** Whether the page is wider than the viewport (content overflowing sideways). */
const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

describe.skipIf(skip !== "")("first paint without JavaScript", () => {
  let browser: Browser;
  const contexts: Record<string, BrowserContext> = {};

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    // One browser, four contexts: scripting on and off, at each width (Playwright gives each a fresh profile).
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    for (const width of WIDTHS) {
      const viewport = { width, height: width < 600 ? 844 : 900 };
      contexts[`off-${width}`] = await browser.newContext({ javaScriptEnabled: false, viewport });
      const on = await browser.newContext({ viewport });
      await on.addInitScript(() => {
        const w = window as unknown as { __cls: number; __shifts: string[] };
        w.__cls = 0;
        w.__shifts = [];
        new PerformanceObserver((list) => {
          type Shift = PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
          };
          for (const e of list.getEntries() as Shift[]) {
            if (e.hadRecentInput) continue;
            w.__cls += e.value;
            const paint = document.querySelector("[data-fc-first-paint]") !== null;
            for (const s of e.sources) {
              const el = s.node instanceof Element ? s.node : s.node?.parentElement;
              w.__shifts.push(
                `${Math.round(e.startTime)}ms ${e.value.toFixed(3)} ${paint ? "paint" : "app"} ${el?.tagName}.${el?.className} ` +
                  `${Math.round(s.previousRect.y)}->${Math.round(s.currentRect.y)} h${Math.round(s.previousRect.height)}->${Math.round(s.currentRect.height)}`,
              );
            }
          }
        }).observe({ type: "layout-shift", buffered: true });
        // Site popups count as dismissed (e2e/browser.ts).
        const getItem = Storage.prototype.getItem;
        Storage.prototype.getItem = function (this: Storage, key: string) {
          return key.startsWith("fc-popup-dismissed:") ? (getItem.call(this, key) ?? "0") : getItem.call(this, key);
        };
      });
      contexts[`on-${width}`] = on;
    }
  });
  afterAll(async () => {
    await browser?.close();
  });
  const context = (key: string): BrowserContext => {
    const c = contexts[key];
    if (!c) throw new Error(`no browser context ${key}`);
    return c;
  };

  /** Waits until the template's components replaced the first paint, then until layout settles. */
  async function hydrated(page: Page, module: string, template: string): Promise<{ cls: number; shifts: string[] }> {
    await page.locator(`[data-fc-component="${module}"][data-fc-template="${template}"]`).first().waitFor({ timeout: 20_000 });
    await page.waitForFunction(() => document.querySelector("[data-fc-first-paint]") === null, null, { timeout: 20_000 });
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(300);
    return page.evaluate(() => {
      const w = window as unknown as { __cls: number; __shifts: string[] };
      return { cls: w.__cls, shifts: w.__shifts };
    });
  }

  for (const t of TENANTS) {
    for (const width of WIDTHS) {
      it(`${t.slug} at ${width} px: SRP and VDP readable without JavaScript, unchanged by hydration`, async () => {
        // Without JavaScript: the SRP.
        const off = await context(`off-${width}`).newPage();
        await off.goto(url(t.slug, SRP));
        const cards = await noJsCards(off);
        expect(cards.length, "cards in the document").toBeGreaterThan(0);
        for (const [i, c] of cards.entries()) {
          expect(c.visible, `card ${i}: price and buttons visible ${JSON.stringify(c)}`).toBe(true);
          expect(c.price, `card ${i}`).not.toBe("");
          expect(c.buttons.length, `card ${i}`).toBeGreaterThan(0);
        }
        const groups = await off.locator(".fc-srp-filters .fc-disclosure__summary").allTextContents();
        expect(groups).toEqual(expect.arrayContaining(["Condition", "Make", "Price"]));
        await expect.poll(() => off.locator(".fc-srp-filters .fc-disclosure__summary").first().isVisible()).toBe(true);
        expect(await off.locator(".fc-srp-refinements .fc-check__label").first().isVisible()).toBe(true);
        expect(await off.locator(".fc-srp__count").textContent()).toMatch(/^\d[\d,]* \w+ found$/);
        expect(await overflows(off), "SRP overflows sideways").toBe(false);
        await off.screenshot({ path: join(SHOTS, `${t.slug}-srp-${width}-nojs.png`) });
        // An available car's VDP.
        const vdpPath = await off.evaluate(() => {
          const card = [...document.querySelectorAll(".fc-srp-grid .fc-card")].find((c) =>
            [...c.querySelectorAll(".fc-card__actions a")].some((a) => a.textContent === "View Details"),
          );
          return card?.querySelector(".fc-card__title a")?.getAttribute("href") ?? null;
        });
        expect(vdpPath, "an available car on the SRP").not.toBeNull();
        await off.goto(url(t.slug, vdpPath as string));
        const side = await sidebarFacts(off, "[data-fc-first-paint] .fc-sidebar");
        expect(side.visible, JSON.stringify(side)).toBe(true);
        expect(side.price).not.toBe("");
        expect(side.primary).not.toBe("");
        expect(await off.locator("[data-fc-first-paint] .fc-sidebar__actions a").count()).toBeGreaterThan(2);
        expect(await overflows(off), "VDP overflows sideways").toBe(false);
        await off.screenshot({ path: join(SHOTS, `${t.slug}-vdp-${width}-nojs.png`) });
        await off.close();

        // With JavaScript: no shift, the same words.
        const on = await context(`on-${width}`).newPage();
        await on.goto(url(t.slug, SRP));
        const srpShift = await hydrated(on, "SearchCard", t.template);
        expect.soft(srpShift.cls, `SRP layout shift: ${srpShift.shifts.join("; ")}`).toBe(0);
        const after = await jsCards(on);
        // The shell renders the first cells at once and the rest in a transition: compare those it shows.
        const n = Math.min(cards.length, after.length, 6);
        expect(n).toBeGreaterThan(0);
        for (let i = 0; i < n; i++) {
          const before = cards[i] as Facts;
          const now = after[i] as Facts;
          expect(now.price, `card ${i} price`).toBe(before.price);
          expect(now.type, `card ${i} price label`).toBe(before.type);
          for (const b of before.buttons) expect(now.buttons, `card ${i} buttons`).toContain(b);
        }
        expect(await overflows(on), "hydrated SRP overflows sideways").toBe(false);
        await on.screenshot({ path: join(SHOTS, `${t.slug}-srp-${width}-js.png`) });
        await on.goto(url(t.slug, vdpPath as string));
        const vdpShift = await hydrated(on, "VdpSidebar", t.template);
        expect.soft(vdpShift.cls, `VDP layout shift: ${vdpShift.shifts.join("; ")}`).toBe(0);
        const sideAfter = await sidebarFacts(on, '[data-fc-component="VdpSidebar"]');
        expect(sideAfter.price).toBe(side.price);
        expect(sideAfter.type).toBe(side.type);
        // The primary button's words stay (templates may move the tools into a menu).
        expect(sideAfter.buttons).toContain(side.primary);
        expect(await overflows(on), "hydrated VDP overflows sideways").toBe(false);
        await on.screenshot({ path: join(SHOTS, `${t.slug}-vdp-${width}-js.png`) });
        await on.close();
      });
    }
  }
});

it.runIf(skip !== "")("no-js e2e skipped", () => {
  console.log(`skipped: ${skip}`);
});
