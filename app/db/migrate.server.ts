/**
 * Migrations on PostgreSQL with several app processes (docs/decisions/009-migrations-during-rolling-deploys.md):
 * - one process at a time: the migrations run on one connection holding a session advisory lock,
 *   so two processes started together on an empty database (or two `npm run db:migrate`) never
 *   run `CREATE EXTENSION` or a table's creation twice at once; the second waits, then finds
 *   everything applied;
 * - indexes on large tables are built without blocking writes: a pending migration's
 *   `CREATE [UNIQUE] INDEX IF NOT EXISTS` on a table that already exists is first built here with
 *   `CONCURRENTLY` (outside any transaction, which drizzle's migrator cannot do: it runs every
 *   migration in one transaction), so the migration's own statement then finds it and does nothing.
 */
import fs from "node:fs";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type pg from "pg";
import { logger } from "~/utils/logger.server";

/** Any fixed number, distinct from the seed's: held while this process migrates. */
export const MIGRATION_LOCK_KEY = 5_355_512_346;

type Journal = { entries: Array<{ when: number; tag: string }> };

/** Runs the migrations of `folder` on `pool`'s database, one process at a time. */
export async function migratePostgres(pool: pg.Pool, folder: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await buildPendingIndexesConcurrently(client, folder);
      await migrate(drizzle(client), { migrationsFolder: folder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** The SQL statements of the migrations not yet applied (drizzle's rule: newer than the last applied). */
export async function pendingStatements(client: pg.ClientBase, folder: string): Promise<string[]> {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as Journal;
  const applied = await client
    .query<{ last: string | null }>("select max(created_at)::text as last from drizzle.__drizzle_migrations")
    .then((result) => Number(result.rows[0]?.last ?? 0))
    .catch(() => 0); // no migration table yet: everything is pending
  return journal.entries
    .filter((entry) => entry.when > applied)
    .flatMap((entry) =>
      fs.readFileSync(path.join(folder, `${entry.tag}.sql`), "utf8").split("--> statement-breakpoint"),
    )
    .map((statement) => statement.trim());
}

const CREATE_INDEX =
  /^CREATE\s+(UNIQUE\s+)?INDEX\s+IF\s+NOT\s+EXISTS\s+("[^"]+"|\w+)\s+ON\s+(?:ONLY\s+)?("[^"]+"|\w+)(?:\.("[^"]+"|\w+))?\s/i;

/** Builds the pending migrations' `CREATE INDEX IF NOT EXISTS` on existing tables concurrently. */
async function buildPendingIndexesConcurrently(client: pg.ClientBase, folder: string): Promise<void> {
  for (const statement of await pendingStatements(client, folder)) {
    const match = CREATE_INDEX.exec(statement);
    if (!match) continue;
    const unquote = (name: string) => name.replace(/^"|"$/g, "");
    const index = unquote(match[2]);
    const table = unquote(match[4] ?? match[3]);
    const exists = await client.query("select to_regclass($1) is not null as found", [`"${table}"`]);
    if (!exists.rows[0]?.found) continue; // created by this migration: empty, built in its transaction
    // A concurrent build that was interrupted leaves an INVALID index that IF NOT EXISTS would keep.
    await client
      .query(
        `select 1 from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = $1 and not i.indisvalid`,
        [index],
      )
      .then(async (invalid) => {
        if (invalid.rowCount) await client.query(`DROP INDEX CONCURRENTLY IF EXISTS "${index}"`);
      });
    const started = Date.now();
    const concurrent = statement.replace(
      /^CREATE\s+(UNIQUE\s+)?INDEX\s+/i,
      (whole, unique: string | undefined) => `CREATE ${unique ? "UNIQUE " : ""}INDEX CONCURRENTLY `,
    );
    try {
      await client.query(concurrent);
      logger.info(`Index ${index} on ${table} built concurrently in ${Date.now() - started} ms`);
    } catch (error) {
      // The migration's own statement builds it then (a column it adds, say): logged, not fatal.
      logger.warn({ err: error }, `Index ${index} could not be built concurrently; the migration builds it`);
    }
  }
}
