// Serves the built remotes (ui-plugins/<template>/dist) at /ui-plugins/<template>/ in `vite dev`
// and `vite preview`, the same layout the host serves in production.
import { createReadStream, existsSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, normalize, resolve } from "node:path";
import type { Plugin } from "vite";

const pluginsDir = resolve(import.meta.dirname, "../ui-plugins");
const types: Record<string, string> = {
  ".js": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
};

function serveRemote(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  const url = new URL(req.url ?? "/", "http://x");
  const m = /^\/ui-plugins\/([a-z0-9-]+)\/(.+)$/.exec(url.pathname);
  if (!m) {
    next();
    return;
  }
  const [, template = "", rest = ""] = m;
  const root = join(pluginsDir, template, "dist");
  const file = normalize(join(root, rest));
  if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
    res.statusCode = 404;
    res.end("not found");
    return;
  }
  res.setHeader("content-type", types[extname(file)] ?? "application/octet-stream");
  res.setHeader("access-control-allow-origin", "*");
  createReadStream(file).pipe(res);
}

/** Vite plugin: `/ui-plugins/<template>/*` from `ui-plugins/<template>/dist` (dev and preview). */
export function devRemotes(): Plugin {
  return {
    name: "forecourt-dev-remotes",
    configureServer(server) {
      server.middlewares.use(serveRemote);
    },
    configurePreviewServer(server) {
      server.middlewares.use(serveRemote);
    },
  };
}
