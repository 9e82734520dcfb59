// The proxied end-to-end run (`npm run e2e:proxied`): the sign-in and lead suites and
// e2e/proxied.checks.ts through nginx (TLS, HTTP/2) in front of two hosts on one PostgreSQL
// database, started by e2e/proxied-setup.ts (issue 24 item 4; docs/operations.md "Behind nginx").
import { resolve } from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    root: resolve(import.meta.dirname, ".."),
    include: ["e2e/proxied.checks.ts", "e2e/signin.e2e.ts", "e2e/leads.e2e.ts"],
    environment: "node",
    globalSetup: ["e2e/proxied-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
