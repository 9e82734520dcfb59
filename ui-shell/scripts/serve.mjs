#!/usr/bin/env node
import { spawn } from "node:child_process";
// A stand-in for the host's UI serving, with the same URL layout (ui-shell/README.md "Asset layout"):
//   /assets/*                       ui-shell/dist/assets/*            (hashed: immutable)
//   /ui-plugins/<template>/*        ui-plugins/<template>/dist/*      (remoteEntry.js: no-cache)
//   /api/*, /healthz, /readyz       proxied to a real `forecourt serve`, Host header preserved
//   anything else                   ui-shell/dist/index.html          (no-cache)
// With `inline: true` it also writes the inline data the host will write (#__FORECOURT_DATA__),
// fetched from the real host's JSON API for the same Host, so both boot paths can be exercised.
//
//   node scripts/serve.mjs [--port 4173] [--backend http://127.0.0.1:18080] [--inline]
//   (without --backend it starts ../target/debug/forecourt on a free port with a temporary data dir)
import { randomBytes } from "node:crypto";
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer, request as httpRequest } from "node:http";
import { createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { extname, join, normalize, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const shellDir = resolve(fileURLToPath(import.meta.url), "../..");
const repoDir = resolve(shellDir, "..");
const pluginsDir = join(repoDir, "ui-plugins");
const TYPES = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".woff2": "font/woff2",
  ".html": "text/html; charset=utf-8",
};

/** The default forecourt binary. */
export const FORECOURT_BIN = process.env.FORECOURT_BIN ?? join(repoDir, "target/debug/forecourt");

/** Finds a free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((ok, fail) => {
    const s = createNetServer();
    s.once("error", fail);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

async function waitFor(url, ms, headers = {}) {
  const deadline = Date.now() + ms;
  let last;
  while (Date.now() < deadline) {
    try {
      const r = await fetch(url, { headers });
      if (r.ok) return;
      last = new Error(`${url}: HTTP ${r.status}`);
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${url}: ${last?.message ?? ""}`);
}

/**
 * Starts `forecourt serve` on a free 127.0.0.1 port with a fresh data dir (demo tenants, feeds
 * imported on start) and a random admin token. Options: bin (the binary), log (inherit its
 * output), env (extra variables merged over this process's environment for the child, e.g.
 * `FORECOURT_TENANTS_DIR` for other tenants or a secret a tenant's `value_env` names; the bind
 * address, data dir, log format and admin token stay startHost's own). Resolves to
 * {url, adminToken, close}; rejects when the binary is missing or never ready.
 */
export async function startHost({ bin = FORECOURT_BIN, log = false, env: extra = {} } = {}) {
  if (!existsSync(bin)) throw new Error(`forecourt binary not found at ${bin}`);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "forecourt-ui-e2e-"));
  // A fresh admin token per run, so tests can import stock through POST /api/v1/admin/import.
  const adminToken = randomBytes(16).toString("hex");
  // The host reads every FORECOURT_* variable as a setting and refuses unknown ones, so the
  // binary's own path (FORECOURT_BIN, read above) must not reach it.
  const { FORECOURT_BIN: _bin, ...env } = process.env;
  const child = spawn(bin, ["serve"], {
    cwd: repoDir,
    env: {
      ...env,
      ...extra,
      FORECOURT_BIND: `127.0.0.1:${port}`,
      FORECOURT_DATA_DIR: dataDir,
      FORECOURT_LOG_FORMAT: "json",
      FORECOURT_ADMIN_TOKEN: adminToken,
    },
    stdio: ["ignore", log ? "inherit" : "ignore", log ? "inherit" : "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (d) => {
    stderr = (stderr + d).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}/readyz`, 60_000);
  } catch (e) {
    child.kill("SIGTERM");
    throw new Error(`${e.message}\n${stderr}`);
  }
  return {
    url,
    adminToken,
    close: () =>
      new Promise((ok) => {
        child.once("exit", () => {
          rmSync(dataDir, { recursive: true, force: true });
          ok();
        });
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5000).unref();
      }),
  };
}

function sendFile(res, file, cache) {
  res.writeHead(200, {
    "content-type": TYPES[extname(file)] ?? "application/octet-stream",
    "cache-control": cache,
    "access-control-allow-origin": "*",
  });
  createReadStream(file).pipe(res);
}

function safeFile(root, rel) {
  const file = normalize(join(root, rel));
  if (!file.startsWith(`${root}/`) || !existsSync(file) || !statSync(file).isFile()) return null;
  return file;
}

function proxy(req, res, backend) {
  const target = new URL(req.url, backend);
  const upstream = httpRequest(target, { method: req.method, headers: { ...req.headers, host: req.headers.host } }, (up) => {
    res.writeHead(up.statusCode ?? 502, up.headers);
    up.pipe(res);
  });
  upstream.on("error", (e) => {
    res.writeHead(502, { "content-type": "text/plain" });
    res.end(`backend unavailable: ${e.message}`);
  });
  req.pipe(upstream);
}

/** JSON for a `<script type="application/json">`: `<`, `>`, `&`, U+2028 and U+2029 escaped. */
export function inlineJson(value) {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** GET a backend path with an explicit Host header (fetch() may not set Host). */
function getJson(backend, host, path) {
  return new Promise((ok, fail) => {
    const req = httpRequest(new URL(path, backend), { headers: { host, accept: "application/json" } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => {
        body += d;
      });
      res.on("end", () => {
        const status = res.statusCode ?? 500;
        ok({ status, body: status >= 200 && status < 300 ? JSON.parse(body) : null });
      });
    });
    req.on("error", fail);
    req.end();
  });
}

async function inlineData(backend, host, pathname) {
  const get = (path) => getJson(backend, host, path);
  const tenant = await get("/api/v1/tenant");
  if (!tenant.body) return null;
  const car = /^\/cars\/([^/]+)$/.exec(pathname);
  if (car && car[1] !== "trade-in") {
    const slug = decodeURIComponent(car[1]);
    const page = await get(`/api/v1/cars/${encodeURIComponent(slug)}`);
    return {
      version: 1,
      tenant: tenant.body,
      route: { id: "car", path: pathname, params: { slug } },
      status: page.status,
      page: page.body,
    };
  }
  if (pathname === "/")
    return { version: 1, tenant: tenant.body, route: { id: "home", path: "/", params: {} }, status: 200, page: null };
  return { version: 1, tenant: tenant.body, route: null, status: 200, page: null };
}

/**
 * Starts the UI server. Options: port (0 = free), backend (host base URL for /api), inline (write
 * #__FORECOURT_DATA__), shellDist / plugins dirs. Resolves to {url, port, close}.
 */
export async function startUiServer({
  port = 0,
  backend,
  inline = false,
  shellDist = join(shellDir, "dist"),
  plugins = pluginsDir,
} = {}) {
  const indexFile = join(shellDist, "index.html");
  if (!existsSync(indexFile)) throw new Error(`${indexFile} is missing: run \`npm run build\` first`);
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://x");
      const path = decodeURIComponent(url.pathname);
      if (/^\/(api\/|healthz$|readyz$)/.test(path)) {
        if (!backend) {
          res.writeHead(503, { "content-type": "application/json" });
          res.end('{"error":{"code":"no_backend","message":"no backend configured"}}');
          return;
        }
        proxy(req, res, backend);
        return;
      }
      if (path.startsWith("/assets/")) {
        const f = safeFile(join(shellDist, "assets"), path.slice("/assets/".length));
        if (f) return sendFile(res, f, "public, max-age=31536000, immutable");
        res.writeHead(404).end();
        return;
      }
      const m = /^\/ui-plugins\/([a-z0-9_-]+)\/(.+)$/.exec(path);
      if (m) {
        const f = safeFile(join(plugins, m[1], "dist"), m[2]);
        if (f) return sendFile(res, f, m[2].startsWith("assets/") ? "public, max-age=31536000, immutable" : "no-cache");
        res.writeHead(404, { "content-type": "text/plain" }).end("not found");
        return;
      }
      let html = readFileSync(indexFile, "utf8");
      if (inline && backend) {
        const data = await inlineData(backend, req.headers.host ?? "localhost", path);
        if (data) {
          html = html.replace(
            "<!--forecourt:data-->",
            `<script id="__FORECOURT_DATA__" type="application/json">${inlineJson(data)}</script>`,
          );
        }
      }
      res.writeHead(200, { "content-type": TYPES[".html"], "cache-control": "no-cache" });
      res.end(html);
    } catch (e) {
      res.writeHead(500, { "content-type": "text/plain" });
      res.end(String(e));
    }
  });
  await new Promise((ok) => server.listen(port, "127.0.0.1", ok));
  const actual = server.address().port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections?.();
        server.close(() => ok());
      }),
  };
}

async function main() {
  const args = process.argv.slice(2);
  const opt = (name) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  let backend = opt("--backend") ?? process.env.FORECOURT_BACKEND;
  let host;
  if (!backend) {
    host = await startHost({ log: false });
    backend = host.url;
    console.log(`started forecourt serve at ${backend}`);
  }
  const ui = await startUiServer({ port: Number(opt("--port") ?? 4173), backend, inline: args.includes("--inline") });
  console.log(
    `UI at ${ui.url.replace("127.0.0.1", "<tenant>.localhost")}  (e.g. http://harbourside-mercedes.localhost:${ui.port}/)`,
  );
  const stop = async () => {
    await ui.close();
    await host?.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
