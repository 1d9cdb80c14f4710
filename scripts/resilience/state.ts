/**
 * Reads what the crash-safety run's invariants need from the database, once the last server has
 * stopped: products' stock, every order with its lines, every cart line with its shopper. Plain SQL
 * over the tables, the same on PGlite and PostgreSQL.
 */
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import type { DbState, Line } from "./invariants";

type Rows<T> = { rows: T[] };

export async function readState(db: Db): Promise<DbState> {
  const products = (await db.execute(sql`select id, quantity from products order by id`)) as unknown as Rows<{
    id: number;
    quantity: number;
  }>;
  const orders = (await db.execute(
    sql`select id, user_id, transaction_id, idempotency_key, status from orders order by id`,
  )) as unknown as Rows<{
    id: number;
    user_id: number;
    transaction_id: string;
    idempotency_key: string | null;
    status: string;
  }>;
  const items = (await db.execute(
    sql`select order_id, product_id, color, variety, count from order_items order by id`,
  )) as unknown as Rows<{ order_id: number; product_id: number | null; color: string; variety: string; count: number }>;
  const cartLines = (await db.execute(
    sql`select ci.cart_id, c.user_id, ci.product_id, ci.color, ci.variety, ci.count
        from cart_items ci join carts c on c.id = ci.cart_id order by ci.id`,
  )) as unknown as Rows<{
    cart_id: number;
    user_id: number;
    product_id: number;
    color: string;
    variety: string;
    count: number;
  }>;

  const linesOf = new Map<number, Line[]>();
  for (const i of items.rows) {
    const list = linesOf.get(i.order_id) ?? [];
    list.push({ productId: i.product_id, color: i.color, variety: i.variety, count: Number(i.count) });
    linesOf.set(i.order_id, list);
  }
  return {
    products: products.rows.map((p) => ({ id: Number(p.id), quantity: Number(p.quantity) })),
    orders: orders.rows.map((o) => ({
      userId: Number(o.user_id),
      transactionId: o.transaction_id,
      key: o.idempotency_key,
      status: o.status,
      lines: linesOf.get(o.id) ?? [],
    })),
    cartLines: cartLines.rows.map((c) => ({
      cartId: Number(c.cart_id),
      userId: Number(c.user_id),
      productId: Number(c.product_id),
      color: c.color,
      variety: c.variety,
      count: Number(c.count),
    })),
  };
}
