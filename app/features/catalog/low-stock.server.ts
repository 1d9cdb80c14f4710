/** Products running out, for the back office's dashboard and product list. */
import { and, asc, eq, lt } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { products } from "~/db/schema/catalog";

/** Below this many units a product is listed as running out. */
export const LOW_STOCK_BELOW = 5;

export type LowStockProduct = { id: number; name: string; nameEn: string | null; quantity: number };

/** The `limit` products with the fewest units under LOW_STOCK_BELOW, fewest first (a scan of the small catalogue). */
export function lowStockProducts(db: Db, limit: number): Promise<LowStockProduct[]> {
  return (
    db
      .select({ id: products.id, name: products.name, nameEn: products.nameEn, quantity: products.quantity })
      .from(products)
      // A combo holds no stock of its own: its parts are listed (decision 015).
      .where(and(lt(products.quantity, LOW_STOCK_BELOW), eq(products.isCombo, false)))
      .orderBy(asc(products.quantity), asc(products.id))
      .limit(limit)
  );
}
