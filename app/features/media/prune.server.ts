/**
 * Orphaned media: images no row points at any more (a product's photo replaced, a slide deleted,
 * an upload whose form was then refused) and their widths. `pruneOrphanedMedia` is one run; the
 * scheduled work calls it (docs/operations.md "Media storage").
 */
import { sql } from "drizzle-orm";
import { type Db, isEmbedded } from "~/db/client.server";
import { getCatalogImageUrls } from "~/features/catalog/catalog.server";
import { getClaimImageUrls } from "~/features/claims/claims.server";
import { getContentImageUrls } from "~/features/content/content.server";
import { contentTypeOf, originalOfVariant, VARIANTS_PREFIX } from "./keys.server";
import { isInternalKey, keyOfUrl, type MediaStore } from "./store.server";

/**
 * An image younger than this is never pruned: an upload is stored before the row that will point
 * at it is saved, and a form being filled in may take a while.
 */
export const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;

/** Any fixed number: backups and pruning of one store's media never run at once. */
const MEDIA_LOCK_KEY = 7_240_024_001;
/** The run holding the lock, per embedded database. */
const embeddedHolders = new WeakMap<Db, Promise<void>>();

/**
 * Runs `fn` holding the media lock: a backup holds it while it copies the database and the media,
 * so no image its database points at is pruned in between. On PostgreSQL an advisory lock (the
 * backup and the pruning may run in different processes); on the embedded database, which one
 * process owns, a lock in this process. `wait: false` gives up at once (null) when it is held.
 */
export async function withMediaLock<T>(db: Db, wait: boolean, fn: () => Promise<T>): Promise<T | null> {
  if (isEmbedded(db)) {
    for (let held = embeddedHolders.get(db); held; held = embeddedHolders.get(db)) {
      if (!wait) return null;
      await held;
    }
    let release = () => {};
    embeddedHolders.set(db, new Promise<void>((resolve) => (release = resolve)));
    try {
      return await fn();
    } finally {
      embeddedHolders.delete(db);
      release();
    }
  }
  return db.transaction(async (tx) => {
    if (wait) {
      await tx.execute(sql`select pg_advisory_xact_lock(${MEDIA_LOCK_KEY})`);
    } else {
      const result = await tx.execute<{ locked: boolean }>(
        sql`select pg_try_advisory_xact_lock(${MEDIA_LOCK_KEY}) as locked`,
      );
      const rows = Array.isArray(result) ? result : (result as { rows: { locked: boolean }[] }).rows;
      if (!rows[0]?.locked) return null;
    }
    return fn();
  });
}

export type PruneResult = { removed: string[]; skipped: boolean };

/**
 * Removes every stored image that no product, category, slide, company logo or defect claim points at and that
 * is older than `graceMs`, with its widths, and widths whose image is gone. Skipped (nothing
 * removed) while a backup runs. Files that are not images are left alone.
 */
export async function pruneOrphanedMedia(
  deps: { db: Db; media: MediaStore },
  opts: { now?: Date; graceMs?: number } = {},
): Promise<PruneResult> {
  const cutoff = (opts.now ?? new Date()).getTime() - (opts.graceMs ?? ORPHAN_GRACE_MS);
  const removed = await withMediaLock(deps.db, false, async () => {
    const referenced = new Set(
      [
        ...(await getCatalogImageUrls(deps.db)),
        ...(await getContentImageUrls(deps.db)),
        ...(await getClaimImageUrls(deps.db)),
      ]
        .map(keyOfUrl)
        .filter((key): key is string => key !== null),
    );
    const originals = new Set<string>();
    const orphans: string[] = [];
    const variants: { key: string; old: boolean }[] = [];
    for await (const object of deps.media.list()) {
      const old = object.modified.getTime() < cutoff;
      if (object.key.startsWith(VARIANTS_PREFIX)) variants.push({ key: object.key, old });
      else if (isInternalKey(object.key) || !contentTypeOf(object.key)) continue;
      else if (!referenced.has(object.key) && old) orphans.push(object.key);
      else originals.add(object.key);
    }
    const orphanWidths = variants
      .filter((v) => v.old && !originals.has(originalOfVariant(v.key) ?? ""))
      .map((v) => v.key);
    const gone = [...orphans, ...orphanWidths];
    await deps.media.remove(gone);
    return gone;
  });
  return removed === null ? { removed: [], skipped: true } : { removed, skipped: false };
}
