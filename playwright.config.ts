import { defineConfig } from "@playwright/test";

// End-to-end tests drive Debian's Chromium (never a downloaded browser) against the production
// build, on a fresh embedded database seeded at start (run contract, ARCHITECTURE.md).
const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? "/tmp/tienda-e2e-data";
// The emails of the run go to a real SMTP server on loopback (tests/e2e/smtp-sink.mjs), which writes
// each message to the mail directory that tests/e2e/mail.ts reads (beside the data dir, which the
// app's command wipes).
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 3225);
const mailDir = `${dataDir}-mail`;
// The delivery map's tiles come from a local stand-in (tests/e2e/tile-server.mjs): no internet.
const tilePort = Number(process.env.E2E_TILE_PORT ?? 3443);

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  // One retry on CI only: a test that passes on retry is still listed as "flaky" in the report, so
  // a timing problem is seen and fixed, while one slow moment on a shared machine cannot block a
  // landing. Locally a failure is final.
  retries: process.env.CI ? 1 : 0,
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
  webServer: [
    {
      command: "node tests/e2e/smtp-sink.mjs",
      port: smtpPort,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { SMTP_SINK_PORT: String(smtpPort), MAIL_DIR: mailDir },
    },
    {
      command: "node tests/e2e/tile-server.mjs",
      url: `http://127.0.0.1:${tilePort}/`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { TILE_SERVER_PORT: String(tilePort) },
    },
    {
      command: `rm -rf ${dataDir} && node ${process.env.BUILD_DIR ?? "build"}/server/index.js`,
      url: `http://localhost:${port}/es/`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "pipe",
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        NODE_ENV: "production",
        PUBLIC_URL: `http://localhost:${port}`,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        // Every e2e request comes from one address: the per-IP sign-in limit would trip.
        AUTH_RATE_LIMIT: "1000",
        MAP_TILE_URL: `http://127.0.0.1:${tilePort}/{z}/{x}/{y}.png`,
      },
    },
  ],
});
