/**
 * The catalogue's in-memory read cache and its invalidation: every catalogue reader memoises
 * through `cached`, every catalogue or stock write calls `invalidateCatalog` or `invalidateStock`.
 */
import type { Db } from "~/db/client.server";
import { dataChanged, onDataChange } from "~/features/cache/changes.server";

// In-memory cache. Catalogue reads dominate traffic and change rarely; every write through this
// module (or the modules that change stock) calls invalidateCatalog(). The short TTL bounds how
// stale another process's cache can be when several processes share one PostgreSQL.
const CACHE_TTL_MS = 10_000;
const caches = new WeakMap<Db, Map<string, { at: number; value: Promise<unknown> }>>();

/**
 * Memoises a catalogue read for a few seconds; `invalidateCatalog` drops it. Other catalogue
 * readers (search) use it so that one invalidation covers every cached read.
 */
export async function cached<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(key);
  const now = Date.now();
  if (hit && now - hit.at < CACHE_TTL_MS) return hit.value as Promise<T>;
  const value = load();
  cache.set(key, { at: now, value });
  value.catch(() => cache.delete(key)); // never cache a failure
  if (cache.size > 5_000) cache.delete(cache.keys().next().value as string);
  return value;
}

/**
 * Drops every cached catalogue read of this database (call after any catalogue or stock write), and
 * with it the memoised settings and the server's page cache (one signal,
 * features/cache/changes.server.ts), in this process and, on PostgreSQL, in the others.
 */
export function invalidateCatalog(db: Db): void {
  dataChanged(db);
}

/**
 * The same after a change of stock alone (an order placed or cancelled): the catalogue memo and the
 * page cache drop, the memoised exchange rate and dispatch point stay (checkout reads them per order).
 */
export function invalidateStock(db: Db): void {
  dataChanged(db, "stock");
}

// A change here or in another process (its NOTIFY) drops the memoised reads of this process.
// (The memoised settings, rate and dispatch point, listen for themselves: settings-memo.server.ts.)
onDataChange((db) => {
  caches.get(db)?.clear();
});
