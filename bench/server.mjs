// Starts the production build on a port with its own DATA_DIR, for the benchmarks.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** The build to serve: `BUILD_DIR` (as `npm run build` takes it), else `build/`. */
export const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");

/** A fresh data directory, removed by `cleanup()`. */
export function tempDataDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), "tienda-bench-"));
}

export function requireBuild() {
  if (!fs.existsSync(path.join(buildDir, "server/index.js"))) {
    console.error(`No build found in ${buildDir}: run \`npm run build\` first.`);
    process.exit(1);
  }
}

/**
 * Starts `<buildDir>/server/index.js` and resolves once it answers (`readyPath`, the catalogue API
 * by default), with the time it took; `env` adds or overrides variables (DATABASE_URL, MEDIA_URL).
 */
export async function startServer({ port, dataDir, env = {}, readyPath = "/api/currency/exchange-rate/" }) {
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  const child = spawn(process.execPath, [path.join(buildDir, "server/index.js")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      DATABASE_URL: "",
      PUBLIC_URL: `http://localhost:${port}`,
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      const res = await fetch(`${base}${readyPath}`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() - started > 180_000) throw new Error("server did not start in 180 s");
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, ms: Date.now() - started, base, output: () => output };
}

export async function stopServer(child) {
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
}
