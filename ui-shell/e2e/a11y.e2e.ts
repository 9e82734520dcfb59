// Accessibility of the first paint alone (src/boot/firstPaint.ts: what shows before the app's
// JavaScript has run), in a real browser with axe-core (through @axe-core/playwright), on every
// demo tenant's home page and on a VDP. No serious or critical violation is allowed.
//
// The rendered pages (the template's components, at 390 and 1366 px, on every demo tenant and
// every page kind) are axe-checked by the layout guard, e2e/layout.e2e.ts, and scored by
// Lighthouse's accessibility category (scripts/lighthouse.mjs); they are not checked again here.
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launch, openPage } from "./browser";
import { seriousViolations } from "./helpers";

const base = inject("base");
const skip = inject("skip");

/** The pages Lighthouse measures (scripts/lighthouse.mjs): each demo tenant's home and one VDP. */
const PAGES = [
  { tenant: "harbourside-mercedes", path: "/" },
  { tenant: "southern-cross-motor-group", path: "/" },
  { tenant: "drive-depot", path: "/" },
  { tenant: "im-motors-au", path: "/" },
  { tenant: "harbourside-mercedes", path: "/cars/2021-mercedes-benz-glc-class-hm10570" },
] as const;

const url = (slug: string, path: string) => `${base.replace("{tenant}", slug)}${path}`;

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
