/**
 * One signal for "data under an anonymous page changed": the catalogue memo, the
 * exchange-rate memo and the server's page cache all listen here, so the feature functions that
 * write (products, stock, rate, content, company, slides, categories, reviews, sellers, search
 * index) need one call, `invalidateCatalog(db)`, and every cache of the process drops together.
 *
 * Several processes on one PostgreSQL: the server registers a publisher per database
 * (`setChangePublisher`, a `NOTIFY`), and a process that hears another's notification calls
 * `applyChange(db)`, which drops the local caches without notifying again.
 */
import type { Db } from "~/db/client.server";
import { logger } from "~/utils/logger.server";

/**
 * What changed: `stock` (an order placed or cancelled moves only stock, so the memoised settings,
 * the exchange rate and the dispatch point, stay) or `all` (anything else).
 */
export type ChangeKind = "stock" | "all";

/** Where a change was made: in this process (`local`), or in another one that told this one (`peer`). */
export type ChangeOrigin = "local" | "peer";

type Listener = (db: Db, kind: ChangeKind, origin: ChangeOrigin) => void;

const listeners = new Set<Listener>();
const publishers = new WeakMap<Db, (kind: ChangeKind) => void>();

/** Calls `listener` on every change of `db`'s data (this process's or a peer's); returns an unsubscribe. */
export function onDataChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Drops this process's caches of `db` (a peer's notification, or a local change). */
export function applyChange(db: Db, kind: ChangeKind = "all", origin: ChangeOrigin = "peer"): void {
  for (const listener of listeners) {
    try {
      listener(db, kind, origin);
    } catch (error) {
      logger.error({ err: error }, "A cache invalidation listener failed");
    }
  }
}

/** A write in this process: drop the local caches, then tell the other processes (when any may exist). */
export function dataChanged(db: Db, kind: ChangeKind = "all"): void {
  applyChange(db, kind, "local");
  publishers.get(db)?.(kind);
}

/** How this process tells the others sharing `db` (PostgreSQL `NOTIFY`); null removes it. */
export function setChangePublisher(db: Db, publish: ((kind: ChangeKind) => void) | null): void {
  if (publish) publishers.set(db, publish);
  else publishers.delete(db);
}
