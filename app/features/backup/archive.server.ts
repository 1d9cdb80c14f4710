/**
 * The backup file (docs/decisions/011-backups.md): one uncompressed tar (the database dump is
 * compressed already, images are WebP) holding, in this order,
 *
 *   tienda-backup.json        what the backup holds (format, version, database kind, counts)
 *   database/pglite.tar.gz    the embedded database's data directory (PGlite's dumpDataDir), or
 *   database/postgres.dump    pg_dump's custom format
 *   media/<key>               every object of the media store (images and their widths)
 *
 * Any tar tool lists or unpacks it; `npm run restore` reads it back.
 */
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { extract as tarExtract, pack as tarPack } from "tar-stream";
import type { MediaStore, StoredObject } from "~/features/media/store.server";

export const MANIFEST_ENTRY = "tienda-backup.json";
export const DATABASE_ENTRIES = { pglite: "database/pglite.tar.gz", postgres: "database/postgres.dump" } as const;
export const MEDIA_PREFIX = "media/";

export type DatabaseKind = keyof typeof DATABASE_ENTRIES;

export type Manifest = {
  format: "tienda-backup";
  version: 1;
  createdAt: string;
  database: DatabaseKind;
  /** Migrations applied in the backed-up database. */
  migrations: number;
  media: { count: number; bytes: number };
};

/** Writes the archive to `file`; `databaseFile` is the dump, `objects` the media to copy. */
export async function writeArchive(
  file: string,
  parts: {
    manifest: Manifest;
    databaseFile: string;
    media: MediaStore;
    objects: StoredObject[];
  },
): Promise<void> {
  const pack = tarPack();
  const written = pipeline(pack, createWriteStream(file));
  const mtime = new Date(parts.manifest.createdAt);
  const entry = (name: string, body: Buffer) =>
    new Promise<void>((resolve, reject) =>
      pack.entry({ name, size: body.length, mtime }, body, (e) => (e ? reject(e) : resolve())),
    );
  try {
    await entry(MANIFEST_ENTRY, Buffer.from(JSON.stringify(parts.manifest, null, 2)));
    const { size } = await fs.stat(parts.databaseFile);
    await pipeline(
      createReadStream(parts.databaseFile),
      pack.entry({ name: DATABASE_ENTRIES[parts.manifest.database], size, mtime }),
    );
    for (const object of parts.objects) {
      const body = await parts.media.read(object.key);
      // Listed a moment ago and nothing deletes media while a backup holds the media lock.
      if (!body) throw new Error(`The media object ${object.key} disappeared during the backup`);
      await entry(`${MEDIA_PREFIX}${object.key}`, body);
    }
    pack.finalize();
  } catch (error) {
    pack.destroy(error as Error);
  }
  await written;
}

export type ArchiveEntry = { name: string; size: number; body: Readable };

/**
 * Reads an archive entry by entry; each `body` must be consumed (or resumed) before the next.
 * The first entry must be the manifest: anything else is not a backup of this store.
 */
export async function* readArchive(file: string): AsyncGenerator<ArchiveEntry | Manifest> {
  const extract = tarExtract();
  const source = createReadStream(file);
  source.on("error", (error) => extract.destroy(error));
  source.pipe(extract);
  let first = true;
  for await (const entry of extract) {
    if (first) {
      first = false;
      if (entry.header.name !== MANIFEST_ENTRY) throw new NotABackupError(file);
      const manifest = JSON.parse((await collect(entry as AsyncIterable<Uint8Array>)).toString("utf8")) as Manifest;
      if (manifest.format !== "tienda-backup" || manifest.version !== 1) throw new NotABackupError(file);
      yield manifest;
      continue;
    }
    yield { name: entry.header.name, size: entry.header.size ?? 0, body: entry as unknown as Readable };
  }
  if (first) throw new NotABackupError(file);
}

export class NotABackupError extends Error {
  constructor(file: string) {
    super(`${file} is not a backup written by \`npm run backup\` (no ${MANIFEST_ENTRY} first).`);
  }
}

/** The whole of a stream, as one buffer. */
export async function collect(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
