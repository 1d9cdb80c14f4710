import fs from "node:fs";
import path from "node:path";
import { PGlite, type QueryOptions, type Transaction, types } from "@electric-sql/pglite";
import { fuzzystrmatch } from "@electric-sql/pglite/contrib/fuzzystrmatch";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { migratePostgres } from "./migrate.server";
import { schema } from "./tables";

import { logger } from "~/utils/logger.server";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  /** PostgreSQL's pool: its connections and the queries waiting for one (the metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /**
   * The embedded database only: its whole data directory as a gzipped tarball, taken between two
   * queries (PGlite's supported copy of a live database; docs/decisions/011-backups.md).
   */
  dumpDataDir?: () => Promise<Blob>;
};

const embedded = new WeakSet<Db>();

/** How many rows a statement changed, as node-postgres (`rowCount`) and PGlite (`affectedRows`) say. */
export function affectedRows(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

/**
 * Whether `db` is the embedded database: one connection, whose transactions PGlite runs one at a
 * time, so what PostgreSQL needs a lock for (two transactions at once) cannot happen there.
 */
export const isEmbedded = (db: Db): boolean => embedded.has(db);

/** Where the SQL migrations live; `npm start` and the tests run from the project root. */
export const MIGRATIONS_DIR = path.resolve(process.env.MIGRATIONS_DIR ?? "app/db/migrations");

/**
 * Opens PostgreSQL when a URL is given, else PGlite under `dataDir` (or in memory when `dataDir`
 * is null). PGlite does not lock its directory itself and two processes would corrupt it, so the
 * directory is locked here and a second process refuses to start.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string | null;
  /** A new embedded database from a `dumpDataDir` tarball (a restore). */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection that the server drops (a restart, a failover, a terminated backend) emits
    // an error on the pool; unhandled, it would end the process. The pool opens a new one on demand.
    let closing = false;
    pool.on("error", (error) => {
      if (!closing) logger.warn(`PostgreSQL dropped an idle connection: ${error.message}`);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      // Under an advisory lock, large tables' new indexes built concurrently first (migrate.server.ts).
      migrate: () => migratePostgres(pool, MIGRATIONS_DIR),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => {
        closing = true;
        return pool.end();
      },
    };
  }
  let release = () => {};
  let dataDir: string | undefined;
  if (opts.dataDir) {
    fs.mkdirSync(opts.dataDir, { recursive: true });
    release = lockDataDir(opts.dataDir);
    dataDir = path.join(opts.dataDir, "pglite");
  }
  try {
    const client = await PGlite.create({
      dataDir,
      extensions: { unaccent, pg_trgm, fuzzystrmatch },
      parsers: DRIZZLE_TEXT_PARSERS,
      postgresqlconf: PGLITE_CONF,
      loadDataDir: opts.loadDataDir,
    });
    const db = drizzlePglite({ client: withoutQueryParsers(client) as PGlite, schema }) as unknown as Db;
    embedded.add(db);
    return {
      db,
      kind: "pglite",
      migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
      close: async () => {
        await client.close();
        release();
      },
      dumpDataDir: () => client.dumpDataDir("gzip"),
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * PostgreSQL's own page cache inside PGlite's WebAssembly memory. The default, 128 MB, is touched
 * when the database opens and counts in the process's RSS whatever the data's size; the store's
 * database is tens of MB and the files it reads stay in the kernel's page cache anyway, so 32 MB
 * costs no measurable speed and keeps about 125 MB of RSS (RSS under 600 MB).
 */
const PGLITE_SHARED_BUFFERS = "32MB";

/**
 * PGlite writes `postgresqlconf` over the data directory's whole postgresql.conf: these are the
 * settings initdb puts there (pg_settings' "configuration file" rows of a fresh PGlite), so only
 * shared_buffers differs from a database opened without it.
 */
const PGLITE_CONF = [
  `shared_buffers = ${PGLITE_SHARED_BUFFERS}`,
  "max_connections = 100",
  "dynamic_shared_memory_type = posix",
  "autovacuum_worker_slots = 16",
  "max_wal_size = 1GB",
  "min_wal_size = 80MB",
  "log_file_mode = 0640",
  "log_timezone = 'UTC'",
  "datestyle = 'iso, mdy'",
  "timezone = 'UTC'",
  "lc_messages = 'C'",
  "lc_monetary = 'C'",
  "lc_numeric = 'C'",
  "lc_time = 'C'",
  "default_text_search_config = 'pg_catalog.english'",
].join("\n");

/**
 * The types Drizzle reads as text (dates, times, intervals and their arrays), exactly the parsers
 * its PGlite driver passes with every query (drizzle-orm/pglite/session.js).
 */
const DRIZZLE_TEXT_PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [
    oid,
    (value: string) => value,
  ]),
);

/**
 * PGlite merges per-query `parsers` into a copy of its whole parser table (300+ types) on every
 * query, which Drizzle triggers each time: about a quarter of a millisecond per query, a third of
 * create-order's database time (bench/checkout.ts). The client is opened with the same parsers
 * (above), so this adapter drops the per-query copy, in transactions too, and keeps the row mode.
 */
function withoutQueryParsers(client: PGlite): Pick<PGlite, "query" | "transaction"> {
  const plain = (options?: QueryOptions): QueryOptions | undefined =>
    options?.rowMode ? { rowMode: options.rowMode } : undefined;
  return {
    query: (query, params, options) => client.query(query, params, plain(options)),
    transaction: (callback) =>
      client.transaction((tx) => {
        const lean: Transaction = Object.create(tx);
        lean.query = (query, params, options) => tx.query(query, params, plain(options));
        return callback(lean);
      }),
  };
}

export class DataDirLockedError extends Error {}

function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, "pglite.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      const release = () => {
        try {
          if (fs.readFileSync(lockFile, "utf8") === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          /* already gone */
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number(fs.readFileSync(lockFile, "utf8"));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `The embedded database in ${dataDir} is already in use by process ${pid}. ` +
            `Stop that process, or start this one with another DATA_DIR or with DATABASE_URL pointing at PostgreSQL.`,
        );
      }
      fs.unlinkSync(lockFile); // left behind by a process that died: take it over
    }
  }
  throw new DataDirLockedError(`Could not lock ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
