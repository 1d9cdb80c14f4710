// `npm run backup -- FILE`: a consistent backup of the store's database and media into FILE, while
// it serves or while it is stopped (docs/operations.md "Backups and restore").
import fs from "node:fs";
import path from "node:path";
import { DataDirLockedError, openDatabase } from "~/db/client.server";
import type { Manifest } from "~/features/backup/archive.server";
import { writeBackup } from "~/features/backup/backup.server";
import { requestBackup } from "~/features/backup/control.server";
import { mediaStore } from "~/features/media/store.server";
import { getEnv } from "~/utils/env.server";

const USAGE = `Usage: npm run backup -- FILE

Writes the database (DATABASE_URL, else the embedded one under DATA_DIR) and every image of the
media store (MEDIA_URL, else DATA_DIR/media) into FILE, a tar archive. Run it with the server's
environment. While the embedded store serves, the serving process writes the backup.`;

const args = process.argv.slice(2);
if (args.length !== 1 || args[0] === "--help" || args[0] === "-h") {
  console.log(USAGE);
  process.exit(args[0] === "--help" || args[0] === "-h" ? 0 : 1);
}
const target = path.resolve(args[0]);
const partial = `${target}.partial`;

function summary(manifest: Manifest): string {
  const mb = (manifest.media.bytes / 1024 / 1024).toFixed(1);
  const size = (fs.statSync(target).size / 1024 / 1024).toFixed(1);
  return (
    `Backed up to ${target} (${size} MB): the ${manifest.database === "pglite" ? "embedded" : "PostgreSQL"} database ` +
    `(${manifest.migrations} migrations) and ${manifest.media.count} media objects (${mb} MB), as of ${manifest.createdAt}.`
  );
}

try {
  if (fs.existsSync(target)) throw new Error(`${target} already exists: choose another name.`);
  const env = getEnv();
  let manifest: Manifest | null = null;
  if (!env.DATABASE_URL) {
    // The embedded store serving now writes the backup itself (its database is locked to it).
    manifest = await requestBackup(env.DATA_DIR, partial);
    if (!manifest && !fs.existsSync(path.join(env.DATA_DIR, "pglite"))) {
      throw new Error(
        `There is no embedded database in ${env.DATA_DIR} (set DATA_DIR, or DATABASE_URL for PostgreSQL).`,
      );
    }
  }
  if (!manifest) {
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
    try {
      manifest = await writeBackup({ database, media: mediaStore(env), env }, partial);
    } finally {
      await database.close();
    }
  }
  fs.renameSync(partial, target);
  console.log(summary(manifest));
} catch (error) {
  fs.rmSync(partial, { force: true });
  const message =
    error instanceof DataDirLockedError
      ? `${error.message} It does not answer on its backup socket: is it an older version? Stop it and run the backup again.`
      : (error as Error).message;
  console.error(`Backup failed: ${message}`);
  process.exit(1);
}
