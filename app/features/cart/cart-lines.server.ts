/**
 * Reading the server cart of a signed-in shopper (spec §2.13, §4.3, §7.2; decisions “The wholesale price”, “The server decides every figure”): its lines
 * priced per line (unit prices with wholesale from `WHOLESALE_MIN_UNITS` units, wholesale.ts),
 * the totals with a coupon's discount, the header badge count, and checkout's locked read. Every
 * figure is in integer cents. Changing the cart is cart.server.ts.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { cartItems, carts } from "~/db/schema/cart";
import { products } from "~/db/schema/catalog";
import { getProductCardMap, localized, onSale } from "~/features/catalog/product-cards.server";
import type { ProductCardDto } from "~/features/catalog/types";
import { checkCoupon, couponDiscountCents, findCoupon } from "~/features/coupons/coupons.server";
import type { Language } from "~/i18n/languages";
import { unitPriceCents } from "./wholesale";

export type CartLine = {
  /** cart_item_id of §7.2 */
  id: number;
  count: number;
  /** The colour and variety as stored (the product's Spanish colour name); shown localised. */
  color: string;
  variety: string;
  product: ProductCardDto;
  /** Unit price charged: the wholesale price at 10+ units when there is one (decision “The wholesale price”). */
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

/** The shopper's lines, oldest first, priced per line (decision “The wholesale price”). Products removed from sale drop out. */
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
 * A cart line as checkout charges it (decisions “The wholesale price”, “The server decides every figure”): priced from its product row as locked, with the
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
  /** The product row's own stock, read under its row lock (0 for a combo: checkout asks the catalogue, decision 015). */
  stock: number;
  priceCents: number;
  unitPriceCents: number;
  lineTotalCents: number;
  lineCompareTotalCents: number;
};

/**
 * The ids of the products in the shopper's cart, as a subquery: checkout locks them with a
 * combo's parts (catalog `lockProductsWithParts`) before `lockCartLines` (decision 015).
 */
export function cartProductIdsSql(userId: number) {
  return sql`select ${cartItems.productId} from ${cartItems}
    join ${carts} on ${carts.id} = ${cartItems.cartId} where ${carts.userId} = ${userId}::int`;
}

/**
 * Checkout's read of the cart (decision “The server decides every figure”, no overselling): the shopper's lines, oldest first, joined
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
    // A line of an archived product is gone, as getCartLines shows it: not ordered.
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
