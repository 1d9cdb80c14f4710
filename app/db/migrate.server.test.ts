import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { categories } from "~/db/schema/catalog";
import { seedDemoStore } from "~/db/seed/seed.server";
import { captureLogs } from "../../tests/support/capture-logs";
import { MIGRATIONS_DIR, openDatabase } from "./client.server";
import { shippedMigrations } from "../../server/health";
import { migratePostgres } from "./migrate.server";

// Issue 24 point 3: processes started together on an empty PostgreSQL all become ready (the
// migrations run one process at a time, under an advisory lock), the demo store is seeded once,
// and a pending migration's index on an existing table is built concurrently.

const baseUrl = process.env.TEST_DATABASE_URL;
const run = promisify(execFile);
const made: string[] = [];

async function admin(query: string) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** A new, empty database (no extension, no table): dropped after the file. */
async function emptyDatabase(): Promise<string> {
  const name = `test_${randomUUID().replaceAll("-", "")}`;
  await admin(`CREATE DATABASE ${name}`);
  made.push(name);
  const url = new URL(baseUrl as string);
  url.pathname = `/${name}`;
  return url.toString();
}

afterAll(async () => {
  for (const name of made) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

describe.skipIf(!baseUrl)("migrations with several processes on one PostgreSQL", () => {
  it("two `npm run db:migrate` started together on an empty database both succeed", { timeout: 120_000 }, async () => {
    const url = await emptyDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tienda-migrate-"));
    const migrate = () =>
      run(process.execPath, ["--import", "tsx", "scripts/db.ts", "migrate"], {
        env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
      });
    const results = await Promise.all([migrate(), migrate()]);
    expect(results.map((r) => r.stdout.trim())).toEqual(["Migrated (postgres).", "Migrated (postgres)."]);
  });

  it(
    "four processes' first starts at once (separate pools) all migrate, and seed the demo store once",
    { timeout: 120_000 },
    async () => {
      const url = await emptyDatabase();
      const databases = await Promise.all(
        Array.from({ length: 4 }, () => openDatabase({ databaseUrl: url, dataDir: null })),
      );
      try {
        await Promise.all(databases.map((database) => database.migrate()));
        const seeded = await Promise.all(databases.map((database) => seedDemoStore(database.db, { media: null })));
        expect(seeded.filter(Boolean)).toHaveLength(1);
        const applied = (await databases[0].db.execute(
          "select count(*)::int as n from drizzle.__drizzle_migrations",
        )) as unknown as { rows: Array<{ n: number }> };
        expect(applied.rows[0].n).toBe(shippedMigrations());
        const slugs = (await databases[1].db.select({ slug: categories.slug }).from(categories)).map((c) => c.slug);
        expect(new Set(slugs).size).toBe(slugs.length);
        expect(slugs.length).toBeGreaterThan(8);
      } finally {
        await Promise.all(databases.map((database) => database.close()));
      }
    },
  );

  it(
    "a pending migration's CREATE INDEX IF NOT EXISTS on an existing table is built CONCURRENTLY first",
    { timeout: 120_000 },
    async () => {
      const url = await emptyDatabase();
      const pool = new pg.Pool({ connectionString: url, max: 2 });
      const logs = captureLogs();
      try {
        await migratePostgres(pool, MIGRATIONS_DIR);
        // The next release: the shipped migrations plus one adding an index to a table that exists
        // and one to a table it creates.
        const folder = fs.mkdtempSync(path.join(os.tmpdir(), "tienda-migrations-"));
        fs.cpSync(MIGRATIONS_DIR, folder, { recursive: true });
        fs.writeFileSync(
          path.join(folder, "9999_next.sql"),
          [
            `CREATE INDEX IF NOT EXISTS "orders_amount_test_idx" ON "orders" USING btree ("amount_cents");`,
            `CREATE TABLE "next_things" ("id" serial PRIMARY KEY, "n" integer);`,
            `CREATE INDEX IF NOT EXISTS "next_things_n_idx" ON "next_things" ("n");`,
          ].join("\n--> statement-breakpoint\n"),
        );
        const journalFile = path.join(folder, "meta", "_journal.json");
        const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: Array<Record<string, unknown>> };
        journal.entries.push({ idx: 9999, version: "7", when: Date.now() + 1000, tag: "9999_next", breakpoints: true });
        fs.writeFileSync(journalFile, JSON.stringify(journal));
        await migratePostgres(pool, folder);
        const built = logs.lines.filter((line) => /built concurrently/.test(line.msg)).map((line) => line.msg);
        expect(built).toEqual([expect.stringMatching(/^Index orders_amount_test_idx on orders built concurrently/)]);
        const indexes = await pool.query(
          `select c.relname, i.indisvalid from pg_index i join pg_class c on c.oid = i.indexrelid
         where c.relname in ('orders_amount_test_idx', 'next_things_n_idx') order by 1`,
        );
        expect(indexes.rows).toEqual([
          { relname: "next_things_n_idx", indisvalid: true },
          { relname: "orders_amount_test_idx", indisvalid: true },
        ]);
        // Applied once: another start finds nothing pending.
        await migratePostgres(pool, folder);
        expect(logs.lines.filter((line) => /built concurrently/.test(line.msg))).toHaveLength(1);
      } finally {
        logs.restore();
        await pool.end();
      }
    },
  );
});
