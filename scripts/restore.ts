// `npm run restore -- FILE`: a backup written by `npm run backup` into an empty DATA_DIR (the
// embedded database) or an empty PostgreSQL database (DATABASE_URL), its images into the media
// store (docs/operations.md "Backups and restore").
import path from "node:path";
import { RestoreRefusedError, restoreBackup } from "~/features/backup/restore.server";
import { mediaStore } from "~/features/media/store.server";
import { getEnv } from "~/utils/env.server";

const USAGE = `Usage: npm run restore -- FILE

Restores a backup of \`npm run backup\` into the database of this environment, which must be empty:
DATABASE_URL (an empty PostgreSQL database), else a DATA_DIR with no embedded database in it. The
images go into the media store (MEDIA_URL, else DATA_DIR/media). Then start the server.`;

const args = process.argv.slice(2);
if (args.length !== 1 || args[0] === "--help" || args[0] === "-h") {
  console.log(USAGE);
  process.exit(args[0] === "--help" || args[0] === "-h" ? 0 : 1);
}

try {
  const env = getEnv();
  const media = mediaStore(env);
  const file = path.resolve(args[0]);
  const manifest = await restoreBackup(file, { databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, media });
  console.log(
    `Restored the backup of ${manifest.createdAt} from ${file}: the ${manifest.database === "pglite" ? "embedded database into " + env.DATA_DIR : "PostgreSQL database"} ` +
      `and ${manifest.media.count} media objects into ${media.description}. Start the server.`,
  );
} catch (error) {
  console.error(`${error instanceof RestoreRefusedError ? "Refused" : "Restore failed"}: ${(error as Error).message}`);
  process.exit(1);
}
