// The lender's partner integrations end to end, in a real browser against the real host: the
// tenant's `lender-standard` plugin (a WASM component, WIT `forecourt:platform@0.2.0`) asks a
// stub lender on 127.0.0.1 over the outbound HTTP its tenant grants, with the credential header
// the host adds from the environment (the plugin never sees the token). The host here runs on a
// copy of tenants/ whose harbourside-mercedes grants the stub's origin and sets the plugin's
// quote, application and rego URLs; the suite's default host (demo tenants, no lender reachable)
// is not used. Proved:
// - VDP quote: a car without a stored quote asks `POST /api/v1/finance/quote {car}`; the answer is
//   the stub's figures, decided by `lender-standard@...`, with the sidebar widget shown; the
//   teaser shows the weekly figure; the stub got exactly the spec's body and `Bearer` token.
// - Finance application: the VDP popup's Apply Now stores the lead, the stub gets
//   `POST /customers` with the form's idempotency key and the spec's body (`data`, and the lead
//   with its `lead_id` as `additionalData`), and the browser is sent to its `redirectUrl`.
// - Rego lookup: "Find My Car" on the trade-in page fills Vehicle Make, Model and Year from the
//   stub's answer; a plate the stub does not know (404) shows the spec's message.
// - At 390 px and 1366 px: the VDP with the teaser and the trade-in page after the lookup have no
//   horizontal overflow (screenshots in test-results/partner-*.png).
// Spec: docs/features/shopper-core.md §7 (quote; rego lookup); docs/features/locations-forms-marketing.md
// §7-§8 (create customer, redirect, messages); docs/features/platform.md "Leads";
// plugins/README.md "Capabilities".
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type Running, startHost } from "../scripts/serve.mjs";
import type { CarResponse } from "../src/api/types";
import { formatMoney } from "../src/lib/format";
import type { QuoteAnswer } from "../src/vdp/tools/api";
import { openPage } from "./browser";
import { adminLeads, api, freshPage, scrollThrough, suiteBrowser } from "./helpers";

const skip = inject("skip");

const TENANT = "harbourside-mercedes";
const TOKEN = "e2e-lender-token";
/** The stub lender's answers. */
const QUOTE = { weeklyRepaymentAmount: 99.5, advertisedRate: 6.66, comparisonRate: 7.77 };
const REDIRECT = "https://lender.example/journey/e2e";
const VEHICLE = { make: "Mazda", model: "CX-5", year: 2019 };
/** The plate the stub does not know (404). */
const UNKNOWN = "NOPE1";
const NOT_FOUND = "We couldn't find that registration. Please enter your vehicle's details.";
const WIDTHS = [390, 1366] as const;

/** A request the stub lender received. */
interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/**
 * The stub lender on 127.0.0.1 (a free port): `POST /quote` answers {@link QUOTE}, `POST
 * /customers` `{redirectUrl}`, `POST /lookup` {@link VEHICLE} (404 for {@link UNKNOWN}); anything
 * else 404. Every request is recorded in `received`.
 */
async function startLender(): Promise<{ origin: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (d) => {
      raw += d;
    });
    req.on("end", () => {
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        // kept as text
      }
      const path = req.url ?? "";
      received.push({ method: req.method ?? "", path, headers: req.headers, body });
      const send = (status: number, answer: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(answer));
      };
      if (req.method !== "POST") return send(405, {});
      if (path === "/quote") return send(200, QUOTE);
      if (path === "/customers") return send(200, { redirectUrl: REDIRECT });
      if (path === "/lookup")
        return (body as { rego?: string } | null)?.rego === UNKNOWN ? send(404, { error: "not found" }) : send(200, VEHICLE);
      send(404, {});
    });
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

/**
 * A copy of the repository's tenants/ in a temp dir where harbourside-mercedes's lender-standard
 * has the stub's quote, application and rego URLs and may reach its origin, with the
 * `Authorization: Bearer` credential read from HARBOURSIDE_MERCEDES__LENDER_TOKEN. Returns the copy's path.
 */
function tenantsFor(origin: string): string {
  const dir = mkdtempSync(join(tmpdir(), "forecourt-partner-tenants-"));
  cpSync(resolve(import.meta.dirname, "../../tenants"), dir, { recursive: true });
  const file = join(dir, TENANT, "tenant.toml");
  const toml = readFileSync(file, "utf8");
  const header = 'name = "lender-standard"\n[plugins.config]\n';
  const grant = "allowed_outbound_hosts = []";
  if (toml.split(header).length !== 2 || toml.split(grant).length !== 2)
    throw new Error(`${file}: expected one lender-standard [plugins.config] and one ${grant}`);
  const edited = toml
    .replace(
      header,
      `${header}quote_url = "${origin}/quote"\napplication_url = "${origin}/customers"\nrego_url = "${origin}/lookup"\n`,
    )
    .replace(
      grant,
      `allowed_outbound_hosts = ["${origin}"]\n` +
        "[[plugins.capabilities.http.credentials]]\n" +
        `origin = "${origin}"\nheader = "Authorization"\nvalue_env = "HARBOURSIDE_MERCEDES__LENDER_TOKEN"\nprefix = "Bearer "\n`,
    );
  writeFileSync(file, edited);
  return dir;
}

/** The page's horizontal overflow: document width beyond the viewport's, px (0 when none). */
const overflow = (page: Page) => page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));

/**
 * Scrolls the first element matching `selector` to the middle of the viewport and checks it lies
 * within the viewport's width and is not covered there (what is drawn at its centre is the element
 * or inside it: no sticky bar or other part on top of it). Takes the page, the selector and the
 * viewport's width.
 */
async function shownWhole(page: Page, selector: string, width: number): Promise<void> {
  const el = page.locator(selector).first();
  await el.evaluate((e) => e.scrollIntoView({ block: "center" }));
  await page.waitForTimeout(200);
  const box = await el.boundingBox();
  expect(box, selector).not.toBeNull();
  if (!box) return;
  expect(box.x, `${selector} left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${selector} right edge`).toBeLessThanOrEqual(width);
  const top = await el.evaluate((e) => {
    const r = e.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit === null || e.contains(hit) ? "" : `${hit.tagName.toLowerCase()}.${hit.className}`;
  });
  expect(top, `${selector} is covered by`).toBe("");
}

const contact = { name: "Ada", last_name: "Lovelace", email: "ada@example.com", phone: "0412 345 678", postcode: "4000" };

describe.skipIf(skip !== "")(
  "partner integrations through lender-standard (host on a copy of tenants/ with a stub lender)",
  () => {
    const browser = suiteBrowser();
    let lender: Awaited<ReturnType<typeof startLender>>;
    let host: Running & { adminToken: string };
    let tenants = "";
    /** The car of the VDP tests: available, priced, recent, no stored quote. */
    let car: CarResponse["car"];
    let carPath = "";
    const url = (path: string) => `${host.url.replace("127.0.0.1", `${TENANT}.localhost`)}${path}`;
    /** The stub's requests to `path`. */
    const to = (path: string) => lender.received.filter((r) => r.path === path);

    beforeAll(async () => {
      lender = await startLender();
      tenants = tenantsFor(lender.origin);
      // The stub lender listens on 127.0.0.1: a private address the operator must allow.
      host = await startHost({
        env: {
          FORECOURT_TENANTS_DIR: tenants,
          FORECOURT_OUTBOUND_PRIVATE_NETWORKS: "true",
          HARBOURSIDE_MERCEDES__LENDER_TOKEN: TOKEN,
        },
      });
      const { page } = await openPage(browser.context);
      await page.goto(url("/"));
      const hits = (await api<{ hits?: { slug: string; available: boolean }[] }>(page, "/api/v1/search?hitsPerPage=60")).body
        .hits;
      // harbourside's widget rule: price from $500, at most 12 years old, and a comparison rate.
      const recent = new Date().getFullYear() - 10;
      for (const h of (hits ?? []).filter((x) => x.available)) {
        const r = await api<CarResponse>(page, `/api/v1/cars/${h.slug}`);
        if (r.status === 200 && !r.body.car.youxQuote && r.body.car.price >= 1000 && r.body.car.year >= recent) {
          car = r.body.car;
          carPath = r.body.path;
          break;
        }
      }
      await page.close();
      if (!carPath) throw new Error(`no available, priced, recent car without a stored quote on ${TENANT}`);
    });

    afterAll(async () => {
      await host?.close();
      await lender?.close();
      if (tenants) rmSync(tenants, { recursive: true, force: true });
    });

    it("VDP quote: the stub's figures through lender-standard, the teaser, the spec's body and the Bearer token", async () => {
      const { page } = await openPage(browser.context);
      lender.received.length = 0;
      const quote = page.waitForResponse((r) => r.url().endsWith("/api/v1/finance/quote"), { timeout: 15_000 });
      await page.goto(url(carPath));
      const res = await quote;
      expect(res.request().postDataJSON()).toMatchObject({ car: car.slug });
      expect(res.status()).toBe(200);
      const q = (await res.json()) as QuoteAnswer;
      expect(q).toMatchObject({ ...QUOTE, loanTerm: 5, purchasePrice: car.price, show_widget: true, stored: true });
      expect(q.decided_by).toMatch(/^lender-standard@/);
      await expect
        .poll(() => page.locator("[data-finance-teaser]").first().textContent(), { timeout: 10_000 })
        .toContain(`${formatMoney(QUOTE.weeklyRepaymentAmount)}/wk`);

      const asked = to("/quote");
      expect(asked).toHaveLength(1);
      const [one] = asked as [Received];
      expect(one.method).toBe("POST");
      expect(one.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(one.headers["content-type"]).toContain("application/json");
      const code = (v: string | null | undefined) => (v?.trim() ? v.trim().toUpperCase() : null);
      expect(one.body).toEqual({
        selfAssessedCreditScore: "GREAT",
        purchasePrice: car.price,
        loanTerm: 5,
        year: car.year,
        vin: code(car.vin),
        nvic: code(car.nvic),
        whoIsHelping: null,
      });
      await page.close();
    });

    it("finance application: Apply Now creates the customer at the stub and sends the browser to its redirectUrl", async () => {
      const page = await freshPage(browser.context, url("/"), url(`${carPath}#finance-application`));
      await page.route("https://lender.example/**", (r) =>
        r.fulfill({ status: 200, contentType: "text/html", body: "<title>Lender</title>ok" }),
      );
      const dialog = page.getByRole("dialog");
      await dialog.locator('form[data-form="finance"]').waitFor({ timeout: 15_000 });
      // The popup's quick quote is the stub's figure too (the same lender, no car).
      await expect
        .poll(() => dialog.locator(".fc-lead-quote strong").textContent(), { timeout: 10_000 })
        .toBe(`${formatMoney(Math.round(QUOTE.weeklyRepaymentAmount))}/wk`);
      const price = Number((await dialog.locator('[name="purchase_price"]').inputValue()).replace(/,/g, ""));
      await dialog.getByRole("button", { name: "Next" }).click();
      for (const [k, v] of Object.entries(contact)) await dialog.locator(`[name="${k}"]`).fill(v);
      lender.received.length = 0;
      const posted = page.waitForRequest((r) => r.url().endsWith("/api/v1/leads") && r.method() === "POST");
      const answered = page.waitForResponse((r) => r.url().endsWith("/api/v1/leads"));
      await dialog.getByRole("button", { name: "Apply Now" }).click();
      const sent = (await posted).postDataJSON() as { idempotency_key: string; form: string };
      expect((await answered).status()).toBeLessThan(300);
      await page.waitForURL(REDIRECT, { timeout: 15_000 });
      expect(page.url()).toBe(REDIRECT);
      expect(await page.title()).toBe("Lender");

      const customers = to("/customers");
      expect(customers).toHaveLength(1);
      const [c] = customers as [Received];
      expect(c.method).toBe("POST");
      expect(c.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(c.headers["idempotency-key"]).toBe(sent.idempotency_key);
      const body = c.body as { data: Record<string, unknown>; additionalData: Record<string, unknown> };
      expect(body.data).toEqual({
        nvic: car.nvic?.trim() ? car.nvic : null,
        vin: car.vin?.trim() ? car.vin : null,
        selfAssessedCreditScore: "GREAT",
        purchasePrice: price,
        year: car.year,
        loanTerm: 5,
        phoneNumber: "0412345678",
        firstName: "Ada",
        lastName: "Lovelace",
        email: "ada@example.com",
        subscribe: false,
        postCode: "4000",
      });
      // The lead as stored, with its id: the newest finance lead of the tenant.
      await page.goto(url("/"));
      const [lead] = await adminLeads(page, host.adminToken);
      expect(lead?.form).toBe("finance");
      expect(body.additionalData).toMatchObject({
        lead_id: lead?.lead_id,
        name: "Ada",
        last_name: "Lovelace",
        email: "ada@example.com",
        purchase_price: price,
        loan_term: 5,
        credit_score: "GREAT",
      });
      await page.close();
    });

    it("rego lookup: Find My Car fills make, model and year from the stub; an unknown plate shows the spec's message", async () => {
      const page = await freshPage(browser.context, url("/"), url("/trade-in"));
      await page.waitForSelector('form[data-form="trade_in"]');
      lender.received.length = 0;
      await page.fill('[name="rego"]', "abc 123");
      await page.selectOption('[name="regoState"]', "QLD");
      await page.getByRole("button", { name: "Find My Car" }).click();
      await expect.poll(() => page.inputValue('[name="Vehicle Make"]'), { timeout: 10_000 }).toBe(VEHICLE.make);
      expect(await page.inputValue('[name="Vehicle Model"]')).toBe(VEHICLE.model);
      expect(await page.inputValue('[name="Vehicle Year"]')).toBe(String(VEHICLE.year));
      expect(await page.locator(".fc-rego-lookup__message").textContent()).toBe("Found: 2019 Mazda CX-5");
      const [found] = to("/lookup") as [Received];
      expect(to("/lookup")).toHaveLength(1);
      expect(found.method).toBe("POST");
      expect(found.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(found.body).toEqual({ rego: "ABC123", state: "QLD" });

      await page.fill('[name="rego"]', UNKNOWN);
      await page.getByRole("button", { name: "Find My Car" }).click();
      await page.getByText(NOT_FOUND).waitFor({ timeout: 10_000 });
      expect(to("/lookup").at(-1)?.body).toEqual({ rego: UNKNOWN, state: "QLD" });
      // Manual entry stays: the fields keep what was there and can be edited.
      await page.fill('[name="Vehicle Make"]', "Toyota");
      expect(await page.inputValue('[name="Vehicle Make"]')).toBe("Toyota");
      await page.close();
    });

    for (const width of WIDTHS) {
      it(`at ${width} px: the VDP with the teaser and the trade-in page after the lookup fit the width`, async () => {
        const { page, log } = await openPage(browser.context);
        await page.setViewportSize({ width, height: 900 });
        // The car's quote is stored now: the teaser shows from the car itself.
        await page.goto(url(carPath));
        const teaser = page.locator('[data-finance-teaser=""]').first();
        await teaser.waitFor({ timeout: 15_000 });
        expect(await teaser.textContent()).toContain(`${formatMoney(QUOTE.weeklyRepaymentAmount)}/wk`);
        await scrollThrough(page);
        await shownWhole(page, '[data-finance-teaser=""]', width);
        expect(await overflow(page)).toBe(0);
        await page.screenshot({ path: `test-results/partner-vdp-${width}.png` });

        await page.goto(url("/trade-in"));
        await page.waitForSelector('form[data-form="trade_in"]');
        await page.fill('[name="rego"]', "ABC123");
        await page.selectOption('[name="regoState"]', "NSW");
        await page.getByRole("button", { name: "Find My Car" }).click();
        await expect.poll(() => page.inputValue('[name="Vehicle Model"]'), { timeout: 10_000 }).toBe(VEHICLE.model);
        for (const s of ['[name="Vehicle Year"]', '[name="Vehicle Make"]', ".fc-rego-lookup__message", ".fc-rego-lookup"])
          await shownWhole(page, s, width);
        expect(await overflow(page)).toBe(0);
        await page.screenshot({ path: `test-results/partner-trade-in-${width}.png` });
        expect(log.errors.filter((e) => !e.includes("favicon"))).toEqual([]);
        await page.close();
      });
    }
  },
);
