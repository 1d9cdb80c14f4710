/**
 * Changing the server cart of a signed-in shopper (spec §2.13, §4.3, §5 cart quantity, §7.2; decision “Guest cart”):
 * adding, merging, updating, removing and emptying lines, the guest cart merged at sign-in, and
 * save for later. One line per product + colour + variety, enforced by a unique index, so
 * concurrent adds cannot create two lines. Reading the lines and their totals is cart-lines.server.ts.
 */
import { withRetry } from "~/db/retry.server";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { cartItems, carts } from "~/db/schema/cart";
import { products } from "~/db/schema/catalog";
import { insertWishlistEntry } from "~/features/wishlist/wishlist-entry.server";
import { onSale } from "~/features/catalog/product-cards.server";
import { stockSql } from "~/features/catalog/combos.server";
import { isRowId } from "~/utils/ids";

export type CartErrorKey =
  | "cart.errors.productNotFound"
  | "cart.errors.outOfStock"
  | "cart.errors.notEnoughStock"
  | "cart.errors.invalidCount"
  | "cart.errors.invalidColor"
  | "cart.errors.invalidVariety"
  | "cart.errors.itemNotFound"
  | "cart.errors.alreadyInCart"
  | "wishlist.errors.alreadyInWishlist";

export type CartResult<T> =
  | { ok: true; value: T }
  | { ok: false; status: 400 | 404 | 409; error: CartErrorKey; values?: Record<string, string | number> };

const fail = (status: 400 | 404 | 409, error: CartErrorKey, values?: Record<string, string | number>) =>
  ({ ok: false, status, error, values }) as const;

export type CartLineInput = { productId: number; count: number; color?: string | null; variety?: string | null };

async function cartIdFor(db: Db, userId: number): Promise<number> {
  const [cart] = await db
    .insert(carts)
    .values({ userId })
    .onConflictDoUpdate({ target: carts.userId, set: { updatedAt: sql`now()` } })
    .returning({ id: carts.id });
  return cart.id;
}

type StockRow = {
  id: number;
  quantity: number;
  colors: { name: string; name_en?: string }[];
  varieties: string[];
};

async function productForCart(db: Db, productId: number): Promise<StockRow | null> {
  if (!isRowId(productId)) return null;
  const [row] = await db
    .select({ id: products.id, quantity: stockSql(), colors: products.colors, varieties: products.varieties })
    .from(products)
    // An archived product is answered like an unknown one: productNotFound.
    .where(and(eq(products.id, productId), onSale))
    .limit(1);
  return row ?? null;
}

/**
 * The colour and variety to store: one of the product's own (a colour by its Spanish or English
 * name), or its first one when none is given (§2.10: the first colour and variety are preselected).
 */
function normaliseOptions(product: StockRow, input: CartLineInput): CartResult<{ color: string; variety: string }> {
  const wantedColor = (input.color ?? "").trim();
  let color = "";
  if (product.colors.length > 0) {
    const match = wantedColor
      ? product.colors.find((c) => c.name === wantedColor || c.name_en === wantedColor)
      : product.colors[0];
    if (!match) return fail(400, "cart.errors.invalidColor");
    color = match.name;
  } else if (wantedColor) {
    return fail(400, "cart.errors.invalidColor");
  }
  const wantedVariety = (input.variety ?? "").trim();
  let variety = "";
  if (product.varieties.length > 0) {
    const match = wantedVariety ? product.varieties.find((v) => v === wantedVariety) : product.varieties[0];
    if (!match) return fail(400, "cart.errors.invalidVariety");
    variety = match;
  } else if (wantedVariety) {
    return fail(400, "cart.errors.invalidVariety");
  }
  return { ok: true, value: { color, variety } };
}

/** Shared checks of an add: the product exists, is in stock, the count fits, the options exist. */
async function checkAdd(
  db: Db,
  input: CartLineInput,
): Promise<CartResult<{ product: StockRow; color: string; variety: string }>> {
  const product = await productForCart(db, input.productId);
  if (!product) return fail(404, "cart.errors.productNotFound");
  if (!Number.isSafeInteger(input.count) || input.count < 1) return fail(400, "cart.errors.invalidCount");
  if (product.quantity <= 0) return fail(400, "cart.errors.outOfStock");
  if (input.count > product.quantity) return fail(400, "cart.errors.notEnoughStock", { stock: product.quantity });
  const options = normaliseOptions(product, input);
  if (!options.ok) return options;
  return { ok: true, value: { product, ...options.value } };
}

/**
 * §7.2 `add-item`: a new line (created) or, when the same product + colour + variety is already in
 * the cart, a conflict that names the existing line and changes nothing (the API's 409; the spec's
 * client then updates that line). Concurrent adds of one line make one line.
 */
export async function addCartLine(
  db: Db,
  userId: number,
  input: CartLineInput,
): Promise<CartResult<{ created: boolean; lineId: number; count: number }>> {
  const checked = await checkAdd(db, input);
  if (!checked.ok) return checked;
  const { product, color, variety } = checked.value;
  const cartId = await cartIdFor(db, userId);
  // A checkout racing this add may make PostgreSQL pick it as a deadlock's victim: the insert, which
  // does nothing on a conflict, simply runs again (found by the crash test under load).
  const [inserted] = await withRetry(() =>
    db
      .insert(cartItems)
      .values({ cartId, productId: product.id, count: input.count, color, variety })
      .onConflictDoNothing()
      .returning({ id: cartItems.id, count: cartItems.count }),
  );
  if (inserted) return { ok: true, value: { created: true, lineId: inserted.id, count: inserted.count } };
  const [existing] = await db
    .select({ id: cartItems.id, count: cartItems.count })
    .from(cartItems)
    .where(
      and(
        eq(cartItems.cartId, cartId),
        eq(cartItems.productId, product.id),
        eq(cartItems.color, color),
        eq(cartItems.variety, variety),
      ),
    )
    .limit(1);
  return {
    ok: false,
    status: 409,
    error: "cart.errors.alreadyInCart",
    values: { cart_item_id: existing?.id ?? 0, count: existing?.count ?? 0 },
  };
}

/**
 * §4.3 add as the web pages do it: a new line, or the existing line's count plus the added count,
 * capped at the stock, in one statement (so concurrent adds add up instead of racing).
 */
export async function mergeCartLine(
  db: Db,
  userId: number,
  input: CartLineInput,
): Promise<CartResult<{ lineId: number; count: number; capped: boolean; added: number }>> {
  const checked = await checkAdd(db, input);
  if (!checked.ok) return checked;
  const { product, color, variety } = checked.value;
  const cartId = await cartIdFor(db, userId);
  const stock = sql`(select ${stockSql(sql.raw("sp"))} from ${products} as sp where sp."id" = ${product.id})`;
  const [line] = await db
    .insert(cartItems)
    .values({ cartId, productId: product.id, count: input.count, color, variety })
    .onConflictDoUpdate({
      target: [cartItems.cartId, cartItems.productId, cartItems.color, cartItems.variety],
      set: { count: sql`greatest(1, least(${cartItems.count} + excluded.count, ${stock}))` },
    })
    .returning({
      id: cartItems.id,
      count: cartItems.count,
      // A subquery of RETURNING sees the table as it was before this statement: the previous count.
      previous: sql<number | null>`(select c.count from ${cartItems} c where c.id = "cart_items"."id")`,
    });
  const previous = Number(line.previous ?? 0);
  const wanted = previous + input.count;
  return {
    ok: true,
    value: {
      lineId: line.id,
      count: line.count,
      capped: line.count < wanted,
      added: Math.max(0, line.count - previous),
    },
  };
}

async function ownedLine(db: Db, userId: number, lineId: number) {
  if (!isRowId(lineId)) return null;
  const [line] = await db
    .select({ id: cartItems.id, productId: cartItems.productId, count: cartItems.count, quantity: stockSql() })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(and(eq(cartItems.id, lineId), eq(carts.userId, userId)))
    .limit(1);
  return line ?? null;
}

/** §7.2 `update-item` / §5: a count from 1 to the product's stock; another shopper's line is not found. */
export async function updateCartLine(
  db: Db,
  userId: number,
  lineId: number,
  count: number,
): Promise<CartResult<{ lineId: number; count: number }>> {
  const line = await ownedLine(db, userId, lineId);
  if (!line) return fail(404, "cart.errors.itemNotFound");
  if (!Number.isSafeInteger(count) || count < 1) return fail(400, "cart.errors.invalidCount");
  if (count > line.quantity) {
    return line.quantity === 0
      ? fail(400, "cart.errors.outOfStock")
      : fail(400, "cart.errors.notEnoughStock", { stock: line.quantity });
  }
  await db.update(cartItems).set({ count }).where(eq(cartItems.id, line.id));
  return { ok: true, value: { lineId: line.id, count } };
}

/** §7.2 `remove-item`. */
export async function removeCartLine(db: Db, userId: number, lineId: number): Promise<CartResult<{ lineId: number }>> {
  const line = await ownedLine(db, userId, lineId);
  if (!line) return fail(404, "cart.errors.itemNotFound");
  await db.delete(cartItems).where(eq(cartItems.id, line.id));
  return { ok: true, value: { lineId: line.id } };
}

/** §7.2 `empty-cart` (and §4.1: a placed order empties the cart), in one statement. */
export async function emptyCart(db: Db, userId: number): Promise<void> {
  await db
    .delete(cartItems)
    .where(inArray(cartItems.cartId, db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId))));
}

/**
 * decision “Guest cart”: the lines of a guest cart kept in the browser (localStorage `cart`) merged into the server
 * cart at sign-in, each capped at stock; lines that cannot be added (unknown product, out of
 * stock, a colour that no longer exists) are skipped. Returns how many were merged.
 */
export async function mergeGuestCart(db: Db, userId: number, lines: CartLineInput[]): Promise<number> {
  let merged = 0;
  for (const line of lines.slice(0, 100)) {
    const product = await productForCart(db, line.productId);
    if (!product || product.quantity <= 0) continue;
    const count = Math.min(Math.max(1, Math.floor(Number(line.count) || 1)), product.quantity);
    const result = await mergeCartLine(db, userId, { ...line, count });
    if (result.ok) merged++;
  }
  return merged;
}

/**
 * §2.13 / §4.3 save for later: the line moves to the wishlist. When the product is already there,
 * a conflict ('This item is already in your wishlist', §8) and the line stays in the cart.
 */
export async function saveCartLineForLater(
  db: Db,
  userId: number,
  lineId: number,
): Promise<CartResult<{ productId: number }>> {
  const line = await ownedLine(db, userId, lineId);
  if (!line) return fail(404, "cart.errors.itemNotFound");
  return db.transaction(async (tx) => {
    const added = await insertWishlistEntry(tx, userId, line.productId);
    if (!added) return fail(409, "wishlist.errors.alreadyInWishlist");
    await tx.delete(cartItems).where(eq(cartItems.id, line.id));
    return { ok: true as const, value: { productId: line.productId } };
  });
}
