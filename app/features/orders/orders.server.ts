/**
 * Reading orders (spec §2.15, §3 Order, §7.4 get-orders / get-order; decision “Order ids are unguessable and private”): a shopper sees only
 * their own. Placing an order is in create.server.ts, status changes and cancelling in
 * status.server.ts, the checkout's figures in quote.server.ts and reorder in reorder.server.ts.
 */
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orders } from "~/db/schema/orders";
import type { Env } from "~/utils/env.server";
import { type OrderRow, loadDetails } from "./details.server";
import { isOrderId } from "./order-id";
import type { OrderDetail } from "./types";

/** What the order writes need: the database, and the settings the order emails' sender reads. */
export type OrdersDeps = { db: Db; env: Env };

/** One order in full by its row id (any shopper's: callers have checked whose it is). */
export async function orderById(db: Db, id: number): Promise<OrderDetail> {
  const rows = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  const [detail] = await loadDetails(db, rows);
  return detail;
}

/** The row of one of the shopper's orders; null for another customer's or an unknown id (decision “Order ids are unguessable and private”). */
export async function ownOrderRow(db: Db, userId: number, transactionId: string): Promise<OrderRow | null> {
  if (!isOrderId(transactionId)) return null;
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.transactionId, transactionId)))
    .limit(1);
  return row ?? null;
}

/** §2.15 / §7.4 get-orders: the shopper's orders, newest first, each complete. */
export async function listOrders(db: Db, userId: number): Promise<OrderDetail[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.dateIssued), desc(orders.id));
  return loadDetails(db, rows);
}

/** §7.4 get-order: one of the shopper's orders; another customer's id is null, as an unknown one is (decision “Order ids are unguessable and private”). */
export async function getOrder(db: Db, userId: number, transactionId: string): Promise<OrderDetail | null> {
  const row = await ownOrderRow(db, userId, transactionId);
  if (!row) return null;
  const [detail] = await loadDetails(db, [row]);
  return detail;
}
