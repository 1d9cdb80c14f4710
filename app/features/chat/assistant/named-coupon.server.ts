/**
 * A coupon the shopper names ('el cupón BIENVENIDO10 de cuánto es'): looked up by its code as the
 * checkout does (coupons feature), and said in the first sentence of the coupon reply: what it takes
 * off, from what goods total, or that it does not apply now. Only codes the shopper already typed are
 * looked up; the store's other coupons are never listed.
 */
import type { Db } from "~/db/client.server";
import { checkCoupon, findCoupon } from "~/features/coupons/coupons.server";
import type { Language } from "~/i18n/languages";
import { formatPrice } from "~/utils/money";

export type CouponFact =
  | { code: string; valid: true; percent: number | null; cents: number | null; minTotalCents: number }
  | { code: string; valid: false };

/** Words that may be a code: letters and digits, 4 to 64 characters, with a digit or written in capitals. */
function candidates(message: string): string[] {
  const tokens = message.match(/[\p{L}\p{N}_-]{4,64}/gu) ?? [];
  return [...new Set(tokens.filter((t) => /\d/.test(t) || (t === t.toUpperCase() && /\p{Lu}/u.test(t))))].slice(0, 3);
}

/** The first code of the message the store knows (valid now or not), else null. */
export async function namedCoupon(db: Db, message: string, now: Date): Promise<CouponFact | null> {
  for (const code of candidates(message)) {
    const coupon = await findCoupon(db, code);
    if (!coupon) continue;
    const check = checkCoupon(coupon, Number.MAX_SAFE_INTEGER, now);
    if (!check.ok) return { code: coupon.name, valid: false };
    const { discountPercent: percent, discountCents: cents, minTotalCents } = coupon;
    return { code: coupon.name, valid: true, percent, cents, minTotalCents };
  }
  return null;
}

/** The coupon's sentence, first in the coupon reply. */
export function couponSentence(fact: CouponFact, lang: Language): string {
  const es = lang === "es";
  if (!fact.valid)
    return es ? `El cupón ${fact.code} no se puede usar ahora.` : `Coupon ${fact.code} cannot be used now.`;
  const off = fact.percent != null ? `${fact.percent} %` : formatPrice((fact.cents ?? 0) / 100, "USD", 1, lang);
  const min =
    fact.minTotalCents > 0
      ? es
        ? ` en compras desde ${formatPrice(fact.minTotalCents / 100, "USD", 1, lang)}`
        : ` on orders from ${formatPrice(fact.minTotalCents / 100, "USD", 1, lang)}`
      : "";
  return es
    ? `El cupón ${fact.code} descuenta ${off} del precio de los productos${min}.`
    : `Coupon ${fact.code} takes ${off} off the goods${min}.`;
}
