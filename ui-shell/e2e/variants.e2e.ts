// The model compare screen (/models/compare, docs/features/platform.md
// "Marketing and content pages") in a real browser against the real host, on im-motors-au: the
// defaults (im5-performance left, im5-premium right) with both names and their Dimensions and
// Performance rows; a side's model change resets its colour to the first; never more than 6
// swatches per side, for every variant on both sides; a variant whose colours have no image shows
// its family's hero (chosen from tenants/im-motors-au/content/colours.json at test time); the
// address carries the choice; axe finds no serious or critical violation.
// Spec: docs/features/locations-forms-marketing.md §2 "Compare screen", §3 Model variant and Colour, §4, §9.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { imageAt } from "../src/lib/images";
import { coloursFor, MAX_SWATCHES } from "../src/variants/colours";
import { DIMENSION_ROWS, PERFORMANCE_ROWS } from "../src/variants/compare";
import type { Colour, ModelsContent, ModelVariant } from "../src/variants/types";
import { openPage } from "./browser";
import { seriousViolations, suiteBrowser } from "./helpers";

const base = inject("base");
const apiBase = inject("apiBase");
const skip = inject("skip");

const TENANT = "im-motors-au";
const CONTENT_DIR = resolve(import.meta.dirname, "../../tenants", TENANT, "content");
const url = (path: string, b = base) => `${b.replace("{tenant}", TENANT)}${path}`;

/** The tenant's static compare data, read from its content folder at test time. */
const readJson = <T>(file: string): T => JSON.parse(readFileSync(resolve(CONTENT_DIR, file), "utf8")) as T;

type SideName = "left" | "right";

/** One panel of the screen. */
const panel = (page: Page, side: SideName): Locator => page.locator(`.fc-variants__panel[data-side="${side}"]`);
const select = (page: Page, side: SideName): Locator => page.getByLabel(side === "left" ? "Left model" : "Right model");
const swatches = (page: Page, side: SideName): Locator => panel(page, side).locator(".fc-variants__swatch");
const pressedNames = (page: Page, side: SideName) =>
  panel(page, side)
    .locator('.fc-variants__swatch[aria-pressed="true"]')
    .evaluateAll((els) => els.map((e) => e.textContent ?? ""));
const colourName = (page: Page, side: SideName) => panel(page, side).locator("[data-colour-name]").textContent();

/** Opens the compare screen and waits for both panels. */
async function open(page: Page, path = "/models/compare", b = base): Promise<void> {
  await page.goto(url(path, b));
  await panel(page, "left").waitFor({ timeout: 20_000 });
  await panel(page, "right").waitFor({ timeout: 20_000 });
}

/** The tenant's ModelsContent as the host serves it (for the families' hero images). */
async function modelsContent(page: Page): Promise<ModelsContent> {
  return page.evaluate(async () => {
    const r = await fetch("/api/v1/content/models");
    if (!r.ok) throw new Error(`GET /api/v1/content/models: ${r.status}`);
    return (await r.json()) as ModelsContent;
  });
}

/** The texts of a spec table's column headers and of its rows (label, left, right). */
async function table(page: Page, name: "Dimensions" | "Performance") {
  const t = page.getByRole("table", { name });
  const heads = await t.locator("thead th").allTextContents();
  const rows = await t
    .locator("tbody tr")
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("th, td")].map((c) => c.textContent?.trim() ?? "")));
  return { heads, rows };
}

/** The rows a pair of variants should show, from the content file. */
function expectedRows(left: ModelVariant, right: ModelVariant) {
  return {
    Dimensions: DIMENSION_ROWS.map((r) => [r.label, left.dimensions[r.key], right.dimensions[r.key]]),
    Performance: PERFORMANCE_ROWS.map((r) => [r.label, left.performance[r.key], right.performance[r.key]]),
  };
}

/** Waits for an image to be loaded and decoded with a size (the host served a real picture). */
async function loaded(img: Locator): Promise<void> {
  await expect
    .poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0), {
      timeout: 15_000,
    })
    .toBe(true);
}

describe.skipIf(skip !== "")(`model compare screen e2e (${inject("mode")})`, () => {
  const browser = suiteBrowser();
  const variants = readJson<ModelVariant[]>("model_variants.json");
  const colours = readJson<Colour[]>("colours.json");
  const variant = (id: string) => {
    const v = variants.find((x) => x.id === id);
    if (!v) throw new Error(`no variant ${id} in model_variants.json`);
    return v;
  };

  it("shows the defaults: IM5 Performance left, IM5 Premium right, with their names and rows", async () => {
    const { page, log } = await openPage(browser.context);
    await open(page);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Compare");
    expect(await page.getByText("Find your perfect IM").count()).toBe(1);
    expect(await select(page, "left").inputValue()).toBe("im5-performance");
    expect(await select(page, "right").inputValue()).toBe("im5-premium");
    const left = variant("im5-performance");
    const right = variant("im5-premium");
    expect(await panel(page, "left").getByRole("heading", { level: 2 }).textContent()).toBe(left.name);
    expect(await panel(page, "right").getByRole("heading", { level: 2 }).textContent()).toBe(right.name);
    // The dropdown lists all six variants by name.
    expect(await select(page, "left").locator("option").allTextContents()).toEqual(variants.map((v) => v.name));
    const want = expectedRows(left, right);
    for (const name of ["Dimensions", "Performance"] as const) {
      const t = await table(page, name);
      expect(t.heads).toEqual([left.name, right.name]);
      expect(t.rows).toEqual(want[name]);
    }
    // Features: each side's list, split into halves of ceil(n/2) and the rest.
    const half = (side: SideName, n: number) =>
      page.locator(`[data-section="features"] [data-side="${side}"] [data-half="${n}"] li`).allTextContents();
    const firstHalf = await half("left", 1);
    const secondHalf = await half("left", 2);
    expect(firstHalf.length).toBe(Math.ceil(left.features.length / 2));
    expect([...firstHalf, ...secondHalf]).toEqual(left.features.map((f) => `${f.name}: ${f.value}`));
    // Search Stock and Learn More.
    expect(await panel(page, "left").getByRole("link", { name: "Search Stock" }).getAttribute("href")).toBe(
      // The family's own Search Stock link in the tenant's models content: a model refinement.
      "/search/new-used-and-demo-cars?model=IM5",
    );
    expect(
      await panel(page, "left")
        .getByRole("link", { name: /^Learn More/ })
        .getAttribute("href"),
    ).toBe(`/models/${left.baseId}`);
    expect(log.errors).toEqual([]);
    await page.close();
  });

  it("changing a side's model resets its colour to the first, and the address carries the choice", async () => {
    const { page } = await openPage(browser.context);
    await open(page);
    const side: SideName = "left";
    const before = coloursFor(colours, variant("im5-performance"));
    const second = before[1];
    expect(second, "im5-performance has at least two colours").toBeDefined();
    if (!second) return;
    expect(await pressedNames(page, side)).toEqual([before[0]?.name]);
    await panel(page, side).getByRole("button", { name: second.name, exact: true }).click();
    await expect.poll(() => pressedNames(page, side)).toEqual([second.name]);
    expect(await colourName(page, side)).toBe(second.name);

    const target = variants.find((v) => v.id !== "im5-performance" && coloursFor(colours, v).length > 0);
    if (!target) throw new Error("no other variant with colours");
    await select(page, side).selectOption(target.id);
    await expect.poll(() => panel(page, side).getAttribute("data-variant")).toBe(target.id);
    const first = coloursFor(colours, target)[0];
    await expect.poll(() => pressedNames(page, side)).toEqual([first?.name]);
    expect(await colourName(page, side)).toBe(first?.name);
    expect(await panel(page, side).getByRole("heading", { level: 2 }).textContent()).toBe(target.name);
    // The other side is untouched, and the address names both.
    expect(await select(page, "right").inputValue()).toBe("im5-premium");
    await expect.poll(() => new URL(page.url()).search).toBe(`?left=${target.id}&right=im5-premium`);
    const t = await table(page, "Performance");
    expect(t.heads).toEqual([target.name, variant("im5-premium").name]);

    // A shared address opens with its variants; an unknown id falls back to the default.
    await open(page, `/models/compare?left=${encodeURIComponent(target.id)}&right=no-such-variant`);
    expect(await select(page, "left").inputValue()).toBe(target.id);
    expect(await select(page, "right").inputValue()).toBe("im5-premium");
    await page.close();
  });

  it("never shows more than 6 swatches on either side, for every variant", async () => {
    const { page } = await openPage(browser.context);
    await open(page);
    for (const v of variants) {
      const expected = coloursFor(colours, v);
      for (const side of ["left", "right"] as const) {
        await select(page, side).selectOption(v.id);
        await expect.poll(() => panel(page, side).getAttribute("data-variant")).toBe(v.id);
        const count = await swatches(page, side).count();
        expect(count, `${v.id} on the ${side}`).toBeLessThanOrEqual(MAX_SWATCHES);
        expect(count, `${v.id} on the ${side}`).toBe(expected.length);
        expect(await swatches(page, side).allTextContents()).toEqual(expected.map((c) => c.name));
      }
    }
    await page.close();
  });

  it("a variant whose colours have no image shows its family's hero; one with images shows the colour's", async () => {
    const { page } = await openPage(browser.context);
    await open(page);
    const content = await modelsContent(page);
    const noImages = variants.find((v) => {
      const list = coloursFor(colours, v);
      return list.length > 0 && list.every((c) => !c.image_url);
    });
    expect(noImages, "colours.json has a variant whose colours have no image").toBeDefined();
    if (!noImages) return;
    const family = noImages.name.trim().toLowerCase().startsWith("im6") ? "im6" : "im5";
    const hero = content.families.find((f) => f.baseId === family)?.heroImageUrl;
    expect(hero, `the ${family} family has a hero image`).toBeTruthy();
    if (!hero) return;

    await select(page, "left").selectOption(noImages.id);
    const img = panel(page, "left").locator(".fc-variants__image img");
    await expect.poll(() => img.getAttribute("data-image-source")).toBe("hero");
    expect(await img.getAttribute("src")).toBe(imageAt(hero, 640));
    await loaded(img);
    // Another colour of the same variant still shows the hero.
    const other = coloursFor(colours, noImages)[1];
    if (other) {
      await panel(page, "left").getByRole("button", { name: other.name, exact: true }).click();
      await expect.poll(() => pressedNames(page, "left")).toEqual([other.name]);
      expect(await img.getAttribute("src")).toBe(imageAt(hero, 640));
    }

    const withImages = variants.find((v) => coloursFor(colours, v).some((c) => c.image_url));
    if (withImages) {
      const list = coloursFor(colours, withImages);
      const pick = list.find((c) => c.image_url) as Colour;
      await select(page, "right").selectOption(withImages.id);
      await panel(page, "right").getByRole("button", { name: pick.name, exact: true }).click();
      const right = panel(page, "right").locator(".fc-variants__image img");
      await expect.poll(() => right.getAttribute("src")).toBe(imageAt(pick.image_url as string, 640));
      expect(await right.getAttribute("data-image-source")).toBe("colour");
      await loaded(right);
    }
    await page.close();
  });

  it.skipIf(apiBase === "")("works without inline data (the API boot path)", async () => {
    const { page } = await openPage(browser.context);
    await open(page, "/models/compare?left=im6-platinum", apiBase);
    expect(await select(page, "left").inputValue()).toBe("im6-platinum");
    expect(await select(page, "right").inputValue()).toBe("im5-premium");
    await page.close();
  });

  for (const vp of [
    { name: "phone", width: 412, height: 823 },
    { name: "desktop", width: 1280, height: 900 },
  ] as const) {
    it(`has no serious or critical axe violation (${vp.name})`, async () => {
      const { page } = await openPage(browser.context);
      await page.setViewportSize({ width: vp.width, height: vp.height });
      await open(page);
      await page.locator('[data-fc-component="SiteFooter"]').first().waitFor({ timeout: 15_000 });
      await loaded(panel(page, "left").locator(".fc-variants__image img"));
      await page.screenshot({ path: `test-results/models-compare-${vp.name}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      if (vp.name === "phone") {
        // Stacked panels: the right one is below the left.
        const l = await panel(page, "left").boundingBox();
        const r = await panel(page, "right").boundingBox();
        expect(r && l ? r.y >= l.y + l.height : false).toBe(true);
      }
      await page.close();
    });
  }
});
