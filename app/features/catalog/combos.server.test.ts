import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { products } from "~/db/schema/catalog";
import type { User } from "~/features/accounts/accounts.server";
import { mergeCartLine } from "~/features/cart/cart.server";
import { getProduct } from "~/features/catalog/catalog.server";
import { getProductsByIds } from "~/features/catalog/product-cards.server";
import { getAdminProduct, productFormValues } from "~/features/catalog/product-form.server";
import { saveProductForm } from "~/features/catalog/products-admin.server";
import { subscribe } from "~/features/stock-alerts/subscriptions.server";
import { mediaStore } from "~/features/media/store.server";
import { createOrder } from "~/features/orders/create.server";
import { changeOrderStatus } from "~/features/orders/status.server";
import { outboxMailer } from "~/features/outbox/mailer.server";
import type { Env } from "~/utils/env.server";
import { type Category, cartCheckoutInput, insertCategory, insertProduct, insertUser } from "../../../tests/factories";
import { createTestEnv } from "../../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";

// Issue 26 point 6 (decision 015): a combo is a product whose stock is computed from its parts;
// ordering it takes every part's stock in the order's one transaction; racing shoppers buying
// combos and their parts never oversell a part.

describe.each(databaseKinds())("combos on %s (issue 26 point 6)", (kind) => {
  let database: Database;
  let env: Env;
  let sub: Category;
  let operator: { id: number; email: string; role: string };
  const db = () => database.db as Db;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    env = createTestEnv();
    const parent = await insertCategory(database.db);
    sub = await insertCategory(database.db, { parentId: parent.id });
    const user = await insertUser(database.db, { email: `operador-combo-${kind}@example.cu` });
    operator = { id: user.id, email: user.email, role: "manager" };
  });
  afterAll(async () => {
    await outboxMailer({ db: db(), env }).stop();
    await database?.close();
  });

  /** The "Nuevo combo" form with `parts` as rows ([product id, units] as typed). */
  function comboForm(parts: Array<[string, string]>, fields: Record<string, string> = {}) {
    const form = new FormData();
    const base = {
      name: "Combo arroz y aceite",
      nameEn: "Rice and oil combo",
      description: "Lo básico de la semana.",
      descriptionEn: "The week's basics.",
      categoryId: String(sub.id),
      price: "12.00",
      shopCity: "La Habana",
      ...fields,
    };
    for (const [key, value] of Object.entries(base)) form.set(key, value);
    parts.forEach(([id, qty], i) => {
      form.set(`part${i + 1}`, id);
      form.set(`partQty${i + 1}`, qty);
    });
    return form;
  }

  async function createCombo(parts: Array<[number, number]>) {
    const saved = await saveProductForm(
      { db: db(), media: mediaStore(env) },
      operator,
      comboForm(parts.map(([id, n]) => [String(id), String(n)])),
      null,
      { combo: true },
    );
    if (!saved.ok) throw new Error(JSON.stringify(saved));
    return saved.id;
  }

  const stockOf = async (id: number) =>
    (
      await db().select({ quantity: products.quantity, sold: products.sold }).from(products).where(eq(products.id, id))
    )[0];

  async function buy(lines: Array<[number, number]>) {
    const buyer = (await insertUser(db(), {})) as User;
    for (const [productId, count] of lines) {
      const added = await mergeCartLine(db(), buyer.id, { productId, count });
      if (!added.ok) throw new Error(JSON.stringify(added));
    }
    return { buyer, input: await cartCheckoutInput(db(), buyer.id) };
  }

  it("checks a combo's parts on the server, beside each row, and audits the new combo", async () => {
    const rice = await insertProduct(db(), { categoryId: sub.id, name: "Arroz 1 kg", quantity: 10 });
    const archived = await insertProduct(db(), { categoryId: sub.id, name: "Viejo", archivedAt: new Date() });
    const deps = { db: db(), media: mediaStore(env) };
    const refused = async (parts: Array<[string, string]>) => {
      const result = await saveProductForm(deps, operator, comboForm(parts), null, { combo: true });
      expect(result.ok).toBe(false);
      return result.ok ? {} : result.errors;
    };
    expect(await refused([])).toEqual({ part1: "admin.combos.errors.noParts" });
    expect(await refused([[String(rice.id), "0"]])).toEqual({ partQty1: "admin.combos.errors.quantity" });
    expect(await refused([[String(rice.id), "100"]])).toEqual({ partQty1: "admin.combos.errors.quantity" });
    expect(
      await refused([
        [String(rice.id), "1"],
        [String(rice.id), "2"],
      ]),
    ).toEqual({ part2: "admin.combos.errors.twice" });
    expect(await refused([[String(archived.id), "1"]])).toEqual({ part1: "admin.combos.errors.part" });
    expect(await refused([["999999", "1"]])).toEqual({ part1: "admin.combos.errors.part" });
    expect(await refused([["abc", "1"]])).toEqual({ part1: "admin.combos.errors.part" });

    const combo = await createCombo([[rice.id, 2]]);
    // A combo is never a part of another combo.
    expect(await refused([[String(combo), "1"]])).toEqual({ part1: "admin.combos.errors.part" });
    // Nor of itself: the database refuses it too.
    await expect(
      db().execute(sql`insert into combo_parts (combo_id, product_id, quantity) values (${combo}, ${combo}, 1)`),
    ).rejects.toThrow();

    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "combo.create"), eq(auditLog.entityId, String(combo))));
    expect(entry.after).toMatchObject({
      isCombo: true,
      quantity: 0,
      comboParts: [{ productId: rice.id, quantity: 2 }],
    });
  });

  it("computes a combo's stock from its parts: whole combos only, 0 when a part is out or archived", async () => {
    const rice = await insertProduct(db(), {
      categoryId: sub.id,
      name: "Arroz 1 kg",
      nameEn: "Rice 1 kg",
      quantity: 7,
    });
    const oil = await insertProduct(db(), { categoryId: sub.id, name: "Aceite 1 L", nameEn: "Oil 1 L", quantity: 5 });
    const combo = await createCombo([
      [rice.id, 2],
      [oil.id, 1],
    ]);
    const product = await getProduct(db(), combo, "en");
    expect(product).toMatchObject({
      quantity: 3,
      is_combo: true,
      combo_parts: [
        { id: rice.id, name: "Rice 1 kg", quantity: 2 },
        { id: oil.id, name: "Oil 1 L", quantity: 1 },
      ],
    });
    expect((await getProductsByIds(db(), [rice.id], "es"))[0]).toMatchObject({ is_combo: false, combo_parts: [] });
    expect(await stockOf(combo)).toEqual({ quantity: 0, sold: 0 });

    await db().update(products).set({ quantity: 1 }).where(eq(products.id, rice.id));
    expect((await getProductsByIds(db(), [combo], "es"))[0].quantity).toBe(0);
    await db().update(products).set({ quantity: 9, archivedAt: new Date() }).where(eq(products.id, rice.id));
    expect((await getProductsByIds(db(), [combo], "es"))[0].quantity).toBe(0);
    // A combo out of stock cannot be put in a cart.
    const buyer = (await insertUser(db(), {})) as User;
    expect(await mergeCartLine(db(), buyer.id, { productId: combo, count: 1 })).toMatchObject({ ok: false });
  });

  it("an order of combos takes every part's stock with the same parts bought alone; a cancellation puts them back", async () => {
    const rice = await insertProduct(db(), { categoryId: sub.id, quantity: 10, priceCents: 300 });
    const oil = await insertProduct(db(), { categoryId: sub.id, quantity: 4, priceCents: 500 });
    const combo = await createCombo([
      [rice.id, 2],
      [oil.id, 1],
    ]);
    const { buyer, input } = await buy([
      [combo, 2],
      [oil.id, 1],
    ]);
    const placed = await createOrder({ db: db(), env }, buyer, input, { lang: "es" });
    if (!placed.ok) throw new Error(JSON.stringify(placed));
    await placed.notified;
    expect(await stockOf(rice.id)).toEqual({ quantity: 6, sold: 4 });
    expect(await stockOf(oil.id)).toEqual({ quantity: 1, sold: 3 });
    expect(await stockOf(combo)).toEqual({ quantity: 0, sold: 2 });
    expect((await getProduct(db(), combo, "es"))?.quantity).toBe(1);

    // A second order wants 1 combo + 1 oil: 2 oils, only 1 left: refused, nothing taken.
    const second = await buy([
      [combo, 1],
      [oil.id, 1],
    ]);
    await db().update(products).set({ quantity: 1 }).where(eq(products.id, oil.id));
    const refused = await createOrder({ db: db(), env }, second.buyer, second.input, { lang: "es" });
    expect(refused).toMatchObject({ ok: false, status: 409, error: "checkout.errors.notEnoughStock" });
    expect(await stockOf(oil.id)).toEqual({ quantity: 1, sold: 3 });

    const cancelled = await changeOrderStatus(
      { db: db(), env },
      { transactionId: placed.order.transactionId },
      "cancelled",
    );
    expect(cancelled).toMatchObject({ ok: true });
    expect(await stockOf(rice.id)).toEqual({ quantity: 10, sold: 0 });
    expect(await stockOf(oil.id)).toEqual({ quantity: 4, sold: 0 });
    expect(await stockOf(combo)).toEqual({ quantity: 0, sold: 0 });
  });

  it("a part restocked in the back office brings its combo's back-in-stock alerts", async () => {
    const oil = await insertProduct(db(), { categoryId: sub.id, quantity: 0 });
    const rice = await insertProduct(db(), { categoryId: sub.id, quantity: 4 });
    const combo = await createCombo([
      [oil.id, 1],
      [rice.id, 1],
    ]);
    const waiting = (await insertUser(db(), {})) as User;
    const subscribed = await subscribe(
      db(),
      { productId: combo, email: waiting.email, userId: waiting.id, lang: "es" },
      { ip: "203.0.113.9" },
    );
    expect(subscribed).toMatchObject({ ok: true });
    const product = (await getAdminProduct(db(), oil.id))!;
    const form = new FormData();
    for (const [key, value] of Object.entries(productFormValues(product))) form.set(key, value);
    form.set("quantity", "2");
    form.set("version", product.version);
    const saved = await saveProductForm({ db: db(), media: mediaStore(env) }, operator, form, product);
    expect(saved).toMatchObject({ ok: true, alertsDue: 1 });
  });

  it("racing shoppers buying combos and their parts at once never oversell a part", async () => {
    const rice = await insertProduct(db(), { categoryId: sub.id, quantity: 13, priceCents: 300 });
    const oil = await insertProduct(db(), { categoryId: sub.id, quantity: 7, priceCents: 500 });
    const beans = await insertProduct(db(), { categoryId: sub.id, quantity: 9, priceCents: 200 });
    const combo = await createCombo([
      [rice.id, 2],
      [oil.id, 1],
    ]);
    const big = await createCombo([
      [oil.id, 1],
      [beans.id, 3],
    ]);
    // 24 shoppers: combos, combos with parts, parts alone.
    const carts: Array<Array<[number, number]>> = Array.from(
      { length: 24 },
      (_, i) =>
        [
          [[combo, 1]],
          [[big, 1]],
          [
            [combo, 1],
            [oil.id, 1],
          ],
          [[rice.id, 2]],
          [
            [oil.id, 1],
            [big, 1],
            [combo, 1],
          ],
          [[beans.id, 2]],
        ][i % 6] as Array<[number, number]>,
    );
    const shoppers = [];
    for (const lines of carts) shoppers.push({ lines, ...(await buy(lines)) });
    const before = new Map(
      await Promise.all([rice, oil, beans].map(async (p) => [p.id, (await stockOf(p.id)).quantity] as const)),
    );

    const results = await Promise.all(
      shoppers.map((s) => createOrder({ db: db(), env }, s.buyer, s.input, { lang: "es" })),
    );
    await Promise.all(results.map((r) => (r.ok ? r.notified : undefined)));
    for (const r of results) if (!r.ok) expect(r).toMatchObject({ status: 409 });
    const won = shoppers.filter((_, i) => results[i].ok);
    expect(won.length).toBeGreaterThan(0);
    expect(won.length).toBeLessThan(shoppers.length);

    // Units each part should have lost: the winners' lines, combos expanded into their parts.
    const partsOf: Record<number, Array<[number, number]>> = {
      [combo]: [
        [rice.id, 2],
        [oil.id, 1],
      ],
      [big]: [
        [oil.id, 1],
        [beans.id, 3],
      ],
    };
    const taken = new Map<number, number>();
    for (const s of won) {
      for (const [id, n] of s.lines) {
        for (const [part, per] of partsOf[id] ?? [[id, 1]]) taken.set(part, (taken.get(part) ?? 0) + n * per);
      }
    }
    for (const part of [rice, oil, beans]) {
      const now = await stockOf(part.id);
      expect(now.quantity).toBeGreaterThanOrEqual(0);
      expect(before.get(part.id)! - now.quantity).toBe(taken.get(part.id) ?? 0);
      expect(now.sold).toBe(taken.get(part.id) ?? 0);
    }
    const negatives = await db()
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, [rice.id, oil.id, beans.id, combo, big]), sql`${products.quantity} < 0`));
    expect(negatives).toEqual([]);
  });
});
