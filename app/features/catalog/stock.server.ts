/**
 * The catalogue's stock writes for orders: taking the units an order buys, and putting a cancelled
 * order's units back. The orders feature calls them inside its own transaction, so stock moves
 * with the order or not at all. Product rows are always locked in ascending id order, the order
 * create-order locks them in (app/features/cart/cart.server.ts `lockCartLines`). Every write that
 * raises stock reports its changes to the stock alerts' one home (`noteStockChanges`) in the same
 * transaction: a product back from 0 has its back-in-stock alerts marked due (issue 26 point 4).
 */
import { type SQL, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { products } from "~/db/schema/catalog";
import { noteStockChanges } from "~/features/stock-alerts/restock.server";

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

/**
 * Puts `units` back on sale (a cancelled order's), inside the caller's transaction `tx`; a product
 * that had none left has its back-in-stock alerts marked due. Returns how many alerts were marked.
 */
export async function putBackStock(tx: Db, units: StockUnits): Promise<number> {
  if (units.size === 0) return 0;
  // Same lock order as create-order (ascending id) before the update.
  const ids = [...units.keys()].sort((a, b) => a - b);
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for("update");
  const result = await tx.execute(sql`
    update ${products} as p
    set quantity = p.quantity + v.n, sold = greatest(p.sold - v.n, 0)
    from (values ${unitRows(units)}) as v(id, n)
    where p.id = v.id
    returning p.id as "productId", p.quantity - v.n as before, p.quantity as after`);
  const rows = (result as unknown as { rows: Array<{ productId: number; before: number; after: number }> }).rows;
  return noteStockChanges(
    tx,
    rows.map((row) => ({ productId: Number(row.productId), before: Number(row.before), after: Number(row.after) })),
  );
}

/**
 * Locks a product's row (the caller's transaction) and reads its stock, for a writer that sets
 * stock outright (the back office's form) and must know what it was; null when there is none.
 */
export async function lockStock(tx: Db, id: number): Promise<number | null> {
  const [row] = await tx
    .select({ quantity: products.quantity })
    .from(products)
    .where(eq(products.id, id))
    .for("update");
  return row ? row.quantity : null;
}
