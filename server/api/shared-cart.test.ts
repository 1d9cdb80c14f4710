import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { sharedCarts } from "~/db/schema/cart";
import { products } from "~/db/schema/catalog";
import { mergeCartLine } from "~/features/cart/cart.server";
import type { Env } from "~/utils/env.server";
import { insertProduct } from "../../tests/factories";
import { createTestEnv } from "../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../tests/setup/db";
import { createServerApp } from "../app";
import { apiRequester, signedInUser } from "./test-client";

describe.each(databaseKinds())("issue 26 point 3 shared cart API on %s", (kind) => {
  let database: Database;
  let env: Env;
  let app: Hono;
  const request = apiRequester(() => app);
  const shopper = () =>
    signedInUser({ db: database.db, env }, "compartir", { firstName: "Yanet", lastName: "Rodríguez" });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    env = createTestEnv();
    app = createServerApp({ db: database.db, env });
  });
  afterAll(async () => {
    await database?.close();
  });

  async function sharedBy(lines: Array<{ productId: number; count: number }>) {
    const sharer = await shopper();
    for (const line of lines) expect((await mergeCartLine(database.db, sharer.user.id, line)).ok).toBe(true);
    const res = await request("POST", "/api/cart/share?lang=en", { token: sharer.access });
    expect(res.status).toBe(201);
    return { sharer, body: (await res.json()) as { token: string; url: string; expires_at: string } };
  }

  it("issue 26 point 3 POST /api/cart/share: 201 with an unguessable token, the page URL and a 7-day expiry", async () => {
    const rice = await insertProduct(database.db, { priceCents: 250, quantity: 5 });
    const before = Date.now();
    const { body } = await sharedBy([{ productId: rice.id, count: 2 }]);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(body.url).toBe(`${env.PUBLIC_URL}/en/cart/shared/${body.token}`);
    const expires = new Date(body.expires_at).getTime();
    expect(expires - before).toBeGreaterThanOrEqual(7 * 86_400_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
  });

  it("issue 26 point 3 an empty cart is a 400 in the house style; signed out is a 401", async () => {
    const empty = await shopper();
    const res = await request("POST", "/api/cart/share?lang=es", { token: empty.access });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Tu carrito está vacío: añade productos antes de compartirlo" });
    expect((await request("POST", "/api/cart/share")).status).toBe(401);
    expect((await request("POST", "/api/cart/shared/AAAAAAAAAAAAAAAAAAAAAA/add")).status).toBe(401);
  });

  it("issue 26 point 3 GET shows current prices and stock with no personal data, to anyone", async () => {
    const oil = await insertProduct(database.db, { name: "Aceite", nameEn: "Oil", priceCents: 400, quantity: 10 });
    const { body, sharer } = await sharedBy([{ productId: oil.id, count: 4 }]);
    await database.db.update(products).set({ priceCents: 525, quantity: 3 }).where(eq(products.id, oil.id));
    const res = await request("GET", `/api/cart/shared/${body.token}?lang=en`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const shared = await res.json();
    expect(shared.lines).toEqual([
      expect.objectContaining({
        product_id: oil.id,
        name: "Oil",
        count: 4,
        available: 3,
        stock: 3,
        state: "notEnoughStock",
        price: 5.25,
        line_total: 21,
      }),
    ]);
    expect(shared.total).toBe(21);
    const text = JSON.stringify(shared);
    for (const personal of [sharer.user.email, "Yanet", "Rodríguez"]) expect(text).not.toContain(personal);
    const [row] = await database.db.select().from(sharedCarts).where(eq(sharedCarts.token, body.token));
    const stored = JSON.stringify(row);
    for (const personal of [sharer.user.email, "Yanet", "Rodríguez", "Aceite"]) expect(stored).not.toContain(personal);
  });

  it("issue 26 point 3 unknown tokens are 404, expired ones 410, bad ones 4xx and never 500", async () => {
    const res = await request("GET", "/api/cart/shared/AAAAAAAAAAAAAAAAAAAAAA?lang=en");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "This shared cart does not exist" });
    const receiver = await shopper();
    for (const bad of ["x", "%2e%2e", "a%00b", "null", "' or 1=1 --", "%F0%9F%98%80", "a".repeat(300)]) {
      const read = await request("GET", `/api/cart/shared/${bad}`);
      expect(read.status, bad).toBeGreaterThanOrEqual(400);
      expect(read.status, bad).toBeLessThan(500);
      const add = await request("POST", `/api/cart/shared/${bad}/add`, { token: receiver.access });
      expect(add.status, bad).toBeGreaterThanOrEqual(400);
      expect(add.status, bad).toBeLessThan(500);
    }

    const rice = await insertProduct(database.db, { quantity: 5 });
    const { body } = await sharedBy([{ productId: rice.id, count: 1 }]);
    await database.db
      .update(sharedCarts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sharedCarts.token, body.token));
    const expired = await request("GET", `/api/cart/shared/${body.token}?lang=es`);
    expect(expired.status).toBe(410);
    expect(await expired.json()).toEqual({ error: "Este enlace de carrito compartido ya venció" });
    expect((await request("POST", `/api/cart/shared/${body.token}/add`, { token: receiver.access })).status).toBe(410);
  });

  it("issue 26 point 3 POST …/add adds to the caller's cart capped at the stock and reports what was skipped", async () => {
    const coffee = await insertProduct(database.db, { name: "Café", nameEn: "Coffee", quantity: 10 });
    const beans = await insertProduct(database.db, { name: "Frijoles", nameEn: "Beans", quantity: 10 });
    const soap = await insertProduct(database.db, { name: "Jabón", nameEn: "Soap", quantity: 10 });
    const { body } = await sharedBy([
      { productId: coffee.id, count: 2 },
      { productId: beans.id, count: 6 },
      { productId: soap.id, count: 1 },
    ]);
    await database.db.update(products).set({ quantity: 4 }).where(eq(products.id, beans.id));
    await database.db.update(products).set({ quantity: 0 }).where(eq(products.id, soap.id));
    const receiver = await shopper();
    const res = await request("POST", `/api/cart/shared/${body.token}/add?lang=en`, { token: receiver.access });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      added: [
        { product_id: coffee.id, name: "Coffee", count: 2 },
        { product_id: beans.id, name: "Beans", count: 4 },
      ],
      skipped: [
        { product_id: beans.id, name: "Beans", count: 2, reason: "notEnoughStock" },
        { product_id: soap.id, name: "Soap", count: 1, reason: "outOfStock" },
      ],
    });
    const cart = await (await request("GET", "/api/cart/cart-items?lang=en", { token: receiver.access })).json();
    expect(cart.cart.map((l: { product: { id: number }; count: number }) => [l.product.id, l.count])).toEqual([
      [coffee.id, 2],
      [beans.id, 4],
    ]);
  });
});
