import { randomUUID } from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openDatabase } from "~/db/client.server";

/**
 * A freshly migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server of `TEST_DATABASE_URL` when `kind` is "postgres" (dropped on close).
 */
export async function createTestDatabase(kind: "pglite" | "postgres" = "pglite"): Promise<Database> {
  if (kind === "pglite") {
    // A copy of the run's migrated template (tests/setup/pglite-template.ts); `migrate` then only
    // confirms that every migration is applied.
    const template = inject("pgliteTemplate");
    const loadDataDir = template ? new Blob([fs.readFileSync(template)]) : undefined;
    const database = await openDatabase({ dataDir: null, loadDataDir });
    await database.migrate();
    return database;
  }
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `test_${randomUUID().replaceAll("-", "")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * The database kinds a suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
 * When it is not, this says so plainly once per file instead of passing silently.
 */
export function databaseKinds(): Array<"pglite" | "postgres"> {
  if (process.env.TEST_DATABASE_URL) return ["pglite", "postgres"];
  console.warn("PostgreSQL run skipped: TEST_DATABASE_URL is not set (PGlite only).");
  return ["pglite"];
}
