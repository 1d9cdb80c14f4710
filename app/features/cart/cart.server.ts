/**
 * The server cart of a signed-in shopper (spec §2.13, §4.3, §5 cart quantity, §7.2; D9, D13b,
 * D18). Every number the shopper sees comes from here: unit prices (wholesale from `WHOLESALE_MIN_UNITS`
 * units when the product has one, wholesale.ts), line totals, savings, coupon discount and totals, in integer cents.
 * One line per product + colour + variety, enforced by a unique index, so concurrent adds cannot
 * create two lines.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { cartItems, carts, products, wishlistItems } from "~/db/schema";
import { getProductCardMap, localized, onSale } from "~/features/catalog/product-cards.server";
import type { ProductCardDto } from "~/features/catalog/types";
import { checkCoupon, couponDiscountCents, findCoupon } from "~/features/coupons/coupons.server";
import type { Language } from "~/i18n/languages";
import { isRowId } from "~/utils/ids";
import { unitPriceCents } from "./wholesale";

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

export type CartLine = {
  /** cart_item_id of §7.2 */
  id: number;
  count: number;
  /** The colour and variety as stored (the product's Spanish colour name); shown localised. */
  color: string;
  variety: string;
  product: ProductCardDto;
  /** Unit price charged: the wholesale price at 10+ units when there is one (D13b). */
  unitPriceCents: number;
  unitComparePriceCents: number;
  lineTotalCents: number;
  lineCompareTotalCents: number;
  wholesaleApplied: boolean;
};

export type CartTotals = {
  /** Number of distinct lines (the header badge, §4.3). */
  itemCount: number;
  /** Number of units over all lines. */
  unitCount: number;
  /** Goods at the prices charged, before any coupon. */
  subtotalCents: number;
  /** Goods at the original prices. */
  compareTotalCents: number;
  couponDiscountCents: number;
  /** What the goods cost: subtotal minus the coupon discount. */
  totalCents: number;
  coupon: { name: string; discountPercent: number | null; discountCents: number | null } | null;
  couponError: string | null;
  /** With `coupons.errors.minTotal`: the coupon's minimum goods total (the message's `{min}`). */
  couponMinTotalCents?: number;
};

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
    .select({ id: products.id, quantity: products.quantity, colors: products.colors, varieties: products.varieties })
    .from(products)
    // An archived product (issue 12) is answered like an unknown one: productNotFound.
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
  const [inserted] = await db
    .insert(cartItems)
    .values({ cartId, productId: product.id, count: input.count, color, variety })
    .onConflictDoNothing()
    .returning({ id: cartItems.id, count: cartItems.count });
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
): Promise<CartResult<{ lineId: number; count: number; capped: boolean }>> {
  const checked = await checkAdd(db, input);
  if (!checked.ok) return checked;
  const { product, color, variety } = checked.value;
  const cartId = await cartIdFor(db, userId);
  const stock = sql`(select ${products.quantity} from ${products} where ${products.id} = ${product.id})`;
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
  const wanted = Number(line.previous ?? 0) + input.count;
  return { ok: true, value: { lineId: line.id, count: line.count, capped: line.count < wanted } };
}

async function ownedLine(db: Db, userId: number, lineId: number) {
  if (!isRowId(lineId)) return null;
  const [line] = await db
    .select({ id: cartItems.id, productId: cartItems.productId, count: cartItems.count, quantity: products.quantity })
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

/** The shopper's lines, oldest first, priced per line (D13b). Products removed from sale drop out. */
export async function getCartLines(db: Db, userId: number, lang: Language): Promise<CartLine[]> {
  const rows = await db
    .select({
      id: cartItems.id,
      productId: cartItems.productId,
      count: cartItems.count,
      color: cartItems.color,
      variety: cartItems.variety,
      priceCents: products.priceCents,
      originalPriceCents: products.originalPriceCents,
      wholesalePriceCents: products.wholesalePriceCents,
      colors: products.colors,
    })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(carts.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  if (rows.length === 0) return [];
  const cards = await getProductCardMap(
    db,
    rows.map((r) => r.productId),
    lang,
  );
  return rows.flatMap((row) => {
    const card = cards.get(row.productId);
    if (!card) return [];
    const unit = unitPriceCents(row, row.count);
    const compareUnit = Math.max(row.originalPriceCents, row.priceCents);
    const colour = row.colors.find((c) => c.name === row.color);
    return [
      {
        id: row.id,
        count: row.count,
        color: colour ? (lang === "en" && colour.name_en ? colour.name_en : colour.name) : row.color,
        variety: row.variety,
        product: card,
        unitPriceCents: unit,
        unitComparePriceCents: compareUnit,
        lineTotalCents: unit * row.count,
        lineCompareTotalCents: compareUnit * row.count,
        wholesaleApplied: unit !== row.priceCents,
      },
    ];
  });
}

/** What the totals need of a line: `CartLine`, or `LockedCartLine` at checkout. */
export type PricedLine = Pick<CartLine, "count" | "lineTotalCents" | "lineCompareTotalCents">;

/**
 * A cart line as checkout charges it (D13b, D18): priced from its product row as locked, with the
 * stock as locked. `name` and `color` are in the language asked for (what an order line keeps).
 */
export type LockedCartLine = {
  /** cart_item_id of §7.2 */
  id: number;
  productId: number;
  count: number;
  color: string;
  variety: string;
  /** The product's name in the language asked for. */
  name: string;
  /** The product's stock, read under its row lock. */
  stock: number;
  priceCents: number;
  unitPriceCents: number;
  lineTotalCents: number;
  lineCompareTotalCents: number;
};

/**
 * Checkout's read of the cart (D18, no overselling): the shopper's lines, oldest first, joined
 * to their products, whose rows are locked FOR UPDATE in ascending id order (the lock order every
 * stock writer follows) and read as they are now: on PostgreSQL a locked row that another
 * transaction changed is returned in its newest committed version. One statement: run it inside
 * the transaction that then writes the order and the stock.
 */
export async function lockCartLines(tx: Db, userId: number, lang: Language): Promise<LockedCartLine[]> {
  const rows = await tx
    .select({
      id: cartItems.id,
      productId: cartItems.productId,
      count: cartItems.count,
      color: cartItems.color,
      variety: cartItems.variety,
      createdAt: cartItems.createdAt,
      name: products.name,
      nameEn: products.nameEn,
      colors: products.colors,
      quantity: products.quantity,
      priceCents: products.priceCents,
      originalPriceCents: products.originalPriceCents,
      wholesalePriceCents: products.wholesalePriceCents,
    })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    // A line of an archived product (issue 12) is gone, as getCartLines shows it: not ordered.
    .where(and(eq(carts.userId, userId), onSale))
    // The row lock is taken as rows leave the sort: products by ascending id. The cart lines are
    // locked too: a change to one of them while the order is placed waits for it (then finds the
    // line gone), instead of being deleted with the ordered lines unseen.
    .orderBy(asc(products.id), asc(cartItems.id))
    .for("update", { of: [products, cartItems] });
  rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
  return rows.map((row) => {
    const unit = unitPriceCents(row, row.count);
    const colour = row.colors.find((c) => c.name === row.color);
    return {
      id: row.id,
      productId: row.productId,
      count: row.count,
      color: colour ? localized(lang, colour.name, colour.name_en) : row.color,
      variety: row.variety,
      name: localized(lang, row.name, row.nameEn),
      stock: row.quantity,
      priceCents: row.priceCents,
      unitPriceCents: unit,
      lineTotalCents: unit * row.count,
      lineCompareTotalCents: Math.max(row.originalPriceCents, row.priceCents) * row.count,
    };
  });
}

/**
 * §7.2 `get-total` / `get-item-total`: totals of the lines as priced above, and a coupon's
 * discount when `couponName` names a valid one (an invalid one is reported, not applied).
 */
export async function getCartTotals(
  db: Db,
  userId: number,
  opts: { lang?: Language; couponName?: string | null; lines?: readonly PricedLine[] } = {},
): Promise<CartTotals> {
  const lines = opts.lines ?? (await getCartLines(db, userId, opts.lang ?? "es"));
  const subtotalCents = lines.reduce((sum, l) => sum + l.lineTotalCents, 0);
  const compareTotalCents = lines.reduce((sum, l) => sum + l.lineCompareTotalCents, 0);
  let coupon: CartTotals["coupon"] = null;
  let couponError: string | null = null;
  let couponMinTotalCents: number | undefined;
  let discount = 0;
  const name = opts.couponName?.trim();
  if (name) {
    const check = checkCoupon(await findCoupon(db, name), subtotalCents);
    if (check.ok) {
      discount = couponDiscountCents(check.coupon, subtotalCents);
      coupon = {
        name: check.coupon.name,
        discountPercent: check.coupon.discountPercent,
        discountCents: check.coupon.discountCents,
      };
    } else {
      couponError = check.error;
      couponMinTotalCents = check.minTotalCents;
    }
  }
  return {
    itemCount: lines.length,
    unitCount: lines.reduce((sum, l) => sum + l.count, 0),
    subtotalCents,
    compareTotalCents,
    couponDiscountCents: discount,
    totalCents: subtotalCents - discount,
    coupon,
    couponError,
    ...(couponMinTotalCents === undefined ? {} : { couponMinTotalCents }),
  };
}

/** The header badge (§2.3): the number of lines, cheaply; an archived product's line is not shown, nor counted. */
export async function getCartItemCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(and(eq(carts.userId, userId), onSale));
  return row?.n ?? 0;
}

/**
 * D9: the lines of a guest cart kept in the browser (localStorage `cart`) merged into the server
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
    const [added] = await tx
      .insert(wishlistItems)
      .values({ userId, productId: line.productId })
      .onConflictDoNothing()
      .returning({ id: wishlistItems.id });
    if (!added) return fail(409, "wishlist.errors.alreadyInWishlist");
    await tx.delete(cartItems).where(eq(cartItems.id, line.id));
    return { ok: true as const, value: { productId: line.productId } };
  });
}
