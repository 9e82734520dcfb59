// Accessibility in a real browser: axe-core (through @axe-core/playwright) on every demo tenant's
// home page and on a VDP, as the host serves them, with the template's components rendered, at a
// phone's and a desktop's width; and on the first paint alone (src/boot/firstPaint.ts: what shows
// before the app's JavaScript has run). No serious or critical violation is allowed.
import { AxeBuilder } from "@axe-core/playwright";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launch, openPage } from "./browser";

const base = inject("base");
const skip = inject("skip");

/** The pages Lighthouse measures (scripts/lighthouse.mjs): each demo tenant's home and one VDP. */
const PAGES = [
  { tenant: "harbourside-mercedes", template: "classic", path: "/", wait: "HomeHero" },
  { tenant: "southern-cross-motor-group", template: "group", path: "/", wait: "HomeHero" },
  { tenant: "drive-depot", template: "superstore", path: "/", wait: "HomeHero" },
  { tenant: "im-motors-au", template: "ev", path: "/", wait: "HomeHero" },
  { tenant: "harbourside-mercedes", template: "classic", path: "/cars/2021-mercedes-benz-glc-class-hm10570", wait: "VdpSidebar" },
] as const;

const VIEWPORTS = [
  { name: "phone", width: 412, height: 823 },
  { name: "desktop", width: 1280, height: 900 },
] as const;

const url = (slug: string, path: string) => `${base.replace("{tenant}", slug)}${path}`;

/** axe's serious and critical violations on the page, one line each (rule, impact, nodes). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n${v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.target.join(" ")}: ${n.failureSummary?.replace(/\s+/g, " ") ?? ""}`)
          .join("\n")}`,
    );
}

describe.skipIf(skip !== "")("accessibility (axe-core)", () => {
  let context: BrowserContext;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ context, close } = await launch());
  });
  afterAll(async () => {
    await close?.();
  });

  for (const p of PAGES) {
    for (const vp of VIEWPORTS) {
      it(`${p.tenant} ${p.path} (${vp.name}): no serious or critical violations`, async () => {
        const { page } = await openPage(context);
        await page.setViewportSize({ width: vp.width, height: vp.height });
        await page.goto(url(p.tenant, p.path));
        for (const m of [p.wait, "SiteHeader", "SiteFooter"]) {
          await page.locator(`[data-fc-component="${m}"][data-fc-template="${p.template}"]`).waitFor({ timeout: 15_000 });
        }
        expect(await seriousViolations(page)).toEqual([]);
        await page.close();
      });
    }

    it(`${p.tenant} ${p.path}: the first paint alone has no serious or critical violations`, async () => {
      const { page } = await openPage(context);
      await page.setViewportSize({ width: 412, height: 823 });
      // No module ever loads: what stays on screen is the start script's first paint.
      await page.route("**/*", (route) =>
        route.request().resourceType() === "script" && !/\/assets\/start-[\w-]+\.js$/.test(route.request().url())
          ? route.abort()
          : route.continue(),
      );
      await page.goto(url(p.tenant, p.path));
      await page.locator("[data-fc-first-paint]").waitFor({ timeout: 15_000 });
      expect(await seriousViolations(page)).toEqual([]);
      await page.close();
    });
  }
});

it.runIf(skip !== "")("accessibility e2e skipped", () => {
  console.warn(skip);
});
