// The Vite config of every template remote (ui-plugins/<template>/vite.config.ts calls it).
// A module-federation REMOTE named `forecourt_<template>` with the five modules of the contract
// (ui-shell/src/contract.ts), React shared as a singleton with the shell, the federation runtime
// taken from the shell (`externalRuntime`), and `base: './'` so it can be served from any path
// (the host serves it at /ui-plugins/<template>/).
import { federation } from "@module-federation/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type UserConfig } from "vite";

/** The modules every template exposes; keep in step with REMOTE_MODULES in ui-shell/src/contract.ts. */
export const EXPOSED = ["SearchCard", "VdpSidebar", "HomeHero", "SiteHeader", "SiteFooter"] as const;

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

/** The remote's preload manifest: `preload.json` next to `remoteEntry.js` (not hashed: serve it no-cache). */
export const PRELOAD_MANIFEST = "preload.json";

/**
 * Emits {@link PRELOAD_MANIFEST}: the files (relative to the remote's root) the shell can fetch in
 * parallel instead of discovering them one import level at a time: `common` (what `remoteEntry.js`
 * and its shared-import map import) and, per exposed module, its chunk and static imports. The
 * remote's fallback copies of shared packages (`__prebuild__`) are left out: the shell provides them.
 * Shape: `{ "entry": "remoteEntry.js", "common": [...], "modules": { "HomeHero": [...] } }`.
 */
function preloadManifest(): Plugin {
  return {
    name: "forecourt-remote-preload-manifest",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((c) => (c.type === "chunk" ? [[c.fileName, c] as const] : [])));
      const closure = (seeds: string[], skip = new Set<string>()) => {
        const out: string[] = [];
        const queue = [...seeds];
        while (queue.length > 0) {
          const file = queue.shift() as string;
          const chunk = chunks.get(file);
          if (!chunk || out.includes(file) || skip.has(file) || chunk.name.includes("__prebuild__")) continue;
          out.push(file);
          queue.push(...chunk.imports);
        }
        return out;
      };
      const entry = [...chunks.values()].find((c) => c.fileName === "remoteEntry.js");
      if (!entry) return;
      const sharedMap = [...chunks.values()].filter((c) => c.name.includes("localSharedImportMap")).map((c) => c.fileName);
      const common = closure([...entry.imports, ...sharedMap]);
      const modules: Record<string, string[]> = {};
      for (const m of EXPOSED) {
        const chunk = [...chunks.values()].find((c) => c.facadeModuleId?.endsWith(`/src/${m}.tsx`));
        if (chunk) modules[m] = closure([chunk.fileName], new Set(common));
      }
      this.emitFile({
        type: "asset",
        fileName: PRELOAD_MANIFEST,
        source: `${JSON.stringify({ entry: entry.fileName, common, modules })}\n`,
      });
    },
  };
}

/**
 * The Vite config of a template remote. Takes the template name (`classic`...); returns the config
 * (federation name `forecourt_<template>`, entry `remoteEntry.js`, exposes `./<Module>` from `src/<Module>.tsx`).
 */
export function remoteConfig(template: string): UserConfig {
  return defineConfig({
    base: "./",
    plugins: [
      react(),
      federation({
        name: `forecourt_${template.replace(/[^a-z0-9_]/g, "_")}`,
        filename: "remoteEntry.js",
        exposes: Object.fromEntries(EXPOSED.map((m) => [`./${m}`, `./src/${m}.tsx`])),
        shared: {
          react: { singleton: true, requiredVersion: "^19.3.1" },
        },
        dts: false,
        disableSnapshot: true,
        experiments: { externalRuntime: true },
      }),
      preloadManifest(),
    ],
    build: {
      target: "es2022",
      outDir: "dist",
      emptyOutDir: true,
      sourcemap: false,
      rolldownOptions: {
        input: {},
        // Fewer, larger files on the first load (each request costs a round trip over HTTP/1.1):
        // the federation runtime's helpers in one chunk, the template's styles and kit in another.
        // The federation plugin's own groups (shared React) keep their higher priority.
        output: {
          chunkFileNames: (chunk: { name: string }) => `assets/${shortChunkName(chunk.name)}-[hash].js`,
          codeSplitting: {
            groups: [
              {
                name: "mf-runtime",
                test: (id: string) =>
                  /@module-federation[\\/]runtime[\\/]dist[\\/]/.test(id) || id.includes("mf-external-runtime-core"),
                priority: 1,
                includeDependenciesRecursively: false,
              },
              {
                name: "kit",
                test: (id: string) => /[\\/]_kit[\\/](Style|Price)\.tsx$/.test(id) || /[\\/]styles\.css\?inline$/.test(id),
                priority: 1,
                includeDependenciesRecursively: false,
              },
            ],
          },
        },
      },
    },
    test: {
      environment: "jsdom",
      include: ["src/**/*.test.tsx"],
    },
  } as UserConfig);
}
