#!/usr/bin/env node
// The target "a second host on the same database and bucket is ready within 10 s of
// starting" (docs/decisions/010-media-in-object-storage.md): the production build on one
// PostgreSQL and one S3-compatible bucket (s3rver on loopback, tests/support/s3-server.mjs).
// Host A starts first on an empty database and bucket (it migrates, seeds and uploads the demo
// images); then a second host, each time with a fresh DATA_DIR of its own, is timed from its
// start to its first `/readyz` 200, BENCH_RUNS times (default 5). For comparison, a second host
// with its media in its own DATA_DIR (no MEDIA_URL), which must draw every demo image itself.
//
// Needs a PostgreSQL whose user may create databases: BENCH_DATABASE_URL, else TEST_DATABASE_URL
// (a database of its own is created and dropped). Ports BENCH_PORT (default 3300) and the next
// three. BENCH_SKIP_LOCAL=1 leaves the comparison out. Build first (`npm run build`).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { requireBuild, root, startServer, stopServer, tempDataDir } from "./server.mjs";

requireBuild();
const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!baseUrl) {
  console.error("Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL whose user may create databases.");
  process.exit(1);
}
const port = Number(process.env.BENCH_PORT ?? 3300);
const runs = Number(process.env.BENCH_RUNS ?? 5);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function startS3() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "bench-s3-"));
  const child = spawn(
    process.execPath,
    ["--openssl-legacy-provider", path.join(root, "tests/support/s3-server.mjs"), "0", directory],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const { port: s3Port } = await new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      if (out.includes("\n")) resolve(JSON.parse(out.split("\n")[0]));
    });
    child.once("exit", (code) => reject(new Error(`s3rver exited with ${code}`)));
  });
  return { child, directory, endpoint: `http://127.0.0.1:${s3Port}` };
}

const s3 = await startS3();
const dbName = `bench_second_host_${process.pid}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const url = new URL(baseUrl);
url.pathname = `/${dbName}`;
const shared = {
  DATABASE_URL: url.toString(),
  SECRET_KEY: "bench-second-host-secret-0123456789",
  LOG_LEVEL: "warn",
};
const bucket = {
  MEDIA_URL: "s3://tienda-media/shop",
  AWS_ENDPOINT_URL_S3: s3.endpoint,
  AWS_ACCESS_KEY_ID: "S3RVER",
  AWS_SECRET_ACCESS_KEY: "S3RVER",
  AWS_REGION: "us-east-1",
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
};
const dirs = [];
const fresh = () => {
  const dir = tempDataDir();
  dirs.push(dir);
  return dir;
};

try {
  const first = await startServer({ port, dataDir: fresh(), env: { ...shared, ...bucket }, readyPath: "/readyz" });
  console.log(`Host A (empty database and bucket: migrate, seed, upload the demo images): ready in ${first.ms} ms`);

  const times = [];
  let etags = "";
  for (let i = 0; i < runs; i++) {
    const dataDir = fresh();
    const second = await startServer({ port: port + 1, dataDir, env: { ...shared, ...bucket }, readyPath: "/readyz" });
    times.push(second.ms);
    if (i === 0) {
      const image = "/media/products/p1-1.webp?w=320";
      const [a, b] = await Promise.all([fetch(first.base + image), fetch(second.base + image)]);
      etags = `${image}: ${a.status} ${a.headers.get("etag")} on A, ${b.status} ${b.headers.get("etag")} on B`;
      const drew = fs.existsSync(path.join(dataDir, "media"));
      console.log(`  its own DATA_DIR/media ${drew ? "exists: it drew images" : "was never made: it drew nothing"}`);
    }
    await stopServer(second.child);
  }
  console.log(
    `Host B (same database and bucket, fresh DATA_DIR), ${runs} starts: median ${median(times)} ms, ` +
      `min ${Math.min(...times)}, max ${Math.max(...times)} (target: within 10,000 ms)`,
  );
  console.log(`  ${etags}`);

  if (process.env.BENCH_SKIP_LOCAL !== "1") {
    const local = await startServer({ port: port + 2, dataDir: fresh(), env: shared, readyPath: "/readyz" });
    console.log(
      `For comparison, a second host with its media in its own DATA_DIR (no MEDIA_URL): ready in ${local.ms} ms (it draws every demo image)`,
    );
    await stopServer(local.child);
  }
  await stopServer(first.child);
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  s3.child.kill("SIGTERM");
  for (const dir of [...dirs, s3.directory]) fs.rmSync(dir, { recursive: true, force: true });
}
