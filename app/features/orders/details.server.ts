/**
 * An order in full (lines and status history) from its rows: what the orders pages, the API, the
 * back office and the order emails show. Its own module so the order emails, rendered by the outbox
 * sender at send time, read orders the same way without importing the checkout code.
 */
import { asc, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import type { orders } from "~/db/schema/orders";
import { orderItems, orderStatusHistory } from "~/db/schema/orders";
import { DEFAULT_EXCHANGE_RATE } from "~/features/currency/default-rate";
import type { OrderDetail, OrderLine, OrderStatusEntry } from "./types";

export type OrderRow = typeof orders.$inferSelect;

/** The orders of `rows` in full (lines and status history), in the same order; shared with the back office. */
export async function loadDetails(db: Db, rows: OrderRow[]): Promise<OrderDetail[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [items, history] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id)),
    db
      .select()
      .from(orderStatusHistory)
      .where(inArray(orderStatusHistory.orderId, ids))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
  ]);
  return rows.map((row) => toDetail(row, items, history));
}

export function toDetail(
  row: OrderRow,
  items: (typeof orderItems.$inferSelect)[],
  history: (typeof orderStatusHistory.$inferSelect)[],
): OrderDetail {
  const lines: OrderLine[] = items
    .filter((i) => i.orderId === row.id)
    .map((i) => ({
      productId: i.productId,
      name: i.name,
      variety: i.variety,
      color: i.color,
      count: i.count,
      priceCents: i.priceCents,
    }));
  const entries: OrderStatusEntry[] = history
    .filter((h) => h.orderId === row.id)
    .map((h) => ({ status: h.status, date: h.createdAt, note: h.note }));
  return {
    transactionId: row.transactionId,
    status: row.status,
    dateIssued: row.dateIssued,
    amountCents: row.amountCents,
    goodsCents: row.goodsCents,
    discountCents: row.discountCents,
    couponName: row.couponName,
    shippingPriceCup: row.shippingPriceCup,
    shippingName: row.shippingName,
    shippingTime: row.shippingTime,
    deliveryOption: row.deliveryOption,
    exchangeRate: row.exchangeRate == null ? DEFAULT_EXCHANGE_RATE : Number(row.exchangeRate),
    fullName: row.fullName,
    clientId: row.clientId,
    address: row.address,
    city: row.city,
    stateProvinceRegion: row.stateProvinceRegion,
    postalZipCode: row.postalZipCode,
    country: row.country,
    phoneNumber: row.phoneNumber,
    deliveryLatitude: row.deliveryLatitude,
    deliveryLongitude: row.deliveryLongitude,
    isGift: row.isGift,
    giftMessage: row.giftMessage,
    paymentType: "cash",
    language: row.language === "en" ? "en" : "es",
    items: lines,
    history: entries,
  };
}
