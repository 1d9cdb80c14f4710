import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema/accounts";
import { reviews } from "~/db/schema/reviews";
import { issueTokens } from "~/features/accounts/accounts.server";
import type { Env } from "~/utils/env.server";
import { type Product, insertProduct } from "../../tests/factories";
import { createTestEnv } from "../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../tests/setup/db";
import { createServerApp } from "../app";
import { apiRequester, signedInUser } from "./test-client";

type Entry = {
  id: number;
  date_added: string;
  product: { id: number; display_name: string; rating: number | null; reviews_count: number; quantity: number };
};

describe.each(databaseKinds())("§7.2 wishlist API on %s", (kind) => {
  let database: Database;
  let env: Env;
  let app: Hono;
  let coffee: Product;
  let rice: Product;
  let soldOut: Product;

  const signedIn = async () => signedInUser({ db: database.db, env }, "deseos", { firstName: "Luis" });

  const request = apiRequester(() => app);

  const add = (token: string, body: unknown, lang = "en") =>
    request("POST", `/api/wishlist/add-item?lang=${lang}`, { token, body });
  const entries = async (token: string, lang = "en"): Promise<Entry[]> =>
    (await (await request("GET", `/api/wishlist/wishlist-items?lang=${lang}`, { token })).json()).wishlist;
  const total = async (token: string) =>
    (await (await request("GET", "/api/wishlist/get-item-total", { token })).json()).total_items;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    env = createTestEnv();
    app = createServerApp({ db: database.db, env });
    coffee = await insertProduct(database.db, { name: "Café Serrano", nameEn: "Serrano coffee", priceCents: 650 });
    rice = await insertProduct(database.db, { name: "Arroz 1 kg", nameEn: "Rice 1 kg", priceCents: 250 });
    soldOut = await insertProduct(database.db, { name: "Zapato agotado", nameEn: "Sold-out shoe", quantity: 0 });
    // D10: the coffee has two real reviews (4 and 5 stars).
    const reviewers = await database.db
      .insert(users)
      .values([
        { email: "critica1@example.cu", username: "critica1" },
        { email: "critica2@example.cu", username: "critica2" },
      ])
      .returning();
    await database.db.insert(reviews).values([
      { productId: coffee.id, userId: reviewers[0].id, rating: "4", comment: "Muy bueno, buen aroma." },
      { productId: coffee.id, userId: reviewers[1].id, rating: "5", comment: "Excelente café cubano." },
    ]);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("§7.2 add-item answers 201; wishlist-items lists product cards newest first with the real rating (D10)", async () => {
    const { access } = await signedIn();
    expect(await entries(access)).toEqual([]);
    expect(await total(access)).toBe(0);

    const first = await add(access, { product_id: coffee.id });
    expect(first.status).toBe(201);
    const firstBody = await first.json();
    expect(firstBody.wishlist_item).toMatchObject({
      id: expect.any(Number),
      date_added: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      product: {
        id: coffee.id,
        display_name: "Serrano coffee",
        price: 6.5,
        rating: 4.5,
        reviews_count: 2,
        quantity: 10,
      },
    });
    expect(firstBody.wishlist).toEqual([firstBody.wishlist_item]);
    const second = await add(access, { product_id: soldOut.id });
    expect(second.status).toBe(201);

    const list = await entries(access);
    expect(list.map((e) => e.product.id)).toEqual([soldOut.id, coffee.id]);
    expect(list[0].product).toMatchObject({ quantity: 0, rating: null, reviews_count: 0 });
    expect(list[1]).toEqual(firstBody.wishlist_item);
    expect((await entries(access, "es")).map((e) => e.product.display_name)).toEqual([
      "Zapato agotado",
      "Café Serrano",
    ]);
    expect(await total(access)).toBe(2);
  });

  it("§4.4 §8 a duplicate add is 409 'This item is already in your wishlist'; an unknown product 404", async () => {
    const { access } = await signedIn();
    expect((await add(access, { product_id: rice.id })).status).toBe(201);
    const dup = await add(access, { product_id: rice.id });
    expect(dup.status).toBe(409);
    expect(await dup.json()).toEqual({ error: "This item is already in your wishlist" });
    expect(await (await add(access, { product_id: rice.id }, "es")).json()).toEqual({
      error: "Este artículo ya está en tu lista de deseos",
    });
    const unknown = await add(access, { product_id: 999_999 });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "Product not found" });
    expect(await total(access)).toBe(1);
  });

  it("§7.2 remove-item takes product_id in a JSON body or the query string; absent is 404", async () => {
    const { access } = await signedIn();
    await add(access, { product_id: coffee.id });
    await add(access, { product_id: rice.id });

    const byBody = await request("DELETE", "/api/wishlist/remove-item?lang=en", {
      token: access,
      body: { product_id: coffee.id },
    });
    expect(byBody.status).toBe(200);
    expect((await byBody.json()).wishlist.map((e: Entry) => e.product.id)).toEqual([rice.id]);
    const again = await request("DELETE", "/api/wishlist/remove-item?lang=en", {
      token: access,
      body: { product_id: coffee.id },
    });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: "This product is not in your wishlist" });

    const byQuery = await request("DELETE", `/api/wishlist/remove-item?product_id=${rice.id}`, { token: access });
    expect(byQuery.status).toBe(200);
    expect(await byQuery.json()).toEqual({ wishlist: [] });
    const unknown = await request("DELETE", "/api/wishlist/remove-item?product_id=999999&lang=es", { token: access });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "Este producto no está en tu lista de deseos" });
    expect(await total(access)).toBe(0);

    for (const path of ["/api/wishlist/remove-item", "/api/wishlist/remove-item?product_id=x"]) {
      const res = await request("DELETE", path, { token: access });
      expect(res.status, path).toBe(400);
      expect((await res.json()).error).toEqual(expect.any(String));
    }
  });

  it("§6 a shopper never sees or changes another's wishlist", async () => {
    const ana = await signedIn();
    const luis = await signedIn();
    await add(ana.access, { product_id: coffee.id });
    const before = await entries(ana.access);

    expect(await entries(luis.access)).toEqual([]);
    expect(await total(luis.access)).toBe(0);
    const remove = await request("DELETE", "/api/wishlist/remove-item", {
      token: luis.access,
      body: { product_id: coffee.id },
    });
    expect(remove.status).toBe(404);
    // Luis may save the same product to his own list.
    expect((await add(luis.access, { product_id: coffee.id })).status).toBe(201);

    expect(await entries(ana.access)).toEqual(before);
    expect(await total(ana.access)).toBe(1);
    expect(await total(luis.access)).toBe(1);
  });

  it("§7.2 D6 answers 401 {error} on every call without a valid access token", async () => {
    const { user, access } = await signedIn();
    await add(access, { product_id: rice.id });
    const { refresh } = await issueTokens({ db: database.db, env }, user);
    const calls: Array<[string, string, unknown]> = [
      ["GET", "/api/wishlist/wishlist-items", undefined],
      ["POST", "/api/wishlist/add-item", { product_id: coffee.id }],
      ["DELETE", "/api/wishlist/remove-item", { product_id: rice.id }],
      ["GET", "/api/wishlist/get-item-total", undefined],
    ];
    for (const authorization of [undefined, "JWT garbage", `JWT ${refresh}`, `Token ${access}`]) {
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
        expect(res.status, `${method} ${path} ${authorization}`).toBe(401);
        expect(await res.json()).toMatchObject({ error: expect.any(String), detail: expect.any(String) });
      }
    }
    expect((await entries(access)).map((e) => e.product.id)).toEqual([rice.id]);
  });

  it("§7.2 answers hostile input with a 4xx JSON error, never 500, and changes nothing", async () => {
    const { access } = await signedIn();
    await add(access, { product_id: rice.id });
    const before = await entries(access);
    const bodies: Array<[string, string, unknown]> = [
      ["POST", "/api/wishlist/add-item", { product_id: String(coffee.id) }],
      ["POST", "/api/wishlist/add-item", { product_id: -coffee.id }],
      ["POST", "/api/wishlist/add-item", { product_id: 0 }],
      ["POST", "/api/wishlist/add-item", { product_id: coffee.id + 0.5 }],
      ["POST", "/api/wishlist/add-item", { product_id: 1e20 }],
      ["POST", "/api/wishlist/add-item", { product_id: 2_147_483_648 }],
      ["POST", "/api/wishlist/add-item", { product_id: null }],
      ["POST", "/api/wishlist/add-item", { product_id: [coffee.id] }],
      ["POST", "/api/wishlist/add-item", { product_id: { $gt: 0 } }],
      ["POST", "/api/wishlist/add-item", {}],
      ["POST", "/api/wishlist/add-item", []],
      ["POST", "/api/wishlist/add-item", '{"product_id":'],
      ["POST", "/api/wishlist/add-item", "\u0000"],
      ["DELETE", "/api/wishlist/remove-item", { product_id: String(rice.id) }],
      ["DELETE", "/api/wishlist/remove-item", { product_id: -1 }],
      ["DELETE", "/api/wishlist/remove-item", { product_id: 1e20 }],
      ["DELETE", "/api/wishlist/remove-item", "{"],
    ];
    for (const [method, path, body] of bodies) {
      const res = await request(method, `${path}?lang=en`, { token: access, body });
      const label = `${method} ${typeof body === "string" ? body : JSON.stringify(body)}`;
      expect(res.status, label).toBeGreaterThanOrEqual(400);
      expect(res.status, label).toBeLessThan(500);
      expect((await res.json()).error, label).toEqual(expect.any(String));
    }
    for (const path of [
      "/api/wishlist/remove-item?product_id=1e20",
      "/api/wishlist/remove-item?product_id=-5",
      "/api/wishlist/remove-item?product_id=%00",
      "/api/wishlist/remove-item?product_id[]=1",
    ]) {
      const res = await request("DELETE", path, { token: access });
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
    const form = await request("POST", "/api/wishlist/add-item", {
      token: access,
      body: `product_id=${coffee.id}`,
      contentType: "application/x-www-form-urlencoded",
    });
    expect(form.status).toBe(415);
    const formDelete = await request("DELETE", "/api/wishlist/remove-item", {
      token: access,
      body: `product_id=${rice.id}`,
      contentType: "text/plain",
    });
    expect(formDelete.status).toBe(415);
    const huge = await request("POST", "/api/wishlist/add-item", {
      token: access,
      body: { product_id: coffee.id, padding: "x".repeat(70 * 1024) },
    });
    expect(huge.status).toBe(413);
    expect(await entries(access)).toEqual(before);
  });

  it("§4.4 concurrent adds of one product make one entry: one 201, the rest 409", async () => {
    const { access } = await signedIn();
    const responses = await Promise.all(Array.from({ length: 5 }, () => add(access, { product_id: coffee.id })));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    expect(await total(access)).toBe(1);
    expect((await entries(access)).map((e) => e.product.id)).toEqual([coffee.id]);
  });
});
