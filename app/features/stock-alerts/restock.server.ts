/**
 * The one home of "a product came back in stock → its alerts go out" (docs/features.md, "Back-in-stock alerts"). Every
 * writer of stock (the back office's product form, a cancelled order's units put back, and any
 * later path such as an import) reports its changes here inside its own transaction; a product
 * whose stock went from 0 to more has its confirmed alerts marked due in the same transaction, so
 * the mark commits with the stock or not at all. Nothing is sent here: the queue
 * (queue.server.ts) moves due alerts into the email outbox in batches after commit.
 */
import { and, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { type Db, affectedRows } from "~/db/client.server";
import { stockAlerts } from "~/db/schema/stock-alerts";

/** One product's stock before and after a write. */
export type StockChange = { productId: number; before: number; after: number };

/** The products of `changes` whose stock went from none to some. */
export const restockedIds = (changes: readonly StockChange[]) => [
  ...new Set(changes.filter((c) => c.before <= 0 && c.after > 0).map((c) => c.productId)),
];

/**
 * Marks the confirmed alerts of every product that went from 0 to more as due, inside the
 * caller's transaction `tx`; returns how many. An alert already due stays as it is (one email).
 */
export async function noteStockChanges(tx: Db, changes: readonly StockChange[]): Promise<number> {
  const ids = restockedIds(changes);
  if (ids.length === 0) return 0;
  const marked = await tx
    .update(stockAlerts)
    .set({ restockedAt: sql`now()` })
    .where(
      and(inArray(stockAlerts.productId, ids), isNotNull(stockAlerts.confirmedAt), isNull(stockAlerts.restockedAt)),
    );
  return affectedRows(marked);
}
