import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { coupons } from "~/db/schema/coupons";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import { type Coupon, checkCoupon, couponDiscountCents, findCoupon } from "./coupons.server";

const NOW = new Date("2026-03-01T12:00:00Z");
const DAY = 86_400_000;

/** A coupon row as stored, for the pure checks. */
function coupon(overrides: Partial<Coupon> = {}): Coupon {
  return {
    id: 1,
    name: "BIENVENIDO10",
    discountPercent: 10,
    discountCents: null,
    minTotalCents: 0,
    validFrom: null,
    validUntil: null,
    maxUses: null,
    uses: 0,
    active: true,
    createdAt: NOW,
    ...overrides,
  };
}

describe("§7.4 §8 checkCoupon", () => {
  it("accepts an active coupon within its window, uses and minimum", () => {
    const c = coupon({
      validFrom: new Date(NOW.getTime() - DAY),
      validUntil: new Date(NOW.getTime() + DAY),
      maxUses: 5,
      uses: 4,
      minTotalCents: 1000,
    });
    expect(checkCoupon(c, 1000, NOW)).toEqual({ ok: true, coupon: c });
  });

  it("'This coupon does not exist' for none or an inactive one", () => {
    expect(checkCoupon(null, 1000, NOW)).toEqual({ ok: false, error: "coupons.errors.notFound" });
    expect(checkCoupon(coupon({ active: false }), 1000, NOW)).toEqual({ ok: false, error: "coupons.errors.notFound" });
  });

  it("'Coupon invalid or expired' before its start, after its end or when used up", () => {
    const expired = { ok: false, error: "coupons.errors.expired" };
    expect(checkCoupon(coupon({ validFrom: new Date(NOW.getTime() + 1) }), 1000, NOW)).toEqual(expired);
    expect(checkCoupon(coupon({ validUntil: new Date(NOW.getTime() - 1) }), 1000, NOW)).toEqual(expired);
    expect(checkCoupon(coupon({ maxUses: 3, uses: 3 }), 1000, NOW)).toEqual(expired);
  });

  it("names the minimum when the goods total is below it", () => {
    expect(checkCoupon(coupon({ minTotalCents: 5000 }), 4999, NOW)).toEqual({
      ok: false,
      error: "coupons.errors.minTotal",
      minTotalCents: 5000,
    });
  });
});

describe("D18 couponDiscountCents", () => {
  it("rounds a percentage to the cent", () => {
    expect(couponDiscountCents(coupon(), 6750)).toBe(675);
    expect(couponDiscountCents(coupon(), 999)).toBe(100); // 99.9
    expect(couponDiscountCents(coupon(), 994)).toBe(99); // 99.4
    expect(couponDiscountCents(coupon({ discountPercent: 15 }), 6999)).toBe(1050); // 1049.85
    expect(couponDiscountCents(coupon(), 0)).toBe(0);
  });

  it("takes a fixed amount, never more than the total and never negative", () => {
    const fixed = coupon({ discountPercent: null, discountCents: 500 });
    expect(couponDiscountCents(fixed, 2000)).toBe(500);
    expect(couponDiscountCents(fixed, 300)).toBe(300);
    expect(couponDiscountCents(coupon({ discountPercent: 150 }), 2000)).toBe(2000);
    expect(couponDiscountCents(coupon({ discountPercent: null, discountCents: -100 }), 2000)).toBe(0);
    expect(couponDiscountCents(coupon({ discountPercent: null, discountCents: null }), 2000)).toBe(0);
  });
});

describe.each(databaseKinds())("findCoupon on %s", (kind) => {
  let database: Database;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
    await db.insert(coupons).values([{ name: "BIENVENIDO10", discountPercent: 10 }]);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("matches the name without regard to case or surrounding spaces", async () => {
    for (const name of ["BIENVENIDO10", "bienvenido10", "  Bienvenido10\t"]) {
      expect((await findCoupon(db, name))?.name, name).toBe("BIENVENIDO10");
    }
  });

  it("finds nothing for unknown, blank, overlong or hostile names (never a database error)", async () => {
    for (const name of ["BIENVENIDO", "", "   ", "x".repeat(65), "BIEN\u0000VENIDO10", "' or 1=1 --", "%"]) {
      expect(await findCoupon(db, name), JSON.stringify(name)).toBeNull();
    }
  });
});
