/**
 * decision “Invoice and reorder” reorder: an order's lines back in the shopper's cart through the cart module, and the lines
 * that could not be added, with why.
 */
import type { Db } from "~/db/client.server";
import { mergeCartLine } from "~/features/cart/cart.server";
import { type CartLine, getCartLines } from "~/features/cart/cart-lines.server";
import { getProductCardMap } from "~/features/catalog/product-cards.server";
import type { Language } from "~/i18n/languages";
import { getOrder } from "./orders.server";
import type { ReorderSkipReason } from "./types";

export type ReorderResult = {
  /** The cart after the lines were added. */
  cart: CartLine[];
  /** Lines not added, or added with fewer units than ordered (`capped`). */
  notAdded: Array<{
    productId: number | null;
    name: string;
    variety: string;
    color: string;
    /** Units ordered. */
    count: number;
    /** Units of this line now in the cart (0 unless capped: then all there are in stock). */
    inCart: number;
    reason: ReorderSkipReason;
  }>;
};

/**
 * decision “Invoice and reorder” reorder: the order's lines back in the cart through the cart module (one line per product +
 * colour + variety, summed with what is there, capped at stock), and the lines that could not be
 * added, with why. Null when the order is not the shopper's.
 */
export async function reorder(
  db: Db,
  userId: number,
  transactionId: string,
  lang: Language = "es",
): Promise<ReorderResult | null> {
  const order = await getOrder(db, userId, transactionId);
  if (!order) return null;
  const ids = order.items.flatMap((i) => (i.productId == null ? [] : [i.productId]));
  const cards = await getProductCardMap(db, ids, lang);
  const notAdded: ReorderResult["notAdded"] = [];
  for (const item of order.items) {
    const skip = (reason: ReorderSkipReason, inCart = 0) =>
      notAdded.push({
        productId: item.productId,
        name: item.name,
        variety: item.variety,
        color: item.color,
        count: item.count,
        inCart,
        reason,
      });
    const card = item.productId == null ? undefined : cards.get(item.productId);
    if (!card || item.productId == null) {
      skip("productGone");
      continue;
    }
    if (card.quantity <= 0) {
      skip("outOfStock");
      continue;
    }
    const count = Math.min(item.count, card.quantity);
    const result = await mergeCartLine(db, userId, {
      productId: item.productId,
      count,
      color: item.color || null,
      variety: item.variety || null,
    });
    if (!result.ok) {
      skip(
        result.error === "cart.errors.invalidColor" || result.error === "cart.errors.invalidVariety"
          ? "optionGone"
          : result.error === "cart.errors.productNotFound"
            ? "productGone"
            : "outOfStock",
      );
      continue;
    }
    if (count < item.count || result.value.capped) skip("capped", result.value.count);
  }
  return { cart: await getCartLines(db, userId, lang), notAdded };
}
