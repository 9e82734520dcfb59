// ui-shell build: the module-federation HOST. No remotes are declared here: the tenant's template
// names its remote at run time (src/federation/remotes.ts). React is shared as a singleton.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { federation } from "@module-federation/vite";
import react from "@vitejs/plugin-react";
import { build, defineConfig, type Plugin, type Rolldown } from "vite";
import type { FirstLoadAssets } from "./src/boot/start";
import { ROUTES } from "./src/routes/table";
import { type ThemeExport, themeExport } from "./src/theme/theme";
import { devRemotes } from "./vite.dev-remotes";

/**
 * Emits `dist/routes.json` (id, path, title and page kind of every route in src/routes/table.ts) so the host
 * renders documents with the shell's own route ids and titles: one route table for both.
 */
function emitRoutes(): Plugin {
  return {
    name: "forecourt-routes-json",
    apply: "build",
    generateBundle() {
      const routes = ROUTES.map(({ id, path, title, page }) => ({ id, path, title, page }));
      this.emitFile({ type: "asset", fileName: "routes.json", source: `${JSON.stringify(routes, null, 1)}\n` });
    },
  };
}

/**
 * Emits `dist/theme.json` ({@link ThemeExport} of src/theme/theme.ts, each template's font file
 * stems replaced by the built files' URLs) so the host writes the tenant's theme (CSS custom
 * properties on `<html>`, `data-template`, font preloads) into every document it serves: the first
 * paint is themed before any script runs, from the same table the start script resolves
 * (ARCHITECTURE.md "HTML documents and SEO"). Fails the build when a stem has no built file.
 */
function emitTheme(): Plugin {
  let base = "/";
  return {
    name: "forecourt-theme-json",
    apply: "build",
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((f) => f.endsWith(".woff2"));
      const theme: ThemeExport = themeExport();
      for (const [name, t] of Object.entries(theme.templates)) {
        t.fonts = t.fonts.map((stem) => {
          const file = files.find((f) => new RegExp(`(^|/)${stem}-[\\w-]{6,}\\.woff2$`).test(f));
          if (!file) this.error(`theme ${name}: no built font file for ${stem} (src/theme/fonts.css)`);
          return base + file;
        });
      }
      this.emitFile({ type: "asset", fileName: "theme.json", source: `${JSON.stringify(theme, null, 1)}\n` });
    },
  };
}

/**
 * The web fonts' `font-display: optional` instead of the Fontsource files' `swap`: a family that
 * is not there when the text is first drawn (the host preloads the template's files, dist/theme.json)
 * is not swapped in later, so text never re-flows after the first paint (no layout shift); the
 * next page, with the file cached, uses it from the start. Applied to src/theme/fonts.css once
 * Vite has inlined its `@import`s (before the CSS is hashed).
 */
function optionalFontDisplay(): Plugin {
  return {
    name: "forecourt-font-display-optional",
    transform(code, id) {
      if (!/[\\/]src[\\/]theme[\\/]fonts\.css$/.test(id.split("?")[0] ?? "")) return null;
      return { code: code.replace(/font-display:\s*swap/g, "font-display: optional"), map: null };
    },
  };
}

/**
 * Shorter file names for the federation plugin's generated chunks, whose names carry the container
 * and an owner id (`_virtual_mf___mfe_internal__forecourt_shell__mf_owner__225281813866605__loadShare__react__loadShare__.js`)
 * and are repeated in every import of them (first-load bytes). The `__loadShare__`, `__prebuild__`
 * and `localSharedImportMap` markers the plugin looks for in file names are kept.
 */
function shortChunkName(name: string): string {
  return name
    .replace(/^_virtual_mf-localSharedImportMap.*$/, "mf-localSharedImportMap")
    .replace(/^_virtual_mf_+mfe_internal__.*?__mf_owner__\d+__/, "mf__")
    .replace(/_mf_2_/g, "-")
    .replace(/_mf_1_/g, "-")
    .replace(/\.js$/, "");
}

/**
 * The federation plugin's external-runtime glue imports `@module-federation/runtime/package.json`
 * for its `version` alone, which put the whole manifest (scripts, exports, author: 2.2 KB) in the
 * shell's container on every first load. This serves only the name and version.
 */
function slimRuntimeManifest(): Plugin {
  return {
    name: "forecourt-mf-runtime-manifest",
    apply: "build",
    enforce: "pre",
    load(id) {
      if (!/[\\/]@module-federation[\\/]runtime[\\/]package\.json$/.test(id)) return null;
      const { name, version } = JSON.parse(readFileSync(id, "utf8")) as { name: string; version: string };
      return JSON.stringify({ name, version });
    },
  };
}

/** The pages whose chunk the start script preloads, by the module that defines them. */
const FIRST_LOAD_PAGES = {
  home: "/src/pages/HomePage.tsx",
  car: "/src/pages/CarPage.tsx",
  search: "/src/pages/SearchPage.tsx",
  models: "/src/models/ModelsPage.tsx",
  "model-family": "/src/models/ModelFamilyPage.tsx",
} as const;

/**
 * The first load (ui-shell/README.md "First load"). Takes the module entry and every
 * `modulepreload` out of `index.html` and adds instead `<link rel="icon" href="data:,">` (no request
 * for a `/favicon.ico` the sites do not have) and one small classic script, `src/boot/start.ts`
 * built as an IIFE with these lists, which paints the first screen from the inline data and then
 * asks for the whole graph at once, largest file first (no import waterfall):
 * - `common`: the static imports of the entry and the federation bootstrap (hostInit,
 *   pendingShares, the shell's container and shared-import map, the shared React modules);
 * - `pages`: per first-load page, its lazily loaded chunk and what only it imports;
 * - `entry`: the module entry, added last.
 */
function firstLoad(): Plugin {
  let base = "/";
  return {
    name: "forecourt-first-load",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      base = config.base;
    },
    generateBundle: {
      order: "post",
      async handler(_options, bundle) {
        const html = bundle["index.html"];
        if (html?.type !== "asset") return;
        let source = String(html.source);
        let entry = "";
        source = source.replace(
          /<script\b(?=[^>]*\btype="module")[^>]*\bsrc="([^"]+)"[^>]*><\/script>\s*/g,
          (_m, src: string) => {
            entry = src;
            return "";
          },
        );
        source = source.replace(/<link\b[^>]*\brel="modulepreload"[^>]*>\s*/g, "");
        if (!entry) this.error("index.html has no module entry script");
        const chunks = new Map<string, Rolldown.OutputChunk>();
        for (const c of Object.values(bundle)) if (c.type === "chunk") chunks.set(c.fileName, c);
        // src/main.tsx awaits the page's chunk before its first render (a top-level await). A chunk
        // that imports main's chunk back makes an import cycle: every page importing that chunk
        // then waits for main's await, which waits for the page, until FIRST_RENDER_WAIT_MS ends it
        // (3 s late first renders, and the parts loaded after them shifted the page). Fail instead.
        const isMain = (id: string) => /[\\/]src[\\/]main\.tsx$/.test(id);
        const main = [...chunks.values()].find((c) => Object.keys(c.modules).some(isMain) || c.moduleIds.some(isMain));
        const cycle = [...chunks.values()].filter((c) => main && c !== main && c.imports.includes(main.fileName));
        if (cycle.length > 0) {
          this.error(
            `${cycle.map((c) => c.fileName).join(", ")} import(s) the entry's chunk ${main?.fileName}: add the modules it holds (${Object.keys(
              main?.modules ?? {},
            )
              .filter((m) => !isMain(m) && !m.endsWith(".html"))
              .join(", ")}) to FIRST_LOAD_APP`,
          );
        }
        const closure = (seeds: string[], skip: Set<string> = new Set()) => {
          const out: string[] = [];
          const queue = [...seeds];
          while (queue.length > 0) {
            const file = queue.shift() as string;
            const chunk = chunks.get(file);
            if (!chunk || out.includes(file) || skip.has(file)) continue;
            out.push(file);
            queue.push(...chunk.imports);
          }
          return out;
        };
        // Largest first: over HTTP/1.1 (six connections a host) the biggest file (react-dom) is the
        // critical path, so it must not wait in the queue behind small ones.
        const bySize = (files: string[]) =>
          [...files].sort((a, b) => (chunks.get(b)?.code.length ?? 0) - (chunks.get(a)?.code.length ?? 0)).map((f) => base + f);
        const seeds = [...chunks.values()]
          .filter(
            (c) =>
              c.isEntry ||
              ["hostInit", "pendingShares", "remoteEntry"].includes(c.name) ||
              c.name.includes("localSharedImportMap") ||
              c.name.includes("__prebuild__"),
          )
          .map((c) => c.fileName);
        const common = closure(seeds);
        const pages: FirstLoadAssets["pages"] = {};
        for (const [page, id] of Object.entries(FIRST_LOAD_PAGES) as [keyof typeof FIRST_LOAD_PAGES, string][]) {
          const chunk = [...chunks.values()].find((c) => c.facadeModuleId?.endsWith(id));
          if (!chunk) this.error(`no chunk for ${id}`);
          pages[page] = bySize(closure([chunk.fileName], new Set(common)));
        }
        const assets: FirstLoadAssets = { entry, common: bySize(common), pages };
        const out = await build({
          configFile: false,
          root: fileURLToPath(new URL(".", import.meta.url)),
          publicDir: false,
          logLevel: "warn",
          define: { __FORECOURT_FIRST_LOAD__: JSON.stringify(assets) },
          build: {
            write: false,
            target: "es2022",
            minify: true,
            sourcemap: false,
            lib: {
              entry: fileURLToPath(new URL("./src/boot/start.ts", import.meta.url)),
              formats: ["iife"],
              name: "forecourtStart",
            },
          },
        });
        const output = (Array.isArray(out) ? out[0] : out) as Rolldown.RolldownOutput;
        const code = output.output[0].code;
        // The start script is built without the app's defines: a module that pulls in React (or
        // anything else reading `process.env`) would throw "process is not defined" before the
        // first paint. Fail the build instead.
        if (/\bprocess\.env\b/.test(code)) {
          throw new Error("src/boot/start.ts bundles code that reads process.env (React?): keep React out of its imports");
        }
        const ref = this.emitFile({ type: "asset", name: "start.js", source: code });
        const tags = [
          '<link rel="icon" href="data:,">',
          // A deferred script is otherwise a low-priority request that Chrome holds back until the
          // parser reaches <body>; this one paints the page.
          `<script defer fetchpriority="high" src="${base}${this.getFileName(ref)}"></script>`,
        ];
        html.source = source.replace("</head>", `  ${tags.join("\n    ")}\n  </head>`);
      },
    },
  };
}

/**
 * The shell's own modules every first load runs, and react-router: one chunk ("app") instead of
 * the six Rolldown makes by default (each shared with a lazily loaded page). Over HTTP/1.1, every
 * request of the first load costs a round trip on one of six connections. Lazily loaded parts
 * (pages, dialogs, the carousel, toasts' Radix viewport) stay out; the federation plugin's own
 * groups (shared React, runtime) keep their higher priority. Every module App.tsx imports
 * statically belongs here (the header's account chip, the used-car redirect): one left out went
 * into the entry's chunk, which the app chunk then imported, and the pages, importing the app
 * chunk, waited for the entry's top-level await (the first render waiting for the pages): see
 * `firstLoad`'s check.
 */
const FIRST_LOAD_APP =
  /[\\/]ui-shell[\\/]src[\\/](contract\.ts|boot[\\/](firstLoad|handoff)\.ts|(app|federation|routes)[\\/]|lib[\\/](format|views|hours)\.ts|design[\\/](Button|Skeleton|Toast|Disclosure)\.tsx|navigation[\\/](data|entries|HeaderMenu|PopupGate)\.tsx?|account[\\/]AccountChip\.tsx|search[\\/]usedCar\.ts)|[\\/]node_modules[\\/]react-router[\\/]/;

/** Chunks every first load runs (src/boot/start.ts `common` and the `app` group): never worth a preload hint. */
const ALWAYS_LOADED =
  /(^|\/)(app|mf-runtime|mf-localSharedImportMap|mf__loadShare__react[\w-]*|mf__prebuild__[\w-]*|vite-preload-helper|rolldown-runtime|hostInit|pendingShares|remoteEntry)-[\w-]+\.js$/;

/** The host every `/api` request is proxied to in `vite dev` (a running `forecourt serve`). */
const backend = process.env.FORECOURT_DEV_BACKEND ?? "http://127.0.0.1:8080";

export default defineConfig({
  plugins: [
    react(),
    federation({
      name: "forecourt_shell",
      // Keep every emitted file under /assets/ (the host serves ui-shell/dist/assets there).
      filename: "assets/remoteEntry-[hash].js",
      remotes: {},
      shared: {
        react: { singleton: true, requiredVersion: "^19.3.1" },
        "react-dom": { singleton: true, requiredVersion: "^19.3.1" },
      },
      dts: false,
      // No manifest-based remotes, preloading or devtools snapshots: smaller runtime.
      disableSnapshot: true,
      experiments: { provideExternalRuntime: true },
    }),
    devRemotes(),
    slimRuntimeManifest(),
    emitRoutes(),
    emitTheme(),
    optionalFontDisplay(),
    firstLoad(),
  ],
  build: {
    target: "es2022",
    manifest: true,
    // Every supported browser has <link rel=modulepreload>; skip the polyfill (first-load budget).
    // A lazy chunk's import still preloads what it needs, except the chunks every first load has
    // already run (their names were repeated in each chunk's dependency list: first-load bytes).
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps) => deps.filter((d) => !ALWAYS_LOADED.test(d)) },
    rolldownOptions: {
      output: {
        chunkFileNames: (chunk) => `assets/${shortChunkName(chunk.name)}-[hash].js`,
        codeSplitting: {
          groups: [
            {
              name: "app",
              // Stylesheets stay with the entry: one render-blocking CSS file.
              test: (id: string) => FIRST_LOAD_APP.test(id) && !/\.css($|\?)/.test(id),
              priority: 1,
              includeDependenciesRecursively: false,
            },
            {
              // Small modules the VDP's first load shares with other pages (image URLs, the
              // comments' text helpers, the VDP settings, the saved-cars stores, the tools' API, the
              // gallery, the sidebar's props, and lucide's icon factory with the gallery's two
              // icons; other icons stay in the lazy chunks that use them): one chunk, not ten (each
              // file's gzip framing counts against the first-load budget, ui-shell/BUDGETS.md).
              name: "vdp-shared",
              test: (id: string) =>
                /[\\/]ui-shell[\\/]src[\\/](lib[\\/](images|text)|vdp[\\/](data|tools[\\/]api|Gallery|sidebar|place)|account[\\/]saved|compare[\\/]favourites|search[\\/]favourites)\.tsx?$/.test(
                  id,
                ) ||
                /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]((?!icons[\\/])[^\\/]+|icons[\\/](map-pin|play))\.mjs$/.test(
                  id,
                ),
              priority: 1,
              includeDependenciesRecursively: false,
            },
            {
              // The federation runtime's own modules (SDK, runtime core, helpers): one chunk, not three.
              name: "mf-runtime",
              test: /[\\/]node_modules[\\/]@module-federation[\\/](sdk|error-codes|runtime-core|runtime[\\/]dist[\\/](index|helpers|utils))[\\/.]/,
              priority: 1,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
    assetsDir: "assets",
    sourcemap: false,
  },
  server: {
    host: "127.0.0.1",
    // Keep the browser's Host (e.g. harbourside-mercedes.localhost:5173): the host resolves the
    // tenant from it and ignores the port.
    proxy: { "/api": { target: backend, changeOrigin: false } },
  },
});
