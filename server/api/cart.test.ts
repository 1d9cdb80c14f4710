import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { cartItems } from "~/db/schema/cart";
import { products } from "~/db/schema/catalog";
import { coupons } from "~/db/schema/coupons";
import { issueTokens } from "~/features/accounts/accounts.server";
import { mergeCartLine } from "~/features/cart/cart.server";
import type { Env } from "~/utils/env.server";
import { type Product, insertProduct } from "../../tests/factories";
import { createTestEnv } from "../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../tests/setup/db";
import { createServerApp } from "../app";
import { apiRequester, signedInUser } from "./test-client";

type Line = {
  id: number;
  count: number;
  color: string;
  variety: string;
  price: number;
  compare_price: number;
  line_total: number;
  line_compare_total: number;
  wholesale_applied: boolean;
  product: { id: number; display_name: string; quantity: number; price: number; wholesale_price: number | null };
};

describe.each(databaseKinds())("§7.2 cart API on %s", (kind) => {
  let database: Database;
  let env: Env;
  let app: Hono;
  /** 6.50 (was 8.00), 6.00 from 10 units, two colours and two varieties, 20 in stock. */
  let coffee: Product;
  /** 2.50, no sale, no wholesale, 5 in stock. */
  let rice: Product;
  let soldOut: Product;

  const signedIn = async () => signedInUser({ db: database.db, env }, "carrito", { firstName: "Ana" });

  const request = apiRequester(() => app);

  const add = (token: string, body: unknown, lang = "en") =>
    request("POST", `/api/cart/add-item?lang=${lang}`, { token, body });
  const lines = async (token: string, lang = "en"): Promise<Line[]> =>
    (await (await request("GET", `/api/cart/cart-items?lang=${lang}`, { token })).json()).cart;
  const totals = async (token: string, coupon?: string) =>
    (
      await request(
        "GET",
        `/api/cart/get-total?lang=en${coupon === undefined ? "" : `&coupon=${encodeURIComponent(coupon)}`}`,
        { token },
      )
    ).json();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    env = createTestEnv();
    app = createServerApp({ db: database.db, env });
    coffee = await insertProduct(database.db, {
      name: "Café Serrano 250 g",
      nameEn: "Serrano coffee 250 g",
      priceCents: 650,
      originalPriceCents: 800,
      wholesalePriceCents: 600,
      quantity: 20,
      colors: [
        { name: "Rojo", name_en: "Red", hex: "#ff0000" },
        { name: "Azul", name_en: "Blue", hex: "#0000ff" },
      ],
      varieties: ["250 g", "500 g"],
    });
    rice = await insertProduct(database.db, { name: "Arroz 1 kg", nameEn: "Rice 1 kg", priceCents: 250, quantity: 5 });
    soldOut = await insertProduct(database.db, { name: "Zapato agotado", nameEn: "Sold-out shoe", quantity: 0 });
    const dayMs = 86_400_000;
    await database.db.insert(coupons).values([
      { name: "BIENVENIDO10", discountPercent: 10 },
      { name: "VENCIDO", discountPercent: 50, validUntil: new Date(Date.now() - dayMs) },
      { name: "MINIMO", discountPercent: 20, minTotalCents: 100_000 },
    ]);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("§7.2 add-item answers 201 with the new line; cart-items lists it with its prices (D1) in the request's language", async () => {
    const { access } = await signedIn();
    const res = await add(access, { product_id: coffee.id, count: 2, color: "Rojo", variety: "250 g" });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.cart_item).toMatchObject({
      count: 2,
      color: "Red",
      variety: "250 g",
      price: 6.5,
      compare_price: 8,
      line_total: 13,
      line_compare_total: 16,
      wholesale_applied: false,
      product: {
        id: coffee.id,
        display_name: "Serrano coffee 250 g",
        price: 6.5,
        original_price: 8,
        compare_price: 8,
        wholesale_price: 6,
        quantity: 20,
        colors_list: ["Red", "Blue"],
        varieties_list: ["250 g", "500 g"],
        shop_city: "La Habana",
        rating: null,
        reviews_count: 0,
      },
    });
    expect(body.cart).toEqual([body.cart_item]);

    const es = await lines(access, "es");
    expect(es).toHaveLength(1);
    expect(es[0]).toMatchObject({
      id: body.cart_item.id,
      color: "Rojo",
      product: { display_name: "Café Serrano 250 g" },
    });
    expect(await lines(access)).toEqual([body.cart_item]);
    const count = await request("GET", "/api/cart/get-item-total", { token: access });
    expect(count.status).toBe(200);
    expect(await count.json()).toEqual({ total_items: 1 });
  });

  it("§2.10 §7.2 takes a colour by its Spanish or English name and preselects the first colour and variety", async () => {
    const { access } = await signedIn();
    const first = await add(access, { product_id: coffee.id, count: 1 }, "es");
    expect(first.status).toBe(201);
    expect((await first.json()).cart_item).toMatchObject({ color: "Rojo", variety: "250 g" });
    const blue = await add(access, { product_id: coffee.id, count: 1, color: "Blue", variety: "500 g" }, "es");
    expect(blue.status).toBe(201);
    expect((await blue.json()).cart_item).toMatchObject({ color: "Azul", variety: "500 g" });
    // null options mean "none given", as an absent field does.
    const nulls = await add(access, { product_id: rice.id, count: 1, color: null, variety: null });
    expect(nulls.status).toBe(201);
    expect((await nulls.json()).cart_item).toMatchObject({ color: "", variety: "" });
  });

  it("§4.3 add-item of a product+colour+variety already in the cart is a 409 naming the line; the client then updates it", async () => {
    const { access } = await signedIn();
    const created = await (
      await add(access, { product_id: coffee.id, count: 2, color: "Rojo", variety: "250 g" })
    ).json();
    const lineId = created.cart_item.id;

    // The same line by its English colour name is the same line.
    for (const color of ["Rojo", "Red"]) {
      const again = await add(access, { product_id: coffee.id, count: 3, color, variety: "250 g" });
      expect(again.status, color).toBe(409);
      expect(await again.json()).toEqual({
        error: "This item is already in your cart",
        cart_item_id: lineId,
        count: 2,
      });
    }
    const es = await add(access, { product_id: coffee.id, count: 3, color: "Rojo", variety: "250 g" }, "es");
    expect((await es.json()).error).toBe("Este producto ya está en tu carrito");
    expect((await lines(access)).map((l) => l.count)).toEqual([2]);

    // §4.3: the client updates the line to the existing count plus the added count.
    const updated = await request("PUT", "/api/cart/update-item?lang=en", {
      token: access,
      body: { cart_item_id: lineId, count: 2 + 3 },
    });
    expect(updated.status).toBe(200);
    const body = await updated.json();
    expect(body.cart_item).toMatchObject({ id: lineId, count: 5, line_total: 32.5 });
    expect(body.cart).toEqual([body.cart_item]);

    // Another variety is another line.
    const other = await add(access, { product_id: coffee.id, count: 1, color: "Rojo", variety: "500 g" });
    expect(other.status).toBe(201);
    expect(await lines(access)).toHaveLength(2);
  });

  it("§5 §8 refuses 'Product is out of stock', a count beyond the stock or below 1, and options the product lacks", async () => {
    const { access } = await signedIn();
    const cases: Array<[unknown, number, string]> = [
      [{ product_id: soldOut.id, count: 1 }, 400, "Product is out of stock"],
      [{ product_id: rice.id, count: 6 }, 400, "Only 5 left in stock"],
      [{ product_id: rice.id, count: 0 }, 400, "The quantity must be at least 1"],
      [{ product_id: rice.id, count: -1 }, 400, "The quantity must be at least 1"],
      [{ product_id: rice.id, count: 1.5 }, 400, "The quantity must be at least 1"],
      [{ product_id: coffee.id, count: 1, color: "Verde" }, 400, "This product does not come in that colour"],
      [{ product_id: coffee.id, count: 1, variety: "1 kg" }, 400, "This product does not come in that variety"],
      [{ product_id: rice.id, count: 1, color: "Rojo" }, 400, "This product does not come in that colour"],
      [{ product_id: 999_999, count: 1 }, 404, "Product not found"],
    ];
    for (const [body, status, error] of cases) {
      const res = await add(access, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect((await res.json()).error, JSON.stringify(body)).toBe(error);
    }
    const es = await add(access, { product_id: soldOut.id, count: 1 }, "es");
    expect(await es.json()).toEqual({ error: "Producto agotado" });
    expect(await lines(access)).toEqual([]);
  });

  it("§5 update-item accepts 1 to the stock: 0 and stock+1 are 400 and change nothing", async () => {
    const { access } = await signedIn();
    const lineId = (await (await add(access, { product_id: rice.id, count: 2 })).json()).cart_item.id;
    const update = (count: unknown, lang = "en") =>
      request("PUT", `/api/cart/update-item?lang=${lang}`, { token: access, body: { cart_item_id: lineId, count } });

    const zero = await update(0);
    expect(zero.status).toBe(400);
    expect((await zero.json()).error).toBe("The quantity must be at least 1");
    const over = await update(6);
    expect(over.status).toBe(400);
    expect(await over.json()).toEqual({ error: "Only 5 left in stock" });
    expect((await (await update(6, "es")).json()).error).toBe("Solo quedan 5 unidades");
    expect((await lines(access))[0].count).toBe(2);

    const atStock = await update(5);
    expect(atStock.status).toBe(200);
    expect((await atStock.json()).cart_item).toMatchObject({ count: 5, line_total: 12.5 });
    const one = await update(1);
    expect(one.status).toBe(200);
    expect((await lines(access))[0].count).toBe(1);

    const unknown = await request("PUT", "/api/cart/update-item?lang=en", {
      token: access,
      body: { cart_item_id: 2_000_000_000, count: 1 },
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "Item not found in cart" });
  });

  it("§9 D13b charges the wholesale price from 10 units (9 vs 10) in lines and totals, exact to the cent", async () => {
    const { access } = await signedIn();
    const lineId = (await (await add(access, { product_id: coffee.id, count: 9 })).json()).cart_item.id;
    expect((await lines(access))[0]).toMatchObject({
      count: 9,
      price: 6.5,
      compare_price: 8,
      line_total: 58.5,
      line_compare_total: 72,
      wholesale_applied: false,
    });
    expect(await totals(access)).toEqual({
      total_cost: 58.5,
      total_compare_cost: 72,
      subtotal_cost: 58.5,
      discount: 0,
      savings: 13.5,
      total_items: 1,
      total_units: 9,
      coupon: null,
      coupon_error: null,
    });

    await request("PUT", "/api/cart/update-item", { token: access, body: { cart_item_id: lineId, count: 10 } });
    expect((await lines(access))[0]).toMatchObject({
      count: 10,
      price: 6,
      compare_price: 8,
      line_total: 60,
      line_compare_total: 80,
      wholesale_applied: true,
    });
    await add(access, { product_id: rice.id, count: 3 });
    expect(await totals(access)).toEqual({
      total_cost: 67.5,
      total_compare_cost: 87.5,
      subtotal_cost: 67.5,
      discount: 0,
      savings: 20,
      total_items: 2,
      total_units: 13,
      coupon: null,
      coupon_error: null,
    });
    // 10 units of a product without a wholesale price stay at the normal price.
    const plain = await insertProduct(database.db, { priceCents: 333, quantity: 50 });
    const plainLine = (await (await add(access, { product_id: plain.id, count: 10 })).json()).cart_item;
    expect(plainLine).toMatchObject({ price: 3.33, line_total: 33.3, wholesale_applied: false });
  });

  it("§7.2 get-total applies a valid coupon and reports an invalid one without applying it (D18)", async () => {
    const { access } = await signedIn();
    // 3 x 3.33 = 9.99: 10 % is 0.999, rounded to the cent (1.00).
    const odd = await insertProduct(database.db, { priceCents: 333, originalPriceCents: 400, quantity: 10 });
    await add(access, { product_id: odd.id, count: 3 });
    const withCoupon = await totals(access, "BIENVENIDO10");
    expect(withCoupon).toEqual({
      total_cost: 8.99,
      total_compare_cost: 12,
      subtotal_cost: 9.99,
      discount: 1,
      savings: 3.01,
      total_items: 1,
      total_units: 3,
      coupon: { name: "BIENVENIDO10", discount_percent: 10, discount_amount: null },
      coupon_error: null,
    });
    // Names match without regard to case or surrounding spaces.
    expect((await totals(access, "  bienvenido10 ")).total_cost).toBe(8.99);

    const noCoupon = { total_cost: 9.99, subtotal_cost: 9.99, discount: 0, coupon: null };
    expect(await totals(access, "NOEXISTE")).toMatchObject({
      ...noCoupon,
      coupon_error: "This coupon does not exist",
    });
    expect(await totals(access, "VENCIDO")).toMatchObject({ ...noCoupon, coupon_error: "Coupon invalid or expired" });
    expect(await totals(access, "MINIMO")).toMatchObject({
      ...noCoupon,
      coupon_error: "This coupon needs a minimum purchase of $1,000.00",
    });
    const es = await (await request("GET", "/api/cart/get-total?coupon=NOEXISTE", { token: access })).json();
    expect(es.coupon_error).toBe("Este cupón no existe");
    // A blank coupon is no coupon.
    expect(await totals(access, "")).toMatchObject({ ...noCoupon, coupon_error: null });
    const tooLong = await request("GET", `/api/cart/get-total?coupon=${"x".repeat(201)}`, { token: access });
    expect(tooLong.status).toBe(400);
  });

  it("§7.2 an empty cart totals zero", async () => {
    const { access } = await signedIn();
    expect(await totals(access, "BIENVENIDO10")).toEqual({
      total_cost: 0,
      total_compare_cost: 0,
      subtotal_cost: 0,
      discount: 0,
      savings: 0,
      total_items: 0,
      total_units: 0,
      coupon: { name: "BIENVENIDO10", discount_percent: 10, discount_amount: null },
      coupon_error: null,
    });
    expect(await (await request("GET", "/api/cart/get-item-total", { token: access })).json()).toEqual({
      total_items: 0,
    });
  });

  it("§7.2 remove-item takes cart_item_id in a JSON body or the query string; a second removal is 404", async () => {
    const { access } = await signedIn();
    const a = (await (await add(access, { product_id: rice.id, count: 1 })).json()).cart_item.id;
    const b = (await (await add(access, { product_id: coffee.id, count: 1 })).json()).cart_item.id;

    const byBody = await request("DELETE", "/api/cart/remove-item?lang=en", {
      token: access,
      body: { cart_item_id: a },
    });
    expect(byBody.status).toBe(200);
    expect((await byBody.json()).cart.map((l: Line) => l.id)).toEqual([b]);
    const again = await request("DELETE", "/api/cart/remove-item?lang=en", {
      token: access,
      body: { cart_item_id: a },
    });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: "Item not found in cart" });

    // An empty body with a JSON content type (as axios sends) is no body.
    const byQuery = await app.request(
      new Request(`http://localhost/api/cart/remove-item?cart_item_id=${b}`, {
        method: "DELETE",
        headers: { authorization: `JWT ${access}`, "content-type": "application/json" },
      }),
    );
    expect(byQuery.status).toBe(200);
    expect(await byQuery.json()).toEqual({ cart: [] });

    for (const path of [
      "/api/cart/remove-item",
      "/api/cart/remove-item?cart_item_id=abc",
      "/api/cart/remove-item?cart_item_id=0",
    ]) {
      const res = await request("DELETE", path, { token: access });
      expect(res.status, path).toBe(400);
      expect((await res.json()).error, path).toEqual(expect.any(String));
    }
    const notJson = await request("DELETE", "/api/cart/remove-item", {
      token: access,
      body: `cart_item_id=${a}`,
      contentType: "application/x-www-form-urlencoded",
    });
    expect(notJson.status).toBe(415);
  });

  it("§7.2 empty-cart removes every line and only the caller's", async () => {
    const ana = await signedIn();
    const luis = await signedIn();
    await add(ana.access, { product_id: rice.id, count: 1 });
    await add(ana.access, { product_id: coffee.id, count: 1 });
    await add(luis.access, { product_id: rice.id, count: 2 });
    const res = await request("DELETE", "/api/cart/empty-cart", { token: ana.access });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ cart: [] });
    expect(await lines(ana.access)).toEqual([]);
    expect(await (await request("GET", "/api/cart/get-item-total", { token: ana.access })).json()).toEqual({
      total_items: 0,
    });
    expect((await lines(luis.access)).map((l) => l.count)).toEqual([2]);
    // Emptying an empty (or never created) cart is fine too.
    expect((await request("DELETE", "/api/cart/empty-cart", { token: ana.access })).status).toBe(200);
    expect((await request("DELETE", "/api/cart/empty-cart", { token: (await signedIn()).access })).status).toBe(200);
  });

  it("§6 a shopper never sees or changes another's cart: their line ids are 404 and stay as they were", async () => {
    const ana = await signedIn();
    const luis = await signedIn();
    const anaLine = (await (await add(ana.access, { product_id: rice.id, count: 2 })).json()).cart_item.id;
    const before = await lines(ana.access);

    expect(await lines(luis.access)).toEqual([]);
    const update = await request("PUT", "/api/cart/update-item?lang=en", {
      token: luis.access,
      body: { cart_item_id: anaLine, count: 5 },
    });
    expect(update.status).toBe(404);
    expect(await update.json()).toEqual({ error: "Item not found in cart" });
    const remove = await request("DELETE", `/api/cart/remove-item?cart_item_id=${anaLine}&lang=en`, {
      token: luis.access,
    });
    expect(remove.status).toBe(404);
    expect(await remove.json()).toEqual({ error: "Item not found in cart" });
    await request("DELETE", "/api/cart/empty-cart", { token: luis.access });

    expect(await lines(ana.access)).toEqual(before);
    expect(await (await request("GET", "/api/cart/get-item-total", { token: luis.access })).json()).toEqual({
      total_items: 0,
    });
  });

  it("§7.2 D6 answers 401 {error} on every call without a valid access token", async () => {
    const { user, access } = await signedIn();
    await add(access, { product_id: rice.id, count: 1 });
    const { refresh } = await issueTokens({ db: database.db, env }, user);
    const calls: Array<[string, string, unknown]> = [
      ["POST", "/api/cart/add-item", { product_id: rice.id, count: 1 }],
      ["GET", "/api/cart/cart-items", undefined],
      ["PUT", "/api/cart/update-item", { cart_item_id: 1, count: 1 }],
      ["DELETE", "/api/cart/remove-item", { cart_item_id: 1 }],
      ["GET", "/api/cart/get-total", undefined],
      ["GET", "/api/cart/get-item-total", undefined],
      ["DELETE", "/api/cart/empty-cart", undefined],
    ];
    for (const authorization of [undefined, "JWT garbage", `JWT ${refresh}`, `Basic ${access}`]) {
      for (const [method, path, body] of calls) {
        const headers: Record<string, string> = { "content-type": "application/json" };
        if (authorization) headers.authorization = authorization;
        const res = await app.request(
          new Request(`http://localhost${path}?lang=en`, {
            method,
            headers,
            body: body === undefined ? undefined : JSON.stringify(body),
          }),
        );
        expect(res.status, `${method} ${path} ${authorization}`).toBe(401);
        expect(await res.json()).toMatchObject({ error: expect.any(String), detail: expect.any(String) });
      }
    }
    expect((await lines(access)).map((l) => l.count)).toEqual([1]);
    // Bearer works as well as JWT (D6).
    const bearer = await app.request(
      new Request("http://localhost/api/cart/get-item-total", { headers: { authorization: `Bearer ${access}` } }),
    );
    expect(await bearer.json()).toEqual({ total_items: 1 });
  });

  it("§7.2 answers hostile input with a 4xx JSON error, never 500, and changes nothing", async () => {
    const { access } = await signedIn();
    const lineId = (await (await add(access, { product_id: coffee.id, count: 2 })).json()).cart_item.id;
    const before = await lines(access);
    const bodies: Array<[string, string, unknown]> = [
      ["POST", "/api/cart/add-item", { product_id: String(rice.id), count: 1 }],
      ["POST", "/api/cart/add-item", { product_id: rice.id, count: "1" }],
      ["POST", "/api/cart/add-item", { product_id: rice.id }],
      ["POST", "/api/cart/add-item", { count: 1 }],
      ["POST", "/api/cart/add-item", {}],
      ["POST", "/api/cart/add-item", []],
      ["POST", "/api/cart/add-item", null],
      ["POST", "/api/cart/add-item", 42],
      ["POST", "/api/cart/add-item", { product_id: -rice.id, count: 1 }],
      ["POST", "/api/cart/add-item", { product_id: 1e20, count: 1 }],
      ["POST", "/api/cart/add-item", { product_id: 2_147_483_648, count: 1 }],
      ["POST", "/api/cart/add-item", { product_id: rice.id + 0.5, count: 1 }],
      ["POST", "/api/cart/add-item", { product_id: rice.id, count: 1e20 }],
      ["POST", "/api/cart/add-item", { product_id: rice.id, count: Number.MAX_SAFE_INTEGER + 2 }],
      ["POST", "/api/cart/add-item", { product_id: rice.id, count: 1, color: 7 }],
      ["POST", "/api/cart/add-item", { product_id: rice.id, count: 1, color: ["Rojo"] }],
      ["POST", "/api/cart/add-item", { product_id: rice.id, count: 1, variety: { $ne: null } }],
      ["POST", "/api/cart/add-item", { product_id: coffee.id, count: 1, color: "x".repeat(101) }],
      ["POST", "/api/cart/add-item", { product_id: { $gt: 0 }, count: 1 }],
      ["POST", "/api/cart/add-item", '{"product_id":1,"count":'],
      ["POST", "/api/cart/add-item", "\u0000\u0001"],
      ["PUT", "/api/cart/update-item", { cart_item_id: lineId, count: "3" }],
      ["PUT", "/api/cart/update-item", { cart_item_id: lineId, count: -3 }],
      ["PUT", "/api/cart/update-item", { cart_item_id: lineId, count: 2.5 }],
      ["PUT", "/api/cart/update-item", { cart_item_id: lineId, count: 1e300 }],
      ["PUT", "/api/cart/update-item", { cart_item_id: lineId, count: null }],
      ["PUT", "/api/cart/update-item", { cart_item_id: lineId }],
      ["PUT", "/api/cart/update-item", { count: 3 }],
      ["PUT", "/api/cart/update-item", { cart_item_id: String(lineId), count: 3 }],
      ["PUT", "/api/cart/update-item", { cart_item_id: 1e20, count: 3 }],
      ["PUT", "/api/cart/update-item", "not json"],
      ["DELETE", "/api/cart/remove-item", { cart_item_id: String(lineId) }],
      ["DELETE", "/api/cart/remove-item", { cart_item_id: -lineId }],
      ["DELETE", "/api/cart/remove-item", { cart_item_id: 1e20 }],
      ["DELETE", "/api/cart/remove-item", "{"],
    ];
    for (const [method, path, body] of bodies) {
      const res = await request(method, `${path}?lang=en`, { token: access, body });
      const label = `${method} ${path} ${typeof body === "string" ? body : JSON.stringify(body)}`;
      expect(res.status, label).toBeGreaterThanOrEqual(400);
      expect(res.status, label).toBeLessThan(500);
      expect((await res.json()).error, label).toEqual(expect.any(String));
    }
    const queries = [
      "/api/cart/remove-item?cart_item_id=1e20",
      "/api/cart/remove-item?cart_item_id=-1",
      "/api/cart/remove-item?cart_item_id=%00",
      "/api/cart/remove-item?cart_item_id[]=1",
    ];
    for (const path of queries) {
      const res = await request("DELETE", path, { token: access });
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
    const getTotal = await request("GET", "/api/cart/get-total?coupon=%00%27%3B--", { token: access });
    expect(getTotal.status).toBe(200);
    expect((await getTotal.json()).coupon_error).toEqual(expect.any(String));

    // Wrong content type: 415; over 64 KB: 413.
    const form = await request("POST", "/api/cart/add-item", {
      token: access,
      body: `product_id=${rice.id}&count=1`,
      contentType: "application/x-www-form-urlencoded",
    });
    expect(form.status).toBe(415);
    const noType = await app.request(
      new Request("http://localhost/api/cart/add-item", {
        method: "POST",
        headers: { authorization: `JWT ${access}` },
        body: JSON.stringify({ product_id: rice.id, count: 1 }),
      }),
    );
    expect(noType.status).toBe(415);
    const huge = await request("POST", "/api/cart/add-item", {
      token: access,
      body: { product_id: rice.id, count: 1, variety: "x".repeat(70 * 1024) },
    });
    expect(huge.status).toBe(413);
    const hugeUpdate = await request("PUT", "/api/cart/update-item", {
      token: access,
      body: { cart_item_id: lineId, count: 3, padding: "x".repeat(70 * 1024) },
    });
    expect(hugeUpdate.status).toBe(413);

    expect(await lines(access)).toEqual(before);
  });

  it("§7.2 validation errors are 400 {error, details} with translated quantity messages", async () => {
    const { access } = await signedIn();
    const res = await add(access, { product_id: rice.id, count: 0 }, "es");
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toBe("La cantidad debe ser al menos 1");
    expect(body.details).toEqual([{ path: "count", message: "La cantidad debe ser al menos 1" }]);
    const missing = await add(access, { count: 1 });
    expect((await missing.json()).details.map((d: { path: string }) => d.path)).toEqual(["product_id"]);
  });

  it("§4.3 concurrent add-item calls of one line make one line: one 201, the rest 409, the first add's count", async () => {
    const { access } = await signedIn();
    const counts = [1, 2, 3, 4, 5, 6];
    const responses = await Promise.all(
      counts.map((count) => add(access, { product_id: coffee.id, count, color: "Azul", variety: "500 g" })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(counts.length - 1);
    const winner = counts[statuses.indexOf(201)];
    const cart = await lines(access);
    expect(cart).toHaveLength(1);
    expect(cart[0]).toMatchObject({ color: "Blue", variety: "500 g", count: winner });
    for (const [i, res] of responses.entries()) {
      if (statuses[i] !== 409) continue;
      expect(await res.json()).toMatchObject({ cart_item_id: cart[0].id });
    }
    const rows = await database.db.select().from(cartItems).where(eq(cartItems.productId, coffee.id));
    expect(rows.filter((r) => r.id === cart[0].id)).toHaveLength(1);
  });

  it("§4.3 concurrent merges of one line (mergeCartLine) make one line whose count is the sum, capped at stock", async () => {
    const { user, access } = await signedIn();
    const merges = await Promise.all(
      [2, 3, 4].map((count) => mergeCartLine(database.db, user.id, { productId: coffee.id, count, color: "Red" })),
    );
    expect(merges.every((m) => m.ok)).toBe(true);
    let cart = await lines(access);
    expect(cart).toHaveLength(1);
    expect(cart[0].count).toBe(9);

    // 9 + 5 x 3 = 24 > 20 in stock: capped at 20.
    const more = await Promise.all(
      Array.from({ length: 5 }, () => mergeCartLine(database.db, user.id, { productId: coffee.id, count: 3 })),
    );
    expect(more.every((m) => m.ok)).toBe(true);
    cart = await lines(access);
    expect(cart).toHaveLength(1);
    expect(cart[0]).toMatchObject({ count: 20, price: 6, wholesale_applied: true, line_total: 120 });
    const [stock] = await database.db
      .select({ quantity: products.quantity })
      .from(products)
      .where(eq(products.id, coffee.id));
    expect(stock.quantity).toBe(20);
  });
});
