import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { sharedCarts } from "~/db/schema/cart";
import { products } from "~/db/schema/catalog";
import { insertProduct, insertUser } from "../../../tests/factories";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import { mergeCartLine } from "./cart.server";
import { getCartLines } from "./cart-lines.server";
import {
  EXPIRED_KEPT_DAYS,
  addSharedCart,
  isShareToken,
  newShareToken,
  pruneSharedCarts,
  readSharedCart,
  shareCart,
} from "./shared-cart.server";
import { SHARE_DAYS } from "./components/shared-cart-view";

const DAY = 24 * 3600 * 1000;
const COLOURS = [
  { name: "Rojo", name_en: "Red", hex: "#ff0000" },
  { name: "Azul", name_en: "Blue", hex: "#0000ff" },
];

describe("issue 26 point 3 share tokens", () => {
  it("are 128 random bits in base64url, never repeated", () => {
    const tokens = new Set(Array.from({ length: 2000 }, newShareToken));
    expect(tokens.size).toBe(2000);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Buffer.from(token, "base64url")).toHaveLength(16);
    }
  });

  it("recognises only that shape", () => {
    expect(isShareToken(newShareToken())).toBe(true);
    for (const bad of ["", "abc", "a".repeat(23), "a".repeat(21) + "=", "../../etc/passwd", 42, null, undefined]) {
      expect(isShareToken(bad)).toBe(false);
    }
  });
});

describe.each(databaseKinds())("issue 26 point 3 shareable cart on %s", (kind) => {
  let database: Database;
  let db: Db;
  const newUser = async () => (await insertUser(db, { firstName: "Ana", lastName: "Pérez" })).id;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
  });
  afterAll(async () => {
    await database?.close();
  });

  /** A shopper whose cart holds `lines` (product, count, colour). */
  async function cartOf(lines: Array<{ productId: number; count: number; color?: string }>) {
    const userId = await newUser();
    for (const line of lines) expect((await mergeCartLine(db, userId, line)).ok).toBe(true);
    return userId;
  }

  it("issue 26 point 3 refuses to share an empty cart", async () => {
    expect(await shareCart(db, await newUser())).toEqual({ ok: false, status: 400, error: "sharedCart.errors.empty" });
  });

  it("issue 26 point 3 stores only products, counts, colours and varieties: no personal data", async () => {
    const product = await insertProduct(db, { colors: COLOURS, quantity: 10 });
    const userId = await cartOf([{ productId: product.id, count: 3, color: "Blue" }]);
    const now = new Date("2026-11-01T12:00:00Z");
    const shared = await shareCart(db, userId, now);
    if (!shared.ok) throw new Error("not shared");
    expect(shared.expiresAt.toISOString()).toBe("2026-11-08T12:00:00.000Z");
    const [row] = await db.select().from(sharedCarts).where(eq(sharedCarts.token, shared.token));
    expect(Object.keys(row).sort()).toEqual(["createdAt", "expiresAt", "lines", "token"]);
    expect(row.lines).toEqual([{ productId: product.id, count: 3, color: "Azul", variety: "" }]);
    const text = JSON.stringify(row);
    for (const personal of ["Ana", "Pérez", "@", "userId", "user_id"]) expect(text).not.toContain(personal);
    // Sharing again makes another link; the first still works.
    const again = await shareCart(db, userId, now);
    expect(again.ok && again.token).not.toBe(shared.token);
  });

  it(`issue 26 point 3 works for ${SHARE_DAYS} days, to the millisecond, then is expired; unknown tokens are unknown`, async () => {
    const product = await insertProduct(db, { quantity: 5 });
    const userId = await cartOf([{ productId: product.id, count: 1 }]);
    const now = new Date("2026-11-01T00:00:00Z");
    const shared = await shareCart(db, userId, now);
    if (!shared.ok) throw new Error("not shared");
    const end = now.getTime() + SHARE_DAYS * DAY;
    expect((await readSharedCart(db, shared.token, "es", new Date(end - 1))).state).toBe("ok");
    expect((await readSharedCart(db, shared.token, "es", new Date(end))).state).toBe("expired");
    expect((await addSharedCart(db, await newUser(), shared.token, "es", new Date(end))).state).toBe("expired");
    expect((await readSharedCart(db, newShareToken(), "es", now)).state).toBe("unknown");
    for (const bad of ["", "x", "'; drop table shared_carts; --", "%00", "a".repeat(5000)]) {
      expect((await readSharedCart(db, bad, "es", now)).state).toBe("unknown");
    }
  });

  it("issue 26 point 3 shows today's prices and stock, not those of when it was shared", async () => {
    const product = await insertProduct(db, {
      priceCents: 500,
      wholesalePriceCents: 400,
      quantity: 20,
      colors: COLOURS,
      name: "Arroz",
      nameEn: "Rice",
    });
    const userId = await cartOf([{ productId: product.id, count: 12, color: "Azul" }]);
    const shared = await shareCart(db, userId);
    if (!shared.ok) throw new Error("not shared");
    await db
      .update(products)
      .set({ priceCents: 650, wholesalePriceCents: 600, quantity: 7 })
      .where(eq(products.id, product.id));
    const read = await readSharedCart(db, shared.token, "en");
    if (read.state !== "ok") throw new Error(read.state);
    expect(read.lines).toHaveLength(1);
    expect(read.lines[0]).toMatchObject({
      productId: product.id,
      count: 12,
      available: 7,
      state: "notEnoughStock",
      color: "Blue",
      unitPriceCents: 600,
      lineTotalCents: 7200,
    });
    expect(read.lines[0].product?.display_name).toBe("Rice");
  });

  it("issue 26 point 3 adds what is in stock, capped at the stock, and says what could not be added", async () => {
    const plenty = await insertProduct(db, { quantity: 10, colors: COLOURS });
    const few = await insertProduct(db, { quantity: 10 });
    const soldOut = await insertProduct(db, { quantity: 10 });
    const archived = await insertProduct(db, { quantity: 10 });
    const sharer = await cartOf([
      { productId: plenty.id, count: 2, color: "Azul" },
      { productId: few.id, count: 5 },
      { productId: soldOut.id, count: 1 },
      { productId: archived.id, count: 1 },
    ]);
    const shared = await shareCart(db, sharer);
    if (!shared.ok) throw new Error("not shared");
    await db.update(products).set({ quantity: 3 }).where(eq(products.id, few.id));
    await db.update(products).set({ quantity: 0 }).where(eq(products.id, soldOut.id));
    await db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, archived.id));

    // The receiver already holds 2 of `few`: the add takes the line up to the stock (3), not beyond.
    const receiver = await cartOf([{ productId: few.id, count: 2 }]);
    const result = await addSharedCart(db, receiver, shared.token, "es");
    if (result.state !== "ok") throw new Error(result.state);
    expect(result.lines.map(({ productId, count, added, state }) => ({ productId, count, added, state }))).toEqual([
      { productId: plenty.id, count: 2, added: 2, state: "inStock" },
      { productId: few.id, count: 5, added: 1, state: "notEnoughStock" },
      { productId: soldOut.id, count: 1, added: 0, state: "outOfStock" },
      { productId: archived.id, count: 1, added: 0, state: "unavailable" },
    ]);
    const lines = await getCartLines(db, receiver, "es");
    expect(lines.map((l) => [l.product.id, l.count, l.color])).toEqual([
      [few.id, 3, ""],
      [plenty.id, 2, "Azul"],
    ]);
    // The sharer's cart is untouched.
    expect((await getCartLines(db, sharer, "es")).map((l) => l.count)).toEqual([2, 5, 1]);
  });

  it(`issue 26 point 3 prunes links expired more than ${EXPIRED_KEPT_DAYS} days ago, and only those`, async () => {
    const product = await insertProduct(db, { quantity: 5 });
    const userId = await cartOf([{ productId: product.id, count: 1 }]);
    const created = new Date("2020-01-01T00:00:00Z");
    const old = await shareCart(db, userId, created);
    const recent = await shareCart(db, userId, new Date("2020-01-20T00:00:00Z"));
    if (!old.ok || !recent.ok) throw new Error("not shared");
    const pruneAt = new Date(old.expiresAt.getTime() + EXPIRED_KEPT_DAYS * DAY);
    expect(await pruneSharedCarts(db, pruneAt)).toBeGreaterThanOrEqual(1);
    expect((await readSharedCart(db, old.token, "es", pruneAt)).state).toBe("unknown");
    expect((await readSharedCart(db, recent.token, "es", pruneAt)).state).toBe("expired");
  });
});
