/** One wishlist entry written inside another feature's transaction (the cart's "save for later"). */
import type { Db } from "~/db/client.server";
import { wishlistItems } from "~/db/schema/wishlist";

/** Adds the product to the shopper's wishlist with `tx`; false when it was already there. */
export async function insertWishlistEntry(tx: Db, userId: number, productId: number): Promise<boolean> {
  const [added] = await tx
    .insert(wishlistItems)
    .values({ userId, productId })
    .onConflictDoNothing()
    .returning({ id: wishlistItems.id });
  return Boolean(added);
}
