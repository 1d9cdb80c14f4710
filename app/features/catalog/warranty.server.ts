/**
 * Which products are under warranty (§3 Product `warranty`): the defect claims (docs/features.md, "Defect claims")
 * offer a claim only on those lines.
 */
import { inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { products } from "~/db/schema/catalog";

/** The ids among `ids` of products that exist and carry a warranty. */
export async function warrantiedProductIds(db: Db, ids: number[]): Promise<Set<number>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Set();
  const rows = await db
    .select({ id: products.id, warranty: products.warranty })
    .from(products)
    .where(inArray(products.id, wanted));
  return new Set(rows.filter((row) => row.warranty).map((row) => row.id));
}
