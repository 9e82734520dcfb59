// Locations, opening hours, the dealer locator, maps and reviews (docs/features/platform.md
// "Locations, offers and navigation") in a real browser against the real host, on the demo dealer
// group (southern-cross-motor-group): the locator lists the locations nearest a postcode with
// ascending distances and refuses unknown and malformed postcodes; a location page's type select
// switches the hours (Mon-Fri collapsed for service); the map works with every tile unreachable
// (list, addresses and markers render, no uncaught errors); the reviews block shows the average and
// at most 12 reviews; axe on both pages.
// Spec: docs/features/locations-forms-marketing.md §2 "Location screens", "Reviews", §4, §5 postcode, §8, §9.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import type { Location, LocationsResponse, Navigation, ReviewsResponse } from "../src/api/types";
import { formatThousands } from "../src/lib/format";
import { popupStorageKey } from "../src/navigation/popup";
import { openPage } from "./browser";
import { api, seriousViolations, suiteBrowser } from "./helpers";

const base = inject("base");
const skip = inject("skip");

const TENANT = "southern-cross-motor-group";
const url = (path: string) => `${base.replace("{tenant}", TENANT)}${path}`;
const origin = () => new URL(url("/")).origin;

/** Aborts every request that leaves the tenant's host (map tiles included): there is no network here anyway. */
async function offline(page: Page): Promise<void> {
  const own = origin();
  await page.route(
    (u) => u.origin !== own,
    (route) => route.abort(),
  );
}

/**
 * A new page at `path` (in the suite's browser `context`) with no network beyond the tenant's host, and the site's popup (a modal
 * that makes the page behind it inert) already dismissed: the navigation's popup id is stored as
 * dismissed before the page itself loads.
 */
async function open(context: BrowserContext, path: string) {
  const opened = await openPage(context);
  await offline(opened.page);
  await opened.page.goto(url("/api/v1/navigation"));
  const nav = await api<Navigation>(opened.page, "/api/v1/navigation");
  const id = nav.status === 200 ? nav.body.popup?.id : undefined;
  if (id) await opened.page.evaluate((key) => localStorage.setItem(key, "1"), popupStorageKey(id));
  await opened.page.goto(url(path));
  return opened;
}

/** The distinct map places (latitude, longitude) of a list of locations: one marker each. */
const places = (locations: Location[]) =>
  new Set(
    locations.filter((l) => l.address.lat != null && l.address.long != null).map((l) => `${l.address.lat},${l.address.long}`),
  ).size;

describe.skipIf(skip !== "")(`locations, dealer locator, maps and reviews (${inject("mode")})`, () => {
  const browser = suiteBrowser();

  it("/dealer-locator: 4000 lists locations nearest first from Brisbane; 8888 and 40a are refused", async () => {
    const { page, log } = await open(browser.context, "/dealer-locator");
    const cards = page.locator('[data-page="dealer-locator"] [data-location]');
    await cards.first().waitFor({ timeout: 15_000 });
    const tenant = await api<{ locations: Location[] }>(page, "/api/v1/tenant");
    const visible = tenant.body.locations.filter((l) => l.visible);
    expect(await cards.count()).toBe(visible.length);

    // Tiles never load; the markers and the addresses do.
    const pins = page.locator("[data-map] .fc-map__pin");
    await expect.poll(() => pins.count(), { timeout: 15_000 }).toBe(places(visible));
    expect((await cards.first().locator("address").textContent())?.length).toBeGreaterThan(0);

    // A malformed postcode is refused on the page; no request goes out.
    const postcode = page.getByLabel("Postcode");
    await postcode.fill("40a");
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByText("Invalid postcode. Please enter a 4-digit number.").waitFor();

    await postcode.fill("4000");
    const answered = page.waitForResponse((r) => r.url().includes("/api/v1/locations?postcode=4000"));
    await page.getByRole("button", { name: "Search" }).click();
    const body = (await (await answered).json()) as LocationsResponse;
    expect(body.origin?.postcode).toBe("4000");
    await expect.poll(() => page.locator("[data-locator-status]").textContent()).toContain("nearest to 4000");
    const distances = (
      await page.locator("[data-distance-km]").evaluateAll((els) => els.map((e) => e.getAttribute("data-distance-km")))
    ).map(Number);
    expect(distances.length).toBe(body.locations.length);
    expect(distances.length).toBeGreaterThan(1);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    expect(distances[0]).toBeLessThan(30);
    const first = cards.first();
    expect(await first.locator("address").textContent()).toContain("QLD");
    expect(await first.locator(".fc-location-card__distance").textContent()).toMatch(/^\d[\d,]*\.\d km$/);
    // The searched place gets its own marker.
    await page.locator("[data-map] .fc-map__origin").waitFor();

    // The type filter narrows the list.
    await page.getByRole("radio", { name: "Service" }).click();
    await expect
      .poll(() => cards.evaluateAll((els) => els.map((e) => e.getAttribute("data-type"))))
      .toEqual(body.locations.filter((e) => e.location.location_type === "service").map(() => "service"));
    await page.getByRole("radio", { name: "All" }).click();

    // An unknown 4-digit postcode (8888; 9999 is North Pole, VIC): the host's 400 reads 'Invalid postcode'.
    await postcode.fill("8888");
    await page.getByRole("button", { name: "Search" }).click();
    await expect.poll(() => page.locator(".fc-field__error").textContent()).toBe("Invalid postcode");

    expect(log.errors.filter((e) => e.startsWith("pageerror"))).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it("/our-location: the type select switches the hours; service collapses Mon-Fri; holiday hours in am/pm", async () => {
    const { page, log } = await open(browser.context, "/our-location/southern-cross-toyota-sales");
    const panel = page.locator(".fc-location-panel");
    await panel.waitFor({ timeout: 15_000 });
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toContain("Southern Cross Toyota Buranda");
    const days = () => panel.locator("[data-hours] th").allTextContents();
    const hours = () => panel.locator("[data-hours] td").allTextContents();
    const select = page.getByLabel("Location type");
    expect(await select.inputValue()).toBe("sales");
    // Sales stays open late on Thursday: one line a day.
    expect(await days()).toEqual(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
    const sales = await hours();
    await select.selectOption("service");
    await expect.poll(days).toEqual(["Mon-Fri", "Sat", "Sun"]);
    expect(await hours()).not.toEqual(sales);
    expect((await hours())[0]).toBe("7:30 am - 5:30 pm");
    expect(await panel.locator(".fc-location-panel__shown").textContent()).toBe("Southern Cross Toyota Buranda Service");
    await select.selectOption("parts");
    await expect.poll(days).toEqual(["Mon-Fri", "Sat", "Sun"]);
    expect((await hours())[0]).toBe("8:00 am - 5:00 pm");

    // Holiday hours still to come read like 'Sat 26 Dec: 10:00 am - 2:00 pm'.
    const holidays = await panel.locator("[data-holiday-hours] li").allTextContents();
    for (const h of holidays)
      expect(h).toMatch(
        /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) \d{1,2} [A-Z][a-z]{2}: (Closed|Open|\d{1,2}:\d{2} [ap]m - \d{1,2}:\d{2} [ap]m)$/,
      );

    // The map with unreachable tiles: one marker, the address as text, no uncaught errors.
    await page.locator("[data-map] .fc-map__pin").waitFor({ timeout: 15_000 });
    expect(await page.locator("[data-map] .fc-map__pin").count()).toBe(1);
    expect(await panel.locator("address").textContent()).toContain("Gabba Way");
    expect(log.errors.filter((e) => e.startsWith("pageerror"))).toEqual([]);
    await page.close();
  });

  it("the reviews block shows the average as sent, the count and at most 12 reviews; axe passes", async () => {
    const { page, log } = await open(browser.context, "/our-location/southern-cross-toyota-service");
    const block = page.locator("#reviews");
    await block.waitFor({ timeout: 15_000 });
    const expected = await api<ReviewsResponse>(page, "/api/v1/reviews?location=southern-cross-toyota-service");
    expect(expected.status).toBe(200);
    await expect.poll(() => block.getAttribute("aria-busy"), { timeout: 15_000 }).toBe("false");
    const summary = block.locator("[data-reviews-summary]");
    expect(await summary.locator(".fc-reviews__average").textContent()).toBe(expected.body.average_rating);
    expect(await summary.getByRole("img").getAttribute("aria-label")).toBe(`Rated ${expected.body.average_rating} out of 5`);
    expect(await summary.textContent()).toContain(`${formatThousands(expected.body.count)} review`);
    const shown = await block.locator("[data-review]").count();
    expect(shown).toBe(Math.min(12, expected.body.reviews.length));
    expect(shown).toBeLessThanOrEqual(12);
    // The rating summary's link goes to the block.
    const link = page.locator("[data-rating-summary] a[href='#reviews']");
    if ((await link.count()) > 0) {
      await link.click();
      await expect.poll(() => page.evaluate(() => window.location.hash)).toBe("#reviews");
    }
    expect(log.errors.filter((e) => e.startsWith("pageerror"))).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it("/locations/{dealership slug} shows the dealership's primary location; an unknown slug is a 404", async () => {
    const { page } = await open(browser.context, "/locations/southern-cross-toyota");
    await page.locator('[data-page="location"]').waitFor({ timeout: 15_000 });
    expect(await page.locator(".fc-location-panel").getAttribute("data-location")).toBe("southern-cross-toyota-sales");
    await page.goto(url("/our-location/no-such-location"));
    await page.getByRole("heading", { level: 1, name: "Page not found" }).waitFor({ timeout: 15_000 });
    await page.close();
  });
});
