// The drive-away estimate (issue 26 item 1, the shopper's side) in Debian's Chromium against the
// real host, on harbourside-mercedes's used cars (advertised "Excl. Gov. Charges"), at a phone's
// width (390 px) and a desktop's (1366 px): the SRP card's "≈ $… drive-away in NSW" line is the
// host's figure for the hit; the VDP's "Drive-away breakdown" panel shows the host's estimate for
// the car's state, asks the host again for VIC (state select) and for postcode 4000 (QLD) and
// shows each answer's total; a postcode that is not 4 digits gets an inline error naming the
// field and no request. Nothing overflows the viewport; no serious axe violation in the panel.
// Screenshots of the card and the panel go to test-results/ for a person to look at.
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { formatMoney } from "../src/lib/format";
import type { DriveAway, DriveAwaySummary } from "../src/vdp/driveAway";
import { openPage } from "./browser";
import { api, seriousViolations, suiteBrowser } from "./helpers";

const base = inject("base");
const skip = inject("skip");
const TENANT = "harbourside-mercedes";
const url = (path: string) => `${base.replace("{tenant}", TENANT)}${path}`;

interface Hit {
  slug: string;
  path: string;
  price_view: { kind: string };
  drive_away: DriveAwaySummary | null;
}

const WIDTHS = [390, 1366] as const;

/** The page's horizontal overflow: document width beyond the viewport's, px (0 when none). */
const overflow = (page: Page) => page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));

/** The drive-away requests the page has made (GET /api/v1/cars/{slug}/drive-away). */
function driveAwayRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/drive-away?")) seen.push(r.url());
  });
  return seen;
}

describe.skipIf(Boolean(skip))("drive-away estimate (harbourside-mercedes used cars)", () => {
  const browser = suiteBrowser();

  for (const width of WIDTHS) {
    it(`SRP card line and VDP breakdown at ${width} px`, async () => {
      const { page, log } = await openPage(browser.context);
      await page.setViewportSize({ width, height: 900 });

      // SRP: the search page the document inlined (what its cards are built from) says which
      // cards get a line, and with what.
      await page.goto(url("/search/used-cars"));
      const inline = await page.locator("#__FORECOURT_DATA__").textContent();
      const hits = (JSON.parse(inline ?? "{}") as { page?: { hits?: Hit[] } }).page?.hits ?? [];
      const excl = hits.filter(
        (h) => h.drive_away && h.drive_away.basis === "excl_gov_charges" && h.price_view.kind === "car_price",
      );
      expect(excl.length, "used cars priced excluding government charges on the page").toBeGreaterThan(0);
      const hit = excl[0] as Hit;
      const summary = hit.drive_away as DriveAwaySummary;
      const card = page.locator(`article[data-fc-component="SearchCard"]:has(a[href="${hit.path}"])`).first();
      const line = card.locator("[data-drive-away-line]");
      await line.waitFor({ timeout: 15_000 });
      const expected = `≈ ${formatMoney(summary.total)} drive-away in ${summary.state}`;
      expect(await line.textContent()).toBe(summary.complete ? expected : `${expected} (est., excl. some on-road costs)`);
      // A drive-away-priced hit on the page gets no line.
      for (const h of hits.filter((x) => x.drive_away?.basis === "drive_away").slice(0, 3))
        expect(await page.locator(`article:has(a[href="${h.path}"]) [data-drive-away-line]`).count()).toBe(0);
      const cardBox = await card.boundingBox();
      expect(cardBox && cardBox.x >= 0 && cardBox.x + cardBox.width <= width).toBe(true);
      expect(await overflow(page), `SRP overflow at ${width}px`).toBe(0);
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: `test-results/drive-away-card-${width}.png` });

      // VDP: the panel shows the host's estimate for the car's own state.
      const own = await api<{ drive_away: DriveAway | null }>(page, `/api/v1/cars/${hit.slug}`);
      expect(own.status).toBe(200);
      const initial = own.body.drive_away as DriveAway;
      expect(initial.state).toBe(summary.state);
      expect(initial.total).toBe(summary.total);
      // The host's answers for VIC and for postcode 4000 (Brisbane, QLD), asked before the page's
      // own requests are counted.
      const vic = await api<DriveAway>(page, `/api/v1/cars/${hit.slug}/drive-away?state=VIC`);
      expect(vic.status).toBe(200);
      const qld = await api<DriveAway>(page, `/api/v1/cars/${hit.slug}/drive-away?postcode=4000`);
      expect(qld.status).toBe(200);
      expect(qld.body.state).toBe("QLD");
      const asked = driveAwayRequests(page);
      await page.goto(url(hit.path));
      // The app's sidebar, not the host's first paint of it (which has no drive-away panel).
      await page.locator('[data-fc-component="VdpSidebar"]').waitFor({ timeout: 15_000 });
      await page.locator(".fc-vdp__side").evaluate((el) => el.scrollIntoView({ block: "end" }));
      const panel = page.locator('[data-section="drive-away"]');
      await panel.waitFor({ timeout: 15_000 });
      await panel.scrollIntoViewIfNeeded();
      const total = panel.locator("[data-drive-away-total]");
      expect(await total.textContent()).toBe(formatMoney(initial.total));
      expect(await panel.getByText(initial.label, { exact: true }).count()).toBe(1);
      expect(await panel.locator("[data-kind]").count()).toBe(initial.components.length);
      for (const c of initial.components)
        expect(await panel.locator(`[data-kind="${c.kind}"]`).textContent()).toContain(formatMoney(c.amount));
      expect(await panel.getByText(initial.disclaimer).count()).toBe(1);
      expect(asked).toEqual([]);

      // VIC: one request, the host's VIC total.
      await panel.locator('select[name="state"]').selectOption("VIC");
      await page.locator('[data-section="drive-away"][data-drive-away-state="VIC"]').waitFor();
      expect(await total.textContent()).toBe(formatMoney(vic.body.total));
      expect(vic.body.total).not.toBe(initial.total);
      expect(asked).toHaveLength(1);
      expect(asked[0]).toContain("state=VIC");

      // A postcode that is not 4 digits: the inline error names the field; no request.
      const postcode = panel.locator('input[name="postcode"]');
      await postcode.fill("40a");
      await panel.getByRole("button", { name: "Update" }).click();
      expect(await panel.getByRole("alert").textContent()).toMatch(/Postcode/);
      expect(await postcode.getAttribute("aria-invalid")).toBe("true");
      expect(asked).toHaveLength(1);

      // Postcode 4000 (Brisbane): the host maps it to QLD.
      await postcode.fill("4000");
      await panel.getByRole("button", { name: "Update" }).click();
      await page.locator('[data-section="drive-away"][data-drive-away-state="QLD"]').waitFor();
      expect(await total.textContent()).toBe(formatMoney(qld.body.total));
      expect(qld.body.total).not.toBe(vic.body.total);
      expect(await panel.locator('select[name="state"]').inputValue()).toBe("QLD");
      expect(asked).toHaveLength(2);
      expect(asked[1]).toContain("postcode=4000");

      const box = await panel.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
      expect(await overflow(page), `VDP overflow at ${width}px`).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      expect(log.errors.filter((e) => !/favicon/.test(e))).toEqual([]);
      await panel.screenshot({ path: `test-results/drive-away-panel-${width}.png` });
      await page.screenshot({ path: `test-results/drive-away-vdp-${width}.png`, fullPage: true });
      await page.close();
    }, 90_000);
  }
});
