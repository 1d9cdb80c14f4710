/**
 * Whether the shopper's own basket ships free ('if my cart is $52 and I use a 10% coupon, do I
 * still get free delivery?', 'si compro 45 dólares el envío es gratis?'): the amount they state in
 * dollars, less the coupon percentage they state, against the free-standard-delivery threshold,
 * which counts the goods after the coupon (decision “Shipping price and the express cut-off”).
 * The figures come from figures.ts; the discount and the rule from the coupons and shipping modules.
 */
import { FREE_SHIPPING_MIN_CENTS } from "~/features/content/policy";
import { couponDiscountCents } from "~/features/coupons/coupons.server";
import { isFreeStandard } from "~/features/shipping/shipping";
import type { Language } from "~/i18n/languages";
import { formatPrice } from "~/utils/money";
import { figures } from "./figures";

/** The goods' amount the shopper states, in USD cents, and the coupon percentage, if any. */
export type Basket = { cents: number; percentOff: number | null };

/** The basket a question states: exactly one amount in dollars, and at most one percentage. */
export function basketOf(typed: readonly string[]): Basket | null {
  const found = figures(typed);
  const dollars = found.filter((f) => f.unit === "usd" && f.value > 0);
  const percents = found.filter((f) => f.unit === "percent" && f.value > 0 && f.value < 100);
  if (dollars.length !== 1 || percents.length > 1) return null;
  return { cents: Math.round(dollars[0].value * 100), percentOff: percents[0]?.value ?? null };
}

/** The sentence that answers for the shopper's basket: what the goods come to and whether standard delivery is free. */
export function freeShippingSentence(basket: Basket, lang: Language): string {
  const usd = (cents: number) => formatPrice(cents / 100, "USD", 1, lang);
  const discount = couponDiscountCents({ discountPercent: basket.percentOff, discountCents: null }, basket.cents);
  const after = basket.cents - discount;
  const free = isFreeStandard(after);
  const threshold = usd(FREE_SHIPPING_MIN_CENTS);
  if (lang === "es") {
    const goods = basket.percentOff
      ? `Con ${usd(basket.cents)} en productos y un cupón del ${basket.percentOff} %, los productos quedan en ${usd(after)} después del cupón`
      : `Con ${usd(basket.cents)} en productos`;
    return free
      ? `${goods}: llegas a ${threshold}, así que la entrega estándar es gratis (la express se cobra siempre).`
      : `${goods}: quedas por debajo de ${threshold}, así que la entrega estándar se cobra; te faltan ${usd(FREE_SHIPPING_MIN_CENTS - after)} para que sea gratis.`;
  }
  const goods = basket.percentOff
    ? `With ${usd(basket.cents)} of goods and a ${basket.percentOff}% coupon, your goods come to ${usd(after)} after the coupon`
    : `With ${usd(basket.cents)} of goods`;
  return free
    ? `${goods}: that reaches ${threshold}, so standard delivery is free (express is always charged).`
    : `${goods}: that is under ${threshold}, so standard delivery is charged; ${usd(FREE_SHIPPING_MIN_CENTS - after)} more would make it free.`;
}
