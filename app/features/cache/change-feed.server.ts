/**
 * Cache invalidation across processes sharing one PostgreSQL: a write in one
 * process `NOTIFY`s, and every process `LISTEN`s on a dedicated connection and drops its caches
 * (catalogue memo, exchange rate, page cache) when another process changed the data. The embedded
 * database serves one process only and needs none of this.
 *
 * The listening connection is reopened when it drops; since notifications sent meanwhile are lost,
 * the caches are dropped again once it is back.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Db } from "~/db/client.server";
import { applyChange, setChangePublisher } from "./changes.server";
import { logger } from "~/utils/logger.server";

/** The PostgreSQL notification channel; the payload is the sending process's id and the change's kind. */
export const CHANGE_CHANNEL = "tienda_data_changed";

export type ChangeFeed = {
  /** This process's id (its own notifications are ignored: the change was applied locally). */
  readonly id: string;
  /** Resolves once the first `LISTEN` is in place. */
  readonly ready: Promise<void>;
  close: () => Promise<void>;
};

export function startChangeFeed(db: Db, databaseUrl: string, opts: { reconnectMs?: number } = {}): ChangeFeed {
  const id = randomUUID();
  const reconnectMs = opts.reconnectMs ?? 1_000;
  let closing = false;
  let client: pg.Client | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let listenedOnce = false;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  setChangePublisher(db, (kind) => {
    db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${`${id} ${kind}`})`).catch((error: unknown) => {
      logger.error({ err: error }, "Could not tell the other processes that the data changed");
    });
  });

  const scheduleReconnect = () => {
    if (closing || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, reconnectMs);
    retry.unref?.();
  };

  async function connect() {
    const next = new pg.Client({ connectionString: databaseUrl });
    client = next;
    // Only the current connection's events count: an old one ending later must not reconnect.
    next.on("error", (error) => {
      if (closing || client !== next) return;
      logger.warn({ err: error }, "Cache invalidation listener lost its connection");
      void next.end().catch(() => {});
      scheduleReconnect();
    });
    next.on("end", () => {
      if (!closing && client === next) scheduleReconnect();
    });
    next.on("notification", (message) => {
      if (message.channel !== CHANGE_CHANNEL) return;
      const [sender, kind] = (message.payload ?? "").split(" ");
      if (sender !== id) applyChange(db, kind === "stock" ? "stock" : "all");
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGE_CHANNEL}`);
      if (closing) return void next.end().catch(() => {});
      // Changes made while no connection listened were missed: drop everything once.
      if (listenedOnce) applyChange(db);
      listenedOnce = true;
      markReady();
    } catch (error) {
      if (closing) return;
      logger.warn({ err: error }, "Cache invalidation listener could not connect");
      void next.end().catch(() => {});
      scheduleReconnect();
    }
  }

  void connect();

  return {
    id,
    ready,
    async close() {
      closing = true;
      clearTimeout(retry);
      setChangePublisher(db, null);
      await client?.end().catch(() => {});
    },
  };
}
