/**
 * The database half of a backup (docs/decisions/011-backups.md). PostgreSQL: the standard tools,
 * `pg_dump --format=custom` (one consistent snapshot, whatever runs meanwhile) and `pg_restore`.
 * The embedded database: PGlite's own copy of its data directory (`dumpDataDir`), loaded back
 * with `loadDataDir`.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type Database, type Db, openDatabase } from "~/db/client.server";

/** Writes the database's dump to `file`. */
export async function dumpDatabase(database: Database, databaseUrl: string | undefined, file: string): Promise<void> {
  if (database.kind === "pglite") {
    if (!database.dumpDataDir) throw new Error("This embedded database cannot be dumped (opened in memory?)");
    const blob = await database.dumpDataDir();
    await fs.promises.writeFile(file, Buffer.from(await blob.arrayBuffer()));
    return;
  }
  if (!databaseUrl) throw new Error("DATABASE_URL is needed to dump PostgreSQL");
  await runTool("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${file}`], databaseUrl);
}

/** Migrations applied in `db` (as /readyz counts them). */
export async function appliedMigrations(db: Db): Promise<number> {
  const result = await db.execute<{ applied: number }>(
    sql`SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations`,
  );
  const rows = Array.isArray(result) ? result : (result as { rows: { applied: number }[] }).rows;
  return Number(rows[0]?.applied ?? 0);
}

/**
 * Why the target database cannot take a restore (it holds data), or null when it is empty: no
 * embedded database in `dataDir`, or no table in the PostgreSQL database.
 */
export async function notEmptyReason(target: { databaseUrl?: string; dataDir: string }): Promise<string | null> {
  if (!target.databaseUrl) {
    const dir = path.join(target.dataDir, "pglite");
    const entries = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
    return entries.length > 0
      ? `${target.dataDir} already holds an embedded database (${dir}). Restore into an empty DATA_DIR.`
      : null;
  }
  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: null });
  try {
    const result = await database.db.execute<{ tables: number }>(sql`
      SELECT count(*)::int AS tables FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S')
        AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'`);
    const rows = Array.isArray(result) ? result : (result as { rows: { tables: number }[] }).rows;
    const tables = Number(rows[0]?.tables ?? 0);
    return tables > 0
      ? `The database of DATABASE_URL is not empty (${tables} tables, sequences or views). Restore into an empty database (createdb).`
      : null;
  } finally {
    await database.close();
  }
}

/** Loads a dump written by `dumpDatabase` into the empty target. */
export async function loadDatabase(
  kind: "pglite" | "postgres",
  file: string,
  target: { databaseUrl?: string; dataDir: string },
): Promise<void> {
  if (kind === "pglite") {
    const blob = new Blob([await fs.promises.readFile(file)]);
    const database = await openDatabase({ dataDir: target.dataDir, loadDataDir: blob });
    await database.close();
    return;
  }
  if (!target.databaseUrl) throw new Error("DATABASE_URL is needed to restore into PostgreSQL");
  // One transaction: a restore that fails leaves the database as empty as it was.
  await runTool(
    "pg_restore",
    ["--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", file],
    target.databaseUrl,
  );
}

/**
 * Runs pg_dump or pg_restore against `databaseUrl`. The password travels in PGPASSWORD, not on the
 * command line, where any user of the machine could read it.
 */
function runTool(tool: "pg_dump" | "pg_restore", args: string[], databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${url.toString()}`], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new Error(
              `${tool} was not found: install PostgreSQL's client tools (the server's major version or newer) and put them on PATH.`,
            )
          : error,
      ),
    );
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${tool} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}
