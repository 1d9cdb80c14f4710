#!/usr/bin/env node
// `npm start`: builds when the sources are newer than the last build, then serves the build.
// Migrations and the demo seed run inside the server at start (run contract, ARCHITECTURE.md).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const serverEntry = path.join(root, "build/server/index.js");
const inputs = ["app", "server", "public", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

function newestMtime(p) {
  let stat;
  try {
    stat = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

const built = fs.existsSync(serverEntry) ? fs.statSync(serverEntry).mtimeMs : 0;
const sources = Math.max(...inputs.map((p) => newestMtime(path.join(root, p))));
if (process.env.SKIP_BUILD !== "1" && sources > built) {
  console.log("Building the app (sources changed since the last build)...");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV ??= "production";
await import(serverEntry);
