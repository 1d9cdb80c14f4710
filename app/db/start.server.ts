import { seedDemoStore } from "~/db/seed/seed.server";
import { mediaStore } from "~/features/media/store.server";
import { upgradeLegacyWidths } from "~/features/media/variants.server";
import type { Env } from "~/utils/env.server";
import { type Database, openDatabase } from "./client.server";
import { PREPARE_ONLY } from "./prepare.server";
import { resolveSecret } from "./secret.server";
import { logger } from "~/utils/logger.server";

const globalForDb = globalThis as unknown as { __tiendaDb?: Promise<Database> };

/**
 * Opens the database once per process (the dev server re-evaluates modules), runs the migrations
 * from code and seeds the demo store when it is empty. Closing it on SIGTERM/SIGINT is the server
 * entry's job (server/main.ts): first the requests in flight, then the database. A fresh embedded
 * database has been prepared by a child process before (`prepareFreshDatabase`); that child runs
 * this too, and exits once the database is ready.
 */
export function startDatabase(env: Env): Promise<Database> {
  globalForDb.__tiendaDb ??= (async () => {
    const started = Date.now();
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
    await database.migrate();
    await resolveSecret(database.db, env);
    const media = mediaStore(env);
    const seeded = await seedDemoStore(database.db, { media });
    const upgraded = await upgradeLegacyWidths(media);
    if (upgraded > 0) logger.info(`Made the widths of ${upgraded} images stored before widths were keyed by content`);
    logger.info(
      `Database ready (${database.kind}${seeded ? ", demo store seeded" : ""}) in ${Date.now() - started} ms`,
    );
    if (process.env[PREPARE_ONLY] === "1") {
      await database.close();
      process.exit(0);
    }
    return database;
  })();
  return globalForDb.__tiendaDb;
}
