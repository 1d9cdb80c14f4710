import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { coupons } from "~/db/schema/coupons";
import { addCartLine } from "~/features/cart/cart.server";
import { getCartTotals } from "~/features/cart/cart-lines.server";
import { checkCoupon, findCoupon } from "~/features/coupons/coupons.server";
import { insertProduct, insertUser } from "../../../tests/factories";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import {
  CouponSchema,
  couponFormValues,
  couponStatus,
  createCoupon,
  fromHavanaLocal,
  listCoupons,
  toHavanaLocal,
  updateCoupon,
} from "./coupon-admin.server";

// Issue 12, point 5 (spec §7.4 check-coupon, §8 Coupon messages; D18): coupons made and edited in the
// back office, and the checkout's coupon check and totals honouring every field as edited.

const form = (overrides: Record<string, string | undefined> = {}) => ({
  code: "VERANO26",
  kind: "percent",
  percent: "15",
  amount: "",
  minTotal: "",
  validFrom: "",
  validUntil: "",
  maxUses: "",
  active: "on",
  ...overrides,
});

describe("Havana wall-clock times", () => {
  it("reads a datetime-local value as Havana time, winter (UTC-5) and summer (UTC-4), and back", () => {
    expect(fromHavanaLocal("2026-01-15T09:30")?.toISOString()).toBe("2026-01-15T14:30:00.000Z");
    expect(fromHavanaLocal("2026-07-15T09:30")?.toISOString()).toBe("2026-07-15T13:30:00.000Z");
    expect(toHavanaLocal(new Date("2026-07-15T13:30:00Z"))).toBe("2026-07-15T09:30");
    expect(fromHavanaLocal("2026-02-30T10:00")).toBeNull();
    expect(fromHavanaLocal("2026-01-15T24:00")).toBeNull();
    expect(fromHavanaLocal("tomorrow")).toBeNull();
  });
});

describe("CouponSchema", () => {
  const parse = (overrides: Record<string, string | undefined> = {}) => CouponSchema.safeParse(form(overrides));
  const firstError = (overrides: Record<string, string | undefined>) => parse(overrides).error?.issues[0];

  it("reads a percentage coupon with no limits", () => {
    expect(parse().data).toEqual({
      name: "VERANO26",
      discountPercent: 15,
      discountCents: null,
      minTotalCents: 0,
      validFrom: null,
      validUntil: null,
      maxUses: null,
      active: true,
    });
  });

  it("reads a fixed amount, a minimum, a window in Havana time, maximum uses and inactive", () => {
    expect(
      parse({
        kind: "amount",
        percent: "abc", // ignored: the type is amount
        amount: "5,50",
        minTotal: "30",
        validFrom: "2026-03-01T00:00",
        validUntil: "2026-03-31T23:59",
        maxUses: "100",
        active: undefined,
      }).data,
    ).toEqual({
      name: "VERANO26",
      discountPercent: null,
      discountCents: 550,
      minTotalCents: 3000,
      validFrom: new Date("2026-03-01T05:00:00Z"),
      validUntil: new Date("2026-04-01T03:59:00Z"),
      maxUses: 100,
      active: false,
    });
  });

  it("refuses a bad code, percentage, amount, dates and uses, each on its field", () => {
    expect(firstError({ code: "" })).toMatchObject({ path: ["code"], message: "admin.form.required" });
    expect(firstError({ code: "VERANO 26" })).toMatchObject({ path: ["code"], message: "admin.coupons.errors.code" });
    expect(firstError({ code: "x".repeat(65) })).toMatchObject({ path: ["code"], message: "admin.form.tooLong" });
    expect(firstError({ kind: "gift" })).toMatchObject({ path: ["kind"] });
    for (const percent of ["0", "101", "12.5", "-5", "diez"]) {
      expect(firstError({ percent }), percent).toMatchObject({
        path: ["percent"],
        message: "admin.coupons.errors.percent",
      });
    }
    expect(firstError({ percent: "" })).toMatchObject({ path: ["percent"], message: "admin.form.required" });
    expect(firstError({ kind: "amount", amount: "0" })).toMatchObject({
      path: ["amount"],
      message: "admin.coupons.errors.amount",
    });
    expect(firstError({ kind: "amount", amount: "5.555" })).toMatchObject({
      path: ["amount"],
      message: "admin.form.money",
    });
    expect(firstError({ minTotal: "-1" })).toMatchObject({ path: ["minTotal"], message: "admin.form.money" });
    expect(firstError({ validFrom: "2026-13-01T00:00" })).toMatchObject({
      path: ["validFrom"],
      message: "admin.coupons.errors.dateTime",
    });
    expect(firstError({ validFrom: "2026-03-02T00:00", validUntil: "2026-03-01T00:00" })).toMatchObject({
      path: ["validUntil"],
      message: "admin.coupons.errors.untilBeforeFrom",
    });
    expect(firstError({ maxUses: "0" })).toMatchObject({ path: ["maxUses"], message: "admin.form.wholeNumber" });
  });
});

describe.each(databaseKinds())("coupons on %s (issue 12, point 5)", (kind) => {
  let database: Database;
  let operator: { id: number; email: string; role: string };
  let shopperId: number;
  /** The shopper's cart holds 2 × 12.50 = 25.00 USD of goods. */
  const SUBTOTAL = 2500;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const user = await insertUser(database.db, { role: "owner" });
    operator = { id: user.id, email: user.email, role: "owner" };
    shopperId = (await insertUser(database.db)).id;
    const product = await insertProduct(database.db, { priceCents: 1250, quantity: 50 });
    const added = await addCartLine(database.db, shopperId, { productId: product.id, count: 2 });
    expect(added.ok).toBe(true);
  });
  afterAll(() => database.close());

  const input = (overrides: Record<string, string | undefined> = {}) => CouponSchema.parse(form(overrides));
  /** What `check-coupon` answers and what `get-total` / `create-order` apply. */
  async function checkout(code: string) {
    const check = checkCoupon(await findCoupon(database.db, code), SUBTOTAL);
    const totals = await getCartTotals(database.db, shopperId, { couponName: code });
    return { check: check.ok ? "ok" : check.error, discount: totals.couponDiscountCents, error: totals.couponError };
  }

  it("creates a coupon the checkout applies at once, in any case, with an audit entry", async () => {
    const created = await createCoupon(database.db, operator, input({ code: "Verano26" }));
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    expect(created.coupon).toMatchObject({ name: "Verano26", uses: 0, discountPercent: 15 });
    // 15 % of 25.00 = 3.75
    expect(await checkout("verano26")).toEqual({ check: "ok", discount: 375, error: null });
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "coupon.create"), eq(auditLog.entityId, String(created.coupon.id))));
    expect(entry).toMatchObject({ entity: "coupon", actorEmail: operator.email });
    expect(entry.after).toMatchObject({ name: "Verano26", discountPercent: 15, active: true });
  });

  it("refuses a code already taken in any case, on create and on edit", async () => {
    expect(await createCoupon(database.db, operator, input({ code: "VERANO26" }))).toEqual({
      ok: false,
      errors: { code: "admin.coupons.errors.codeTaken" },
    });
    const other = await createCoupon(database.db, operator, input({ code: "OTRO-1" }));
    if (!other.ok) throw new Error("not created");
    expect(await updateCoupon(database.db, operator, other.coupon.id, input({ code: "verano26" }))).toEqual({
      ok: false,
      errors: { code: "admin.coupons.errors.codeTaken" },
    });
    // Its own code in another case is fine.
    expect((await updateCoupon(database.db, operator, other.coupon.id, input({ code: "otro-1" })))?.ok).toBe(true);
    expect(await updateCoupon(database.db, operator, 999_999, input({ code: "NADA" }))).toBeNull();
  });

  it("the checkout honours every field as edited: fixed amount, minimum, dates, uses, inactive", async () => {
    const created = await createCoupon(database.db, operator, input({ code: "EDITABLE" }));
    if (!created.ok) throw new Error("not created");
    const id = created.coupon.id;
    const edit = async (overrides: Record<string, string | undefined>) => {
      const result = await updateCoupon(database.db, operator, id, input({ code: "EDITABLE", ...overrides }));
      expect(result?.ok).toBe(true);
    };
    const past = toHavanaLocal(new Date(Date.now() - 86_400_000));
    const future = toHavanaLocal(new Date(Date.now() + 86_400_000));
    const farFuture = toHavanaLocal(new Date(Date.now() + 2 * 86_400_000));

    await edit({ kind: "amount", amount: "4.00" });
    expect(await checkout("editable")).toEqual({ check: "ok", discount: 400, error: null });

    await edit({ minTotal: "25.01" }); // below minimum
    expect(await checkout("editable")).toMatchObject({ check: "coupons.errors.minTotal", discount: 0 });
    await edit({ minTotal: "25.00" });
    expect(await checkout("editable")).toMatchObject({ check: "ok", discount: 375 });

    await edit({ validUntil: past }); // expired
    expect(await checkout("editable")).toMatchObject({ check: "coupons.errors.expired", discount: 0 });
    await edit({ validFrom: future, validUntil: farFuture }); // not yet valid
    expect(await checkout("editable")).toMatchObject({ check: "coupons.errors.expired", discount: 0 });
    await edit({ validFrom: past, validUntil: future });
    expect(await checkout("editable")).toMatchObject({ check: "ok" });

    await edit({ active: undefined }); // inactive
    expect(await checkout("editable")).toMatchObject({ check: "coupons.errors.notFound", discount: 0 });
    await edit({});
    expect(await checkout("editable")).toMatchObject({ check: "ok" });

    // Used up: orders count uses (coupons/redemption.server.ts); the maximum is then reached.
    await database.db.update(coupons).set({ uses: 3 }).where(eq(coupons.id, id));
    await edit({ maxUses: "3" });
    expect(await checkout("editable")).toMatchObject({ check: "coupons.errors.expired", discount: 0 });
    const [row] = await database.db.select().from(coupons).where(eq(coupons.id, id));
    expect(couponStatus(row)).toBe("usedUp");
    expect(row.uses).toBe(3); // never written by the form
    await edit({ maxUses: "4" });
    expect(await checkout("editable")).toMatchObject({ check: "ok" });

    const updates = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "coupon.update"), eq(auditLog.entityId, String(id))));
    expect(updates.length).toBe(10);
  });

  it("refuses maximum uses below the uses made, and shows uses in the list and the form", async () => {
    const created = await createCoupon(database.db, operator, input({ code: "USADO" }));
    if (!created.ok) throw new Error("not created");
    await database.db.update(coupons).set({ uses: 7 }).where(eq(coupons.id, created.coupon.id));
    expect(
      await updateCoupon(database.db, operator, created.coupon.id, input({ code: "USADO", maxUses: "6" })),
    ).toEqual({
      ok: false,
      errors: { maxUses: "admin.coupons.errors.maxBelowUses" },
    });
    const { rows } = await listCoupons(database.db, { page: 1 });
    expect(rows.find((c) => c.id === created.coupon.id)).toMatchObject({ name: "USADO", uses: 7, maxUses: null });
    expect(couponFormValues(rows.find((c) => c.id === created.coupon.id)!)).toMatchObject({
      code: "USADO",
      kind: "percent",
      percent: "15",
      maxUses: "",
      active: "on",
    });
  });

  it("names each status", () => {
    const now = new Date("2026-03-01T12:00:00Z");
    const base = {
      id: 1,
      name: "X",
      discountPercent: 10,
      discountCents: null,
      minTotalCents: 0,
      validFrom: null,
      validUntil: null,
      maxUses: null,
      uses: 0,
      active: true,
      createdAt: now,
    };
    expect(couponStatus(base, now)).toBe("active");
    expect(couponStatus({ ...base, active: false }, now)).toBe("inactive");
    expect(couponStatus({ ...base, validUntil: new Date("2026-02-28T00:00:00Z") }, now)).toBe("expired");
    expect(couponStatus({ ...base, validFrom: new Date("2026-03-02T00:00:00Z") }, now)).toBe("notYetValid");
    expect(couponStatus({ ...base, maxUses: 2, uses: 2 }, now)).toBe("usedUp");
  });
});
