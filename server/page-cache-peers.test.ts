import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "~/db/client.server";
import { setProductArchived } from "~/features/catalog/products-admin.server";
import { getProduct } from "~/features/catalog/catalog.server";
import { invalidateCatalog, invalidateStock } from "~/features/catalog/catalog-cache.server";
import { getExchangeRate } from "~/features/currency/currency.server";
import { buildEntry } from "./page-cache/entry";
import { PageCache } from "./page-cache/store";
import { insertCategory, insertProduct } from "../tests/factories";
import { createTestDatabase } from "../tests/setup/db";
import { type ChangeFeed, startChangeFeed } from "~/features/cache/change-feed.server";
import { onDataChange } from "~/features/cache/changes.server";

// Issue 13 point 1: several processes on one PostgreSQL. Two "processes" here are two pools, each
// with its own change feed and page cache, as server/main.ts sets them up: a change made through
// one drops the other's page cache and catalogue memo (NOTIFY/LISTEN), and a dropped listening
// connection comes back.

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("two processes on one PostgreSQL (issue 13 point 1)", () => {
  let database: Database;
  /** The second process's own pool on the same database. */
  let peer: Database;
  const feeds: ChangeFeed[] = [];
  const caches = new Map<unknown, PageCache>();
  const stops: Array<() => void> = [];
  let productId = 0;

  const cacheOf = (db: Database["db"]) => caches.get(db)!;
  const fill = (db: Database["db"]) => {
    const cache = cacheOf(db);
    cache.set("/es/|USD|---", buildEntry("<p>page</p>", "", new Headers(), Date.now()), cache.generation);
  };
  const hasPage = (db: Database["db"]) => cacheOf(db).get("/es/|USD|---") !== undefined;
  /** Notifications arrive asynchronously: wait (bounded) for the condition. */
  async function eventually(check: () => boolean | Promise<boolean>) {
    for (let i = 0; i < 100; i++) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await check()).toBe(true);
  }

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    const pool = (database.db as unknown as { $client: { options: { connectionString: string } } }).$client;
    const databaseUrl = pool.options.connectionString;
    peer = await openDatabase({ databaseUrl, dataDir: null });
    for (const db of [database.db, peer.db]) {
      const cache = new PageCache({ maxEntries: 10, maxBytes: 1e8, maxAgeMs: 1e9 });
      caches.set(db, cache);
      stops.push(onDataChange((changed) => changed === db && cache.invalidate()));
      feeds.push(startChangeFeed(db, databaseUrl, { reconnectMs: 50 }));
    }
    await Promise.all(feeds.map((f) => f.ready));
    const category = await insertCategory(database.db, { slug: "feed", name: "Feed" });
    productId = (await insertProduct(database.db, { categoryId: category.id, name: "Original" })).id;
  });
  afterAll(async () => {
    stops.forEach((stop) => stop());
    await Promise.all(feeds.map((f) => f.close()));
    await peer?.close();
    await database?.close();
  });

  it("a product changed in one process drops the other's page cache and catalogue memo", async () => {
    fill(database.db);
    fill(peer.db);
    // The peer has the product memoised under its old name.
    expect((await getProduct(peer.db, productId, "es"))?.name).toBe("Original");
    await database.db.execute(`update products set name = 'Nuevo' where id = ${productId}`);
    expect(await setProductArchived(database.db, { id: null, email: "cli:test", role: "cli" }, productId, true)).toBe(
      true,
    );
    expect(hasPage(database.db)).toBe(false); // at once, locally
    await eventually(() => !hasPage(peer.db));
    // Back on sale in the peer: the first process hears it.
    fill(database.db);
    await setProductArchived(peer.db, { id: null, email: "cli:test", role: "cli" }, productId, false);
    await eventually(() => !hasPage(database.db));
    expect((await getProduct(peer.db, productId, "es"))?.name).toBe("Nuevo");
  });

  it("a stock change in one process (an order) drops the other's pages but keeps its memoised rate", async () => {
    const kinds: string[] = [];
    const stop = onDataChange((changed, kind) => changed === peer.db && kinds.push(kind));
    try {
      fill(peer.db);
      const rate = await getExchangeRate(peer.db);
      // A rate written behind the peer's memo: a stock change must not make the peer read it.
      await database.db.execute(
        `insert into exchange_rates (rate, source, effective_date) values (777.00, 'peer-test', '2999-01-01')`,
      );
      invalidateStock(database.db);
      await eventually(() => !hasPage(peer.db));
      expect(kinds).toEqual(["stock"]);
      expect(await getExchangeRate(peer.db)).toBe(rate);
      invalidateCatalog(database.db);
      await eventually(() => kinds.length === 2);
      expect(kinds).toEqual(["stock", "all"]);
      expect(await getExchangeRate(peer.db)).toBe(777);
    } finally {
      await database.db.execute(`delete from exchange_rates where source = 'peer-test'`);
      const heard = kinds.length;
      invalidateCatalog(database.db);
      // Let the peer hear this one here, not in the next test.
      for (let i = 0; i < 100 && kinds.length === heard; i++) await new Promise((r) => setTimeout(r, 50));
      stop();
    }
  });

  it("a process does not drop its pages on its own notification twice, nor without a change", async () => {
    fill(database.db);
    fill(peer.db);
    await new Promise((r) => setTimeout(r, 200));
    expect(hasPage(database.db)).toBe(true);
    expect(hasPage(peer.db)).toBe(true);
  });

  it("the listening connection comes back after it is killed, and drops the caches it may have missed", async () => {
    fill(peer.db);
    const before = cacheOf(peer.db).stats.invalidations;
    // Kill every LISTEN connection of this database but our own session.
    await database.db.execute(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and query like 'LISTEN%'`,
    );
    await eventually(() => cacheOf(peer.db).stats.invalidations > before);
    expect(hasPage(peer.db)).toBe(false);
    // And it hears the next change again.
    fill(peer.db);
    await setProductArchived(database.db, { id: null, email: "cli:test", role: "cli" }, productId, true);
    await eventually(() => !hasPage(peer.db));
  });
});
