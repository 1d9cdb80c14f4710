/**
 * Moving due back-in-stock alerts into the email outbox (docs/features.md, "Back-in-stock alerts"), in batches: each batch
 * deletes up to ALERT_BATCH due alerts and adds their emails to the outbox in one statement, so
 * every alert becomes exactly one email (the subscription ends as its email is queued) whatever
 * crashes or runs twice. Batches are small and come no faster than the outbox sends bulk emails
 * (OUTBOX_BULK_PER_SECOND), so 10,000 subscribers never hold the storefront: the alerts wait here,
 * due, rather than in the outbox, and each statement (on the embedded database, in the server's own
 * process) is short. A restock's request only marks alerts due (restock.server.ts) and kicks this
 * queue without waiting; the scheduled job (app/features/jobs) kicks it too, for a kick a crash lost.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { type Db, affectedRows } from "~/db/client.server";
import { stockAlerts } from "~/db/schema/stock-alerts";
import { outboxMailer } from "~/features/outbox/mailer.server";
import { enqueueEmailsSql } from "~/features/outbox/outbox.server";
import type { Env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { STOCK_ALERT_BACK } from "./emails.server";

/** Alerts moved into the outbox per statement. */
export const ALERT_BATCH = 100;

/** Moves one batch of due alerts into the outbox; returns how many. */
export async function queueDueAlerts(db: Db, batchSize = ALERT_BATCH): Promise<number> {
  const result = await db.execute(sql`
    with due as (
      delete from ${stockAlerts}
      where id in (
        select id from ${stockAlerts} where restocked_at is not null
        order by id limit ${batchSize} for update skip locked
      )
      returning product_id, email, lang
    )
    ${enqueueEmailsSql(sql`select ${STOCK_ALERT_BACK}::text,
      jsonb_build_object('productId', product_id, 'email', email, 'lang', lang) from due`)}`);
  return affectedRows(result);
}

/** Moves every due alert into the outbox, batch by batch, kicking the sender after each; returns how many. */
export async function drainDueAlerts(deps: { db: Db; env: Env }, batchSize = ALERT_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const moved = await queueDueAlerts(deps.db, batchSize);
    total += moved;
    if (moved > 0) void outboxMailer(deps).flush();
    if (moved < batchSize) return total;
    await sleep((batchSize * 1000) / deps.env.OUTBOX_BULK_PER_SECOND);
  }
}

const running = new WeakMap<Db, Promise<number>>();

/**
 * Starts draining after a write that may have marked alerts due (not awaited by the request);
 * kicks while a drain runs share it, and one more drain follows for rows marked meanwhile.
 */
export function kickStockAlerts(deps: { db: Db; env: Env }): Promise<number> {
  const current = running.get(deps.db);
  const next = (current ?? Promise.resolve(0))
    .then(() => drainDueAlerts(deps))
    .catch((error: unknown) => {
      logger.error({ err: error }, "Queueing back-in-stock alerts failed");
      return 0;
    })
    .finally(() => {
      if (running.get(deps.db) === next) running.delete(deps.db);
    });
  running.set(deps.db, next);
  return next;
}
