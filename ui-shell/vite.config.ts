// ui-shell build: the module-federation HOST. No remotes are declared here: the tenant's template
// names its remote at run time (src/federation/remotes.ts). React is shared as a singleton.
import { federation } from "@module-federation/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { devRemotes } from "./vite.dev-remotes";

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
  ],
  build: {
    target: "es2022",
    manifest: true,
    // Every supported browser has <link rel=modulepreload>; skip the polyfill (first-load budget).
    modulePreload: { polyfill: false },
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
