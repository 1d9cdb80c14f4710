/**
 * Backups of the whole store, the database and the media, while it serves (docs/decisions/
 * 011-backups.md). `writeBackup` writes one file; `backupNow` writes one into the backup location
 * (DATA_DIR/backups, or `.backups/` in the media bucket) and `pruneBackups` keeps the newest there:
 * the two the scheduled work calls.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Database } from "~/db/client.server";
import { withMediaLock } from "~/features/media/prune.server";
import { createLocalStore, type MediaStore, prefixedStore, type StoredObject } from "~/features/media/store.server";
import type { Env } from "~/utils/env.server";
import { type Manifest, writeArchive } from "./archive.server";
import { appliedMigrations, dumpDatabase } from "./database-dump.server";

export type BackupDeps = {
  database: Database;
  media: MediaStore;
  env: Pick<Env, "DATA_DIR" | "DATABASE_URL" | "MEDIA_URL">;
};

/** Where the media store keeps automatic backups when it is a bucket (never served: a dot key). */
export const BUCKET_BACKUPS_PREFIX = ".backups/";
/** Objects of the media store that are not media: other backups, and widths from before 009. */
const NOT_MEDIA = [BUCKET_BACKUPS_PREFIX, ".cache/"];

/**
 * Writes a consistent backup to `file`: first the database (one snapshot: pg_dump's, or PGlite's
 * copy taken between two queries), then every media object, holding the media lock throughout so
 * that no image the snapshot points at is pruned before it is copied. Images stored after the
 * snapshot may be in it too; nothing in the database points at them. Returns what it wrote.
 */
export async function writeBackup(deps: BackupDeps, file: string): Promise<Manifest> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), "tienda-backup-"));
  try {
    const manifest = await withMediaLock(deps.database.db, true, async () => {
      const databaseFile = path.join(work, "database");
      const createdAt = new Date().toISOString();
      await dumpDatabase(deps.database, deps.env.DATABASE_URL, databaseFile);
      const migrations = await appliedMigrations(deps.database.db);
      const objects: StoredObject[] = [];
      for await (const object of deps.media.list()) {
        if (!NOT_MEDIA.some((prefix) => object.key.startsWith(prefix))) objects.push(object);
      }
      objects.sort((a, b) => (a.key < b.key ? -1 : 1));
      const manifest: Manifest = {
        format: "tienda-backup",
        version: 1,
        createdAt,
        database: deps.database.kind,
        migrations,
        media: { count: objects.length, bytes: objects.reduce((sum, o) => sum + o.size, 0) },
      };
      await writeArchive(file, { manifest, databaseFile, media: deps.media, objects });
      return manifest;
    });
    return manifest!;
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

/** Where automatic backups go: the media bucket's `.backups/` when media is in a bucket, else DATA_DIR/backups. */
export function backupLocation(deps: Pick<BackupDeps, "media" | "env">): MediaStore {
  return deps.env.MEDIA_URL
    ? prefixedStore(deps.media, BUCKET_BACKUPS_PREFIX)
    : createLocalStore(path.join(deps.env.DATA_DIR, "backups"));
}

const NAME = /^tienda-(\d{8})-(\d{6})Z\.tar$/;

/** `tienda-20261127-031500Z.tar`: the backup's time, in names that sort as the times do. */
export function backupName(at: Date): string {
  const iso = at.toISOString().replace(/\.\d{3}Z$/, "Z");
  return `tienda-${iso.slice(0, 10).replaceAll("-", "")}-${iso.slice(11, 19).replaceAll(":", "")}Z.tar`;
}

/** The backups in `location`, newest first, with their times. */
export async function listBackups(location: MediaStore): Promise<{ name: string; at: Date; size: number }[]> {
  const found: { name: string; at: Date; size: number }[] = [];
  for await (const object of location.list()) {
    const match = NAME.exec(object.key);
    if (!match) continue;
    const [, d, t] = match;
    const at = new Date(
      `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}T${t.slice(0, 2)}:${t.slice(2, 4)}:${t.slice(4)}Z`,
    );
    found.push({ name: object.key, at, size: object.size });
  }
  return found.sort((a, b) => b.at.getTime() - a.at.getTime());
}

/** Writes one backup into the backup location; returns its name and size. */
export async function backupNow(deps: BackupDeps, now = new Date()): Promise<{ name: string; bytes: number }> {
  const location = backupLocation(deps);
  const work = await fs.mkdtemp(path.join(os.tmpdir(), "tienda-backup-file-"));
  try {
    const name = backupName(now);
    const file = path.join(work, name);
    await writeBackup(deps, file);
    const { size } = await fs.stat(file);
    await location.writeFile(name, file, "application/x-tar");
    return { name, bytes: size };
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

/** Removes all but the newest `keep` backups from `location`; returns the names removed. */
export async function pruneBackups(location: MediaStore, keep: number): Promise<string[]> {
  const old = (await listBackups(location)).slice(Math.max(1, keep)).map((b) => b.name);
  await location.remove(old);
  return old;
}
