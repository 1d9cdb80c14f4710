/**
 * Status changes of an order (spec §4.1, §7.4 cancel-order; decisions “Order ids are unguessable and private”, “The back office”): the one transition function
 * the customer's cancel and the back office both use. A cancellation puts the units back in stock
 * and gives the coupon use back; the customer's email is written to the outbox in the same
 * transaction and sent after commit.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { type OrderStatus, orderItems, orderStatusHistory, orders } from "~/db/schema/orders";
import { getUserById } from "~/features/accounts/accounts.server";
import { type AuditActor, recordAudit } from "~/features/audit/audit.server";
import { invalidateStock } from "~/features/catalog/catalog-cache.server";
import { putBackStock } from "~/features/catalog/stock.server";
import { giveBackCouponUse } from "~/features/coupons/redemption.server";
import { enqueueEmail } from "~/features/outbox/outbox.server";
import { outboxMailer } from "~/features/outbox/mailer.server";
import { kickStockAlerts } from "~/features/stock-alerts/queue.server";
import { ordersCancelled } from "~/utils/metrics.server";
import { withRetry } from "~/db/retry.server";
import { ORDER_STATUS, type OrderEmailPayload, recipientOf } from "./mailer.server";
import { isOrderId } from "./order-id";
import { type OrdersDeps, orderById, ownOrderRow } from "./orders.server";
import { canChangeStatus } from "./status";
import type { OrderDetail } from "./types";

export type OrderRef = { orderId: number } | { transactionId: string };

export type StatusChangeResult =
  | { ok: true; order: OrderDetail; notified: Promise<void> }
  | { ok: false; status: 404; error: "orders.errors.notFound" }
  | { ok: false; status: 409; error: "orders.errors.invalidTransition"; from: OrderStatus };

/**
 * THE status transition of an order (§4.1, decision “The back office”): checks it against the transition table under a
 * row lock, writes the status and a history row (the note, or the actor when there is none),
 * puts the units back in stock on a cancellation, and writes the customer's email to the outbox,
 * sent after commit (§4.1 "Customers receive e-mail updates on status change"). The customer's cancel and the back
 * office both come through here. With `audit` (an operator's move, decision “The back office”) an `order.status` entry is
 * written in the same transaction.
 */
export async function changeOrderStatus(
  deps: OrdersDeps,
  ref: OrderRef,
  to: OrderStatus,
  opts: { note?: string; actor?: "customer" | "operator" | "system"; audit?: AuditActor } = {},
): Promise<StatusChangeResult> {
  const { db } = deps;
  if ("transactionId" in ref && !isOrderId(ref.transactionId)) {
    return { ok: false, status: 404, error: "orders.errors.notFound" };
  }
  const where = "orderId" in ref ? eq(orders.id, ref.orderId) : eq(orders.transactionId, ref.transactionId);
  const changed = await withRetry(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          id: orders.id,
          transactionId: orders.transactionId,
          userId: orders.userId,
          status: orders.status,
          couponName: orders.couponName,
        })
        .from(orders)
        .where(where)
        .limit(1)
        .for("update");
      if (!row) return { ok: false as const, status: 404 as const, error: "orders.errors.notFound" as const };
      if (!canChangeStatus(row.status, to)) {
        return {
          ok: false as const,
          status: 409 as const,
          error: "orders.errors.invalidTransition" as const,
          from: row.status,
        };
      }
      await tx
        .update(orders)
        .set({ status: to, updatedAt: sql`now()` })
        .where(eq(orders.id, row.id));
      const note = (opts.note ?? "").trim().slice(0, 500);
      const historyNote = note || (opts.actor ?? "");
      await tx.insert(orderStatusHistory).values({ orderId: row.id, status: to, note: historyNote });
      if (opts.audit) {
        await recordAudit(tx as unknown as Db, {
          actor: opts.audit,
          action: "order.status",
          entity: "order",
          entityId: row.transactionId,
          before: { status: row.status },
          after: { status: to, note },
        });
      }
      const alertsDue = to === "cancelled" ? await restoreStock(tx, row.id, row.couponName) : 0;
      const user = await getUserById(tx as unknown as Db, row.userId);
      if (user) {
        const payload: OrderEmailPayload = { orderId: row.id, to: recipientOf(user), status: to, note: historyNote };
        await enqueueEmail(tx as unknown as Db, ORDER_STATUS, payload);
      }
      return { ok: true as const, orderId: row.id, cancelled: to === "cancelled", alertsDue };
    }),
  );
  if (!changed.ok) return changed;
  if (changed.cancelled) {
    invalidateStock(db);
    ordersCancelled.inc();
    // Units back on sale may bring a product back from 0: its alerts go out after this answer.
    if (changed.alertsDue > 0) void kickStockAlerts(deps);
  }
  const order = await orderById(db, changed.orderId);
  return { ok: true, order, notified: outboxMailer(deps).flush() };
}

/**
 * A cancelled order's units go back on sale and its coupon use is given back; returns how many
 * back-in-stock alerts that made due.
 */
async function restoreStock(tx: Db, orderId: number, couponName: string | null): Promise<number> {
  const items = await tx
    .select({ productId: orderItems.productId, count: orderItems.count })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const back = new Map<number, number>();
  for (const item of items) {
    if (item.productId != null) back.set(item.productId, (back.get(item.productId) ?? 0) + item.count);
  }
  const alertsDue = await putBackStock(tx, back);
  if (couponName) await giveBackCouponUse(tx, couponName);
  return alertsDue;
}

/**
 * §4.1 / §7.4 cancel-order by the customer: their own order only (another's is not found, decision “Order ids are unguessable and private”),
 * and only while not_processed or processed; later, customer service (409).
 */
export async function cancelOrder(
  deps: OrdersDeps,
  userId: number,
  transactionId: string,
): Promise<StatusChangeResult> {
  const row = await ownOrderRow(deps.db, userId, transactionId);
  if (!row) return { ok: false, status: 404, error: "orders.errors.notFound" };
  return changeOrderStatus(deps, { orderId: row.id }, "cancelled", { actor: "customer" });
}
