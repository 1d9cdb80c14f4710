/**
 * The catalogue's stock writes for orders: taking the units an order buys, and putting a cancelled
 * order's units back. The orders feature calls them inside its own transaction, so stock moves
 * with the order or not at all. Product rows are always locked in ascending id order, the order
 * create-order locks them in (app/features/cart/cart.server.ts `lockCartLines`).
 */
import { type SQL, asc, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { products } from "~/db/schema/catalog";

/** Units per product id. */
export type StockUnits = Map<number, number>;

const unitRows = (units: StockUnits) =>
  sql.join(
    [...units].map(([id, n]) => sql`(${id}::int, ${n}::int)`),
    sql`, `,
  );

/**
 * Takes `units` from stock and adds them to `sold`, as a fragment of a data-modifying `WITH` for a
 * caller that writes everything in one statement; only when `when` holds. A row that would go
 * below 0 is not updated: the fragment returns the ids of the rows it updated, so the caller can
 * tell.
 */
export function takeStockSql(units: StockUnits, when: SQL): SQL {
  return sql`update ${products} as p
    set quantity = p.quantity - v.n, sold = p.sold + v.n
    from (values ${unitRows(units)}) as v(id, n)
    where p.id = v.id and p.quantity >= v.n and ${when}
    returning p.id`;
}

/** Puts `units` back on sale (a cancelled order's), inside the caller's transaction `tx`. */
export async function putBackStock(tx: Db, units: StockUnits): Promise<void> {
  if (units.size === 0) return;
  // Same lock order as create-order (ascending id) before the update.
  const ids = [...units.keys()].sort((a, b) => a - b);
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for("update");
  await tx.execute(sql`
    update ${products} as p
    set quantity = p.quantity + v.n, sold = greatest(p.sold - v.n, 0)
    from (values ${unitRows(units)}) as v(id, n)
    where p.id = v.id`);
}
