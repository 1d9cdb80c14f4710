/**
 * The most-wanted products that are out of stock (docs/features.md, "Reports"): confirmed
 * subscriptions still waiting (not yet restocked), counted per product, for the products whose
 * stock is 0 now. The count is one grouped query here; names and stock come from the catalogue's
 * cards (its own query), so each table is read by its owner.
 */
import { and, count, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { stockAlerts } from "~/db/schema/stock-alerts";
import { getProductCardMap } from "~/features/catalog/product-cards.server";
import type { Language } from "~/i18n/languages";

export type WantedProduct = { productId: number; name: string; waiting: number };

/** The `limit` out-of-stock products with most waiting subscribers, most first (then by id). */
export async function mostWantedOutOfStock(db: Db, lang: Language, limit: number): Promise<WantedProduct[]> {
  // Every product with a waiting subscriber: at most the out-of-stock part of the catalogue.
  const rows = await db
    .select({ productId: stockAlerts.productId, waiting: count() })
    .from(stockAlerts)
    .where(and(isNotNull(stockAlerts.confirmedAt), isNull(stockAlerts.restockedAt)))
    .groupBy(stockAlerts.productId);
  const cards = await getProductCardMap(
    db,
    rows.map((row) => row.productId),
    lang,
  );
  return rows
    .flatMap((row) => {
      const card = cards.get(row.productId);
      return card && card.quantity <= 0
        ? [{ productId: row.productId, name: card.display_name, waiting: Number(row.waiting) }]
        : [];
    })
    .sort((a, b) => b.waiting - a.waiting || a.productId - b.productId)
    .slice(0, limit);
}
