// Sign-in by SMS code, gated routes, the watchlist and the compare page (docs/features/platform.md
// "Sign-in and watchlist") in a real browser against the real host: a guest saves a car on a VDP,
// signs in with the code from the host's development SMS sink (admin API), lands back on the car
// with it saved (page and API); sign-out ends the session on the host even for a replayed cookie;
// an off-site redirect lands on `/`; per-site gates follow each tenant's `[sign_in] gated`; two
// cars side by side on /compare. Each test uses its own random mobile number (the host caps codes
// per phone).
// Spec: docs/features/locations-forms-marketing.md §2 "Gated routes", "Sign-in screen", §4, §7, §8;
// docs/features/shopper-core.md §4, §7, §8.
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { openPage } from "./browser";
import { api, suiteBrowser } from "./helpers";

const base = inject("base");
const skip = inject("skip");
const adminToken = inject("adminToken");

const url = (tenant: string, path: string) => `${base.replace("{tenant}", tenant)}${path}`;
/** A random mobile in 0400 000 000 - 0499 999 999 (not the fixtures' 04000004xx/5xx). */
const randomMobile = () => `04${String(Math.floor(10_000_000 + Math.random() * 89_999_999)).padStart(8, "0")}`;

interface Hit {
  id: number;
  slug: string;
  path: string;
  name: string;
  available: boolean;
  eligibility: { compare_favourite: boolean };
}

async function availableCars(page: Page, tenant: string): Promise<Hit[]> {
  await page.goto(url(tenant, "/"));
  const r = await api<{ hits?: Hit[] }>(page, "/api/v1/search?hitsPerPage=60");
  expect(r.status).toBe(200);
  return (r.body.hits ?? []).filter((h) => h.available);
}

/** The newest code texted to `phone` on the page's tenant (the host's development SMS sink). */
async function codeFor(page: Page, phone: string): Promise<string> {
  let code = "";
  await expect
    .poll(
      async () => {
        const r = await api<{ body: string }[]>(page, `/api/v1/admin/sms-outbox?phone=${phone}`, {
          headers: { authorization: `Bearer ${adminToken}` },
        });
        const m =
          r.status === 200 ? /^(\d{6}) is your .+ sign-in code\. It expires in 10 minutes\.$/.exec(r.body[0]?.body ?? "") : null;
        code = m?.[1] ?? "";
        return code;
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/** Fills the sign-in form on the current page: phone, Send Code, the texted code, Sign In. */
async function signIn(page: Page, phone: string): Promise<void> {
  await page.locator('[data-page="sign-in"]').waitFor({ timeout: 15_000 });
  await page.getByLabel("Mobile number").fill(phone);
  await page.getByRole("button", { name: "Send Code" }).click();
  await page.getByRole("button", { name: "Resend Code" }).waitFor();
  expect(await page.getByLabel("Verification code").isEnabled()).toBe(true);
  await page.getByLabel("Verification code").fill(await codeFor(page, phone));
  await page.getByRole("button", { name: "Sign In" }).click();
}

const pathOf = (page: Page) => {
  const u = new URL(page.url());
  return `${u.pathname}${u.search}`;
};

describe.skipIf(skip !== "" || adminToken === "")(`sign-in e2e (${inject("mode")})`, () => {
  const browser = suiteBrowser();

  // southern-cross-motor-group has no garage (favourites): its save toggle is the watchlist's.
  const WATCH_TENANT = "southern-cross-motor-group";

  it("a guest saves a car on a VDP, signs in by SMS code, lands back with it saved; sign-out ends the session on the host", async () => {
    const { page, log } = await openPage(browser.context);
    const car = (await availableCars(page, WATCH_TENANT))[0] as Hit;
    expect(car).toBeDefined();
    await page.goto(url(WATCH_TENANT, car.path));
    const save = page.locator('[data-fc-component="VdpSidebar"] [data-action="save"]');
    await save.waitFor({ timeout: 15_000 });
    expect(await save.textContent()).toContain("Save");
    await save.click();

    // Sent to sign-in with type=watchlist, redirect and back to the car.
    await page.waitForURL((u) => u.pathname === "/sign-in", { timeout: 15_000 });
    const q = new URL(page.url()).searchParams;
    expect(Object.fromEntries(q)).toEqual({ type: "watchlist", redirect: car.path, back: car.path });
    expect(await page.locator(".fc-signin__back").getAttribute("href")).toBe(car.path);

    // A wrong code first: the red alert under the code field, the spec's message.
    const phone = randomMobile();
    await page.getByLabel("Mobile number").fill(phone);
    await page.getByRole("button", { name: "Send Code" }).click();
    await page.getByRole("button", { name: "Resend Code" }).waitFor();
    const code = await codeFor(page, phone);
    await page.getByLabel("Verification code").fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect
      .poll(() => page.locator(".fc-signin__alert").textContent())
      .toBe("The verification code is invalid. Please try again.");
    await page.getByLabel("Verification code").fill(code);
    await page.getByRole("button", { name: "Sign In" }).click();

    // Back on the car, saved: toast, toggle, host.
    await page.waitForURL((u) => u.pathname === car.path, { timeout: 15_000 });
    const toast = page.locator(".fc-toast");
    await toast.waitFor({ timeout: 10_000 });
    expect(await toast.textContent()).toContain("Car Saved In Watchlist");
    expect(await toast.textContent()).toContain(`${car.name} is now available in your watchlist`);
    expect(await toast.locator("a", { hasText: "View List" }).getAttribute("href")).toBe("/watchlist");
    await expect.poll(() => save.getAttribute("aria-pressed")).toBe("true");
    const me = await api<{ user: { phone: string } }>(page, "/api/v1/auth/me");
    expect(me).toMatchObject({ status: 200, body: { user: { phone } } });
    const list = await api<{ cars: { car_id: number; slug: string }[] }>(page, "/api/v1/watchlist");
    expect(list.status).toBe(200);
    expect(list.body.cars.map((c) => c.slug)).toEqual([car.slug]);

    // The watchlist page lists it with its status and price.
    await page.goto(url(WATCH_TENANT, "/watchlist"));
    const item = page.locator(`[data-page="watchlist"] [data-car="${car.slug}"]`);
    await item.waitFor({ timeout: 15_000 });
    expect(await item.textContent()).toContain(car.name);
    expect(await item.locator("[data-price]").textContent()).not.toBe("");
    expect(await page.title()).toMatch(/^My Watchlist \| /);

    // Sign out: the host deletes the session; the old cookie replayed grants nothing.
    const cookie = (await browser.context.cookies(page.url())).find((c) => /forecourt_session$/.test(c.name));
    expect(cookie).toBeDefined();
    // The page's own Sign out (the header's account chip has one too).
    await page.locator("#main").getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((u) => u.pathname === "/", { timeout: 15_000 });
    expect((await api(page, "/api/v1/auth/me")).status).toBe(401);
    if (cookie) await browser.context.addCookies([cookie]);
    expect((await browser.context.cookies(page.url())).some((c) => c.name === cookie?.name && c.value === cookie?.value)).toBe(
      true,
    );
    expect((await api(page, "/api/v1/auth/me")).status).toBe(401);
    expect((await api(page, "/api/v1/watchlist")).status).toBe(401);
    // The watchlist page now sends to sign-in.
    await page.goto(url(WATCH_TENANT, "/watchlist"));
    await page.waitForURL((u) => u.pathname === "/sign-in" && u.searchParams.get("type") === "watchlist", { timeout: 15_000 });
    await browser.context.clearCookies();
    expect(log.errors.filter((e) => !/status of 40[13]/.test(e))).toEqual([]);
    await page.close();
  });

  it("an off-site redirect lands on / after signing in", async () => {
    const { page } = await openPage(browser.context);
    const tenant = "harbourside-mercedes";
    await page.goto(url(tenant, "/sign-in?type=checkout&redirect=https%3A%2F%2Fevil.example&back=%2F%2Fevil.example"));
    expect(await page.locator(".fc-signin__back").getAttribute("href")).toBe("/");
    await signIn(page, randomMobile());
    await page.waitForURL((u) => u.pathname === "/" && u.host === new URL(url(tenant, "/")).host, { timeout: 15_000 });
    expect(new URL(page.url()).hostname).not.toContain("evil.example");
    expect((await api(page, "/api/v1/auth/me")).status).toBe(200);
    await browser.context.clearCookies();
    await page.close();
  });

  it("gates per site: drive-depot sends a guest on finance and checkout to sign-in and back; harbourside-mercedes does not", async () => {
    const { page } = await openPage(browser.context);
    // drive-depot: [sign_in] gated = ["checkout", "finance"].
    const dd = (await availableCars(page, "drive-depot"))[0] as Hit;
    await page.goto(url("drive-depot", `${dd.path}/checkout`));
    await page.waitForURL((u) => u.pathname === "/sign-in", { timeout: 15_000 });
    expect(new URL(page.url()).searchParams.get("type")).toBe("checkout");
    expect(new URL(page.url()).searchParams.get("redirect")).toBe(`${dd.path}/checkout`);

    await page.goto(url("drive-depot", "/finance?car_id=x"));
    await page.waitForURL((u) => u.pathname === "/sign-in", { timeout: 15_000 });
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      type: "finance",
      redirect: "/finance?car_id=x",
      back: "/",
    });
    // Every finance page is in the finance group, the car's personalised finance included.
    await page.goto(url("drive-depot", "/personalised/finance?car_id=1"));
    await page.waitForURL((u) => u.pathname === "/sign-in", { timeout: 15_000 });
    expect(new URL(page.url()).searchParams.get("type")).toBe("car-finance");

    // Sign in, and come back to the gated page.
    await page.goto(url("drive-depot", "/finance?car_id=x"));
    await page.waitForURL((u) => u.pathname === "/sign-in", { timeout: 15_000 });
    await signIn(page, randomMobile());
    await page.waitForURL((u) => pathOf(page) === "/finance?car_id=x" && u.pathname === "/finance", { timeout: 15_000 });
    await page.locator('[data-route="finance"]').waitFor({ timeout: 15_000 });

    // harbourside-mercedes gates nothing per site: the same routes show to a guest.
    const hm = (await availableCars(page, "harbourside-mercedes"))[0] as Hit;
    for (const [path, route] of [
      ["/finance?car_id=x", "finance"],
      [`${hm.path}/checkout`, "car-checkout"],
    ] as const) {
      await page.goto(url("harbourside-mercedes", path));
      await page.locator(`[data-route="${route}"]`).waitFor({ timeout: 15_000 });
      expect(pathOf(page)).toBe(path);
    }
    // Sessions are per tenant: drive-depot's cookie grants nothing on harbourside-mercedes.
    expect((await api(page, "/api/v1/auth/me")).status).toBe(401);
    // Always gated everywhere.
    await page.goto(url("harbourside-mercedes", "/my-garage"));
    await page.waitForURL((u) => u.pathname === "/sign-in" && u.searchParams.get("type") === "my-garage", { timeout: 15_000 });
    await browser.context.clearCookies();
    await page.close();
  });

  it("the compare page shows two chosen cars side by side", async () => {
    const { page } = await openPage(browser.context);
    const tenant = "harbourside-mercedes";
    const two = (await availableCars(page, tenant)).filter((h) => h.eligibility.compare_favourite).slice(0, 2);
    expect(two).toHaveLength(2);
    const [a, b] = two as [Hit, Hit];
    await page.goto(url(tenant, `/compare?cars=${a.slug},${b.slug}`));
    const table = page.locator('[data-page="compare"] table');
    await table.waitFor({ timeout: 15_000 });
    expect(await table.getAttribute("data-cars")).toBe("2");
    const heads = table.locator("thead th");
    expect(await heads.evaluateAll((els) => els.map((e) => e.getAttribute("data-car")))).toEqual([a.slug, b.slug]);
    // Side by side: the two columns share a row.
    const [boxA, boxB] = await Promise.all([heads.nth(0).boundingBox(), heads.nth(1).boundingBox()]);
    expect(boxA && boxB && Math.abs(boxA.y - boxB.y) < 1 && boxB.x > boxA.x).toBe(true);
    for (const row of ["Price", "Year", "Odometer", "Body", "Engine", "Transmission", "Fuel", "Drive", "Seats", "Fuel economy"])
      expect(await table.locator(`tr[data-row="${row}"] td`).count()).toBe(2);
    const [carA] = await Promise.all([api<{ car: { year: number } }>(page, `/api/v1/cars/${a.slug}`)]);
    expect(await table.locator('tr[data-row="Year"] td').first().textContent()).toBe(String(carA.body.car.year));
    await page.close();
  });
});
