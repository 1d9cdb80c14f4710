/**
 * The catalogue's stock writes for orders: taking the units an order buys, and putting a cancelled
 * order's units back. The orders feature calls them inside its own transaction, so stock moves
 * with the order or not at all. Product rows are always locked in ascending id order, the order
 * create-order locks them in (app/features/cart/cart.server.ts `lockCartLines`). Every write that
 * raises stock reports its changes to the stock alerts' one home (`noteStockChanges`) in the same
 * transaction: a product back from 0 has its back-in-stock alerts marked due (docs/features.md, "Back-in-stock alerts").
 * A combo holds no stock (decision 015): an order takes its parts' units (combos.server.ts
 * `orderStockNeeds`) and only counts the combo as sold; a cancellation puts the parts back.
 */
import { type SQL, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { products } from "~/db/schema/catalog";
import { noteStockChanges } from "~/features/stock-alerts/restock.server";
import { lockProductsWithParts, orderStockNeeds, stockOfAffected } from "./combos.server";

/** Units per product id. */
export type StockUnits = Map<number, number>;

/** Rows (id, units taken from stock, units sold): the parts' and plain products' units, and the combos' own. */
const unitRows = (units: StockUnits, combos: StockUnits) =>
  sql.join(
    [
      ...[...units].map(([id, n]) => sql`(${id}::int, ${n}::int, ${n}::int)`),
      ...[...combos].map(([id, n]) => sql`(${id}::int, 0, ${n}::int)`),
    ],
    sql`, `,
  );

/**
 * Takes `units` from stock and adds them to `sold`, as a fragment of a data-modifying `WITH` for a
 * caller that writes everything in one statement; only when `when` holds. A row that would go
 * below 0 is not updated: the fragment returns the ids of the rows it updated, so the caller can
 * tell. `combos` are combos ordered: only their `sold` grows (their parts' units are in `units`).
 */
export function takeStockSql(units: StockUnits, when: SQL, combos: StockUnits = new Map()): SQL {
  return sql`update ${products} as p
    set quantity = p.quantity - v.n, sold = p.sold + v.s
    from (values ${unitRows(units, combos)}) as v(id, n, s)
    where p.id = v.id and p.quantity >= v.n and ${when}
    returning p.id`;
}

/**
 * Puts `ordered` back on sale (a cancelled order's units per product, combos included: their
 * parts' units go back), inside the caller's transaction `tx`; a product, or a combo, that had
 * none left has its back-in-stock alerts marked due. Returns how many alerts were marked.
 */
export async function putBackStock(tx: Db, ordered: StockUnits): Promise<number> {
  if (ordered.size === 0) return 0;
  // Parts are fixed once a combo exists (decision 015), so today's parts are the order's.
  // Same lock order as create-order (products and their parts, ascending id) before the update.
  await lockProductsWithParts(
    tx,
    sql.join(
      [...ordered.keys()].map((id) => sql`${id}::int`),
      sql`, `,
    ),
  );
  const { take: units, combos } = await orderStockNeeds(tx, ordered);
  const ids = [...new Set([...units.keys(), ...combos.keys()])];
  const before = await stockOfAffected(tx, ids);
  await tx.execute(sql`
    update ${products} as p
    set quantity = p.quantity + v.n, sold = greatest(p.sold - v.s, 0)
    from (values ${unitRows(units, combos)}) as v(id, n, s)
    where p.id = v.id`);
  const after = await stockOfAffected(tx, ids);
  return noteStockChanges(
    tx,
    [...after].map(([productId, stock]) => ({ productId, before: before.get(productId) ?? 0, after: stock })),
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
