/**
 * Orders for the assistant's evaluation and tests: a shopper with one order, another customer
 * with an order of their own (the one the assistant must never show), a shopper without orders.
 * Rows are written directly (the checkout's rules are not what is being measured here).
 */
import type { Db } from "~/db/client.server";
import { type OrderStatus, orderItems, orderStatusHistory, orders } from "~/db/schema/orders";
import { insertUser } from "../../tests/factories";

/** Fixed ids in the decision “Order ids are unguessable and private” format (32 hex characters), so that questions can name them. */
export const OWN_ORDER = "a1b2c3d4e5f60718293a4b5c6d7e8f90";
export const OTHER_ORDER = "ffeeddccbbaa99887766554433221100";

/** Inserts an order of `userId` with one line, in the given status. */
export async function insertOrderFor(
  db: Db,
  userId: number,
  opts: { transactionId: string; status: OrderStatus; amountCents?: number; shippingPriceCup?: number },
): Promise<void> {
  const amountCents = opts.amountCents ?? 2350;
  const [row] = await db
    .insert(orders)
    .values({
      transactionId: opts.transactionId,
      userId,
      status: opts.status,
      amountCents,
      goodsCents: amountCents,
      shippingPriceCup: opts.shippingPriceCup ?? 240,
      shippingName: "Estándar",
      shippingTime: "De 1 a 2 días hábiles en La Habana",
      deliveryOption: "standard",
      exchangeRate: "390.00",
      fullName: "Cliente de prueba",
      clientId: "85010112345",
      address: "Calle 23 #456",
      city: "Plaza de la Revolución",
      stateProvinceRegion: "La Habana",
      phoneNumber: "+53 5 555 5555",
      deliveryLatitude: 23.1357,
      deliveryLongitude: -82.3838,
    })
    .returning({ id: orders.id });
  await db.insert(orderItems).values({ orderId: row.id, name: "Arroz", count: 2, priceCents: amountCents / 2 });
  await db.insert(orderStatusHistory).values({ orderId: row.id, status: opts.status });
}

export type EvalShoppers = { withOrder: number; withoutOrder: number; other: number };

/** The three shoppers of the evaluation: own order 'processed', the other customer's 'shipping'. */
export async function insertEvalShoppers(db: Db): Promise<EvalShoppers> {
  const owner = await insertUser(db);
  const other = await insertUser(db);
  const empty = await insertUser(db);
  await insertOrderFor(db, owner.id, { transactionId: OWN_ORDER, status: "processed" });
  await insertOrderFor(db, other.id, { transactionId: OTHER_ORDER, status: "shipping" });
  return { withOrder: owner.id, withoutOrder: empty.id, other: other.id };
}
