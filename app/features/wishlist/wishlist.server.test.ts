import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { products } from "~/db/schema/catalog";
import { reviews } from "~/db/schema/reviews";
import { addCartLine, updateCartLine } from "~/features/cart/cart.server";
import { getCartLines } from "~/features/cart/cart-lines.server";
import { insertCategory, insertProduct, insertUser } from "../../../tests/factories";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import {
  addAllToCart,
  addToWishlist,
  getWishlist,
  getWishlistCount,
  isInWishlist,
  removeFromWishlist,
} from "./wishlist.server";

describe.each(databaseKinds())("wishlist core (§2.17, §4.4, §7.2) on %s", (kind) => {
  let database: Database;
  let db: Db;

  const newUser = async (): Promise<number> => (await insertUser(db)).id;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
  });
  afterAll(async () => {
    await database?.close();
  });

  it("§7.2 adds once (a duplicate is a 409), removes once (then 404), and counts", async () => {
    const userId = await newUser();
    const product = await insertProduct(db);
    expect(await isInWishlist(db, userId, product.id)).toBe(false);
    expect(await addToWishlist(db, userId, product.id)).toEqual({ ok: true, value: { productId: product.id } });
    expect(await addToWishlist(db, userId, product.id)).toEqual({
      ok: false,
      status: 409,
      error: "wishlist.errors.alreadyInWishlist",
    });
    expect(await isInWishlist(db, userId, product.id)).toBe(true);
    expect(await getWishlistCount(db, userId)).toBe(1);

    expect(await removeFromWishlist(db, userId, product.id)).toEqual({ ok: true, value: { productId: product.id } });
    expect(await removeFromWishlist(db, userId, product.id)).toEqual({
      ok: false,
      status: 404,
      error: "wishlist.errors.notInWishlist",
    });
    expect(await getWishlistCount(db, userId)).toBe(0);
  });

  it("§7.2 an unknown product is not found, including ids beyond PostgreSQL's integer", async () => {
    const userId = await newUser();
    for (const id of [999_999, 0, -3, 1.5, 2 ** 40]) {
      expect(await addToWishlist(db, userId, id), String(id)).toEqual({
        ok: false,
        status: 404,
        error: "wishlist.errors.productNotFound",
      });
      expect(await removeFromWishlist(db, userId, id), String(id)).toMatchObject({ ok: false, status: 404 });
      expect(await isInWishlist(db, userId, id)).toBe(false);
    }
  });

  it("§2.17 D10 lists cards newest first, localised, with the real rating and live stock", async () => {
    const userId = await newUser();
    const reviewer = await newUser();
    const first = await insertProduct(db, { name: "Cafetera", nameEn: "Coffee maker" });
    const second = await insertProduct(db, { name: "Jabón", nameEn: "Soap", quantity: 3 });
    await db.insert(reviews).values({ productId: first.id, userId: reviewer, rating: "3.5", comment: "Cumple bien." });
    await addToWishlist(db, userId, first.id);
    await addToWishlist(db, userId, second.id);
    await db.update(products).set({ quantity: 0 }).where(eq(products.id, second.id));

    const list = await getWishlist(db, userId, "en");
    expect(
      list.map((e) => [e.product.display_name, e.product.quantity, e.product.rating, e.product.reviews_count]),
    ).toEqual([
      ["Soap", 0, null, 0],
      ["Coffee maker", 10, 3.5, 1],
    ]);
    expect(list[0].dateAdded).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    expect((await getWishlist(db, userId, "es")).map((e) => e.product.display_name)).toEqual(["Jabón", "Cafetera"]);
    // Another shopper's list is their own.
    expect(await getWishlist(db, reviewer, "es")).toEqual([]);
  });

  it("§2.17 lists every entry of a long wishlist (more than 50 products)", async () => {
    const userId = await newUser();
    const category = await insertCategory(db, { parentId: (await insertCategory(db)).id });
    const ids: number[] = [];
    for (let i = 0; i < 55; i++) {
      const p = await insertProduct(db, { categoryId: category.id });
      await addToWishlist(db, userId, p.id);
      ids.push(p.id);
    }
    const list = await getWishlist(db, userId, "es");
    expect(list).toHaveLength(55);
    expect(list.map((e) => e.product.id)).toEqual([...ids].reverse());
    expect(await getWishlistCount(db, userId)).toBe(55);
  });

  it("§4.4 add all to cart adds one unit of each in-stock item and skips the rest", async () => {
    const userId = await newUser();
    const shirt = await insertProduct(db, {
      quantity: 4,
      colors: [
        { name: "Verde", name_en: "Green", hex: "#00ff00" },
        { name: "Negro", name_en: "Black", hex: "#000000" },
      ],
      varieties: ["M", "L"],
    });
    const soldOut = await insertProduct(db, { quantity: 0 });
    const rice = await insertProduct(db, { quantity: 2 });
    const full = await insertProduct(db, { quantity: 2 });
    for (const p of [shirt, soldOut, rice, full]) await addToWishlist(db, userId, p.id);
    // Already in the cart: one more unit (rice), or nothing more at the stock (full).
    await addCartLine(db, userId, { productId: rice.id, count: 1 });
    await addCartLine(db, userId, { productId: full.id, count: 2 });

    const result = await addAllToCart(db, userId);
    expect(result.skipped).toEqual([soldOut.id]);
    expect([...result.added].sort((a, b) => a - b)).toEqual([shirt.id, rice.id, full.id].sort((a, b) => a - b));
    const lines = await getCartLines(db, userId, "es");
    const byProduct = Object.fromEntries(lines.map((l) => [l.product.id, [l.count, l.color, l.variety]]));
    expect(byProduct).toEqual({
      [rice.id]: [2, "", ""],
      [full.id]: [2, "", ""],
      [shirt.id]: [1, "Verde", "M"],
    });
    // The wishlist is left as it was (§4.4 adds, it does not move).
    expect(await getWishlistCount(db, userId)).toBe(4);
    // A shopper with an empty wishlist adds nothing.
    expect(await addAllToCart(db, await newUser())).toEqual({ added: [], skipped: [] });
  });

  it("§4.4 add all to cart leaves other lines of the cart alone", async () => {
    const userId = await newUser();
    const kept = await insertProduct(db, { quantity: 9 });
    const wished = await insertProduct(db, { quantity: 9 });
    const line = await addCartLine(db, userId, { productId: kept.id, count: 3 });
    if (!line.ok) throw new Error("add failed");
    await updateCartLine(db, userId, line.value.lineId, 7);
    await addToWishlist(db, userId, wished.id);
    expect(await addAllToCart(db, userId)).toEqual({ added: [wished.id], skipped: [] });
    expect((await getCartLines(db, userId, "es")).map((l) => [l.product.id, l.count])).toEqual([
      [kept.id, 7],
      [wished.id, 1],
    ]);
  });
});
