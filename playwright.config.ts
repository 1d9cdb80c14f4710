import { defineConfig } from "@playwright/test";

// End-to-end tests drive Debian's Chromium (never a downloaded browser) against the production
// build, on a fresh embedded database seeded at start (run contract, ARCHITECTURE.md).
const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? "/tmp/tienda-e2e-data";

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    browserName: "chromium",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    trace: "off",
  },
  webServer: {
    command: `rm -rf ${dataDir} && node ${process.env.BUILD_DIR ?? "build"}/server/index.js`,
    url: `http://localhost:${port}/es/`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: { PORT: String(port), DATA_DIR: dataDir, NODE_ENV: "production", PUBLIC_URL: `http://localhost:${port}` },
  },
});
