import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { Hono } from "hono";
import { PDFParse } from "pdf-parse";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { products } from "~/db/schema/catalog";
import { coupons } from "~/db/schema/coupons";
import { orders } from "~/db/schema/orders";
import { issueTokens } from "~/features/accounts/accounts.server";
import { mergeCartLine } from "~/features/cart/cart.server";
import { createOrder } from "~/features/orders/create.server";
import { quoteCheckout } from "~/features/orders/quote.server";
import { changeOrderStatus } from "~/features/orders/status.server";
import { CheckoutSchema } from "~/features/orders/schemas";
import { DISPATCH_POINT, distanceKm } from "~/features/shipping/shipping";
import type { Env } from "~/utils/env.server";
import { CHECKOUT_ADDRESS as ADDRESS, type Product, insertProduct, tamperedToken } from "../../tests/factories";
import { createTestEnv } from "../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../tests/setup/db";
import { createServerApp } from "../app";
import { apiRequester, signedInUser } from "./test-client";

/** Vedado, about 3 km from the dispatch point. */
const VEDADO = { latitude: 23.1357, longitude: -82.3838 };
const VEDADO_KM = distanceKm(DISPATCH_POINT, VEDADO);
const STANDARD_VEDADO = Math.ceil(VEDADO_KM * 80);
const EXPRESS_VEDADO = Math.ceil(VEDADO_KM * 150);

/** §5: the order in which a blank form's errors come. */
const REQUIRED_ORDER = [
  "first_name",
  "last_name",
  "client_id",
  "address",
  "city",
  "state",
  "phone",
  "delivery_latitude",
  "delivery_longitude",
];

/** Sets the clock (Date only: timers and I/O run as usual) to 2026-01-15 at hh:mm in Havana (UTC-5). */
function atHavana(hour: number, minute = 0) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(Date.UTC(2026, 0, 15, hour + 5, minute)));
}

/** The PDF's text with spaces and line breaks collapsed (pdf-parse 2.x). */
async function pdfText(data: ArrayBuffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(data) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, " ");
  } finally {
    await parser.destroy();
  }
}

type OrderJson = {
  transaction_id: string;
  status: string;
  amount: number;
  shipping_price: number;
  order_items: Array<{ name: string; count: number; price: number; color: string; variety: string }>;
  status_history: Array<{ status: string; date: string }>;
  [key: string]: unknown;
};

describe.each(databaseKinds())("§7.4 orders, shipping and coupons API on %s", (kind) => {
  let database: Database;
  let env: Env;
  let app: Hono;
  /** 6.50 (was 8.00), 6.00 from 10 units, two colours and two varieties, 100 in stock. */
  let coffee: Product;
  /** 2.50, 50 in stock. */
  let rice: Product;
  /** 25.00, 100 in stock: two make exactly 50.00 (D14). */
  let fan: Product;

  const request = apiRequester(() => app);
  const signedIn = async (values = {}) => signedInUser({ db: database.db, env }, "pedido", values);
  const db = () => database.db;

  /** Puts lines in the shopper's cart through the cart module. */
  async function fill(userId: number, lines: Array<[Product, number, { color?: string; variety?: string }?]>) {
    for (const [product, count, options] of lines) {
      const result = await mergeCartLine(db(), userId, { productId: product.id, count, ...options });
      expect(result.ok).toBe(true);
    }
  }

  const stockOf = async (product: Product) => {
    const [row] = await db()
      .select({ quantity: products.quantity, sold: products.sold })
      .from(products)
      .where(eq(products.id, product.id));
    return row;
  };
  const ordersOf = async (userId: number) => db().select().from(orders).where(eq(orders.userId, userId));
  const cartOf = async (token: string) =>
    (await (await request("GET", "/api/cart/cart-items?lang=en", { token })).json()).cart as Array<{
      count: number;
      product: { id: number };
    }>;

  /** What the client does (D18b): the total from get-total and the shipping from calculate-shipping. */
  async function figures(token: string, opts: { coupon?: string; option?: string; point?: typeof VEDADO } = {}) {
    const coupon = opts.coupon ? `&coupon=${encodeURIComponent(opts.coupon)}` : "";
    const totals = await (await request("GET", `/api/cart/get-total?lang=en${coupon}`, { token })).json();
    const point = opts.point ?? VEDADO;
    const shipping = await request("POST", "/api/orders/calculate-shipping?lang=en", {
      token,
      body: {
        latitude: point.latitude,
        longitude: point.longitude,
        deliveryOption: opts.option ?? "standard",
        coupon_name: opts.coupon,
      },
    });
    const body = await shipping.json();
    return { amount: totals.total_cost as number, shipping_price: body.shipping_cost as number };
  }

  function place(token: string, body: unknown, opts: { key?: string; lang?: string } = {}) {
    const headers = new Headers({ authorization: `JWT ${token}`, "content-type": "application/json" });
    if (opts.key !== undefined) headers.set("idempotency-key", opts.key);
    return app.request(
      new Request(`http://localhost/api/orders/create-order?lang=${opts.lang ?? "en"}`, {
        method: "POST",
        headers,
        body: JSON.stringify(body),
      }),
    );
  }

  /** A placed order of the shopper's current cart, figures as the client would send them. */
  async function checkout(
    token: string,
    extra: Record<string, unknown> = {},
    opts: { key?: string; lang?: string } = {},
  ) {
    const priced = await figures(token, {
      option: extra.delivery_option as string | undefined,
      coupon: extra.coupon_name as string | undefined,
    });
    const res = await place(token, { ...ADDRESS, ...priced, ...extra }, opts);
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
    return (await res.json()) as OrderJson;
  }

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
      quantity: 100,
      colors: [
        { name: "Rojo", name_en: "Red", hex: "#ff0000" },
        { name: "Azul", name_en: "Blue", hex: "#0000ff" },
      ],
      varieties: ["250 g", "500 g"],
    });
    rice = await insertProduct(database.db, { name: "Arroz 1 kg", nameEn: "Rice 1 kg", priceCents: 250, quantity: 50 });
    fan = await insertProduct(database.db, { name: "Ventilador", nameEn: "Fan", priceCents: 2500, quantity: 100 });
    const dayMs = 86_400_000;
    await database.db.insert(coupons).values([
      { name: "BIENVENIDO10", discountPercent: 10 },
      { name: "VENCIDO", discountPercent: 50, validUntil: new Date(Date.now() - dayMs) },
      { name: "MINIMO", discountPercent: 20, minTotalCents: 100_000 },
      { name: "UNAVEZ", discountCents: 500, maxUses: 1 },
      { name: "FIJO5", discountCents: 500 },
    ]);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await database?.close();
  });

  it("§7.4 create-order places the cart's order (201), empties the cart, decrements stock and lists it", async () => {
    const { user, access } = await signedIn();
    await fill(user.id, [
      [coffee, 2, { color: "Rojo", variety: "250 g" }],
      [rice, 1],
    ]);
    const before = { coffee: await stockOf(coffee), rice: await stockOf(rice) };
    const sent = { ...ADDRESS, amount: 15.5, shipping_price: STANDARD_VEDADO };
    expect(await figures(access)).toEqual({ amount: 15.5, shipping_price: STANDARD_VEDADO });

    const res = await place(access, sent, { lang: "es" });
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const order = (await res.json()) as OrderJson;
    expect(order.transaction_id).toMatch(/^[0-9a-f]{32}$/);
    expect(order).toEqual({
      transaction_id: order.transaction_id,
      status: "not_processed",
      date_issued: expect.any(String),
      amount: 15.5,
      subtotal: 15.5,
      discount: 0,
      coupon_name: null,
      shipping_price: STANDARD_VEDADO,
      shipping_name: "Estándar",
      shipping_time: "De 1 a 2 días hábiles en La Habana",
      delivery_option: "standard",
      exchange_rate: 371,
      full_name: "Ana Pérez",
      client_id: "85010112345",
      address: "Calle 23 #456, Vedado",
      city: "Plaza de la Revolución",
      state_province_region: "La Habana",
      postal_zip_code: "10400",
      country: "Cuba",
      phone_number: "+53 5 555 5555",
      delivery_latitude: VEDADO.latitude,
      delivery_longitude: VEDADO.longitude,
      is_gift: false,
      gift_message: "",
      payment_type: "cash",
      language: "es",
      can_cancel: true,
      order_items: [
        { product_id: coffee.id, name: "Café Serrano 250 g", variety: "250 g", color: "Rojo", count: 2, price: 6.5 },
        { product_id: rice.id, name: "Arroz 1 kg", variety: "", color: "", count: 1, price: 2.5 },
      ],
      status_history: [{ status: "not_processed", date: order.date_issued }],
    });
    expect(Date.now() - Date.parse(order.date_issued as string)).toBeLessThan(60_000);

    // §4.1 a placed order empties the cart; D18 stock goes down and `sold` up in the same transaction.
    expect(await cartOf(access)).toEqual([]);
    expect(await stockOf(coffee)).toEqual({ quantity: before.coffee.quantity - 2, sold: before.coffee.sold + 2 });
    expect(await stockOf(rice)).toEqual({ quantity: before.rice.quantity - 1, sold: before.rice.sold + 1 });

    const list = await request("GET", "/api/orders/get-orders", { token: access });
    expect(list.status).toBe(200);
    expect(list.headers.get("cache-control")).toBe("private, no-store");
    expect(await list.json()).toEqual({ orders: [order] });
    const one = await request("GET", `/api/orders/get-order/${order.transaction_id}`, { token: access });
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual(order);
  });

  it("§3 an order placed in English keeps English names and labels; get-orders lists newest first", async () => {
    const { user, access } = await signedIn();
    await fill(user.id, [[rice, 1]]);
    const first = await checkout(access);
    await fill(user.id, [[coffee, 1, { color: "Blue", variety: "500 g" }]]);
    const second = await checkout(access, { is_gift: true, gift_message: "¡Feliz cumpleaños!" });
    expect(second).toMatchObject({
      shipping_name: "Standard",
      shipping_time: "1 to 2 business days in Havana",
      language: "en",
      is_gift: true,
      gift_message: "¡Feliz cumpleaños!",
      order_items: [{ name: "Serrano coffee 250 g", color: "Blue", variety: "500 g", count: 1, price: 6.5 }],
    });
    const list = (await (await request("GET", "/api/orders/get-orders", { token: access })).json()).orders;
    expect(list.map((o: OrderJson) => o.transaction_id)).toEqual([second.transaction_id, first.transaction_id]);
    // Without is_gift a gift message is not kept.
    await fill(user.id, [[rice, 1]]);
    expect((await checkout(access, { is_gift: false, gift_message: "hola" })).gift_message).toBe("");
  });

  it("§5 field errors are 400 {field: [message]} in the §5 order, in the request's language; nothing is stored", async () => {
    const { user, access } = await signedIn();
    await fill(user.id, [[rice, 2]]);
    const blank = await place(access, {});
    expect(blank.status).toBe(400);
    const errors = await blank.json();
    expect(Object.keys(errors)).toEqual([...REQUIRED_ORDER, "amount", "shipping_price"]);
    expect(errors).toEqual({
      first_name: ["First name is required"],
      last_name: ["Last name is required"],
      client_id: ["Identity card number is required"],
      address: ["Address is required"],
      city: ["City is required"],
      state: ["State/Province is required"],
      phone: ["Phone number is required"],
      delivery_latitude: ["Please select your delivery location on the map"],
      delivery_longitude: ["Please select your delivery location on the map"],
      amount: ["The order total is not a valid amount"],
      shipping_price: ["The shipping price is not a valid amount in CUP"],
    });
    const es = await (await place(access, {}, { lang: "es" })).json();
    expect(Object.keys(es).slice(0, REQUIRED_ORDER.length)).toEqual(REQUIRED_ORDER);
    expect(es.first_name).toEqual(["El nombre es obligatorio"]);
    expect(es.client_id).toEqual(["El número de carné de identidad es obligatorio"]);
    expect(es.delivery_latitude).toEqual(["Por favor, selecciona tu ubicación de entrega en el mapa"]);

    const good = { ...ADDRESS, ...(await figures(access)) };
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      // Blank is missing; D17 ZIP is optional.
      [{ first_name: "   ", zip_code: "" }, { first_name: ["First name is required"] }],
      [
        { phone: "", delivery_latitude: null },
        {
          phone: ["Phone number is required"],
          delivery_latitude: ["Please select your delivery location on the map"],
        },
      ],
      [
        { delivery_latitude: 40.4168, delivery_longitude: -3.7038 },
        {
          delivery_latitude: ["We only deliver in Cuba: please pick a point on the island"],
        },
      ],
      [
        { gift_message: "x".repeat(256), is_gift: true },
        {
          gift_message: ["The gift message can be at most 255 characters long"],
        },
      ],
      [{ phone: "call me" }, { phone: ["The phone number can only hold digits, spaces, +, -, ( and )"] }],
      [{ address: "x".repeat(256) }, { address: ["This text is too long"] }],
      [{ amount: 15.555 }, { amount: ["The order total is not a valid amount"] }],
      [{ shipping_price: 12.5 }, { shipping_price: ["The shipping price is not a valid amount in CUP"] }],
      [{ delivery_option: "overnight" }, { delivery_option: ["Please choose standard or express delivery"] }],
      [{ payment_type: "card" }, { payment_type: ["For now we only accept cash on delivery"] }],
    ];
    for (const [change, expected] of cases) {
      const res = await place(access, { ...good, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(await res.json(), JSON.stringify(change)).toEqual(expected);
    }
    // The limits hold exactly: 255 characters of gift message and no ZIP are fine.
    expect(CheckoutSchema.safeParse({ ...good, gift_message: "x".repeat(255), zip_code: undefined }).success).toBe(
      true,
    );
    expect(await ordersOf(user.id)).toEqual([]);
    expect((await cartOf(access)).map((l) => l.count)).toEqual([2]);
  });

  it("D18 a changed amount or shipping is a 409 with the new figures and stores nothing; the new figures then work", async () => {
    const { user, access } = await signedIn();
    await fill(user.id, [[coffee, 3]]);
    const right = await figures(access);
    expect(right).toEqual({ amount: 19.5, shipping_price: STANDARD_VEDADO });
    const stock = await stockOf(coffee);
    for (const wrong of [
      { amount: 19.49 },
      { amount: 19.51 },
      { amount: 0 },
      { shipping_price: STANDARD_VEDADO - 1 },
      { shipping_price: 0 },
    ]) {
      const res = await place(access, { ...ADDRESS, ...right, ...wrong }, { key: "same-key-every-time" });
      expect(res.status, JSON.stringify(wrong)).toBe(409);
      expect(await res.json()).toEqual({
        error: "Your order total has changed. Please review the new total and shipping before placing your order.",
        amount: 19.5,
        shipping_price: STANDARD_VEDADO,
      });
    }
    const es = await place(access, { ...ADDRESS, ...right, amount: 1 }, { lang: "es" });
    expect((await es.json()).error).toBe(
      "El total de tu pedido cambió. Revisa el nuevo total y el envío antes de confirmar el pedido.",
    );
    expect(await ordersOf(user.id)).toEqual([]);
    expect(await stockOf(coffee)).toEqual(stock);
    expect((await cartOf(access)).map((l) => l.count)).toEqual([3]);
    // A refused attempt does not burn its Idempotency-Key.
    const res = await place(access, { ...ADDRESS, ...right }, { key: "same-key-every-time" });
    expect(res.status).toBe(201);
    expect(res.headers.get("idempotent-replayed")).toBeNull();
  });

  it("D13b D14 wholesale lines are charged at the wholesale price, and 50.00 of goods ships free (standard only)", async () => {
    const { user, access } = await signedIn();
    await fill(user.id, [[coffee, 10]]);
    // 10 x 6.00 = 60.00: free standard delivery.
    expect(await figures(access)).toEqual({ amount: 60, shipping_price: 0 });
    const quote = await quoteCheckout(db(), user.id, { ...VEDADO, deliveryOption: "standard" });
    expect(quote).toMatchObject({ goodsCents: 6000, wholesaleSavingsCents: 500, discountCents: 0, amountCents: 6000 });
    expect(quote.shipping).toMatchObject({ ok: true, costCup: 0, free: true });
    const order = await checkout(access);
    expect(order).toMatchObject({ amount: 60, subtotal: 60, shipping_price: 0 });
    expect(order.order_items).toEqual([
      { product_id: coffee.id, name: "Serrano coffee 250 g", variety: "250 g", color: "Red", count: 10, price: 6 },
    ]);

    // Exactly 50.00 is free; 49.99 is not (D14, inclusive).
    const cheap = await insertProduct(db(), { priceCents: 4999, quantity: 5 });
    const buyer = await signedIn();
    await fill(buyer.user.id, [[fan, 2]]);
    expect((await figures(buyer.access)).shipping_price).toBe(0);
    await request("DELETE", "/api/cart/empty-cart", { token: buyer.access });
    await fill(buyer.user.id, [[cheap, 1]]);
    expect((await figures(buyer.access)).shipping_price).toBe(STANDARD_VEDADO);
  });

  it("D14 counts the goods after coupon: 55.00 less 10 % is 49.50 and ships at the standard rate", async () => {
    const { user, access } = await signedIn();
    const lamp = await insertProduct(db(), { priceCents: 5500, quantity: 5 });
    await fill(user.id, [[lamp, 1]]);
    expect(await figures(access)).toEqual({ amount: 55, shipping_price: 0 });
    const withCoupon = await figures(access, { coupon: "BIENVENIDO10" });
    expect(withCoupon).toEqual({ amount: 49.5, shipping_price: STANDARD_VEDADO });
    // The coupon the client priced with must come along, or the figures differ.
    const without = await place(access, { ...ADDRESS, ...withCoupon });
    expect(without.status).toBe(409);
    expect(await without.json()).toMatchObject({ amount: 55, shipping_price: 0 });
    const res = await place(access, { ...ADDRESS, ...withCoupon, coupon_name: "bienvenido10" });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      amount: 49.5,
      subtotal: 55,
      discount: 5.5,
      coupon_name: "BIENVENIDO10",
      shipping_price: STANDARD_VEDADO,
    });
    const [coupon] = await db().select().from(coupons).where(eq(coupons.name, "BIENVENIDO10"));
    expect(coupon.uses).toBe(1);
  });

  it("§8 create-order refuses an invalid coupon as a coupon_name field error, in the request's language", async () => {
    const { user, access } = await signedIn();
    await fill(user.id, [[rice, 4]]);
    const right = await figures(access);
    const cases: Array<[string, string]> = [
      ["NOEXISTE", "This coupon does not exist"],
      ["VENCIDO", "Coupon invalid or expired"],
      ["MINIMO", "This coupon needs a minimum purchase of $1,000.00"],
    ];
    for (const [name, message] of cases) {
      const res = await place(access, { ...ADDRESS, ...right, coupon_name: name });
      expect(res.status, name).toBe(400);
      expect(await res.json(), name).toEqual({ coupon_name: [message] });
    }
    const es = await place(access, { ...ADDRESS, ...right, coupon_name: "NOEXISTE" }, { lang: "es" });
    expect(await es.json()).toEqual({ coupon_name: ["Este cupón no existe"] });

    // A coupon of one use: the first order takes it, the next finds it used up.
    const once = await figures(access, { coupon: "UNAVEZ" });
    expect(once.amount).toBe(5); // 10.00 - 5.00
    expect((await place(access, { ...ADDRESS, ...once, coupon_name: "UNAVEZ" })).status).toBe(201);
    const again = await signedIn();
    await fill(again.user.id, [[rice, 4]]);
    const res = await place(again.access, { ...ADDRESS, ...(await figures(again.access)), coupon_name: "UNAVEZ" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ coupon_name: ["Coupon invalid or expired"] });
    expect(await ordersOf(again.user.id)).toEqual([]);
  });

  it("§7.4 check-coupon answers the coupon record, or an error in the request's language", async () => {
    const { user, access } = await signedIn();
    await fill(user.id, [[rice, 2]]);
    const check = (name: string | null, lang = "en") =>
      request(
        "GET",
        `/api/coupons/check-coupon?lang=${lang}${name === null ? "" : `&coupon_name=${encodeURIComponent(name)}`}`,
        { token: access },
      );
    const ok = await check(" bienvenido10 ");
    expect(ok.status).toBe(200);
    expect(ok.headers.get("cache-control")).toBe("private, no-store");
    expect(await ok.json()).toEqual({
      name: "BIENVENIDO10",
      discount_percent: 10,
      discount_amount: null,
      min_total: 0,
      valid_until: null,
    });
    const fixed = await (await check("FIJO5")).json();
    expect(fixed).toMatchObject({ name: "FIJO5", discount_percent: null, discount_amount: 5 });

    const cases: Array<[string | null, number, string]> = [
      [null, 400, "Please enter a coupon code"],
      ["   ", 400, "Please enter a coupon code"],
      ["NOEXISTE", 404, "This coupon does not exist"],
      ["VENCIDO", 400, "Coupon invalid or expired"],
      ["MINIMO", 400, "This coupon needs a minimum purchase of $1,000.00"],
      ["\u0000'; drop table coupons; --", 404, "This coupon does not exist"],
      ["x".repeat(500), 404, "This coupon does not exist"],
    ];
    for (const [name, status, error] of cases) {
      const res = await check(name);
      expect(res.status, String(name)).toBe(status);
      expect(await res.json(), String(name)).toEqual({ error });
    }
    expect(await (await check("NOEXISTE", "es")).json()).toEqual({ error: "Este cupón no existe" });
    expect(await (await check("", "es")).json()).toEqual({ error: "Por favor, escribe un código de cupón" });
  });

  it("§7.4 calculate-shipping answers {success, shipping_cost, error}; bad input is a 400 in the same shape", async () => {
    const { access } = await signedIn();
    const calc = (body: unknown, lang = "en") =>
      request("POST", `/api/orders/calculate-shipping?lang=${lang}`, { token: access, body });
    const ok = await calc({ latitude: VEDADO.latitude, longitude: VEDADO.longitude, deliveryOption: "standard" });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("cache-control")).toBe("private, no-store");
    expect(await ok.json()).toEqual({
      success: true,
      shipping_cost: STANDARD_VEDADO,
      error: null,
      free_shipping: false,
      distance_km: Math.round(VEDADO_KM * 10) / 10,
      delivery_option: "standard",
    });
    // Santiago de Cuba, about 760 km: whole CUP, rounded up.
    const far = await (await calc({ latitude: 20.0247, longitude: -75.8219, deliveryOption: "standard" })).json();
    expect(far.shipping_cost).toBe(
      Math.ceil(distanceKm(DISPATCH_POINT, { latitude: 20.0247, longitude: -75.8219 }) * 80),
    );

    const location = "Please select your delivery location on the map";
    const cases: Array<[unknown, string]> = [
      [{ deliveryOption: "standard" }, location],
      [{ latitude: "23.1", longitude: -82.3, deliveryOption: "standard" }, location],
      [{ latitude: "NaN", longitude: "NaN", deliveryOption: "standard" }, location],
      [{ latitude: null, longitude: -82.3, deliveryOption: "standard" }, location],
      [{ latitude: [23.1], longitude: -82.3, deliveryOption: "standard" }, location],
      [{ latitude: 1e308, longitude: -82.3, deliveryOption: "standard" }, location],
      [{ latitude: 95, longitude: -82.3, deliveryOption: "standard" }, location],
      [
        { latitude: 25.76, longitude: -80.19, deliveryOption: "standard" },
        "We only deliver in Cuba: please pick a point on the island",
      ],
      [{ latitude: 23.1, longitude: -82.3, deliveryOption: "overnight" }, "Please choose standard or express delivery"],
      [{ latitude: 23.1, longitude: -82.3 }, "Please choose standard or express delivery"],
      [
        { latitude: 23.1, longitude: -82.3, deliveryOption: ["standard"] },
        "Please choose standard or express delivery",
      ],
      [[], location],
      [null, location],
      [42, location],
    ];
    for (const [body, error] of cases) {
      const res = await calc(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json(), JSON.stringify(body)).toEqual({ success: false, shipping_cost: null, error });
    }
    expect(await (await calc({ deliveryOption: "standard" }, "es")).json()).toEqual({
      success: false,
      shipping_cost: null,
      error: "Por favor, selecciona tu ubicación de entrega en el mapa",
    });
  });

  it("§4.5 D15 express is 150 CUP/km until 13:59 Havana time and refused from 14:00, by calculate-shipping and create-order", async () => {
    try {
      atHavana(13, 58);
      const { user, access } = await signedIn();
      const calc = () =>
        request("POST", "/api/orders/calculate-shipping?lang=en", {
          token: access,
          body: { latitude: VEDADO.latitude, longitude: VEDADO.longitude, deliveryOption: "express" },
        });
      await fill(user.id, [[fan, 2]]);
      // Express is never free (D14), even with 50.00 of goods.
      expect(await (await calc()).json()).toMatchObject({
        success: true,
        shipping_cost: EXPRESS_VEDADO,
        free_shipping: false,
      });
      atHavana(13, 59);
      const order = await checkout(access, { delivery_option: "express", shipping_name: "Express" });
      expect(order).toMatchObject({
        delivery_option: "express",
        shipping_price: EXPRESS_VEDADO,
        shipping_name: "Express",
        shipping_time: "Same day, when ordered before 14:00",
      });

      atHavana(14, 0);
      const closed = await calc();
      expect(closed.status).toBe(400);
      expect(await closed.json()).toEqual({
        success: false,
        shipping_cost: null,
        error: "Express delivery is not available from 14:00 (Havana time). Please choose standard delivery.",
      });
      await fill(user.id, [[fan, 2]]);
      const body = { ...ADDRESS, amount: 50, shipping_price: EXPRESS_VEDADO, delivery_option: "express" };
      const refused = await place(access, body);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        delivery_option: [
          "Express delivery is not available from 14:00 (Havana time). Please choose standard delivery.",
        ],
      });
      // Without delivery_option, shipping_name says which (documented fallback).
      const byName = await place(access, {
        ...ADDRESS,
        amount: 50,
        shipping_price: EXPRESS_VEDADO,
        shipping_name: "Envío exprés",
      });
      expect(byName.status).toBe(400);
      expect(Object.keys(await byName.json())).toEqual(["delivery_option"]);
      // Standard is still offered, and free here.
      expect((await checkout(access)).shipping_price).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("§4.1 an empty cart cannot be ordered: 400 with an error", async () => {
    const { access } = await signedIn();
    const res = await place(access, { ...ADDRESS, amount: 0, shipping_price: STANDARD_VEDADO });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Your cart is empty" });
    expect(await (await place(access, { ...ADDRESS, amount: 0, shipping_price: 0 }, { lang: "es" })).json()).toEqual({
      error: "Tu carrito está vacío",
    });
  });

  it("D18 a retry with the same Idempotency-Key returns the first order, sequential or simultaneous", async () => {
    const { user, access } = await signedIn();
    await fill(user.id, [[rice, 2]]);
    const body = { ...ADDRESS, ...(await figures(access)) };
    const stock = await stockOf(rice);
    const first = await place(access, body, { key: "checkout-1" });
    expect(first.status).toBe(201);
    const order = (await first.json()) as OrderJson;
    const again = await place(access, body, { key: "checkout-1" });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual(order);
    expect(await ordersOf(user.id)).toHaveLength(1);
    expect((await stockOf(rice)).quantity).toBe(stock.quantity - 2);
    // Another key (or none) on the emptied cart is a new attempt: nothing to order.
    expect((await place(access, body, { key: "checkout-2" })).status).toBe(400);
    expect((await place(access, body)).status).toBe(400);

    // A retry after the shopper filled the cart again (the answer was lost, the page reloaded):
    // still the first order; the new cart and the stock are left alone.
    await fill(user.id, [[rice, 1]]);
    const refilledStock = (await stockOf(rice)).quantity;
    const late = await place(access, { ...body, amount: 999 }, { key: "checkout-1" });
    expect(late.status).toBe(201);
    expect(((await late.json()) as OrderJson).transaction_id).toBe(order.transaction_id);
    expect(await ordersOf(user.id)).toHaveLength(1);
    expect((await stockOf(rice)).quantity).toBe(refilledStock);
    const cart = await request("GET", "/api/cart/cart-items", { token: access });
    expect(((await cart.json()) as { cart: unknown[] }).cart).toHaveLength(1);
    await request("DELETE", "/api/cart/empty-cart", { token: access });

    // Simultaneous double clicks of one checkout: one order, the same transaction_id for all.
    await fill(user.id, [[rice, 3]]);
    const body2 = { ...ADDRESS, ...(await figures(access)) };
    const responses = await Promise.all(Array.from({ length: 6 }, () => place(access, body2, { key: "checkout-3" })));
    expect(responses.map((r) => r.status)).toEqual(Array(6).fill(201));
    const ids = new Set(await Promise.all(responses.map(async (r) => ((await r.json()) as OrderJson).transaction_id)));
    expect(ids.size).toBe(1);
    expect(await ordersOf(user.id)).toHaveLength(2);
    expect((await stockOf(rice)).quantity).toBe(stock.quantity - 5);

    // Keys are the shopper's own: another shopper's same key is another order.
    const other = await signedIn();
    await fill(other.user.id, [[rice, 1]]);
    const theirs = await place(other.access, { ...ADDRESS, ...(await figures(other.access)) }, { key: "checkout-1" });
    expect(theirs.status).toBe(201);
    expect(((await theirs.json()) as OrderJson).transaction_id).not.toBe(order.transaction_id);

    for (const key of ["", "x".repeat(256), "two words", "ñ"]) {
      const res = await app.request(
        new Request("http://localhost/api/orders/create-order?lang=en", {
          method: "POST",
          headers: { authorization: `JWT ${access}`, "content-type": "application/json", "idempotency-key": key },
          body: JSON.stringify(body),
        }),
      );
      expect(res.status, key).toBe(400);
      expect(await res.json(), key).toEqual({ error: "The Idempotency-Key header is not valid" });
    }
  });

  it("D18 no overselling: concurrent checkouts of the last 3 units make exactly 3 orders; the rest get a 409 naming the product", async () => {
    const lamp = await insertProduct(db(), {
      name: "Lámpara solar",
      nameEn: "Solar lamp",
      priceCents: 1500,
      quantity: 3,
    });
    const shoppers = await Promise.all(Array.from({ length: 12 }, () => signedIn()));
    for (const s of shoppers) await fill(s.user.id, [[lamp, 1]]);
    const bodies = await Promise.all(shoppers.map(async (s) => ({ ...ADDRESS, ...(await figures(s.access)) })));
    const responses = await Promise.all(shoppers.map((s, i) => place(s.access, bodies[i], { key: `lamp-${i}` })));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    for (const [i, res] of responses.entries()) {
      const body = await res.json();
      if (statuses[i] === 201) continue;
      expect(body).toEqual({
        error: "Solar lamp is out of stock: remove it from your cart to continue",
        product_id: lamp.id,
        product_name: "Solar lamp",
        stock: 0,
      });
    }
    expect(await stockOf(lamp)).toEqual({ quantity: 0, sold: 3 });
    // The losers' carts are as they were.
    for (const [i, s] of shoppers.entries()) {
      const cart = await cartOf(s.access);
      expect(cart.map((l) => [l.product.id, l.count])).toEqual(statuses[i] === 201 ? [] : [[lamp.id, 1]]);
    }

    // Several units per shopper: 5 in stock, shoppers of 2 units each: two orders, then 1 left.
    const stove = await insertProduct(db(), { name: "Hornilla", nameEn: "Hot plate", priceCents: 2000, quantity: 5 });
    const buyers = await Promise.all(Array.from({ length: 6 }, () => signedIn()));
    for (const b of buyers) await fill(b.user.id, [[stove, 2]]);
    const stoveBodies = await Promise.all(buyers.map(async (b) => ({ ...ADDRESS, ...(await figures(b.access)) })));
    const results = await Promise.all(buyers.map((b, i) => place(b.access, stoveBodies[i])));
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    const refusals = await Promise.all(results.filter((r) => r.status === 409).map((r) => r.json()));
    expect(refusals).toHaveLength(4);
    for (const refusal of refusals) {
      expect(refusal).toEqual({
        error: "Not enough stock of Hot plate: only 1 left",
        product_id: stove.id,
        product_name: "Hot plate",
        stock: 1,
      });
    }
    expect(await stockOf(stove)).toEqual({ quantity: 1, sold: 4 });
    const [{ negatives }] = await db()
      .select({ negatives: sql<number>`count(*)::int` })
      .from(products)
      .where(sql`${products.quantity} < 0`);
    expect(negatives).toBe(0);
  });

  it("D18 lines of one product in several colours add up against its stock", async () => {
    const shirt = await insertProduct(db(), {
      priceCents: 1000,
      quantity: 3,
      colors: [
        { name: "Rojo", name_en: "Red", hex: "#f00" },
        { name: "Azul", name_en: "Blue", hex: "#00f" },
      ],
    });
    const { user, access } = await signedIn();
    await fill(user.id, [
      [shirt, 2, { color: "Rojo" }],
      [shirt, 2, { color: "Azul" }],
    ]);
    const res = await place(access, { ...ADDRESS, ...(await figures(access)) });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ product_id: shirt.id, stock: 3 });
    expect((await stockOf(shirt)).quantity).toBe(3);
  });

  it("§4.1 the customer cancels while not_processed or processed: 200, stock restored, history written; later 409", async () => {
    const deps = { db: db(), env };
    const { user, access } = await signedIn();
    const cancel = (id: string, lang = "en") =>
      request("PATCH", `/api/orders/cancel-order/${id}?lang=${lang}`, { token: access });
    const stock = await stockOf(coffee);

    await fill(user.id, [[coffee, 3]]);
    const fresh = await checkout(access);
    expect((await stockOf(coffee)).quantity).toBe(stock.quantity - 3);
    const res = await cancel(fresh.transaction_id);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const cancelled = (await res.json()) as OrderJson;
    expect(cancelled).toMatchObject({ transaction_id: fresh.transaction_id, status: "cancelled", can_cancel: false });
    expect(cancelled.status_history.map((h) => h.status)).toEqual(["not_processed", "cancelled"]);
    expect(await stockOf(coffee)).toEqual(stock);
    const again = await cancel(fresh.transaction_id);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      error:
        "This order can no longer be cancelled because it is 'Cancelled'. Please contact customer service to cancel it.",
    });
    expect(await stockOf(coffee)).toEqual(stock);

    // processed: still cancellable.
    await fill(user.id, [[coffee, 1]]);
    const processed = await checkout(access);
    expect((await changeOrderStatus(deps, { transactionId: processed.transaction_id }, "processed")).ok).toBe(true);
    const ok = await cancel(processed.transaction_id);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as OrderJson).status_history.map((h) => h.status)).toEqual([
      "not_processed",
      "processed",
      "cancelled",
    ]);

    // shipping and delivered: customer service only, nothing changes.
    await fill(user.id, [[coffee, 2]]);
    const shipped = await checkout(access);
    for (const to of ["processed", "shipping"] as const) {
      expect((await changeOrderStatus(deps, { transactionId: shipped.transaction_id }, to)).ok).toBe(true);
    }
    const late = await cancel(shipped.transaction_id, "es");
    expect(late.status).toBe(409);
    expect((await late.json()).error).toBe(
      "Este pedido ya no se puede cancelar porque está «En camino». Para cancelarlo, contacta con atención al cliente.",
    );
    expect((await changeOrderStatus(deps, { transactionId: shipped.transaction_id }, "delivered")).ok).toBe(true);
    expect((await cancel(shipped.transaction_id)).status).toBe(409);
    expect((await stockOf(coffee)).quantity).toBe(stock.quantity - 2);
    const detail = (await (
      await request("GET", `/api/orders/get-order/${shipped.transaction_id}`, { token: access })
    ).json()) as OrderJson;
    expect(detail.status).toBe("delivered");
    expect(detail.status_history.map((h) => h.status)).toEqual(["not_processed", "processed", "shipping", "delivered"]);
  });

  it("§4.1 changeOrderStatus allows only the forward path and cancel from the first two states", async () => {
    const deps = { db: db(), env };
    const { user, access } = await signedIn();
    await fill(user.id, [[rice, 1]]);
    const order = await checkout(access);
    const move = (to: "not_processed" | "processed" | "shipping" | "delivered" | "cancelled") =>
      changeOrderStatus(deps, { transactionId: order.transaction_id }, to, { actor: "operator", note: "test" });
    expect(await move("shipping")).toEqual({
      ok: false,
      status: 409,
      error: "orders.errors.invalidTransition",
      from: "not_processed",
    });
    expect(await move("delivered")).toMatchObject({ ok: false, from: "not_processed" });
    expect((await move("processed")).ok).toBe(true);
    expect(await move("not_processed")).toMatchObject({ ok: false, from: "processed" });
    expect((await move("shipping")).ok).toBe(true);
    expect(await move("processed")).toMatchObject({ ok: false, from: "shipping" });
    expect(await move("cancelled")).toMatchObject({ ok: false, from: "shipping" });
    const delivered = await move("delivered");
    expect(delivered.ok && delivered.order.history.map((h) => [h.status, h.note])).toEqual([
      ["not_processed", ""],
      ["processed", "test"],
      ["shipping", "test"],
      ["delivered", "test"],
    ]);
    for (const to of ["not_processed", "processed", "shipping", "cancelled"] as const) {
      expect(await move(to)).toMatchObject({ ok: false, from: "delivered" });
    }
    expect(await changeOrderStatus(deps, { transactionId: "nope" }, "processed")).toEqual({
      ok: false,
      status: 404,
      error: "orders.errors.notFound",
    });
  });

  it("D20 reorder puts still-available lines back in the cart capped at stock and says why others were not", async () => {
    const { user, access } = await signedIn();
    const soap = await insertProduct(db(), { name: "Jabón", nameEn: "Soap", priceCents: 100, quantity: 10 });
    const beans = await insertProduct(db(), { name: "Frijoles", nameEn: "Beans", priceCents: 300, quantity: 10 });
    const tea = await insertProduct(db(), { name: "Té", nameEn: "Tea", priceCents: 200, quantity: 10 });
    const kettle = await insertProduct(db(), { name: "Jarra", nameEn: "Kettle", priceCents: 900, quantity: 10 });
    const shirt = await insertProduct(db(), {
      name: "Camisa",
      nameEn: "Shirt",
      priceCents: 1000,
      quantity: 10,
      colors: [
        { name: "Rojo", name_en: "Red", hex: "#f00" },
        { name: "Azul", name_en: "Blue", hex: "#00f" },
      ],
    });
    await fill(user.id, [
      [soap, 1],
      [beans, 4],
      [tea, 1],
      [kettle, 1],
      [shirt, 2, { color: "Azul" }],
    ]);
    const order = await checkout(access);
    await db().update(products).set({ quantity: 2 }).where(eq(products.id, beans.id));
    await db().update(products).set({ quantity: 0 }).where(eq(products.id, tea.id));
    await db().delete(products).where(eq(products.id, kettle.id));
    await db()
      .update(products)
      .set({ colors: [{ name: "Rojo", name_en: "Red", hex: "#f00" }] })
      .where(eq(products.id, shirt.id));
    // One unit of beans is already in the cart: the sum is capped at the 2 in stock.
    await fill(user.id, [[beans, 1]]);

    const res = await request("POST", `/api/orders/reorder/${order.transaction_id}?lang=en`, { token: access });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const body = await res.json();
    expect(body.cart.map((l: { product: { id: number }; count: number }) => [l.product.id, l.count])).toEqual([
      [beans.id, 2],
      [soap.id, 1],
    ]);
    expect(body.not_added).toEqual([
      {
        product_id: beans.id,
        name: "Beans",
        variety: "",
        color: "",
        count: 4,
        in_cart: 2,
        reason: "capped",
        error: "Only 2 available: your cart has them all",
      },
      {
        product_id: tea.id,
        name: "Tea",
        variety: "",
        color: "",
        count: 1,
        in_cart: 0,
        reason: "outOfStock",
        error: "Product is out of stock",
      },
      {
        product_id: null,
        name: "Kettle",
        variety: "",
        color: "",
        count: 1,
        in_cart: 0,
        reason: "productGone",
        error: "This product is no longer sold",
      },
      {
        product_id: shirt.id,
        name: "Shirt",
        variety: "",
        color: "Blue",
        count: 2,
        in_cart: 0,
        reason: "optionGone",
        error: "This colour or variety is no longer available",
      },
    ]);
    // The order itself is untouched by the deletion: it keeps the kettle's name and price.
    const kept = (await (
      await request("GET", `/api/orders/get-order/${order.transaction_id}`, { token: access })
    ).json()) as OrderJson;
    expect(kept.order_items.find((i) => i.name === "Kettle")).toMatchObject({ product_id: null, price: 9 });
  });

  it("D20 the invoice is a PDF attachment whose text holds the order id and total, in the asked language", async () => {
    const { user, access } = await signedIn();
    await fill(user.id, [
      [coffee, 2],
      [rice, 1],
    ]);
    const order = await checkout(access, {}, { lang: "es" });
    const res = await request("GET", `/api/orders/invoice/${order.transaction_id}`, { token: access });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="factura-${order.transaction_id}.pdf"`);
    const data = await res.arrayBuffer();
    expect(Buffer.from(data).subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(data);
    expect(text).toContain(order.transaction_id);
    expect(text).toContain("$15.50");
    expect(text).toContain("Factura");

    const en = await request("GET", `/api/orders/invoice/${order.transaction_id}?lang=en`, { token: access });
    expect(en.headers.get("content-disposition")).toBe(`attachment; filename="invoice-${order.transaction_id}.pdf"`);
    const enText = await pdfText(await en.arrayBuffer());
    expect(enText).toContain("Invoice");
    expect(enText).toContain(order.transaction_id);
  });

  it("D19 another customer's order is a 404 on every call and stays as it was", async () => {
    const ana = await signedIn();
    const luis = await signedIn();
    await fill(ana.user.id, [[rice, 1]]);
    const order = await checkout(ana.access);
    await fill(luis.user.id, [[rice, 1]]);
    const calls: Array<[string, string]> = [
      ["GET", `/api/orders/get-order/${order.transaction_id}`],
      ["PATCH", `/api/orders/cancel-order/${order.transaction_id}`],
      ["POST", `/api/orders/reorder/${order.transaction_id}`],
      ["GET", `/api/orders/invoice/${order.transaction_id}`],
    ];
    const ids = ["0".repeat(32), "%00", "..%2F..%2Fetc", "x".repeat(200), "ñ", order.transaction_id.toUpperCase()];
    for (const [method, path] of calls) {
      const res = await request(method, `${path}?lang=en`, { token: luis.access });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await res.json()).toEqual({ error: "Order not found" });
      for (const id of ids) {
        const other = await request(method, path.replace(order.transaction_id, id), { token: ana.access });
        expect(other.status, `${method} ${path} ${id}`).toBe(404);
      }
    }
    expect(await (await request("GET", "/api/orders/get-orders", { token: luis.access })).json()).toEqual({
      orders: [],
    });
    expect((await cartOf(luis.access)).map((l) => l.count)).toEqual([1]);
    const still = await (
      await request("GET", `/api/orders/get-order/${order.transaction_id}`, { token: ana.access })
    ).json();
    expect(still).toEqual(order);
  });

  it("D6 every call answers 401 with a JSON `detail` without a valid access token, and is not cached", async () => {
    const { user, access } = await signedIn();
    const { refresh } = await issueTokens({ db: db(), env }, user);
    const calls: Array<[string, string, unknown]> = [
      ["POST", "/api/orders/calculate-shipping", { latitude: 23.1, longitude: -82.3, deliveryOption: "standard" }],
      ["GET", "/api/coupons/check-coupon?coupon_name=BIENVENIDO10", undefined],
      ["POST", "/api/orders/create-order", { ...ADDRESS, amount: 1, shipping_price: 1 }],
      ["GET", "/api/orders/get-orders", undefined],
      ["GET", "/api/orders/get-order/abc", undefined],
      ["PATCH", "/api/orders/cancel-order/abc", undefined],
      ["POST", "/api/orders/reorder/abc", undefined],
      ["GET", "/api/orders/invoice/abc", undefined],
    ];
    for (const authorization of [
      undefined,
      "JWT garbage",
      `JWT ${refresh}`,
      `JWT ${tamperedToken(access)}`,
      `Basic ${access}`,
    ]) {
      for (const [method, path, body] of calls) {
        const headers: Record<string, string> = { "content-type": "application/json" };
        if (authorization) headers.authorization = authorization;
        const res = await app.request(
          new Request(`http://localhost${path}`, {
            method,
            headers,
            body: body === undefined ? undefined : JSON.stringify(body),
          }),
        );
        const label = `${method} ${path} ${authorization}`;
        expect(res.status, label).toBe(401);
        expect(res.headers.get("cache-control"), label).toBe("private, no-store");
        expect(await res.json(), label).toMatchObject({ detail: expect.any(String) });
      }
    }
  });

  it("answers hostile input with a 4xx JSON error, never 500, and stores nothing", async () => {
    const { user, access } = await signedIn();
    await fill(user.id, [[rice, 2]]);
    const good = { ...ADDRESS, ...(await figures(access)) };
    const bodies: unknown[] = [
      [],
      [good],
      null,
      42,
      "order",
      { ...good, first_name: ["Ana"] },
      { ...good, first_name: { $ne: "" } },
      { ...good, first_name: "Ana\u0000" },
      { ...good, address: "Calle\u000023" },
      { ...good, amount: "NaN" },
      { ...good, amount: "1e3" },
      { ...good, amount: "0x10" },
      { ...good, amount: 1e308 },
      { ...good, amount: -1 },
      { ...good, amount: true },
      { ...good, amount: [5] },
      { ...good, shipping_price: 1e20 },
      { ...good, shipping_price: -5 },
      { ...good, shipping_price: "Infinity" },
      { ...good, delivery_latitude: "abc" },
      { ...good, delivery_latitude: {} },
      { ...good, delivery_longitude: 1e308 },
      { ...good, is_gift: "yes" },
      { ...good, is_gift: 1 },
      { ...good, gift_message: 7 },
      { ...good, coupon_name: ["BIENVENIDO10"] },
      { ...good, coupon_name: "x".repeat(65) },
      { ...good, zip_code: "x".repeat(21) },
      { ...good, client_id: "1".repeat(31) },
      { ...good, client_id: "<script>" },
      { ...good, delivery_option: 1 },
      { ...good, first_name: "x".repeat(60_000) },
    ];
    for (const body of bodies) {
      const res = await place(access, body);
      const label = JSON.stringify(body)?.slice(0, 120);
      expect(res.status, label).toBeGreaterThanOrEqual(400);
      expect(res.status, label).toBeLessThan(500);
      expect(typeof (await res.json()), label).toBe("object");
    }
    const raw: Array<[string, string, string | undefined]> = [
      ["POST", "/api/orders/create-order", '{"first_name":'],
      ["POST", "/api/orders/create-order", "\u0000\u0001"],
      ["POST", "/api/orders/calculate-shipping", "{"],
      ["POST", "/api/orders/create-order", JSON.stringify({ ...good, padding: "x".repeat(70 * 1024) })],
    ];
    for (const [method, path, body] of raw) {
      const res = await request(method, path, { token: access, body });
      expect(res.status, body?.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(res.status, body?.slice(0, 40)).toBeLessThan(500);
    }
    const form = await request("POST", "/api/orders/create-order", {
      token: access,
      body: "first_name=Ana",
      contentType: "application/x-www-form-urlencoded",
    });
    expect(form.status).toBe(415);
    for (const query of ["coupon_name=%00", "coupon_name[]=a&coupon_name[]=b", `coupon_name=${"%FF".repeat(10)}`]) {
      const res = await request("GET", `/api/coupons/check-coupon?${query}`, { token: access });
      expect(res.status, query).toBeGreaterThanOrEqual(400);
      expect(res.status, query).toBeLessThan(500);
    }
    expect(await ordersOf(user.id)).toEqual([]);
    expect((await cartOf(access)).map((l) => l.count)).toEqual([2]);
  });

  it("§7.4 every call is in the OpenAPI document", async () => {
    const doc = await (await request("GET", "/api/openapi.json")).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/orders/calculate-shipping",
        "/api/coupons/check-coupon",
        "/api/orders/create-order",
        "/api/orders/get-orders",
        "/api/orders/get-order/{transactionId}",
        "/api/orders/cancel-order/{transactionId}",
        "/api/orders/reorder/{transactionId}",
        "/api/orders/invoice/{transactionId}",
      ]),
    );
    expect(doc.paths["/api/orders/cancel-order/{transactionId}"].patch).toBeDefined();
    expect(
      doc.paths["/api/orders/invoice/{transactionId}"].get.responses["200"].content["application/pdf"],
    ).toBeDefined();
  });

  it("§4.1 emails: the confirmation after the order and an update at each status change; a mail failure never fails the order", async () => {
    const outbox = path.join(env.DATA_DIR, "outbox");
    const emailsTo = (email: string) =>
      fs.existsSync(outbox)
        ? fs
            .readdirSync(outbox)
            .map((f) => fs.readFileSync(path.join(outbox, f), "utf8"))
            .filter((m) => m.includes(`To: ${email}`))
        : [];
    const { user } = await signedIn({ firstName: "Marta" });
    await fill(user.id, [[rice, 1]]);
    const quote = await quoteCheckout(db(), user.id, { ...VEDADO, deliveryOption: "standard" });
    const input = CheckoutSchema.parse({
      ...ADDRESS,
      amount: quote.amountCents / 100,
      shipping_price: quote.shipping.ok ? quote.shipping.costCup : -1,
    });
    const placed = await createOrder({ db: db(), env }, user, input, { lang: "es" });
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    await placed.notified;
    const confirmations = emailsTo(user.email);
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]).toContain(placed.order.transactionId);
    const moved = await changeOrderStatus(
      { db: db(), env },
      { transactionId: placed.order.transactionId },
      "processed",
    );
    expect(moved.ok).toBe(true);
    if (moved.ok) await moved.notified;
    expect(emailsTo(user.email)).toHaveLength(2);

    // An unreachable mail server: the order is placed all the same and the failure is logged.
    const broken = { ...env, SMTP_URL: "smtp://127.0.0.1:1" };
    await fill(user.id, [[rice, 1]]);
    const errorLog = vi.mocked(console.error);
    const second = await createOrder({ db: db(), env: broken }, user, input, { lang: "es" });
    expect(second.ok).toBe(true);
    if (!second.ok) return;
    await second.notified;
    expect(errorLog).toHaveBeenCalledWith(
      expect.stringContaining(`"msg":"Order confirmation email for ${second.order.transactionId} failed"`),
    );
    errorLog.mockClear();
    expect(await ordersOf(user.id)).toHaveLength(2);
  });
});
