/**
 * Where stored images live (docs/decisions/010-media-in-object-storage.md): one interface, two
 * places. Unset `MEDIA_URL`: the directory `DATA_DIR/media`, as before. `MEDIA_URL=s3://bucket[/prefix]`:
 * any S3-compatible object store (s3-store.server.ts), shared by every host of the store.
 *
 * Keys are relative paths with `/` (`products/abc.webp`, `.variants/...`). Keys whose first segment
 * starts with a dot are the store's own (widths, markers, backups): `/media/...` never serves them.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Env } from "~/utils/env.server";
import type { S3Settings } from "./s3-store.server";

export type StoredObject = { key: string; size: number; modified: Date };

export interface MediaStore {
  /** "local" or "s3", and where, for logs and messages (never a credential). */
  readonly kind: "local" | "s3";
  readonly description: string;
  /** The whole object, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  stat(key: string): Promise<{ size: number; modified: Date } | null>;
  /** Writes the whole object at once: a reader sees the old object or the new one, never half. */
  write(key: string, body: Buffer, contentType?: string): Promise<void>;
  /** Writes a (large) file from disk, as `write` does. */
  writeFile(key: string, file: string, contentType?: string): Promise<void>;
  /** Removes objects; a missing one is no error. */
  remove(keys: string[]): Promise<void>;
  /** Every object whose key starts with `prefix` ("" for all), in no particular order. */
  list(prefix?: string): AsyncIterable<StoredObject>;
}

/** The key of `/media/<rel>`, or null when the URL is not a stored image's. */
export function keyOfUrl(url: string | null | undefined): string | null {
  return url?.startsWith("/media/") ? url.slice("/media/".length).split("?")[0] : null;
}

/** Whether `key` is one of the store's own objects (widths, markers, backups), never served. */
export const isInternalKey = (key: string): boolean => key.startsWith(".");

/** The variables that choose and reach the media store. */
export type MediaEnv = Pick<Env, "DATA_DIR"> &
  Partial<
    Pick<
      Env,
      | "MEDIA_URL"
      | "AWS_ENDPOINT_URL_S3"
      | "AWS_ENDPOINT_URL"
      | "AWS_REGION"
      | "AWS_ACCESS_KEY_ID"
      | "AWS_SECRET_ACCESS_KEY"
    >
  >;

const stores = new Map<string, MediaStore>();

/**
 * The process's media store for `env` (one per configuration, so its S3 connections are reused).
 * S3 is configured by the AWS SDK's standard variables; an endpoint (a store other than AWS) gets
 * path-style addressing, which every S3-compatible server understands.
 */
export function mediaStore(env: MediaEnv): MediaStore {
  const id = env.MEDIA_URL
    ? `${env.MEDIA_URL}|${env.AWS_ENDPOINT_URL_S3 ?? env.AWS_ENDPOINT_URL ?? ""}|${env.AWS_ACCESS_KEY_ID ?? ""}`
    : `local|${env.DATA_DIR}`;
  let store = stores.get(id);
  if (!store) {
    store = env.MEDIA_URL
      ? lazyS3Store(env.MEDIA_URL, {
          endpoint: env.AWS_ENDPOINT_URL_S3 ?? env.AWS_ENDPOINT_URL,
          region: env.AWS_REGION,
          accessKeyId: env.AWS_ACCESS_KEY_ID,
          secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
        })
      : createLocalStore(path.resolve(env.DATA_DIR, "media"));
    stores.set(id, store);
  }
  return store;
}

/**
 * The S3 store, its module (and the AWS SDK, some 20 MB and a second or two to load) loaded on
 * first use: a store without MEDIA_URL never loads it.
 */
function lazyS3Store(mediaUrl: string, settings: S3Settings): MediaStore {
  let loaded: Promise<MediaStore> | undefined;
  const store = () => (loaded ??= import("./s3-store.server").then((m) => m.createS3Store(mediaUrl, settings)));
  const url = new URL(mediaUrl);
  const prefix = url.pathname.replace(/^\/+|\/+$/g, "");
  return {
    kind: "s3",
    description: `s3://${url.hostname}${prefix ? `/${prefix}` : ""}`,
    read: async (key) => (await store()).read(key),
    stat: async (key) => (await store()).stat(key),
    write: async (key, body, contentType) => (await store()).write(key, body, contentType),
    writeFile: async (key, file, contentType) => (await store()).writeFile(key, file, contentType),
    remove: async (keys) => (await store()).remove(keys),
    list: (prefix = "") =>
      (async function* () {
        yield* (await store()).list(prefix);
      })(),
  };
}

/** A directory on this host's disk (`DATA_DIR/media`). */
export function createLocalStore(root: string): MediaStore {
  root = path.resolve(root);
  /** The file of `key` when it is a regular file inside `root`, symlinks resolved; else null. */
  async function fileOf(key: string): Promise<{ file: string; size: number; modified: Date } | null> {
    const candidate = pathOf(key);
    if (!candidate) return null;
    try {
      const [real, realRoot] = await Promise.all([fs.realpath(candidate), fs.realpath(root)]);
      if (!real.startsWith(realRoot + path.sep)) return null;
      const stat = await fs.stat(real);
      return stat.isFile() ? { file: real, size: stat.size, modified: stat.mtime } : null;
    } catch {
      return null;
    }
  }
  function pathOf(key: string): string | null {
    const candidate = path.resolve(root, key);
    return candidate.startsWith(root + path.sep) && !key.includes("\0") ? candidate : null;
  }
  function writable(key: string): string {
    const target = pathOf(key);
    if (!target) throw new Error(`Not a media key: ${JSON.stringify(key)}`);
    return target;
  }
  async function* walk(dir: string): AsyncIterable<StoredObject> {
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(full);
      else if (entry.isFile() && !entry.name.endsWith(".tmp")) {
        const stat = await fs.stat(full).catch(() => null);
        if (stat)
          yield { key: path.relative(root, full).split(path.sep).join("/"), size: stat.size, modified: stat.mtime };
      }
    }
  }
  return {
    kind: "local",
    description: root,
    async read(key) {
      const found = await fileOf(key);
      return found ? fs.readFile(found.file).catch(() => null) : null;
    },
    async stat(key) {
      const found = await fileOf(key);
      return found && { size: found.size, modified: found.modified };
    },
    async write(key, body) {
      const target = writable(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temp = tempName(target);
      await fs.writeFile(temp, body);
      await fs.rename(temp, target);
    },
    async writeFile(key, file) {
      const target = writable(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temp = tempName(target);
      await fs.copyFile(file, temp);
      await fs.rename(temp, target);
    },
    async remove(keys) {
      for (const key of keys) await fs.rm(writable(key), { force: true });
    },
    list(prefix = "") {
      // Walk from the deepest directory the prefix names, then filter on the whole prefix.
      const dir = prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/")) : "";
      const start = dir ? pathOf(dir) : root;
      return (async function* () {
        if (!start) return;
        for await (const object of walk(start)) if (object.key.startsWith(prefix)) yield object;
      })();
    },
  };
}

/** A temporary name beside `file`: written, then renamed over it, so no reader sees half a file. */
function tempName(file: string): string {
  return `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
}

/** The part of `store` under `prefix` (ending in "/"), as a store of its own. */
export function prefixedStore(store: MediaStore, prefix: string): MediaStore {
  return {
    kind: store.kind,
    description: `${store.description}/${prefix.replace(/\/$/, "")}`,
    read: (key) => store.read(prefix + key),
    stat: (key) => store.stat(prefix + key),
    write: (key, body, contentType) => store.write(prefix + key, body, contentType),
    writeFile: (key, file, contentType) => store.writeFile(prefix + key, file, contentType),
    remove: (keys) => store.remove(keys.map((key) => prefix + key)),
    list: (listPrefix = "") =>
      (async function* () {
        for await (const object of store.list(prefix + listPrefix)) {
          yield { ...object, key: object.key.slice(prefix.length) };
        }
      })(),
  };
}

/** Every key under `prefix`, as a set (one listing instead of a look-up per object). */
export async function listKeys(store: MediaStore, prefix = ""): Promise<Set<string>> {
  const keys = new Set<string>();
  for await (const object of store.list(prefix)) keys.add(object.key);
  return keys;
}
