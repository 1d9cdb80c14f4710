/**
 * The signing secret when `SECRET_KEY` is unset: generated once and kept in the database, so every
 * process on one PostgreSQL (several hosts, each with its own DATA_DIR) signs and verifies with the
 * same one; a shopper sent to another process stays signed in. The first process to start creates
 * it (`insert … on conflict do nothing`: concurrent starts agree on one row); the others read it.
 * A `DATA_DIR/secret_key` file written by an earlier version becomes that row, so its sessions
 * and emailed links stay valid. Setting `SECRET_KEY` (a list, to rotate) is still the way to run a
 * business: docs/configuration.md.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import type { Db } from "./client.server";
import { serverSettings } from "~/db/schema/settings";

const SECRET_SETTING = "secret_key";

/** The secret an earlier version kept in DATA_DIR, if any. */
function legacySecret(dataDir: string): string | null {
  try {
    const secret = fs.readFileSync(path.join(dataDir, "secret_key"), "utf8").trim();
    return secret.length >= 16 ? secret : null;
  } catch {
    return null;
  }
}

/** The database's secret, created now if it has none. */
export async function sharedSecret(db: Db, dataDir: string): Promise<string> {
  const candidate = legacySecret(dataDir) ?? randomBytes(32).toString("hex");
  await db.insert(serverSettings).values({ key: SECRET_SETTING, value: candidate }).onConflictDoNothing();
  const [row] = await db.select().from(serverSettings).where(eq(serverSettings.key, SECRET_SETTING));
  return row.value;
}

/**
 * Gives `env` its secret when SECRET_KEY left it none. Runs once at start, after the migrations and
 * before anything is served or sent.
 */
export async function resolveSecret(db: Db, env: Env): Promise<void> {
  if (env.SECRET_KEYS.length > 0) return;
  const secret = await sharedSecret(db, env.DATA_DIR);
  env.SECRET_KEY = secret;
  env.SECRET_KEYS = [secret];
  logger.info("SECRET_KEY is unset: using the secret kept in the database (set SECRET_KEY to rotate it)");
}
