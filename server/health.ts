/**
 * Health checks for load balancers and orchestrators:
 * - `GET /healthz`: the process is up and serving (no database call);
 * - `GET /readyz`: the database answers within 2 s and every migration in `app/db/migrations` is
 *   applied; 503 while it is not, and from the moment a shutdown begins (so a load balancer stops
 *   sending new requests while in-flight ones drain).
 * Both answer small JSON, never cached, and run before the session middleware (no cookies).
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { type Db, MIGRATIONS_DIR } from "~/db/client.server";

const DB_TIMEOUT_MS = 2_000;

export type HealthState = { shuttingDown: boolean };

/** How many migrations the code ships (drizzle's journal). */
export function shippedMigrations(dir = MIGRATIONS_DIR): number {
  const journal = JSON.parse(fs.readFileSync(path.join(dir, "meta", "_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function createHealthRoutes(db: Db, state: HealthState = { shuttingDown: false }): Hono {
  const expected = shippedMigrations();
  const app = new Hono();
  // Per handler, not `app.use("*")`: mounted at "/", a wildcard middleware would touch every path.
  const noStore = { "Cache-Control": "no-store" };
  app.get("/healthz", (c) => c.json({ status: "ok" }, 200, noStore));
  app.get("/readyz", async (c) => {
    if (state.shuttingDown) return c.json({ status: "unavailable", reason: "shutting down" }, 503, noStore);
    try {
      const result = (await withTimeout(
        db.execute(sql`SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations`),
        DB_TIMEOUT_MS,
      )) as unknown as { rows: Array<{ applied: number }> };
      const applied = Number(result.rows[0]?.applied ?? 0);
      if (applied < expected) {
        return c.json({ status: "unavailable", reason: "migrations pending", applied, expected }, 503, noStore);
      }
      return c.json({ status: "ready", migrations: applied }, 200, noStore);
    } catch (error) {
      return c.json({ status: "unavailable", reason: `database: ${(error as Error).message}` }, 503, noStore);
    }
  });
  return app;
}
