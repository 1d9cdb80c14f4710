/**
 * `npm run test:resilience` (crash safety, proven). On the embedded database and
 * then on PostgreSQL, shoppers fill carts, place orders (`POST /api/orders/create-order` with an
 * Idempotency-Key, §7.4, decision “What create-order receives”) and cancel some, through the production build's API, while the
 * server is killed with SIGKILL at random moments and started again. Clients retry a request whose
 * connection broke once the server is back (an order with the same key). Afterwards the server is
 * stopped, the database is opened directly and every invariant of ./invariants.ts is printed as a
 * PASS/FAIL line; any FAIL exits 1.
 *
 * Uses `$BUILD_DIR` (default `build`) and builds it first when it is missing. Environment:
 * - RESILIENCE_DATABASES: `pglite,postgres` (PostgreSQL is skipped, with a message, when no server
 *   answers at RESILIENCE_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres, where a
 *   scratch database is created and dropped);
 * - RESILIENCE_KILLS (5 per database), RESILIENCE_SHOPPERS (10);
 * - RESILIENCE_TABS (3): that many shoppers also add to their cart from a second tab while they
 *   order (a concurrency check beyond crashes);
 * - RESILIENCE_SERVER=source: the API from the sources (./source-server.ts), no build needed;
 * - RESILIENCE_PORT: the first of 2 ports (free ones by default); RESILIENCE_KEEP_LOGS=1 keeps the
 *   servers' logs of a passing run.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { CheckResult } from "./invariants";
import { buildDir, FROM_SOURCE, KILLS, PG_URL, root, SHOPPERS, TABS } from "./config";
import { runOn } from "./run-on-database";
import { ensureBuild, freePort, startSmtpSink } from "./server";

/** A scratch PostgreSQL database, or null (with the reason printed) when no server answers. */
async function createPgDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`SKIP postgres: no PostgreSQL at ${PG_URL} (${(error as Error).message})`);
    return null;
  }
  const name = `tienda_resilience_${process.pid}_${randomBytes(3).toString("hex")}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function main() {
  ensureBuild();
  const databases = (process.env.RESILIENCE_DATABASES ?? "pglite,postgres").split(",").map((d) => d.trim());
  const base = process.env.RESILIENCE_PORT ? Number(process.env.RESILIENCE_PORT) : null;
  const ports = { http: base ?? (await freePort()), smtp: base ? base + 1 : await freePort() };
  const sink = await startSmtpSink(ports.smtp);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "tienda-resilience-"));
  const results: Array<CheckResult & { db: string }> = [];
  console.log(
    `Crash safety (issue 13.4): ${SHOPPERS} shoppers${TABS ? ` (${TABS} with a second tab)` : ""}, ` +
      `${KILLS} SIGKILLs per database, ${FROM_SOURCE ? "API from the sources" : `build ${path.relative(root, buildDir)}`}`,
  );
  try {
    for (const kind of databases) {
      if (kind !== "pglite" && kind !== "postgres") throw new Error(`unknown database ${kind}`);
      const dataDir = path.join(work, kind);
      const log = path.join(work, `${kind}-server.log`);
      if (kind === "pglite") {
        for (const r of await runOn({ kind, dataDir, databaseUrl: "", log }, ports)) results.push({ ...r, db: kind });
        continue;
      }
      const scratch = await createPgDatabase();
      if (!scratch) continue;
      try {
        for (const r of await runOn({ kind, dataDir, databaseUrl: scratch.url, log }, ports)) {
          results.push({ ...r, db: kind });
        }
      } finally {
        await scratch.drop();
      }
    }
  } finally {
    sink.close();
  }
  console.log("");
  for (const r of results) console.log(`${r.ok ? "PASS" : "FAIL"} [${r.db}] ${r.name}: ${r.detail}`);
  const failed = results.filter((r) => !r.ok).length;
  if (results.length === 0) {
    console.log("Nothing was checked.");
    fs.rmSync(work, { recursive: true, force: true });
    process.exit(1);
  }
  if (failed > 0) {
    console.log(`\n${failed} invariant(s) failed; server logs kept in ${work}`);
    process.exit(1);
  }
  if (process.env.RESILIENCE_KEEP_LOGS) console.log(`\nServer logs kept in ${work}`);
  else fs.rmSync(work, { recursive: true, force: true });
  console.log(`\nAll ${results.length} checks passed.`);
}

await main();
