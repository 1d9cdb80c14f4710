import { defineConfig } from "vitest/config";
import path from "node:path";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: ["app/**/*.test.ts", "server/**/*.test.ts", "tests/**/*.test.ts"],
    exclude: ["tests/e2e/**", "node_modules/**"],
    setupFiles: ["tests/setup/setup-test-env.ts"],
    globalSetup: ["tests/setup/pglite-template.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Most test time is spent waiting on a database: a third worker on 2 cores saves a quarter.
    maxWorkers: 3,
  },
});
