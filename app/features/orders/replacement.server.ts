/**
 * Replacement orders (docs/product-decisions.md, "Returns and warranty"): an approved defect claim
 * becomes a new order of the claimed line at zero cost, to the original order's delivery point and
 * recipient. It is placed the way create-order places an order — one statement writes the order,
 * its line, its first status and takes the stock with the catalogue's guarded update (never below
 * 0) — but inside the caller's transaction, so the claim's decision commits with it or not at all.
 * The idempotency key `claim:<id>` makes a second order for one claim impossible.
 */
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orderItems, orderStatusHistory, orders } from "~/db/schema/orders";
import { lockProductsWithParts, orderStockNeeds } from "~/features/catalog/combos.server";
import { takeStockSql } from "~/features/catalog/stock.server";
import type { OrderRow } from "./details.server";
import { newOrderId } from "./order-id";
import { PLACED_STATUS } from "./status";

/** The line to send again, as the claim recorded it. */
export type ReplacementLine = { productId: number | null; name: string; variety: string; color: string; count: number };

export type ReplacementResult =
  | { ok: true; orderId: number; transactionId: string }
  | {
      ok: false;
      status: 409;
      error: "checkout.errors.soldOut" | "checkout.errors.notEnoughStock";
      product: { id: number | null; name: string; stock: number };
    };

/**
 * Places the replacement of `line` of order `originalOrderId` for claim `claimId`, inside the
 * caller's transaction `tx`: locks the product's row (a combo's parts too), refuses (writing
 * nothing) when its stock is short or the product is gone, else writes the zero-cost order and
 * takes the units.
 */
export async function placeReplacementOrder(
  tx: Db,
  originalOrderId: number,
  line: ReplacementLine,
  claimId: number,
): Promise<ReplacementResult> {
  const [original] = await tx.select().from(orders).where(eq(orders.id, originalOrderId)).limit(1);
  // A combo's units are its parts' (decision 015): locked and checked as checkout does.
  let needs: Awaited<ReturnType<typeof orderStockNeeds>> | null = null;
  if (line.productId !== null) {
    await lockProductsWithParts(tx, sql`${line.productId}::int`);
    needs = await orderStockNeeds(tx, new Map([[line.productId, line.count]]));
  }
  if (!original || line.productId === null || !needs || needs.short) {
    const stock = needs?.short?.stock ?? 0;
    return {
      ok: false,
      status: 409,
      error: stock === 0 ? "checkout.errors.soldOut" : "checkout.errors.notEnoughStock",
      product: { id: line.productId, name: line.name, stock },
    };
  }
  const values = {
    ...copyDelivery(original),
    transactionId: newOrderId(),
    status: PLACED_STATUS,
    amountCents: 0,
    goodsCents: 0,
    discountCents: 0,
    couponId: null,
    couponName: null,
    shippingPriceCup: 0,
    isGift: false,
    giftMessage: "",
    paymentType: "cash",
    idempotencyKey: `claim:${claimId}`,
  } satisfies Omit<OrderRow, "id" | "dateIssued" | "updatedAt">;
  const insertOrder = tx.insert(orders).values(values).returning({ id: orders.id }).getSQL();
  const placed = sql`exists (select from o)`;
  const written = await tx.execute(sql`
    with o as (${insertOrder}),
    i as (
      insert into ${orderItems} (order_id, product_id, name, variety, color, count, price_cents)
      select o.id, ${line.productId}::int, ${line.name}::text, ${line.variety}::text, ${line.color}::text, ${line.count}::int, 0
      from o
    ),
    h as (insert into ${orderStatusHistory} (order_id, status) select o.id, ${PLACED_STATUS}::text from o),
    s as (${takeStockSql(needs.take, placed, needs.combos)})
    select o.id as "orderId", (select count(*) from s)::int as "stockRows" from o`);
  const [row] = (written as unknown as { rows: Array<{ orderId: number; stockRows: number }> }).rows;
  // The rows are locked and were checked above: only a bypassed lock could get here.
  if (!row || Number(row.stockRows) < needs.take.size) throw new Error("stock changed under a row lock");
  return { ok: true, orderId: Number(row.orderId), transactionId: values.transactionId };
}

/** The delivery point and recipient of `order`, as a new order of the same shopper takes them. */
function copyDelivery(order: OrderRow) {
  return {
    userId: order.userId,
    shippingName: order.shippingName,
    shippingTime: order.shippingTime,
    deliveryOption: order.deliveryOption,
    exchangeRate: order.exchangeRate,
    fullName: order.fullName,
    clientId: order.clientId,
    address: order.address,
    city: order.city,
    stateProvinceRegion: order.stateProvinceRegion,
    postalZipCode: order.postalZipCode,
    country: order.country,
    phoneNumber: order.phoneNumber,
    deliveryLatitude: order.deliveryLatitude,
    deliveryLongitude: order.deliveryLongitude,
    language: order.language,
  };
}

/** The transaction ids of orders by row id (a claim names its order and its replacement by row id). */
export async function transactionIdsOf(db: Db, ids: number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, transactionId: orders.transactionId })
    .from(orders)
    .where(inArray(orders.id, wanted));
  return new Map(rows.map((row) => [row.id, row.transactionId]));
}
