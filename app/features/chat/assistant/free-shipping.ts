/**
 * Whether the shopper's own basket ships free ('if my cart is $52 and I use a 10% coupon, do I
 * still get free delivery?', 'si compro 45 dólares el envío es gratis?'): the amount they state in
 * dollars, less the coupon they state (a percentage, or an amount off: 'a coupon for $10'), against
 * the free-standard-delivery threshold, which counts the goods after the coupon (decision
 * “Shipping price and the express cut-off”).
 * The figures come from figures.ts; the discount and the rule from the coupons and shipping modules.
 */
import { FREE_SHIPPING_MIN_CENTS } from "~/features/content/policy";
import { couponDiscountCents } from "~/features/coupons/coupons.server";
import { isFreeStandard } from "~/features/shipping/shipping";
import type { Language } from "~/i18n/languages";
import { formatPrice } from "~/utils/money";
import { type Figure, figures } from "./figures";
import { type Vocabulary, findKeyword } from "./text";
import { VOCABULARY as V } from "./vocabulary";

/** The goods' amount the shopper states, in USD cents, and the coupon they state: a percentage or an amount off. */
export type Basket = { cents: number; percentOff: number | null; centsOff?: number | null };

/** The coupon's words are matched as every keyword is (text.ts: a plural or a slip forgiven). */
const NOTHING_KNOWN: Vocabulary = new Set<string>();
/** Whether one of the phrases ends right before index `at` of the words. */
const saidBefore = (typed: readonly string[], at: number, phrases: readonly string[]) =>
  phrases.some((p) => findKeyword(typed, p, NOTHING_KNOWN).some((start) => start + p.split(" ").length === at));
/** Whether one of the phrases starts at index `at` of the words. */
const saidAt = (typed: readonly string[], at: number, phrases: readonly string[]) =>
  phrases.some((p) => findKeyword(typed, p, NOTHING_KNOWN).includes(at));

/** Whether a figure is the coupon's ('a coupon for $10', '$10 off', '10 dólares de descuento'). */
function isCoupons(typed: readonly string[], f: Figure): boolean {
  const end = f.at + f.text.split(" ").length;
  return saidBefore(typed, f.at, V.couponFigure.before) || saidAt(typed, end, V.couponFigure.after);
}

/** 'un cupón del 10': a bare number right after the coupon's words is its percentage. */
function barePercent(typed: readonly string[], taken: ReadonlySet<number>): number | null {
  for (let i = 0; i < typed.length; i++) {
    if (taken.has(i) || !/^\d{1,2}$/.test(typed[i])) continue;
    if (saidBefore(typed, i, V.couponFigure.before)) return Number(typed[i]);
  }
  return null;
}

/**
 * The basket a question states: exactly one amount of goods in dollars, and at most one coupon,
 * as a percentage ('un cupón del 10 %', 'un cupón del 10') or an amount off ('a coupon for $10').
 */
export function basketOf(typed: readonly string[]): Basket | null {
  const found = figures(typed);
  const dollars = found.filter((f) => f.unit === "usd" && f.value > 0);
  const percents = found.filter((f) => f.unit === "percent" && f.value > 0 && f.value < 100);
  const offs = dollars.filter((f) => isCoupons(typed, f));
  const goods = dollars.filter((f) => !offs.includes(f));
  if (goods.length !== 1 || percents.length + offs.length > 1) return null;
  const bare = percents.length + offs.length === 0 ? barePercent(typed, new Set(found.map((f) => f.at))) : null;
  const percentOff = percents[0]?.value ?? (bare !== null && bare > 0 ? bare : null);
  const centsOff = offs.length === 1 && offs[0].value < goods[0].value ? Math.round(offs[0].value * 100) : null;
  return { cents: Math.round(goods[0].value * 100), percentOff, ...(centsOff !== null ? { centsOff } : {}) };
}

/** The sentence that answers for the shopper's basket: what the goods come to and whether standard delivery is free. */
export function freeShippingSentence(basket: Basket, lang: Language): string {
  const usd = (cents: number) => formatPrice(cents / 100, "USD", 1, lang);
  const centsOff = basket.centsOff ?? null;
  const discount = couponDiscountCents({ discountPercent: basket.percentOff, discountCents: centsOff }, basket.cents);
  const after = basket.cents - discount;
  const free = isFreeStandard(after);
  const threshold = usd(FREE_SHIPPING_MIN_CENTS);
  const coupon =
    basket.percentOff !== null
      ? lang === "es"
        ? `del ${basket.percentOff} %`
        : `${basket.percentOff}%`
      : centsOff !== null
        ? lang === "es"
          ? `de ${usd(centsOff)}`
          : usd(centsOff)
        : null;
  if (lang === "es") {
    const goods = coupon
      ? `Con ${usd(basket.cents)} en productos y un cupón ${coupon}, los productos quedan en ${usd(after)} después del cupón`
      : `Con ${usd(basket.cents)} en productos`;
    return free
      ? `${goods}: llegas a ${threshold}, así que la entrega estándar es gratis (la express se cobra siempre).`
      : `${goods}: quedas por debajo de ${threshold}, así que la entrega estándar se cobra; te faltan ${usd(FREE_SHIPPING_MIN_CENTS - after)} para que sea gratis.`;
  }
  const goods = coupon
    ? `With ${usd(basket.cents)} of goods and a ${coupon} coupon, your goods come to ${usd(after)} after the coupon`
    : `With ${usd(basket.cents)} of goods`;
  return free
    ? `${goods}: that reaches ${threshold}, so standard delivery is free (express is always charged).`
    : `${goods}: that is under ${threshold}, so standard delivery is charged; ${usd(FREE_SHIPPING_MIN_CENTS - after)} more would make it free.`;
}
