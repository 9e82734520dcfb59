// The parts of the proxied end-to-end run (e2e/proxied-setup.ts): a fresh PostgreSQL database, a
// throwaway CA and a certificate for the demo tenants' host names (openssl), `forecourt serve`
// processes sharing that database, and nginx (Debian package) running the deployment example
// docs/deploy/nginx.conf with its placeholders filled in, so the documented configuration is the
// tested one (docs/operations.md "Behind nginx").
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createHash, X509Certificate } from "node:crypto";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { request } from "node:https";
import { join, resolve } from "node:path";

/** The repository's root (the hosts run there, as `forecourt serve` does in the other e2e runs). */
export const REPO = resolve(import.meta.dirname, "../..");

/** The deployment example the run fills in (docs/operations.md "Behind nginx"). */
export const NGINX_TEMPLATE = join(REPO, "docs/deploy/nginx.conf");

/** Whether `cmd` runs (`cmd ...args` exits 0). */
export function runs(cmd: string, args: string[]): boolean {
  try {
    execFileSync(cmd, args, { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Runs `psql` on `url` with one SQL command; returns its unaligned, tuples-only output. */
export function psql(url: string, sql: string): string {
  return execFileSync("psql", [url, "-v", "ON_ERROR_STOP=1", "-qAtc", sql], { encoding: "utf8" }).trim();
}

/** `admin` (a postgres:// URL) with its database name replaced by `name`. */
export function databaseUrl(admin: string, name: string): string {
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Fills in `template` (the text of docs/deploy/nginx.conf): every `@NAME@` by `values[NAME]`.
 * Throws, naming them, when the template has a placeholder `values` lacks or `values` has one the
 * template does not use (the two would have drifted apart).
 */
export function fillTemplate(template: string, values: Record<string, string>): string {
  const used = new Set([...template.matchAll(/@([A-Z0-9_]+)@/g)].map((m) => m[1] as string));
  const missing = [...used].filter((k) => !(k in values));
  const unused = Object.keys(values).filter((k) => !used.has(k));
  if (missing.length > 0 || unused.length > 0)
    throw new Error(`${NGINX_TEMPLATE}: placeholders without a value: [${missing}]; values without a placeholder: [${unused}]`);
  return template.replace(/@([A-Z0-9_]+)@/g, (_, k: string) => values[k] as string);
}

/** What {@link makeCertificates} wrote. */
export interface Certificates {
  /** The CA's certificate (PEM): trust it to verify the site certificate. */
  caPem: string;
  /** The site certificate and its key (PEM files), for nginx. */
  certFile: string;
  keyFile: string;
  /** base64 SHA-256 of the site certificate's public key (SPKI), for chromium's pin list. */
  spki: string;
}

/**
 * Generates a throwaway CA (P-256, valid 2 days) and a site certificate it signs whose subject
 * alternative names are `names` (DNS), into `dir`. Throws when openssl fails.
 */
export function makeCertificates(dir: string, names: string[]): Certificates {
  const f = (n: string) => join(dir, n);
  const openssl = (...args: string[]) => execFileSync("openssl", args, { stdio: ["ignore", "ignore", "pipe"] });
  const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
  openssl(
    "req",
    "-x509",
    ...ec,
    "-keyout",
    f("ca.key"),
    "-out",
    f("ca.pem"),
    "-days",
    "2",
    "-subj",
    "/CN=Forecourt e2e CA",
    "-addext",
    "basicConstraints=critical,CA:TRUE",
    "-addext",
    "keyUsage=critical,keyCertSign,cRLSign",
  );
  openssl("req", ...ec, "-keyout", f("site.key"), "-out", f("site.csr"), "-subj", `/CN=${names[0]}`);
  writeFileSync(
    f("site.ext"),
    [
      "basicConstraints = critical, CA:FALSE",
      "keyUsage = critical, digitalSignature",
      "extendedKeyUsage = serverAuth",
      `subjectAltName = ${names.map((n) => `DNS:${n}`).join(", ")}`,
      "",
    ].join("\n"),
  );
  openssl(
    "x509",
    "-req",
    "-in",
    f("site.csr"),
    "-CA",
    f("ca.pem"),
    "-CAkey",
    f("ca.key"),
    "-CAcreateserial",
    "-days",
    "2",
    "-extfile",
    f("site.ext"),
    "-out",
    f("site.pem"),
  );
  const spkiDer = new X509Certificate(readFileSync(f("site.pem"))).publicKey.export({ type: "spki", format: "der" });
  return {
    caPem: readFileSync(f("ca.pem"), "utf8"),
    certFile: f("site.pem"),
    keyFile: f("site.key"),
    spki: createHash("sha256").update(spkiDer).digest("base64"),
  };
}

/** A started process of the run: what to stop, and where its output went. */
export interface Started {
  /** What it is, for messages (e.g. `forecourt serve at 127.0.0.1:41234`). */
  name: string;
  /** Its stdout and stderr. */
  log: string;
  /** Stops it (SIGTERM, SIGKILL after 5 s); resolves once it has exited. */
  close: () => Promise<void>;
}

function spawnLogged(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv, log: string): [ChildProcess, Started] {
  const fd = openSync(log, "a");
  const child = spawn(cmd, args, { cwd: REPO, env, stdio: ["ignore", fd, fd] });
  closeSync(fd);
  const exited = new Promise<void>((ok) => {
    if (child.exitCode !== null || child.signalCode !== null) ok();
    else child.once("exit", () => ok());
  });
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 5000).unref();
    }
    await exited;
  };
  return [child, { name, log, close }];
}

const tail = (file: string) => (existsSync(file) ? readFileSync(file, "utf8").slice(-3000) : "");

/**
 * Polls `probe` every 200 ms, at most `attempts` times, until it resolves true; rejects with
 * `what` and the last error otherwise, or at once when `child` exits.
 */
async function until(what: string, child: ChildProcess, attempts: number, probe: () => Promise<boolean>): Promise<void> {
  let last = "";
  for (let i = 0; i < attempts; i++) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${what}: the process exited (${child.exitCode ?? child.signalCode})`);
    try {
      if (await probe()) return;
    } catch (e) {
      last = String(e);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what}: not ready after ${attempts} attempts ${last}`);
}

/**
 * Starts `forecourt serve` (`bin`) on `bind` with the `FORECOURT_*` settings in `settings` (the
 * data dir, the database, the proxy settings...), logging to `log`; resolves once GET /readyz
 * answers 200 (at most 600 polls, 2 minutes: a first start imports the demo feeds). Rejects,
 * with the log's tail, when it exits or is never ready.
 */
export async function startForecourt(bin: string, bind: string, settings: Record<string, string>, log: string): Promise<Started> {
  // The host refuses unknown FORECOURT_* variables (the binary's path is one) and reads
  // DATABASE_URL: neither may reach it. Other settings pass through, `settings` over them.
  const { FORECOURT_BIN: _bin, DATABASE_URL: _db, ...env } = process.env;
  const [child, started] = spawnLogged(
    `forecourt serve at ${bind}`,
    bin,
    ["serve"],
    { ...env, ...settings, FORECOURT_BIND: bind },
    log,
  );
  try {
    await until(started.name, child, 600, async () => (await fetch(`http://${bind}/readyz`)).ok);
  } catch (e) {
    await started.close();
    throw new Error(`${e}\n${tail(log)}`);
  }
  return started;
}

/**
 * Runs nginx (`nginx`, in the foreground) with its prefix in `dir`: a main configuration of its
 * own (pid, temp paths and error log in `dir`, one worker) that includes `site` (the filled-in
 * deployment example). Checks the configuration first (`nginx -t`), then starts it and resolves
 * once `https://127.0.0.1:{httpsPort}` completes a TLS handshake for `serverName` with `caPem`.
 */
export async function startNginx(
  dir: string,
  site: string,
  { httpsPort, serverName, caPem }: { httpsPort: number; serverName: string; caPem: string },
): Promise<Started> {
  for (const d of ["logs", "temp"]) mkdirSync(join(dir, d), { recursive: true });
  writeFileSync(join(dir, "forecourt.conf"), site);
  const temp = (k: string) => `${k}_temp_path ${join(dir, "temp", k)};`;
  writeFileSync(
    join(dir, "nginx.conf"),
    [
      "worker_processes 1;",
      `pid ${join(dir, "nginx.pid")};`,
      `error_log ${join(dir, "logs/error.log")} notice;`,
      "events { worker_connections 512; }",
      "http {",
      `  access_log ${join(dir, "logs/access.log")};`,
      ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((k) => `  ${temp(k)}`),
      `  include ${join(dir, "forecourt.conf")};`,
      "}",
      "",
    ].join("\n"),
  );
  const args = ["-p", dir, "-c", join(dir, "nginx.conf"), "-g", "daemon off;"];
  execFileSync("nginx", ["-t", "-q", ...args], { stdio: ["ignore", "ignore", "pipe"] });
  const log = join(dir, "logs/nginx.out");
  const [child, started] = spawnLogged(`nginx at 127.0.0.1:${httpsPort}`, "nginx", args, process.env, log);
  try {
    await until(started.name, child, 100, async () => (await httpsGet(httpsPort, serverName, "/healthz", caPem)).status > 0);
  } catch (e) {
    await started.close();
    throw new Error(`${e}\n${tail(log)}\n${tail(join(dir, "logs/error.log"))}`);
  }
  return started;
}

/** An answer of {@link httpsGet}. */
export interface HttpsAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * GET `https://{serverName}:{port}{path}` connected to 127.0.0.1, verifying the certificate
 * against `caPem` (and its name against `serverName`), with `headers` added. Resolves to the
 * answer; rejects on a TLS or connection error.
 */
export function httpsGet(
  port: number,
  serverName: string,
  path: string,
  caPem: string,
  headers: Record<string, string> = {},
): Promise<HttpsAnswer> {
  return new Promise((ok, fail) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        servername: serverName,
        ca: caPem,
        headers: { host: `${serverName}:${port}`, ...headers },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d) => {
          body += d;
        });
        res.on("end", () => ok({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", fail);
    req.end();
  });
}

/** One line of the run's access log (the deployment example's `forecourt` log format). */
export interface AccessEntry {
  /** The visitor's address as nginx saw it. */
  remote: string;
  method: string;
  /** The request target (path and query). */
  target: string;
  status: number;
  /** `host=`: the host name asked for. */
  host: string;
  /** `upstream=`: the host that answered (`-` when nginx answered itself). */
  upstream: string;
  /** `request_id=`: the X-Request-Id nginx sent the host. */
  requestId: string;
}

/**
 * The entries of the access log `file`, in order. Throws on a line that is not in the
 * `forecourt` log format (the template's log_format changed without this parser).
 */
export function readAccessLog(file: string): AccessEntry[] {
  const line = /^(\S+) \[[^\]]+\] "(\S+) (\S+) [^"]+" (\d{3}) \d+ host=(\S*) upstream=(\S+) .* request_id=(\S+)$/;
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => {
      const m = line.exec(l);
      if (!m) throw new Error(`${file}: not in the forecourt log format: ${l}`);
      const [, remote, method, target, status, host, upstream, requestId] = m as unknown as string[];
      return { remote, method, target, status: Number(status), host, upstream, requestId } as AccessEntry;
    });
}
