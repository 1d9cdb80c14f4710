/**
 * Coupons (spec §7.2 `get-total?coupon=`, §7.4 `check-coupon`, §8 coupon messages; decision “Free standard shipping”/decision “The server decides every figure”: the
 * server computes every discount). A coupon is a percentage or a fixed USD amount, optionally
 * with a minimum goods total, a validity window and a maximum number of uses.
 */
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { coupons } from "~/db/schema/coupons";

export type Coupon = typeof coupons.$inferSelect;

export type CouponCheck =
  | { ok: true; coupon: Coupon }
  | {
      ok: false;
      error: "coupons.errors.notFound" | "coupons.errors.expired" | "coupons.errors.minTotal";
      minTotalCents?: number;
    };

/** Coupon names are matched without regard to case or surrounding spaces (`bienvenido10`). */
export async function findCoupon(db: Db, name: string): Promise<Coupon | null> {
  const wanted = name.trim();
  // PostgreSQL text cannot hold NUL: such a name would be a database error, not "no coupon".
  if (!wanted || wanted.length > 64 || wanted.includes("\u0000")) return null;
  const [coupon] = await db
    .select()
    .from(coupons)
    .where(sql`lower(${coupons.name}) = lower(${wanted})`)
    .limit(1);
  return coupon ?? null;
}

/** Whether the coupon applies now to a goods total of `totalCents`. */
export function checkCoupon(coupon: Coupon | null, totalCents: number, now = new Date()): CouponCheck {
  if (!coupon || !coupon.active) return { ok: false, error: "coupons.errors.notFound" };
  if (coupon.validFrom && coupon.validFrom > now) return { ok: false, error: "coupons.errors.expired" };
  if (coupon.validUntil && coupon.validUntil < now) return { ok: false, error: "coupons.errors.expired" };
  if (coupon.maxUses != null && coupon.uses >= coupon.maxUses) return { ok: false, error: "coupons.errors.expired" };
  if (totalCents < coupon.minTotalCents) {
    return { ok: false, error: "coupons.errors.minTotal", minTotalCents: coupon.minTotalCents };
  }
  return { ok: true, coupon };
}

/** The discount in cents on a goods total: a percentage rounded to the cent, never above the total. */
export function couponDiscountCents(
  coupon: Pick<Coupon, "discountPercent" | "discountCents">,
  totalCents: number,
): number {
  const raw =
    coupon.discountPercent != null
      ? Math.round((totalCents * coupon.discountPercent) / 100)
      : (coupon.discountCents ?? 0);
  return Math.max(0, Math.min(totalCents, raw));
}
