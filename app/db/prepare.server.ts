import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";

/** Set in the child process that prepares a fresh embedded database (see `prepareFreshDatabase`). */
export const PREPARE_ONLY = "TIENDA_PREPARE_DATABASE_ONLY";

/**
 * A fresh embedded database (no `pglite` folder under DATA_DIR yet) is created, migrated and seeded,
 * images included, by a child process running `entry` (the built server's own file) with
 * PREPARE_ONLY set: creating a PGlite cluster and making the images leave some 300 MB in the process
 * that did it (WebAssembly and native memory a process does not give back), which the server would
 * otherwise carry for its whole life (RSS under 600 MB).
 *
 * The server entry calls this before it loads the app (server/index.ts), so a first start then goes
 * on exactly as a later one does. Loaded first and left idle for the child's half minute, the app's
 * heap was shrunk and its startup code's bytecode flushed by V8, and the first page after a fresh
 * start took 1.4-1.5x as long as after a restart (cold no slower than 1.2x warm).
 */
export async function prepareFreshDatabase(env: Env, entry: string): Promise<void> {
  if (process.env[PREPARE_ONLY] === "1" || !entry.endsWith(".js")) return;
  if (env.DATABASE_URL || fs.existsSync(path.join(env.DATA_DIR, "pglite"))) return;
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
