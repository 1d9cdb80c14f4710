/**
 * A coupon's uses as orders count them: one use taken when an order is placed with it, given back
 * when that order is cancelled. The orders feature calls these inside its own transaction, so the
 * count moves with the order or not at all.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { coupons } from "~/db/schema/coupons";

/**
 * Counts one use of the coupon named `couponName` (any case), as a fragment of a data-modifying
 * `WITH` for a caller that writes everything in one statement; only when `when` holds and a use is
 * left. It returns the coupon's id when it counted one, no row otherwise (and always without a coupon).
 */
export function redeemCouponSql(couponName: string | null, when: SQL): SQL {
  return sql`update ${coupons} set uses = uses + 1
    where ${couponName ? sql`lower(name) = lower(${couponName})` : sql`false`}
      and (max_uses is null or uses < max_uses) and ${when}
    returning id`;
}

/** Gives back one use of the coupon named `couponName` (never below 0), inside the caller's `tx`. */
export async function giveBackCouponUse(tx: Db, couponName: string): Promise<void> {
  await tx
    .update(coupons)
    .set({ uses: sql`greatest(${coupons.uses} - 1, 0)` })
    .where(sql`lower(${coupons.name}) = lower(${couponName})`);
}
