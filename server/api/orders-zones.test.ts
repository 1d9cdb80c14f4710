import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { products } from "~/db/schema/catalog";
import { coupons } from "~/db/schema/coupons";
import { orders } from "~/db/schema/orders";
import type { User } from "~/features/accounts/accounts.server";
import { getCartLines } from "~/features/cart/cart-lines.server";
import { mergeCartLine } from "~/features/cart/cart.server";
import { DEFAULT_ZONE, type ZoneSettings, resetZone, updateZone } from "~/features/delivery/zones.server";
import { createT } from "~/i18n/i18n";
import { getMessages } from "~/i18n/messages.server";
import type { Env } from "~/utils/env.server";
import { type Product, cartCheckoutInput, insertProduct } from "../../tests/factories";
import { createTestEnv } from "../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../tests/setup/db";
import { createServerApp } from "../app";
import { signedInUser } from "./test-client";
import { createOrder } from "~/features/orders/create.server";
import type { CheckoutInput } from "~/features/orders/schemas";

// Issue 26 point 1 (decision 013): create-order, the one place both the checkout page and the API
// place orders, refuses a municipality outside the zones served now, storing nothing; a city that
// names no known municipality is accepted as before. Both databases.

const actor = { id: null, email: "ops@example.com", role: "cli" };
const PAUSED: ZoneSettings = {
  ...DEFAULT_ZONE,
  paused: true,
  pauseReasonEs: "Sin combustible hasta el lunes",
  pauseReasonEn: "No fuel until Monday",
};

describe.each(databaseKinds())("create-order and delivery zones (%s)", (kind) => {
  let database: Database;
  let env: Env;
  let app: Hono;
  /** 25.00, 100 in stock: two make 50.00 of goods. */
  let fan: Product;
  let shopper: { user: User; access: string };

  const db = () => database.db;
  const stock = async () =>
    (await db().select({ quantity: products.quantity }).from(products).where(eq(products.id, fan.id)))[0].quantity;
  const cartCount = async () => (await getCartLines(db(), shopper.user.id, "es")).reduce((n, l) => n + l.count, 0);
  const orderCount = async () => (await db().select().from(orders).where(eq(orders.userId, shopper.user.id))).length;
  /** create-order for the shopper; a placed order's confirmation email sent before the test goes on. */
  const place = async (body: CheckoutInput, opts: { lang: "es" | "en" }) => {
    const result = await createOrder({ db: db(), env }, shopper.user, body, opts);
    if (result.ok) await result.notified;
    return result;
  };
  const input = (overrides: Record<string, unknown>) => cartCheckoutInput(db(), shopper.user.id, overrides);

  /** Refused with `field` and `message`, and nothing stored: no order, stock and cart as they were. */
  async function expectRefused(overrides: Record<string, unknown>, lang: "es" | "en", field: string, message: string) {
    const before = { stock: await stock(), cart: await cartCount(), orders: await orderCount() };
    const result = await place(await input(overrides), { lang });
    expect(result).toMatchObject({ ok: false, status: 400, field });
    if (result.ok || !("field" in result)) throw new Error("not a field refusal");
    expect(createT(getMessages(lang), lang)(result.error, result.values)).toBe(message);
    expect({ stock: await stock(), cart: await cartCount(), orders: await orderCount() }).toEqual(before);
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    env = createTestEnv();
    app = createServerApp({ db: database.db, env });
    fan = await insertProduct(database.db, { name: "Ventilador", nameEn: "Fan", priceCents: 2500, quantity: 100 });
    await database.db.insert(coupons).values({ name: "ZONA5", discountCents: 500 });
    shopper = await signedInUser({ db: database.db, env }, "zona");
  });
  beforeEach(async () => {
    for (const id of ["niquero", "pilon", "moa", "guines", "san-luis-santiago-de-cuba", "baracoa"]) {
      await resetZone(db(), actor, id);
    }
    if ((await cartCount()) === 0) {
      expect((await mergeCartLine(db(), shopper.user.id, { productId: fan.id, count: 2 })).ok).toBe(true);
    }
  });
  afterAll(async () => {
    await database?.close();
  });

  it("refuses a paused municipality on `city`, with its reason in the request's language", async () => {
    await updateZone(db(), actor, "niquero", PAUSED);
    await expectRefused(
      { city: "Niquero", state: "Granma" },
      "es",
      "city",
      "La entrega en Niquero está en pausa: Sin combustible hasta el lunes",
    );
    await expectRefused(
      { city: "niquero", state: "granma" },
      "en",
      "city",
      "Delivery to Niquero is paused: No fuel until Monday",
    );
  });

  it("refuses a municipality not served, accents and case ignored, the province telling San Luis apart", async () => {
    await updateZone(db(), actor, "guines", { ...DEFAULT_ZONE, served: false });
    await expectRefused({ city: "GUINES", state: "Mayabeque" }, "es", "city", "No entregamos en Güines.");
    await updateZone(db(), actor, "san-luis-santiago-de-cuba", { ...DEFAULT_ZONE, served: false });
    await expectRefused(
      { city: "San Luis", state: "Santiago de Cuba" },
      "en",
      "city",
      "We do not deliver to San Luis.",
    );
    // San Luis of Pinar del Río is served.
    const placed = await place(await input({ city: "San Luis", state: "Pinar del Río" }), { lang: "en" });
    expect(placed.ok).toBe(true);
  });

  it("refuses express where the zone offers none, on `delivery_option`", async () => {
    await updateZone(db(), actor, "pilon", { ...DEFAULT_ZONE, express: false });
    await expectRefused(
      { city: "Pilón", state: "Granma", delivery_option: "express" },
      "en",
      "delivery_option",
      "No express delivery to Pilón: choose standard.",
    );
    await expectRefused(
      { city: "Pilón", state: "Granma", delivery_option: "express" },
      "es",
      "delivery_option",
      "En Pilón no hay entrega exprés: elige la estándar.",
    );
  });

  it("refuses goods below the zone's minimum, counted after the coupon", async () => {
    await updateZone(db(), actor, "moa", { ...DEFAULT_ZONE, minOrderCents: 6000 });
    await expectRefused(
      { city: "Moa", state: "Holguín" },
      "es",
      "city",
      "El pedido mínimo para Moa es $60.00 en productos.",
    );
    // 50.00 of goods reaches 48.00, but not after a 5.00 coupon.
    await updateZone(db(), actor, "moa", { ...DEFAULT_ZONE, minOrderCents: 4800 });
    const couponed = await cartCheckoutInput(db(), shopper.user.id, { city: "Moa", state: "Holguín" });
    const withCoupon = { ...couponed, coupon_name: "ZONA5", amount: couponed.amount - 5 };
    const before = await orderCount();
    const refused = await place(withCoupon, { lang: "en" });
    expect(refused).toMatchObject({
      ok: false,
      status: 400,
      field: "city",
      error: "checkout.errors.zoneMinOrder",
      values: { name: "Moa", amount: "$48.00" },
    });
    expect(await orderCount()).toBe(before);
    expect((await place(couponed, { lang: "en" })).ok).toBe(true);
  });

  it("accepts an open zone, with its settings, and a city that names no known municipality", async () => {
    await updateZone(db(), actor, "baracoa", { ...DEFAULT_ZONE, minDays: 3, maxDays: 5, minOrderCents: 1000 });
    const before = await stock();
    const open = await place(await input({ city: "Baracoa", state: "Guantánamo" }), {
      lang: "es",
    });
    expect(open).toMatchObject({ ok: true, created: true });
    expect(await stock()).toBe(before - 2);
    expect(await cartCount()).toBe(0);
    await mergeCartLine(db(), shopper.user.id, { productId: fan.id, count: 2 });
    const unknown = await place(await input({ city: "Reparto Mulgoba", state: "La Habana" }), { lang: "es" });
    expect(unknown).toMatchObject({ ok: true, created: true });
  });

  it("POST /api/orders/create-order answers 400 on `city` in the house style, nothing stored", async () => {
    await updateZone(db(), actor, "niquero", PAUSED);
    const body = await input({ city: "Niquero", state: "Granma" });
    const before = await orderCount();
    const res = await app.request(
      new Request("http://localhost/api/orders/create-order?lang=en", {
        method: "POST",
        headers: { authorization: `JWT ${shopper.access}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ city: ["Delivery to Niquero is paused: No fuel until Monday"] });
    expect(await orderCount()).toBe(before);
    await updateZone(db(), actor, "niquero", { ...DEFAULT_ZONE, served: false });
    const es = await app.request(
      new Request("http://localhost/api/orders/create-order?lang=es", {
        method: "POST",
        headers: { authorization: `JWT ${shopper.access}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
    expect(await es.json()).toEqual({ city: ["No entregamos en Niquero."] });
  });
});
