/**
 * Order figures for the back office's dashboard: orders of a period by status with their goods
 * sold, and the orders waiting to be processed. Each is one query on an index (`orders_date_idx`,
 * `orders_status_date_idx`). Days are Havana days (`utils/dates.ts`).
 */
import { and, asc, count, eq, gte, lt, sum } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { type OrderStatus, orderStatuses, orders } from "~/db/schema/orders";
import { addDays, havanaDayStart } from "~/utils/dates";

export type StatusCounts = Record<OrderStatus, number>;
export type PeriodSummary = {
  /** First Havana day of the period, YYYY-MM-DD, and the last (today). */
  from: string;
  to: string;
  byStatus: StatusCounts;
  total: number;
  /** Goods after coupons of the period's orders that are not cancelled, USD cents. */
  goodsCents: number;
};

export type WaitingOrders = {
  count: number;
  oldest: Array<{ transactionId: string; fullName: string; dateIssued: Date; amountCents: number }>;
};

function emptyCounts(): StatusCounts {
  return Object.fromEntries(orderStatuses.map((status) => [status, 0])) as StatusCounts;
}

/**
 * The orders of Havana days `from`..`to` by status, and their goods sold: the sum of `amount_cents`
 * (the goods after any coupon, USD; shipping is paid in CUP on delivery and not included) of the
 * orders that are not cancelled.
 */
export async function periodSummary(db: Db, from: string, to: string): Promise<PeriodSummary> {
  const start = havanaDayStart(from);
  const end = havanaDayStart(addDays(to, 1));
  const rows = await db
    .select({
      status: orders.status,
      n: count(),
      goods: sum(orders.amountCents),
    })
    .from(orders)
    .where(and(gte(orders.dateIssued, start), lt(orders.dateIssued, end)))
    .groupBy(orders.status);
  const byStatus = emptyCounts();
  let goodsCents = 0;
  for (const row of rows) {
    byStatus[row.status] = Number(row.n);
    if (row.status !== "cancelled") goodsCents += Number(row.goods ?? 0);
  }
  const total = Object.values(byStatus).reduce((a, b) => a + b, 0);
  return { from, to, byStatus, total, goodsCents };
}

/** How many orders wait to be processed, and the `limit` oldest of them. */
export async function waitingOrders(db: Db, limit: number): Promise<WaitingOrders> {
  const [waiting, oldest] = await Promise.all([
    db.select({ n: count() }).from(orders).where(eq(orders.status, "not_processed")),
    db
      .select({
        transactionId: orders.transactionId,
        fullName: orders.fullName,
        dateIssued: orders.dateIssued,
        amountCents: orders.amountCents,
      })
      .from(orders)
      .where(eq(orders.status, "not_processed"))
      .orderBy(asc(orders.dateIssued), asc(orders.id))
      .limit(limit),
  ]);
  return { count: Number(waiting[0]?.n ?? 0), oldest };
}
