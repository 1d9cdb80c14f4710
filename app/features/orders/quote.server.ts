/**
 * The checkout's figures before an order is placed (spec §4.5, §7.4 calculate-shipping; decisions “The wholesale price”, “Free standard shipping”,
 * decisions “Shipping price and the express cut-off”, “The server decides every figure”): goods, wholesale savings, coupon, amount and shipping, computed the way create-order
 * (create.server.ts) will charge them.
 */
import type { Db } from "~/db/client.server";
import { type CartLine, type CartTotals, getCartLines, getCartTotals } from "~/features/cart/cart-lines.server";
import { type LatLng, type ShippingQuote, quoteShipping } from "~/features/shipping/shipping";
import { getDispatchPoint } from "~/features/content/dispatch-point.server";
import type { Language } from "~/i18n/languages";
import { usdToCents } from "./schemas";

export type CheckoutQuote = {
  lines: CartLine[];
  /** Goods at the prices charged (wholesale, cart/wholesale.ts), before the coupon, USD cents. */
  goodsCents: number;
  /** What the wholesale prices save on the goods, USD cents (decision “The wholesale price”). */
  wholesaleSavingsCents: number;
  discountCents: number;
  /** Goods after coupon, USD cents: the `amount` of create-order (decision “What create-order receives”). */
  amountCents: number;
  coupon: CartTotals["coupon"];
  couponError: CartTotals["couponError"];
  couponMinTotalCents?: number;
  /** Whole CUP and how it was reached, or why it cannot be computed (decisions “Free standard shipping”, “Shipping price and the express cut-off”). */
  shipping: ShippingQuote;
  /** Where the delivery starts (decision “Shipping price and the express cut-off”: company info's dispatch point), for pricing other points. */
  dispatchPoint: LatLng;
};

export type QuoteOptions = {
  couponName?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  deliveryOption?: unknown;
  now?: Date;
  lang?: Language;
};

function wholesaleSavings(lines: CartLine[]): number {
  return lines.reduce((sum, l) => sum + (usdToCents(l.product.price) - l.unitPriceCents) * l.count, 0);
}

function quoteFrom(lines: CartLine[], totals: CartTotals, opts: QuoteOptions, from: LatLng): CheckoutQuote {
  return {
    dispatchPoint: from,
    lines,
    goodsCents: totals.subtotalCents,
    wholesaleSavingsCents: wholesaleSavings(lines),
    discountCents: totals.couponDiscountCents,
    amountCents: totals.totalCents,
    coupon: totals.coupon,
    couponError: totals.couponError,
    ...(totals.couponMinTotalCents === undefined ? {} : { couponMinTotalCents: totals.couponMinTotalCents }),
    shipping: quoteShipping({
      from,
      to: { latitude: opts.latitude ?? undefined, longitude: opts.longitude ?? undefined },
      option: opts.deliveryOption,
      goodsAfterCouponCents: totals.totalCents,
      now: opts.now ?? new Date(),
    }),
  };
}

/**
 * The checkout summary of the shopper's cart (§2.14 side summary, §4.5): goods, wholesale
 * savings, coupon discount, amount and shipping, exactly as create-order will charge them (decision “The server decides every figure”).
 * An invalid coupon is reported in `couponError` and not applied.
 */
export async function quoteCheckout(db: Db, userId: number, opts: QuoteOptions = {}): Promise<CheckoutQuote> {
  const lines = await getCartLines(db, userId, opts.lang ?? "es");
  const [totals, from] = await Promise.all([
    getCartTotals(db, userId, { couponName: opts.couponName, lines }),
    getDispatchPoint(db),
  ]);
  return quoteFrom(lines, totals, opts, from);
}

/**
 * §7.4 calculate-shipping: the decision “Shipping price and the express cut-off” price of the shopper's cart to a point, free standard delivery
 * from 50.00 USD of goods after coupon (decision “Free standard shipping”), express refused from 14:00 in Havana. The coupon
 * matters because decision “Free standard shipping” counts the goods after it.
 */
export async function calculateShipping(
  db: Db,
  userId: number,
  opts: { latitude: number; longitude: number; deliveryOption: unknown; couponName?: string | null; now?: Date },
): Promise<ShippingQuote> {
  const [totals, from] = await Promise.all([
    getCartTotals(db, userId, { couponName: opts.couponName }),
    getDispatchPoint(db),
  ]);
  return quoteShipping({
    from,
    to: { latitude: opts.latitude, longitude: opts.longitude },
    option: opts.deliveryOption,
    goodsAfterCouponCents: totals.totalCents,
    now: opts.now ?? new Date(),
  });
}
