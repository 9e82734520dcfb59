// The electric-model area (docs/features/platform.md "Marketing and content pages") in a real
// browser against the real host, on im-motors-au: the hero slider loops both ways and its Search
// Stock button leads to the model's stock search; /models/im6?tab=performance opens the Performance
// tab (arrow keys and clicks switch); an unknown family is a 404; the category carousel's arrows
// disable at its ends and its Swipe hint shows on phones only; the scrolling banner repeats its
// text 20 times (one copy exposed) and stands still under prefers-reduced-motion; axe finds no
// serious or critical violation on /models.
// Spec: docs/features/locations-forms-marketing.md §2 "Electric-model marketing area", §4, §9.
import { AxeBuilder } from "@axe-core/playwright";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launch, openPage } from "./browser";

const base = inject("base");
const skip = inject("skip");

const TENANT = "im-motors-au";
const url = (path: string) => `${base.replace("{tenant}", TENANT)}${path}`;

/** The title of the slide on show (the one not hidden). */
async function activeTitle(page: Page): Promise<string> {
  return (await page.locator(".fc-models-hero__slide[data-active] h2").textContent())?.trim() ?? "";
}

/** Opens /models and waits for the hero slider and the sections below it (rendered once its image has painted). */
async function openModels(context: BrowserContext, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const { page } = await openPage(context);
  await page.setViewportSize(viewport);
  await page.goto(url("/models"));
  await page.getByRole("region", { name: "Featured models" }).waitFor({ timeout: 20_000 });
  await page.locator('[data-section="cta-tiles"]').waitFor({ timeout: 20_000 });
  return page;
}

describe.skipIf(skip !== "")(`electric-model area (${inject("mode")})`, () => {
  let context: BrowserContext;
  let close: () => Promise<void>;
  let slides: string[];

  beforeAll(async () => {
    ({ context, close } = await launch());
    const { page } = await openPage(context);
    await page.goto(url("/"));
    const r = await page.evaluate(async () => {
      const res = await fetch("/api/v1/content/models");
      return { status: res.status, body: (await res.json()) as { slides: { title: string }[] } };
    });
    expect(r.status).toBe(200);
    slides = r.body.slides.map((s) => s.title);
    expect(slides.length).toBeGreaterThan(1);
    await page.close();
  });
  afterAll(async () => {
    await close?.();
  });

  it("the hero slider loops: previous from the first slide shows the last, next from the last shows the first", async () => {
    const page = await openModels(context);
    const hero = page.getByRole("region", { name: "Featured models" });
    const first = slides[0] as string;
    const last = slides[slides.length - 1] as string;
    expect(await activeTitle(page)).toBe(first);
    // The first slide's image is the page's largest: eager, high priority, sized by srcset.
    const img = page.locator(".fc-models-hero__slide[data-active] img");
    expect(await img.getAttribute("fetchpriority")).toBe("high");
    expect(await img.getAttribute("loading")).toBe("eager");
    expect(await img.getAttribute("srcset")).toMatch(/\?w=\d+ \d+w/);

    await hero.getByRole("button", { name: "Previous slide" }).click();
    await expect.poll(() => activeTitle(page)).toBe(last);
    await hero.getByRole("button", { name: "Next slide" }).click();
    await expect.poll(() => activeTitle(page)).toBe(first);
    for (let i = 1; i < slides.length; i++) {
      await hero.getByRole("button", { name: "Next slide" }).click();
      await expect.poll(() => activeTitle(page)).toBe(slides[i]);
    }
    await hero.getByRole("button", { name: "Next slide" }).click();
    await expect.poll(() => activeTitle(page)).toBe(first);
    // Dots go straight to a slide.
    await hero.getByRole("button", { name: `Go to slide ${slides.length}: ${last}` }).click();
    await expect.poll(() => activeTitle(page)).toBe(last);
    await page.close();
  });

  it("Search Stock on the im5 slide lands on the im5 stock search", async () => {
    const page = await openModels(context);
    const hero = page.getByRole("region", { name: "Featured models" });
    const at = slides.indexOf("IM5");
    expect(at).toBeGreaterThanOrEqual(0);
    await hero.getByRole("button", { name: `Go to slide ${at + 1}: IM5` }).click();
    await expect.poll(() => activeTitle(page)).toBe("IM5");
    await page.locator(".fc-models-hero__slide[data-active]").getByRole("link", { name: "Search Stock" }).click();
    await page.waitForURL((u) => u.pathname === "/search/new-used-and-demo-cars" && u.searchParams.get("model") === "IM5", {
      timeout: 15_000,
    });
    await page.locator('[data-page="search"]').first().waitFor({ timeout: 15_000 });
    await page.close();
  });

  it("/models/im6?tab=performance opens the Performance tab; clicks and arrow keys switch", async () => {
    const { page } = await openPage(context);
    await page.goto(url("/models/im6?tab=performance"));
    const perf = page.getByRole("tab", { name: "Performance" });
    await perf.waitFor({ timeout: 20_000 });
    await expect.poll(() => perf.getAttribute("aria-selected")).toBe("true");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    expect(await page.getByRole("heading", { level: 1 }).first().textContent()).toContain("IM6");

    const tabs = page.getByRole("tab");
    const names = (await tabs.allTextContents()).map((t) => t.trim());
    const other = names.find((n) => n !== "Performance") as string;
    await page.getByRole("tab", { name: other }).click();
    await expect.poll(() => page.getByRole("tab", { name: other }).getAttribute("aria-selected")).toBe("true");
    expect(await perf.getAttribute("aria-selected")).toBe("false");

    // Arrow keys move between tabs (Radix Tabs, automatic activation).
    const from = names.indexOf(other);
    const next = names[(from + 1) % names.length] as string;
    await page.getByRole("tab", { name: other }).focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => page.getByRole("tab", { name: next }).getAttribute("aria-selected")).toBe("true");

    // Without ?tab= the first tab is selected.
    await page.goto(url("/models/im6"));
    const firstTab = page.getByRole("tab").first();
    await firstTab.waitFor({ timeout: 20_000 });
    await expect.poll(() => firstTab.getAttribute("aria-selected")).toBe("true");
    await page.close();
  });

  it("/models/nope is a 404", async () => {
    const { page } = await openPage(context);
    const res = await page.goto(url("/models/nope"));
    expect(res?.status()).toBe(404);
    await page.getByRole("heading", { name: "Page not found" }).waitFor({ timeout: 20_000 });
    await page.close();
  });

  it("category carousel: previous disabled at the start, next disabled at the end; Swipe hint on phones only", async () => {
    const page = await openModels(context, { width: 412, height: 823 });
    const section = page.locator('[data-section="categories"]');
    await section.scrollIntoViewIfNeeded();
    const prev = section.getByRole("button", { name: /^Previous: / });
    const next = section.getByRole("button", { name: /^Next: / });
    expect(await section.getByText("Swipe").isVisible()).toBe(true);
    await expect.poll(() => prev.isDisabled()).toBe(true);
    await expect.poll(() => next.isDisabled()).toBe(false);
    const cards = await section.locator(".fc-models-cats__card").count();
    const track = section.locator(".fc-models-cats__track");
    // Each click starts a smooth scroll; the next decision waits until it has settled (two equal
    // readings of scrollLeft 150 ms apart), else quick clicks cut each other's scroll short.
    const settled = async () => {
      let last = Number.NaN;
      await expect
        .poll(
          async () => {
            const now = await track.evaluate((el) => el.scrollLeft);
            const same = now === last;
            last = now;
            return same;
          },
          { interval: 150 },
        )
        .toBe(true);
    };
    for (let i = 0; i < cards && !(await next.isDisabled()); i++) {
      await next.click();
      await expect.poll(() => prev.isDisabled()).toBe(false);
      await settled();
    }
    await expect.poll(() => next.isDisabled()).toBe(true);
    await prev.click();
    await expect.poll(() => next.isDisabled()).toBe(false);

    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(() => section.getByText("Swipe").isVisible()).toBe(false);
    await page.close();
  });

  it("scrolling banner: the text 20 times, one copy exposed, a link to its target; still under reduced motion", async () => {
    const page = await openModels(context);
    const link = page.locator(".fc-models-marquee__link");
    await link.waitFor();
    expect(await link.getAttribute("href")).toBe("/special-offers");
    const copies = link.locator(".fc-models-marquee__item");
    expect(await copies.count()).toBe(20);
    expect(await link.locator('.fc-models-marquee__item[aria-hidden="true"]').count()).toBe(19);
    const text = ((await copies.first().textContent()) ?? "").trim();
    expect(await page.getByRole("link", { name: text, exact: true }).count()).toBe(1);
    const animation = () => link.locator(".fc-models-marquee__track").evaluate((el) => getComputedStyle(el).animationName);
    expect(await animation()).not.toBe("none");
    await page.emulateMedia({ reducedMotion: "reduce" });
    await expect.poll(animation).toBe("none");
    await page.close();
  });

  for (const vp of [
    { name: "phone", width: 412, height: 823 },
    { name: "desktop", width: 1280, height: 900 },
  ]) {
    it(`axe: no serious or critical violations on /models (${vp.name})`, async () => {
      const page = await openModels(context, vp);
      for (const m of ["SiteHeader", "SiteFooter"]) {
        await page.locator(`[data-fc-component="${m}"]`).first().waitFor({ timeout: 15_000 });
      }
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      expect(serious).toEqual([]);
      await page.close();
    });
  }
});

it.runIf(skip !== "")("electric-model e2e skipped", () => {
  console.warn(skip);
});
