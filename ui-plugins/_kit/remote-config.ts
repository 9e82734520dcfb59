// The Vite config of every template remote (ui-plugins/<template>/vite.config.ts calls it).
// A module-federation REMOTE named `forecourt_<template>` with the five modules of the contract
// (ui-shell/src/contract.ts), React shared as a singleton with the shell, the federation runtime
// taken from the shell (`externalRuntime`), and `base: './'` so it can be served from any path
// (the host serves it at /ui-plugins/<template>/).
import { federation } from "@module-federation/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type UserConfig } from "vite";

/** The modules every template exposes; keep in step with REMOTE_MODULES in ui-shell/src/contract.ts. */
export const EXPOSED = ["SearchCard", "VdpSidebar", "HomeHero", "SiteHeader", "SiteFooter"] as const;

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
    ],
    build: { target: "es2022", outDir: "dist", emptyOutDir: true, sourcemap: false, rolldownOptions: { input: {} } },
    test: {
      environment: "jsdom",
      include: ["src/**/*.test.tsx"],
    },
  } as UserConfig);
}
