// Global setup of the proxied end-to-end run (`npm run e2e:proxied`, config e2e/proxied.config.ts):
// the sign-in and lead suites, and e2e/proxied.checks.ts, through a real TLS reverse proxy in
// front of two hosts on one PostgreSQL database (issue 24 item 4; docs/operations.md "Behind nginx"):
//
//   chromium --https, HTTP/2--> nginx 127.0.0.1:<port> --proxy_bind 127.0.0.2--> forecourt serve A
//                                                                           \--> forecourt serve B
//                                                                 both on postgres .../forecourt_e2e_proxied_<random>
//
// - nginx runs the deployment example docs/deploy/nginx.conf, filled in (e2e/proxied-stack.ts);
//   the certificate is generated here by openssl (a throwaway CA) for the demo tenants' host names.
// - The hosts: `trusted_proxies = ["127.0.0.2/32"]` (nginx connects to them from 127.0.0.2, the
//   browser from 127.0.0.1, so the client address a host records shows which one it believed),
//   `secure_cookies = true`, one admin token and one code secret, their own data dirs. B starts
//   once A is ready (A applies the migrations and imports the demo feeds).
// - Chromium reaches the tenants at https://www.<tenant>.com.au:<port> through a launcher script
//   (CHROMIUM_PATH, read by e2e/browser.ts) that adds `--host-resolver-rules` (those names to
//   127.0.0.1) and `--ignore-certificate-errors-spki-list` (the generated key only: any other
//   certificate is still refused).
// Needs the forecourt binary, nginx, openssl and PostgreSQL (FORECOURT_TEST_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/test, trust auth: the admin connection that creates and drops
// the run's database). Without one of them the run is skipped with the reason, except under CI
// (CI=true), where it fails.
import { randomBytes } from "node:crypto";
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { FORECOURT_BIN, freePort } from "../scripts/serve.mjs";
import { CHROMIUM } from "./browser";
import {
  databaseUrl,
  fillTemplate,
  httpsGet,
  makeCertificates,
  NGINX_TEMPLATE,
  psql,
  REPO,
  runs,
  type Started,
  startForecourt,
  startNginx,
} from "./proxied-stack";

/** What the proxied run tells its tests beside the usual context (see global-setup.ts). */
export interface ProxiedContext {
  /** nginx's https and plain-http ports on 127.0.0.1. */
  httpsPort: number;
  httpPort: number;
  /** The generated CA (PEM) that signed nginx's certificate. */
  caPem: string;
  /** The access log nginx writes (the deployment example's `forecourt` format). */
  accessLog: string;
  /** The hosts' `bind` addresses: the upstream addresses nginx logs. */
  upstreams: string[];
  /** The address nginx connects to the hosts from (their `trusted_proxies`). */
  proxyAddress: string;
  /** The run's database (postgres://...), to read what the hosts stored. */
  databaseUrl: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** Set by e2e/proxied-setup.ts only. */
    proxied: ProxiedContext;
  }
}

/** nginx's side of the hosts' connections: any loopback address but the browser's 127.0.0.1. */
const PROXY_ADDRESS = "127.0.0.2";
/** The demo tenants' public host names are `www.<slug>.com.au` (checked against the hosts below). */
const HOST_PATTERN = "www.{tenant}.com.au";

function skipOrFail(project: TestProject, why: string): () => Promise<void> {
  if (process.env.CI === "true") throw new Error(`proxied e2e: ${why} (CI requires the proxied run)`);
  const message = `proxied e2e SKIPPED: ${why}`;
  console.warn(message);
  for (const k of ["base", "inlineBase", "apiBase", "adminToken"] as const) project.provide(k, "");
  project.provide("skip", message);
  project.provide("mode", "skipped");
  return async () => {};
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.FORECOURT_TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  if (!existsSync(FORECOURT_BIN)) return skipOrFail(project, `no forecourt binary at ${FORECOURT_BIN} (build the host)`);
  if (!runs("nginx", ["-v"])) return skipOrFail(project, "nginx is not installed (bash .ci/setup.sh installs it)");
  if (!runs("openssl", ["version"])) return skipOrFail(project, "openssl is not installed");
  if (!runs("psql", [adminUrl, "-qAtc", "select 1"]))
    return skipOrFail(project, `PostgreSQL does not answer at ${adminUrl} (set FORECOURT_TEST_DATABASE_URL)`);
  const shell = join(REPO, "ui-shell");
  const unbuilt = [
    join(shell, "dist/index.html"),
    ...["classic", "group", "superstore", "ev"].map((t) => join(REPO, "ui-plugins", t, "dist/remoteEntry.js")),
  ].filter((f) => !existsSync(f));
  if (unbuilt.length > 0) throw new Error(`proxied e2e: build the UI first (npm run build): missing ${unbuilt.join(", ")}`);

  const dir = mkdtempSync(join(tmpdir(), "forecourt-proxied-"));
  const running: Started[] = [];
  const dbName = `forecourt_e2e_proxied_${randomBytes(6).toString("hex")}`;
  let dbCreated = false;
  const teardown = async () => {
    for (const r of running.reverse()) await r.close();
    // nginx's and the hosts' logs stay in test-results/proxied, to read after a failure.
    const results = join(shell, "test-results/proxied");
    rmSync(results, { recursive: true, force: true });
    mkdirSync(results, { recursive: true });
    for (const f of ["nginx/logs", "host-a.log", "host-b.log"])
      if (existsSync(join(dir, f))) cpSync(join(dir, f), join(results, f.replace("/", "-")), { recursive: true });
    if (dbCreated) psql(adminUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const tenants = readdirSync(join(REPO, "tenants")).filter((t) => existsSync(join(REPO, "tenants", t, "tenant.toml")));
    const hostNames = tenants.map((t) => HOST_PATTERN.replace("{tenant}", t));
    const certs = makeCertificates(dir, hostNames);

    psql(adminUrl, `CREATE DATABASE ${dbName}`);
    dbCreated = true;
    const dbUrl = databaseUrl(adminUrl, dbName);
    const adminToken = randomBytes(16).toString("hex");
    const common = {
      FORECOURT_DATABASE_URL: dbUrl,
      FORECOURT_ADMIN_TOKEN: adminToken,
      // Every host sharing a database needs the same secret (README "Settings": code_secret).
      FORECOURT_CODE_SECRET: randomBytes(32).toString("hex"),
      FORECOURT_TRUSTED_PROXIES: `["${PROXY_ADDRESS}/32"]`,
      FORECOURT_SECURE_COOKIES: "true",
      FORECOURT_LOG_FORMAT: "json",
    };
    const upstreams: string[] = [];
    for (const name of ["a", "b"]) {
      const bind = `127.0.0.1:${await freePort()}`;
      const data = join(dir, `data-${name}`);
      mkdirSync(data);
      // One after the other: A migrates the new database and imports the demo feeds first.
      running.push(
        await startForecourt(FORECOURT_BIN, bind, { ...common, FORECOURT_DATA_DIR: data }, join(dir, `host-${name}.log`)),
      );
      upstreams.push(bind);
    }

    const [httpsPort, httpPort] = [await freePort(), await freePort()];
    const nginxDir = join(dir, "nginx");
    const site = fillTemplate(readFileSync(NGINX_TEMPLATE, "utf8"), {
      HTTPS_LISTEN: `127.0.0.1:${httpsPort}`,
      HTTP_LISTEN: `127.0.0.1:${httpPort}`,
      SERVER_NAMES: hostNames.join(" "),
      CERTIFICATE: certs.certFile,
      CERTIFICATE_KEY: certs.keyFile,
      HOST_1: upstreams[0] as string,
      HOST_2: upstreams[1] as string,
      PROXY_ADDRESS,
      LOG_DIR: join(nginxDir, "logs"),
    });
    running.push(await startNginx(nginxDir, site, { httpsPort, serverName: hostNames[0] as string, caPem: certs.caPem }));

    // Each tenant answers at its name through the proxy, with the generated certificate.
    for (const [i, t] of tenants.entries()) {
      const r = await httpsGet(httpsPort, hostNames[i] as string, "/api/v1/tenant", certs.caPem, { accept: "application/json" });
      const slug = r.status === 200 ? (JSON.parse(r.body) as { slug?: string }).slug : undefined;
      if (slug !== t)
        throw new Error(
          `proxied e2e: https://${hostNames[i]}:${httpsPort}/api/v1/tenant answered ${r.status} ${r.body.slice(0, 300)}`,
        );
    }

    const launcher = join(dir, "chromium");
    const rules = hostNames.map((h) => `MAP ${h} 127.0.0.1`).join(", ");
    writeFileSync(
      launcher,
      `#!/bin/sh\nexec '${CHROMIUM}' '--host-resolver-rules=${rules}' '--ignore-certificate-errors-spki-list=${certs.spki}' "$@"\n`,
    );
    chmodSync(launcher, 0o755);
    process.env.CHROMIUM_PATH = launcher;

    const pattern = `https://${HOST_PATTERN}:${httpsPort}`;
    project.provide("base", pattern);
    project.provide("inlineBase", pattern);
    project.provide("apiBase", "");
    project.provide("skip", "");
    project.provide("adminToken", adminToken);
    project.provide("mode", `nginx (TLS, HTTP/2) at 127.0.0.1:${httpsPort} in front of ${upstreams.join(" and ")} on PostgreSQL`);
    project.provide("proxied", {
      httpsPort,
      httpPort,
      caPem: certs.caPem,
      accessLog: join(nginxDir, "logs/forecourt.access.log"),
      upstreams,
      proxyAddress: PROXY_ADDRESS,
      databaseUrl: dbUrl,
    });
    console.log(`proxied e2e: ${pattern} -> nginx -> ${upstreams.join(", ")} (database ${dbName})`);
  } catch (e) {
    await teardown();
    throw e;
  }
  return teardown;
}
