// End-to-end tests: playwright-core driving Debian's /usr/bin/chromium against the real host.
// FORECOURT_E2E_BASE_URL=http://{tenant}.localhost:8080 targets a running host that serves the UI;
// unset, e2e/global-setup.ts starts `forecourt serve` (when built) behind scripts/serve.mjs.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.ts"],
    environment: "node",
    globalSetup: ["e2e/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // Tests marked concurrent (the layout guard's pages) run this many at a time.
    maxConcurrency: 3,
  },
});
