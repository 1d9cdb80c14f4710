/**
 * `npm run restore -- FILE`: a backup (backup.server.ts) back into an empty DATA_DIR (embedded
 * database) or an empty PostgreSQL database, its media into the media store of the environment
 * (docs/decisions/011-backups.md). A database that holds data is refused before anything is written.
 */
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { MediaStore } from "~/features/media/store.server";
import {
  type ArchiveEntry,
  collect,
  DATABASE_ENTRIES,
  type Manifest,
  MEDIA_PREFIX,
  readArchive,
} from "./archive.server";
import { loadDatabase, notEmptyReason } from "./database-dump.server";

export type RestoreTarget = { databaseUrl?: string; dataDir: string; media: MediaStore };

export class RestoreRefusedError extends Error {}

/**
 * Restores `file` into `target`. The media go first, then the database, so a restore that stops
 * half-way leaves the database empty and can be run again (media already there are kept). Returns
 * the backup's manifest.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<Manifest> {
  const kind = target.databaseUrl ? "postgres" : "pglite";
  const refused = await notEmptyReason(target);
  if (refused) throw new RestoreRefusedError(refused);

  const work = await fs.mkdtemp(path.join(os.tmpdir(), "tienda-restore-"));
  try {
    let manifest: Manifest | null = null;
    let databaseFile: string | null = null;
    let media = 0;
    const present = new Map<string, number>();
    for await (const object of target.media.list()) present.set(object.key, object.size);

    for await (const item of readArchive(file)) {
      if (!("body" in item)) {
        manifest = item;
        if (manifest.database !== kind) {
          throw new RestoreRefusedError(
            manifest.database === "pglite"
              ? "This is a backup of the embedded database: restore it with DATABASE_URL unset (into an empty DATA_DIR)."
              : "This is a backup of a PostgreSQL database: restore it with DATABASE_URL set to an empty database.",
          );
        }
        continue;
      }
      const entry: ArchiveEntry = item;
      if (entry.name === DATABASE_ENTRIES[kind]) {
        databaseFile = path.join(work, "database");
        await pipeline(entry.body, createWriteStream(databaseFile));
      } else if (entry.name.startsWith(MEDIA_PREFIX)) {
        const key = entry.name.slice(MEDIA_PREFIX.length);
        const body = await collect(entry.body);
        // A bucket that outlived the database already holds the same objects (names are never reused).
        if (present.get(key) !== body.length) await target.media.write(key, body);
        media += 1;
      } else {
        entry.body.resume();
      }
    }
    if (!manifest || !databaseFile || media !== manifest.media.count) {
      throw new Error(
        `${file} is incomplete (${media} of ${manifest?.media.count ?? "?"} media objects${databaseFile ? "" : ", no database"}): nothing was restored into the database.`,
      );
    }
    await loadDatabase(kind, databaseFile, target);
    return manifest;
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}
