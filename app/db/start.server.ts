import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { seedDemoStore } from "~/db/seed/seed.server";
import type { Env } from "~/utils/env.server";
import { type Database, openDatabase } from "./client.server";
import { logger } from "~/utils/logger.server";

const globalForDb = globalThis as unknown as { __tiendaDb?: Promise<Database> };

/** Set in the child process that prepares a fresh embedded database (see `startDatabase`). */
const PREPARE_ONLY = "TIENDA_PREPARE_DATABASE_ONLY";

/**
 * Opens the database once per process (the dev server re-evaluates modules), runs the migrations
 * from code and seeds the demo store when it is empty. Closing it on SIGTERM/SIGINT is the server
 * entry's job (server/index.ts): first the requests in flight, then the database.
 *
 * `entry` is the built server's own file. With it, a fresh embedded database (no `pglite` folder
 * under DATA_DIR yet) is created, migrated and seeded, images included, by a child process running
 * that file first: creating a PGlite cluster and making the images leave some 300 MB in the
 * process that did it (WebAssembly and native memory a process does not give back), which the
 * server would otherwise carry for its whole life (issue 13: RSS under 600 MB). The server then
 * opens the database as on any later start.
 */
export function startDatabase(env: Env, opts: { entry?: string } = {}): Promise<Database> {
  globalForDb.__tiendaDb ??= (async () => {
    const prepareOnly = process.env[PREPARE_ONLY] === "1";
    if (!prepareOnly && opts.entry?.endsWith(".js") && isFreshEmbedded(env)) {
      await prepareInChild(opts.entry);
    }
    const started = Date.now();
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
    await database.migrate();
    const seeded = await seedDemoStore(database.db, { mediaDir: `${env.DATA_DIR}/media` });
    logger.info(
      `Database ready (${database.kind}${seeded ? ", demo store seeded" : ""}) in ${Date.now() - started} ms`,
    );
    if (prepareOnly) {
      await database.close();
      process.exit(0);
    }
    return database;
  })();
  return globalForDb.__tiendaDb;
}

function isFreshEmbedded(env: Env): boolean {
  return !env.DATABASE_URL && !fs.existsSync(path.join(env.DATA_DIR, "pglite"));
}

/** Runs `entry` with PREPARE_ONLY set; it exits once the database is ready. It dies with its parent. */
async function prepareInChild(entry: string): Promise<void> {
  const started = Date.now();
  const child = spawn(process.execPath, [...process.execArgv, entry], {
    env: { ...process.env, [PREPARE_ONLY]: "1" },
    // The IPC channel closes when this process dies, however it dies: the child then stops too.
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (exitCode, signal) => resolve(exitCode ?? (signal ? 128 : null)));
  });
  if (code !== 0) throw new Error(`Preparing the new database failed (the child process exited with ${code})`);
  logger.info(`New embedded database prepared in a child process in ${Date.now() - started} ms`);
}

// The preparing child stops when its parent is gone (a SIGKILLed server must not leave it running).
if (process.env[PREPARE_ONLY] === "1") process.on("disconnect", () => process.exit(1));
