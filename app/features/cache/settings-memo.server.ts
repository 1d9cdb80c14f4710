/**
 * A store setting read on hot paths (the exchange rate on every page, the dispatch point on every
 * create-order), memoised per database for a few seconds. Any change but one of stock alone drops
 * it, in this process and, through the change feed, in the others (changes.server.ts); the TTL
 * bounds what a missed notification could leave stale. A failed read is never kept.
 */
import type { Db } from "~/db/client.server";
import { onDataChange } from "./changes.server";

const TTL_MS = 10_000;

export type SettingMemo<T> = {
  get: (db: Db) => Promise<T>;
  /** Drops the memo of `db` (after a write of the setting in this process). */
  drop: (db: Db) => void;
};

export function settingMemo<T>(load: (db: Db) => Promise<T>): SettingMemo<T> {
  const memo = new WeakMap<Db, { at: number; value: Promise<T> }>();
  onDataChange((db, kind) => {
    if (kind === "all") memo.delete(db);
  });
  return {
    get(db) {
      const hit = memo.get(db);
      if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
      const value = load(db);
      memo.set(db, { at: Date.now(), value });
      value.catch(() => memo.delete(db));
      return value;
    },
    drop: (db) => memo.delete(db),
  };
}
