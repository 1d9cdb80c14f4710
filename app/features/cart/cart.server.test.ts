import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { coupons } from "~/db/schema/coupons";
import { addToWishlist, getWishlist } from "~/features/wishlist/wishlist.server";
import { insertCategory, insertProduct, insertUser } from "../../../tests/factories";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import {
  addCartLine,
  emptyCart,
  mergeCartLine,
  mergeGuestCart,
  removeCartLine,
  saveCartLineForLater,
  updateCartLine,
} from "./cart.server";
import { getCartItemCount, getCartLines, getCartTotals } from "./cart-lines.server";
import { isRowId } from "~/utils/ids";
import { WHOLESALE_MIN_UNITS, unitPriceCents } from "./wholesale";

const COLOURS = [
  { name: "Rojo", name_en: "Red", hex: "#ff0000" },
  { name: "Azul", name_en: "Blue", hex: "#0000ff" },
];

describe("§9 D13b unitPriceCents", () => {
  it("charges the wholesale price from 10 units when the product has a lower one", () => {
    const p = { priceCents: 650, wholesalePriceCents: 600 };
    expect(WHOLESALE_MIN_UNITS).toBe(10);
    expect(unitPriceCents(p, 1)).toBe(650);
    expect(unitPriceCents(p, 9)).toBe(650);
    expect(unitPriceCents(p, 10)).toBe(600);
    expect(unitPriceCents(p, 500)).toBe(600);
    expect(unitPriceCents({ priceCents: 650, wholesalePriceCents: null }, 10)).toBe(650);
    // A 'wholesale' price above the price never makes a bulk buy dearer.
    expect(unitPriceCents({ priceCents: 650, wholesalePriceCents: 700 }, 10)).toBe(650);
  });

  it("isRowId accepts only PostgreSQL integer ids", () => {
    expect([1, 2_147_483_647].map(isRowId)).toEqual([true, true]);
    expect([0, -1, 1.5, 2_147_483_648, Number.NaN, Infinity].map(isRowId)).toEqual(Array(6).fill(false));
  });
});

describe.each(databaseKinds())("cart core (§4.3, §5, §7.2) on %s", (kind) => {
  let database: Database;
  let db: Db;

  const newUser = async (): Promise<number> => (await insertUser(db)).id;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
    await db.insert(coupons).values([
      { name: "BIENVENIDO10", discountPercent: 10 },
      { name: "CINCO", discountCents: 500 },
      { name: "GRANDE", discountPercent: 15, minTotalCents: 5000 },
    ]);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("§2.10 takes a colour by its Spanish or English name, stored once, and a variety by its name", async () => {
    const userId = await newUser();
    const product = await insertProduct(db, { colors: COLOURS, varieties: ["S", "M"] });
    const es = await addCartLine(db, userId, { productId: product.id, count: 1, color: "Azul", variety: "M" });
    expect(es).toMatchObject({ ok: true, value: { created: true, count: 1 } });
    // The English name (with spaces around it) names the same line.
    const en = await addCartLine(db, userId, { productId: product.id, count: 4, color: " Blue ", variety: "M" });
    expect(en).toEqual({
      ok: false,
      status: 409,
      error: "cart.errors.alreadyInCart",
      values: { cart_item_id: es.ok ? es.value.lineId : -1, count: 1 },
    });
    const [line] = await getCartLines(db, userId, "es");
    expect(line).toMatchObject({ color: "Azul", variety: "M", count: 1 });
    expect((await getCartLines(db, userId, "en"))[0].color).toBe("Blue");
  });

  it("§2.10 preselects the first colour and variety when none is given", async () => {
    const userId = await newUser();
    const product = await insertProduct(db, { colors: COLOURS, varieties: ["S", "M"] });
    expect((await addCartLine(db, userId, { productId: product.id, count: 1 })).ok).toBe(true);
    expect((await addCartLine(db, userId, { productId: product.id, count: 1, color: "", variety: null })).ok).toBe(
      false,
    );
    const plain = await insertProduct(db);
    expect((await addCartLine(db, userId, { productId: plain.id, count: 1 })).ok).toBe(true);
    const lines = await getCartLines(db, userId, "es");
    expect(lines.map((l) => [l.color, l.variety])).toEqual([
      ["Rojo", "S"],
      ["", ""],
    ]);
  });

  it("§5 refuses an unknown colour or variety, options on a product without any, and bad counts", async () => {
    const userId = await newUser();
    const product = await insertProduct(db, { colors: COLOURS, varieties: ["S"], quantity: 3 });
    const plain = await insertProduct(db);
    const cases: Array<[Parameters<typeof addCartLine>[2], unknown]> = [
      [
        { productId: product.id, count: 1, color: "Verde" },
        { status: 400, error: "cart.errors.invalidColor" },
      ],
      [
        { productId: product.id, count: 1, color: "rojo" },
        { status: 400, error: "cart.errors.invalidColor" },
      ],
      [
        { productId: product.id, count: 1, variety: "XL" },
        { status: 400, error: "cart.errors.invalidVariety" },
      ],
      [
        { productId: plain.id, count: 1, color: "Rojo" },
        { status: 400, error: "cart.errors.invalidColor" },
      ],
      [
        { productId: plain.id, count: 1, variety: "S" },
        { status: 400, error: "cart.errors.invalidVariety" },
      ],
      [
        { productId: product.id, count: 0 },
        { status: 400, error: "cart.errors.invalidCount" },
      ],
      [
        { productId: product.id, count: 1.5 },
        { status: 400, error: "cart.errors.invalidCount" },
      ],
      [
        { productId: product.id, count: 4 },
        { status: 400, error: "cart.errors.notEnoughStock", values: { stock: 3 } },
      ],
      [
        { productId: 999_999, count: 1 },
        { status: 404, error: "cart.errors.productNotFound" },
      ],
      // Beyond PostgreSQL's integer: not found, never a database error.
      [
        { productId: 2 ** 40, count: 1 },
        { status: 404, error: "cart.errors.productNotFound" },
      ],
    ];
    for (const [input, expected] of cases) {
      expect(await addCartLine(db, userId, input), JSON.stringify(input)).toMatchObject({ ok: false, ...expected! });
      expect(await mergeCartLine(db, userId, input), JSON.stringify(input)).toMatchObject({ ok: false });
    }
    expect(await getCartItemCount(db, userId)).toBe(0);
  });

  it("§5 §8 a product at stock 0 cannot be added: 'Product is out of stock'", async () => {
    const userId = await newUser();
    const soldOut = await insertProduct(db, { quantity: 0 });
    expect(await addCartLine(db, userId, { productId: soldOut.id, count: 1 })).toMatchObject({
      ok: false,
      status: 400,
      error: "cart.errors.outOfStock",
    });
    expect(await mergeCartLine(db, userId, { productId: soldOut.id, count: 1 })).toMatchObject({
      ok: false,
      error: "cart.errors.outOfStock",
    });
    expect(await getCartLines(db, userId, "es")).toEqual([]);
  });

  it("§4.3 mergeCartLine adds to an existing line, capped at the stock, and says when it capped", async () => {
    const userId = await newUser();
    const product = await insertProduct(db, { quantity: 6, colors: COLOURS });
    const first = await mergeCartLine(db, userId, { productId: product.id, count: 2 });
    expect(first).toMatchObject({ ok: true, value: { count: 2, capped: false } });
    const second = await mergeCartLine(db, userId, { productId: product.id, count: 3, color: "Red" });
    expect(second).toMatchObject({ ok: true, value: { count: 5, capped: false } });
    const third = await mergeCartLine(db, userId, { productId: product.id, count: 4, color: "Rojo" });
    expect(third).toMatchObject({ ok: true, value: { count: 6, capped: true } });
    expect(first.ok && second.ok && third.ok && first.value.lineId === third.value.lineId).toBe(true);
    expect(await getCartItemCount(db, userId)).toBe(1);
  });

  it("§4.3 concurrent merges of one line make one line whose count is the sum, capped at the stock", async () => {
    const userId = await newUser();
    const product = await insertProduct(db, { quantity: 12 });
    const results = await Promise.all(
      [1, 2, 3, 4].map((count) => mergeCartLine(db, userId, { productId: product.id, count })),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    let lines = await getCartLines(db, userId, "es");
    expect(lines.map((l) => l.count)).toEqual([10]);
    await Promise.all([3, 3, 3].map((count) => mergeCartLine(db, userId, { productId: product.id, count })));
    lines = await getCartLines(db, userId, "es");
    expect(lines.map((l) => l.count)).toEqual([12]);
  });

  it("§4.3 concurrent addCartLine calls of one line create it once; the others are conflicts", async () => {
    const userId = await newUser();
    const product = await insertProduct(db);
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((count) => addCartLine(db, userId, { productId: product.id, count })),
    );
    const created = results.filter((r) => r.ok);
    expect(created).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.status === 409)).toHaveLength(4);
    const lines = await getCartLines(db, userId, "es");
    expect(lines).toHaveLength(1);
    expect(created[0].ok && lines[0].count === created[0].value.count).toBe(true);
  });

  it("§5 updateCartLine keeps the count within 1..stock; another shopper's line is not found", async () => {
    const ana = await newUser();
    const luis = await newUser();
    const product = await insertProduct(db, { quantity: 4 });
    const added = await addCartLine(db, ana, { productId: product.id, count: 1 });
    if (!added.ok) throw new Error("add failed");
    const lineId = added.value.lineId;
    expect(await updateCartLine(db, ana, lineId, 0)).toMatchObject({ status: 400, error: "cart.errors.invalidCount" });
    expect(await updateCartLine(db, ana, lineId, 5)).toMatchObject({
      status: 400,
      error: "cart.errors.notEnoughStock",
      values: { stock: 4 },
    });
    expect(await updateCartLine(db, ana, lineId, 4)).toEqual({ ok: true, value: { lineId, count: 4 } });
    expect(await updateCartLine(db, luis, lineId, 1)).toMatchObject({ status: 404, error: "cart.errors.itemNotFound" });
    expect(await removeCartLine(db, luis, lineId)).toMatchObject({ status: 404, error: "cart.errors.itemNotFound" });
    expect(await updateCartLine(db, ana, 2 ** 40, 1)).toMatchObject({ status: 404 });
    expect((await getCartLines(db, ana, "es"))[0].count).toBe(4);
    expect(await getCartLines(db, luis, "es")).toEqual([]);

    expect(await removeCartLine(db, ana, lineId)).toEqual({ ok: true, value: { lineId } });
    expect(await removeCartLine(db, ana, lineId)).toMatchObject({ status: 404 });
  });

  it("§4.3 D13b prices each line (wholesale from 10 units) and totals to the cent", async () => {
    const userId = await newUser();
    const bulk = await insertProduct(db, {
      priceCents: 650,
      originalPriceCents: 800,
      wholesalePriceCents: 600,
      quantity: 30,
    });
    const odd = await insertProduct(db, { priceCents: 333, quantity: 30 });
    await addCartLine(db, userId, { productId: bulk.id, count: 9 });
    await addCartLine(db, userId, { productId: odd.id, count: 3 });
    let lines = await getCartLines(db, userId, "es");
    expect(lines.map((l) => [l.unitPriceCents, l.lineTotalCents, l.lineCompareTotalCents, l.wholesaleApplied])).toEqual(
      [
        [650, 5850, 7200, false],
        [333, 999, 999, false],
      ],
    );
    expect(lines[0].product).toMatchObject({ id: bulk.id, price: 6.5, original_price: 8, wholesale_price: 6 });

    await updateCartLine(db, userId, lines[0].id, 10);
    lines = await getCartLines(db, userId, "es");
    expect(lines[0]).toMatchObject({ unitPriceCents: 600, lineTotalCents: 6000, wholesaleApplied: true });
    expect(await getCartTotals(db, userId, { lang: "es" })).toEqual({
      itemCount: 2,
      unitCount: 13,
      subtotalCents: 6999,
      compareTotalCents: 8999,
      couponDiscountCents: 0,
      totalCents: 6999,
      coupon: null,
      couponError: null,
    });
    // 10 % of 69.99 is 6.999: rounded to 7.00.
    expect(await getCartTotals(db, userId, { couponName: "bienvenido10" })).toMatchObject({
      couponDiscountCents: 700,
      totalCents: 6299,
      coupon: { name: "BIENVENIDO10", discountPercent: 10, discountCents: null },
      couponError: null,
    });
    expect(await getCartTotals(db, userId, { couponName: "CINCO" })).toMatchObject({
      couponDiscountCents: 500,
      totalCents: 6499,
    });
    expect(await getCartTotals(db, userId, { couponName: "GRANDE" })).toMatchObject({
      couponDiscountCents: 1050,
      totalCents: 5949,
    });
    expect(await getCartTotals(db, userId, { couponName: "NADA" })).toMatchObject({
      couponDiscountCents: 0,
      totalCents: 6999,
      coupon: null,
      couponError: "coupons.errors.notFound",
    });
    // Below the coupon's minimum: reported with the minimum, not applied.
    await updateCartLine(db, userId, lines[0].id, 1);
    const small = await getCartTotals(db, userId, { couponName: "GRANDE" });
    expect(small).toMatchObject({
      subtotalCents: 1649,
      totalCents: 1649,
      couponError: "coupons.errors.minTotal",
      couponMinTotalCents: 5000,
    });
  });

  it("§4.3 shows every line of a large cart (more than 50 products), in the order added", async () => {
    const userId = await newUser();
    const category = await insertCategory(db, { parentId: (await insertCategory(db)).id });
    const many = [];
    for (let i = 0; i < 55; i++) many.push(await insertProduct(db, { categoryId: category.id, priceCents: 100 }));
    for (const p of many) await addCartLine(db, userId, { productId: p.id, count: 1 });
    const lines = await getCartLines(db, userId, "es");
    expect(lines.map((l) => l.product.id)).toEqual(many.map((p) => p.id));
    expect((await getCartTotals(db, userId)).subtotalCents).toBe(5500);
    expect(await getCartItemCount(db, userId)).toBe(55);
    await emptyCart(db, userId);
    expect(await getCartItemCount(db, userId)).toBe(0);
    // Emptying a cart that was never created is harmless.
    await emptyCart(db, await newUser());
  });

  it("§2.13 §4.3 save for later moves the line to the wishlist; already wishlisted is a 409 and the line stays", async () => {
    const userId = await newUser();
    const a = await insertProduct(db);
    const b = await insertProduct(db);
    const lineA = await addCartLine(db, userId, { productId: a.id, count: 2 });
    const lineB = await addCartLine(db, userId, { productId: b.id, count: 1 });
    if (!lineA.ok || !lineB.ok) throw new Error("add failed");

    expect(await saveCartLineForLater(db, userId, lineA.value.lineId)).toEqual({
      ok: true,
      value: { productId: a.id },
    });
    expect((await getCartLines(db, userId, "es")).map((l) => l.product.id)).toEqual([b.id]);
    expect((await getWishlist(db, userId, "es")).map((e) => e.product.id)).toEqual([a.id]);

    await addToWishlist(db, userId, b.id);
    expect(await saveCartLineForLater(db, userId, lineB.value.lineId)).toMatchObject({
      ok: false,
      status: 409,
      error: "wishlist.errors.alreadyInWishlist",
    });
    expect((await getCartLines(db, userId, "es")).map((l) => [l.product.id, l.count])).toEqual([[b.id, 1]]);

    const other = await newUser();
    expect(await saveCartLineForLater(db, other, lineB.value.lineId)).toMatchObject({ status: 404 });
    expect(await getWishlist(db, other, "es")).toEqual([]);
  });

  it("D9 mergeGuestCart merges lines capped at stock and skips unknown, out-of-stock and invalid ones", async () => {
    const userId = await newUser();
    const shirt = await insertProduct(db, { quantity: 5, colors: COLOURS });
    const rice = await insertProduct(db, { quantity: 10 });
    const soldOut = await insertProduct(db, { quantity: 0 });
    await addCartLine(db, userId, { productId: rice.id, count: 4 });

    const merged = await mergeGuestCart(db, userId, [
      { productId: shirt.id, count: 50, color: "Blue" },
      { productId: rice.id, count: 3 },
      { productId: soldOut.id, count: 1 },
      { productId: 999_999, count: 1 },
      { productId: shirt.id, count: 1, color: "Verde" },
      { productId: -1, count: 1 },
      { productId: rice.id, count: -7 },
      { productId: rice.id, count: Number.NaN },
    ]);
    expect(merged).toBe(4);
    const lines = await getCartLines(db, userId, "es");
    expect(lines.map((l) => [l.product.id, l.color, l.count])).toEqual([
      [rice.id, "", 4 + 3 + 1 + 1],
      [shirt.id, "Azul", 5],
    ]);
    // Merging again never goes past the stock.
    expect(await mergeGuestCart(db, userId, [{ productId: rice.id, count: 5 }])).toBe(1);
    expect((await getCartLines(db, userId, "es"))[0].count).toBe(10);
    expect(await mergeGuestCart(db, userId, [])).toBe(0);
  });
});
