// What only the proxied run can show (e2e/proxied-setup.ts: nginx with docs/deploy/nginx.conf,
// TLS and HTTP/2, in front of two hosts on one PostgreSQL database): that the browser's requests
// went through nginx and were spread over both hosts; that a sign-in through one host holds on the
// next request the other serves; that the session cookie is Secure and HSTS is sent; that the
// hosts record the visitor's address from X-Forwarded-For (127.0.0.1, the browser's) and neither
// the proxy's (127.0.0.2) nor one a visitor sends itself; that a lead taken by one host is seen
// by the other. The sign-in and lead suites run through the same proxy in this run too.
// Spec: docs/operations.md "Behind nginx"; docs/features/platform.md "Foundation" (the edge behind a proxy).
import { request } from "node:http";
import { describe, expect, inject, it } from "vitest";
import { openPage } from "./browser";
import { adminLeads, api, suiteBrowser } from "./helpers";
import { type AccessEntry, httpsGet, psql, readAccessLog } from "./proxied-stack";

const base = inject("base");
const skip = inject("skip");
const adminToken = inject("adminToken");
const proxied = inject("proxied");

const TENANT = "harbourside-mercedes";
const url = (tenant: string, path: string) => `${base.replace("{tenant}", tenant)}${path}`;
const hostName = (tenant: string) => new URL(url(tenant, "/")).hostname;
/** A random mobile in 0400 000 000 - 0499 999 999. */
const randomMobile = () => `04${String(Math.floor(10_000_000 + Math.random() * 89_999_999)).padStart(8, "0")}`;
/** The host's HSTS (host/src/http/server.rs `HSTS`). */
const HSTS = "max-age=31536000; includeSubDomains";

const accessCount = () => readAccessLog(proxied.accessLog).length;

/**
 * The access log's entries after the first `from`, once `done` holds for them: nginx writes a
 * line just after the answer, so a test reading the log right away may be a little early. Polls
 * every 20 ms, at most 100 times; then returns what is there (the test's checks tell what lacks).
 */
async function accessSince(from: number, done: (entries: AccessEntry[]) => boolean): Promise<AccessEntry[]> {
  let entries: AccessEntry[] = [];
  for (let i = 0; i < 100; i++) {
    entries = readAccessLog(proxied.accessLog).slice(from);
    if (done(entries)) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return entries;
}

/** The client addresses the hosts stored with the sign-in codes sent to `phone` (all tenants). */
const codeClients = (phone: string) =>
  psql(proxied.databaseUrl, `SELECT client FROM verification_codes WHERE phone = '${phone}' ORDER BY client`)
    .split("\n")
    .filter((l) => l !== "");

/**
 * Repeats `call` (at most 8 times) until the access log shows requests it made (those `isCall`
 * matches) served by both hosts: round robin sends consecutive requests to alternate hosts, but
 * the page may send others in between. Returns the log entries of its requests, in order.
 */
async function overBothHosts(isCall: (e: AccessEntry) => boolean, call: () => Promise<void>): Promise<AccessEntry[]> {
  const from = accessCount();
  let served: AccessEntry[] = [];
  for (let i = 1; i <= 8 && new Set(served.map((e) => e.upstream)).size < proxied.upstreams.length; i++) {
    await call();
    served = (await accessSince(from, (es) => es.filter(isCall).length >= i)).filter(isCall);
  }
  return served;
}

/**
 * Sends `body` (JSON, when given) with `method` to `path` over plain http at `upstream`
 * (`address:port`: a host itself, or nginx's http port), from the local address `from`, with
 * `headers` (Host included); resolves to the answer.
 */
function direct(
  upstream: string,
  from: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const [host, port] = upstream.split(":") as [string, string];
  return new Promise((ok, fail) => {
    const req = request(
      { host, port: Number(port), localAddress: from, method, path, headers: { "content-type": "application/json", ...headers } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d) => {
          text += d;
        });
        res.on("end", () => ok({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on("error", fail);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/**
 * The sign-in codes the hosts' development SMS sinks hold for `phone` on `tenant`, asked of each
 * host directly (each sink is its process's memory): `[upstream, code]` for each host with one.
 */
async function codesByHost(tenant: string, phone: string): Promise<[string, string][]> {
  const found: [string, string][] = [];
  for (const upstream of proxied.upstreams) {
    const r = await direct(upstream, "127.0.0.1", "GET", `/api/v1/admin/sms-outbox?phone=${phone}`, {
      host: hostName(tenant),
      authorization: `Bearer ${adminToken}`,
    });
    expect(r.status).toBe(200);
    const code = /^(\d{6}) is your /.exec((JSON.parse(r.body) as { body: string }[])[0]?.body ?? "")?.[1];
    if (code) found.push([upstream, code]);
  }
  return found;
}

describe.skipIf(skip !== "")(`through the proxy (${inject("mode")})`, () => {
  const browser = suiteBrowser();

  it("TLS and HTTP/2 at nginx; HSTS and the host's headers on its answers; plain http redirects; /metrics stays private", async () => {
    const { page } = await openPage(browser.context);
    const res = await page.goto(url(TENANT, "/"));
    expect(res?.status()).toBe(200);
    expect(res?.headers()["strict-transport-security"]).toBe(HSTS);
    expect(res?.headers()["x-content-type-options"]).toBe("nosniff");
    const protocol = await page.evaluate(
      () => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).nextHopProtocol,
    );
    expect(protocol).toBe("h2");
    // The certificate verifies against the generated CA for every tenant's name (chromium only
    // pins its key); the API answer carries HSTS too.
    for (const tenant of [TENANT, "drive-depot"]) {
      const r = await httpsGet(proxied.httpsPort, hostName(tenant), "/api/v1/tenant", proxied.caPem, {
        accept: "application/json",
      });
      expect(r.status).toBe(200);
      expect(r.headers["strict-transport-security"]).toBe(HSTS);
      // The host kept the request id nginx sent it and logged (the access log's request_id).
      const id = r.headers["x-request-id"];
      const logged = await accessSince(0, (es) => es.some((e) => e.requestId === id));
      expect(proxied.upstreams).toContain(logged.find((e) => e.requestId === id)?.upstream);
    }
    // /metrics answers on a host (with the admin token) but not through the proxy.
    const metrics = await httpsGet(proxied.httpsPort, hostName(TENANT), "/metrics", proxied.caPem, {
      authorization: `Bearer ${adminToken}`,
    });
    expect(metrics.status).toBe(404);
    const onHost = await direct(proxied.upstreams[0] as string, "127.0.0.1", "GET", "/metrics", {
      host: hostName(TENANT),
      authorization: `Bearer ${adminToken}`,
    });
    expect(onHost.status).toBe(200);
    expect(onHost.body).toContain("forecourt_http_requests_total");
    // Plain http: a redirect to https, from nginx.
    const redirect = await direct(`127.0.0.1:${proxied.httpPort}`, "127.0.0.1", "GET", "/cars?make=bmw", {
      host: hostName(TENANT),
    });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe(`https://${hostName(TENANT)}/cars?make=bmw`);
    await page.close();
  });

  it("a sign-in through one host holds on the other; the session cookie is Secure; the hosts record the browser's address", async () => {
    const { page } = await openPage(browser.context);
    await page.goto(url(TENANT, "/"));
    const phone = randomMobile();
    const before = accessCount();
    expect((await api(page, "/api/v1/auth/send-code", postJson({ phone }))).status).toBe(200);
    // The host that served the request texted the code (it is answered once the SMS is sent).
    const isSend = (e: AccessEntry) => e.method === "POST" && e.target === "/api/v1/auth/send-code";
    const sent = (await accessSince(before, (es) => es.some(isSend))).find(isSend);
    const codes = await codesByHost(TENANT, phone);
    expect(codes.map(([upstream]) => upstream)).toEqual([sent?.upstream]);
    const code = codes[0]?.[1] ?? "";
    const verified = await api<{ user: { phone: string } }>(page, "/api/v1/auth/verify", postJson({ phone, code }));
    expect(verified).toMatchObject({ status: 200, body: { user: { phone } } });

    const cookie = (await browser.context.cookies(url(TENANT, "/"))).find((c) => c.name === "__Host-forecourt_session");
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: "Lax", path: "/" });

    // The next requests go round the two hosts: each knows the session (it is in the database).
    const isProbe = (e: AccessEntry) => e.target === "/api/v1/auth/me";
    const probes = await overBothHosts(isProbe, async () => {
      const me = await api<{ user: { phone: string } }>(page, "/api/v1/auth/me");
      expect(me).toMatchObject({ status: 200, body: { user: { phone } } });
    });
    expect(probes.every((e) => e.status === 200)).toBe(true);
    expect(new Set(probes.map((e) => e.upstream))).toEqual(new Set(proxied.upstreams));
    const verify = (await accessSince(before, () => true)).find((e) => e.method === "POST" && e.target === "/api/v1/auth/verify");
    expect(verify?.status).toBe(200);
    expect(probes.some((e) => e.upstream !== verify?.upstream)).toBe(true);

    // The host took the visitor's address from X-Forwarded-For: the browser's 127.0.0.1, not
    // nginx's 127.0.0.2 that the connection came from.
    expect(codeClients(phone)).toEqual(["127.0.0.1"]);
    // What a visitor says itself, in either header, is not its address: nginx replaces
    // Forwarded and appends to X-Forwarded-For, and the host reads the rightmost entry.
    const spoofer = randomMobile();
    const spoofed = await api(page, "/api/v1/auth/send-code", {
      ...postJson({ phone: spoofer }),
      headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.7", forwarded: "for=198.51.100.7" },
    });
    expect(spoofed.status).toBe(200);
    // A peer outside trusted_proxies is its own address whatever it sends.
    const status = (
      await direct(
        proxied.upstreams[1] as string,
        "127.0.0.3",
        "POST",
        "/api/v1/auth/send-code",
        { host: hostName(TENANT), "x-forwarded-for": "203.0.113.7" },
        { phone: spoofer },
      )
    ).status;
    expect(status).toBe(200);
    expect(codeClients(spoofer)).toEqual(["127.0.0.1", "127.0.0.3"]);
    // Every request of the run went through nginx to one of the two hosts.
    for (const e of readAccessLog(proxied.accessLog).filter((e) => e.upstream !== "-"))
      expect(proxied.upstreams).toContain(e.upstream);
    await browser.context.clearCookies();
    await page.close();
  });

  it("a lead taken by one host is stored once and listed by both", async () => {
    const { page } = await openPage(browser.context);
    await page.goto(url(TENANT, "/contact-us"));
    await page.waitForSelector('form[data-form="enquiry"]');
    const before = (await adminLeads(page, adminToken)).length;
    const from = accessCount();
    for (const [name, value] of Object.entries({
      name: "Grace",
      last_name: "Hopper",
      email: "grace@example.com",
      phone: "0412 345 679",
      postcode: "2000",
      message: "Through the proxy",
    }))
      await page.fill(`[name="${name}"]`, value);
    await page.selectOption('[name="category"]', "Sales Enquiry");
    const loc = await page.$eval('[name="location"] option:nth-child(2)', (o) => (o as HTMLOptionElement).value);
    await page.selectOption('[name="location"]', loc);
    await page.getByRole("button", { name: "Send Enquiry" }).click();
    await page.waitForURL(/\/success$/, { timeout: 15_000 });
    const isLead = (e: AccessEntry) => e.method === "POST" && e.target === "/api/v1/leads";
    const posted = (await accessSince(from, (es) => es.some(isLead))).filter(isLead);
    expect(posted.map((e) => e.status)).toEqual([201]);
    // Listed by each host (round robin), the newest first.
    const listed = await overBothHosts(
      (e) => e.target === "/api/v1/admin/leads?limit=500",
      async () => {
        const leads = await adminLeads(page, adminToken);
        expect(leads.length).toBe(before + 1);
        expect(leads[0]?.fields).toMatchObject({ name: "Grace", message: "Through the proxy" });
      },
    );
    expect(new Set(listed.map((e) => e.upstream))).toEqual(new Set(proxied.upstreams));
    const id = (await adminLeads(page, adminToken))[0]?.lead_id ?? "";
    expect(psql(proxied.databaseUrl, `SELECT count(*) FROM leads WHERE lead_id = '${id}'`)).toBe("1");
    await page.close();
  });
});

/** A JSON POST for {@link api}. */
function postJson(body: unknown) {
  return { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
}
