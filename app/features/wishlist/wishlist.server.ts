/**
 * The wishlist of a signed-in shopper (spec §2.17, §4.4, §7.2; decision “Real ratings” real ratings). One entry per
 * product, enforced by a unique index: a duplicate add is a conflict (the API's 409).
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { products } from "~/db/schema/catalog";
import { wishlistItems } from "~/db/schema/wishlist";
import { mergeCartLine } from "~/features/cart/cart.server";
import { getProductCardMap, onSale } from "~/features/catalog/product-cards.server";
import type { ProductCardDto } from "~/features/catalog/types";
import type { Language } from "~/i18n/languages";
import { stockSql } from "~/features/catalog/combos.server";
import { isRowId } from "~/utils/ids";

export type WishlistErrorKey =
  | "wishlist.errors.productNotFound"
  | "wishlist.errors.alreadyInWishlist"
  | "wishlist.errors.notInWishlist";
export type WishlistResult<T> = { ok: true; value: T } | { ok: false; status: 404 | 409; error: WishlistErrorKey };

export type WishlistEntry = { id: number; product: ProductCardDto; dateAdded: string };

/** The shopper's wishlist, newest first, as product cards with their real rating (decision “Real ratings”). */
export async function getWishlist(db: Db, userId: number, lang: Language): Promise<WishlistEntry[]> {
  const rows = await db
    .select({ id: wishlistItems.id, productId: wishlistItems.productId, createdAt: wishlistItems.createdAt })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id))
    .limit(200);
  if (rows.length === 0) return [];
  const cards = await getProductCardMap(
    db,
    rows.map((r) => r.productId),
    lang,
  );
  return rows.flatMap((row) => {
    const card = cards.get(row.productId);
    if (!card) return [];
    return [
      {
        id: row.id,
        product: card,
        dateAdded: new Date(row.createdAt).toISOString(),
      },
    ];
  });
}

/** The header's wishlist count: what the wishlist shows (an archived product's wish is not). */
export async function getWishlistCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(and(eq(wishlistItems.userId, userId), onSale));
  return row?.n ?? 0;
}

export async function isInWishlist(db: Db, userId: number, productId: number): Promise<boolean> {
  if (!isRowId(productId)) return false;
  const [row] = await db
    .select({ id: wishlistItems.id })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
    .limit(1);
  return Boolean(row);
}

/** §7.2 `wishlist/add-item`: created, or a conflict when the product is already there. */
export async function addToWishlist(
  db: Db,
  userId: number,
  productId: number,
): Promise<WishlistResult<{ productId: number }>> {
  if (!isRowId(productId)) return { ok: false, status: 404, error: "wishlist.errors.productNotFound" };
  // An archived product is answered like an unknown one.
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), onSale))
    .limit(1);
  if (!product) return { ok: false, status: 404, error: "wishlist.errors.productNotFound" };
  const [added] = await db
    .insert(wishlistItems)
    .values({ userId, productId })
    .onConflictDoNothing()
    .returning({ id: wishlistItems.id });
  if (!added) return { ok: false, status: 409, error: "wishlist.errors.alreadyInWishlist" };
  return { ok: true, value: { productId } };
}

/** §7.2 `wishlist/remove-item`. */
export async function removeFromWishlist(
  db: Db,
  userId: number,
  productId: number,
): Promise<WishlistResult<{ productId: number }>> {
  if (!isRowId(productId)) return { ok: false, status: 404, error: "wishlist.errors.notInWishlist" };
  const removed = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
    .returning({ id: wishlistItems.id });
  if (removed.length === 0) return { ok: false, status: 404, error: "wishlist.errors.notInWishlist" };
  return { ok: true, value: { productId } };
}

/**
 * §4.4 add all to cart: one unit of each wishlist product that is in stock, one by one; a failure
 * (out of stock since, a colour gone) is skipped. Returns the product ids added and skipped.
 */
export async function addAllToCart(db: Db, userId: number): Promise<{ added: number[]; skipped: number[] }> {
  const rows = await db
    .select({ productId: wishlistItems.productId, quantity: stockSql() })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt));
  const added: number[] = [];
  const skipped: number[] = [];
  for (const row of rows) {
    if (row.quantity <= 0) {
      skipped.push(row.productId);
      continue;
    }
    const result = await mergeCartLine(db, userId, { productId: row.productId, count: 1 });
    (result.ok ? added : skipped).push(row.productId);
  }
  return { added, skipped };
}
