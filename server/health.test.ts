import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { createTestDatabase, databaseKinds } from "../tests/setup/db";
import { createHealthRoutes, shippedMigrations } from "./health";

// Issue 13, point 5: /healthz says the process is up; /readyz that the database answers and every
// shipped migration is applied, and it turns 503 as soon as a shutdown begins.

describe.each(databaseKinds())("health checks on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  it("/healthz answers without touching the database; /readyz counts the migrations", async () => {
    const state = { shuttingDown: false };
    const app = createHealthRoutes(database.db, state);
    const health = await app.request("/healthz");
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    expect(health.headers.get("Cache-Control")).toBe("no-store");

    const ready = await app.request("/readyz");
    expect(ready.status).toBe(200);
    expect(ready.headers.get("Cache-Control")).toBe("no-store");
    expect(await ready.json()).toEqual({ status: "ready", migrations: shippedMigrations() });
    expect(shippedMigrations()).toBeGreaterThanOrEqual(6);

    state.shuttingDown = true;
    const draining = await app.request("/readyz");
    expect(draining.status).toBe(503);
    expect(await draining.json()).toMatchObject({ reason: "shutting down" });
    expect((await app.request("/healthz")).status).toBe(200);
  });

  it("/readyz is 503 while a migration is missing, and again 200 once it is back", async () => {
    const app = createHealthRoutes(database.db);
    const [last] = (
      (await database.db.execute(
        sql`SELECT id, hash, created_at FROM drizzle.__drizzle_migrations ORDER BY id DESC LIMIT 1`,
      )) as unknown as { rows: Array<{ id: number; hash: string; created_at: string }> }
    ).rows;
    await database.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = ${last.id}`);
    try {
      const res = await app.request("/readyz");
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({
        reason: "migrations pending",
        applied: shippedMigrations() - 1,
        expected: shippedMigrations(),
      });
    } finally {
      await database.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${last.id}, ${last.hash}, ${last.created_at})`,
      );
    }
    expect((await app.request("/readyz")).status).toBe(200);
  });

  it("/readyz is 503 with the reason when the database does not answer", async () => {
    const broken = { execute: () => Promise.reject(new Error("connection refused")) };
    const res = await createHealthRoutes(broken as unknown as Database["db"]).request("/readyz");
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: "unavailable", reason: "database: connection refused" });
  });
});
