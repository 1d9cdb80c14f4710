import { defineConfig } from "@playwright/test";
import { CLOCK_FAKE_NOW, CLOCK_PORT } from "./tests/e2e/clock-server";

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
const serverCommand = (dataDirectory: string, preload = "") =>
  `rm -rf ${dataDirectory} && node ${preload}${process.env.BUILD_DIR ?? "build"}/server/index.js`;
/** The app's environment on `appPort`, sharing the run's SMTP sink and tile server. */
const appEnv = (appPort: number, dataDirectory: string) => ({
  PORT: String(appPort),
  DATA_DIR: dataDirectory,
  NODE_ENV: "production",
  PUBLIC_URL: `http://localhost:${appPort}`,
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  // Every e2e request comes from one address: the per-IP sign-in limit would trip.
  AUTH_RATE_LIMIT: "1000",
  // Warnings and errors only: an access line per request would bury the test report.
  LOG_LEVEL: "warn",
  MAP_TILE_URL: `http://127.0.0.1:${tilePort}/{z}/{x}/{y}.png`,
});
// A second app server whose clock starts at CLOCK_FAKE_NOW (14:30 in Havana), through a test-only
// preload (tests/e2e/fake-clock.mjs): the express cut-off (D15) is checked end to end whatever the
// real time is, with no clock override in the app. Its own port and database.
const clockDataDir = process.env.E2E_CLOCK_DATA_DIR ?? `${dataDir}-clock`;

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
    // The offline catalogue's service worker (docs/decisions/006-offline-catalogue-service-worker.md) would answer pages from its cache
    // and hide requests from page.route(): off here, on in tests/e2e/offline.spec.ts.
    serviceWorkers: "block",
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
      command: serverCommand(dataDir),
      url: `http://localhost:${port}/es/`,
      timeout: 300_000, // the first start seeds the demo store and draws its images: minutes on a busy machine
      reuseExistingServer: false,
      stdout: "pipe",
      env: appEnv(port, dataDir),
    },
    {
      command: serverCommand(clockDataDir, "--import ./tests/e2e/fake-clock.mjs "),
      url: `http://localhost:${CLOCK_PORT}/es/`,
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: "pipe",
      env: { ...appEnv(CLOCK_PORT, clockDataDir), FAKE_NOW: CLOCK_FAKE_NOW },
    },
  ],
});
