import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { orderItems, orders } from "~/db/schema/orders";
import { reviews } from "~/db/schema/reviews";
import { hashPassword } from "~/features/accounts/accounts.server";
import type { Env } from "~/utils/env.server";
import { insertProduct } from "../../tests/factories";
import { createTestEnv } from "../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../tests/setup/db";
import { createServerApp } from "../app";
import { apiRequester, signedInUser } from "./test-client";

const GOOD = { rating: 4, comment: "Buen café, llegó a tiempo." };
const REVIEW_FIELDS = [
  "id",
  "user",
  "rating",
  "comment",
  "date_created",
  "helpful_count",
  "verified_purchase",
  "is_own",
].sort();

describe.each(databaseKinds())("§7.3 reviews API on %s", (kind) => {
  let database: Database;
  let env: Env;
  let app: Hono;

  /** An active account and its access token, made through the accounts module. */
  const signedIn = async () =>
    signedInUser({ db: database.db, env }, "resena", {
      firstName: "Rosa",
      lastName: "Díaz",
      passwordHash: await hashPassword("Malecon#Habana-1959"),
    });

  const request = apiRequester(() => app);
  const create = (id: number, token: string, body: unknown = GOOD, lang = "en") =>
    request("POST", `/api/reviews/create-review/${id}?lang=${lang}`, { token, body });
  const update = (id: number, token: string, body: unknown = GOOD, lang = "en") =>
    request("PUT", `/api/reviews/update-review/${id}?lang=${lang}`, { token, body });
  const remove = (id: number, token: string) =>
    request("DELETE", `/api/reviews/delete-review/${id}?lang=en`, { token });
  const own = (id: number, token: string) => request("GET", `/api/reviews/get-review/${id}?lang=en`, { token });
  const list = async (id: number, query = "", token?: string) => {
    const res = await request("GET", `/api/reviews/get-reviews/${id}${query}`, { token });
    expect(res.status).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    env = createTestEnv();
    app = createServerApp({ db: database.db, env });
  });
  afterAll(async () => {
    await database?.close();
  });

  it("§7.3 creates (201), reads back, updates (200) and deletes (200) the customer's own review", async () => {
    const product = await insertProduct(database.db);
    const { access } = await signedIn();

    const created = await create(product.id, access, { rating: 5, comment: "  Excelente calidad y buen precio.  " });
    expect(created.status).toBe(201);
    const body = await created.json();
    expect(Object.keys(body.review).sort()).toEqual(REVIEW_FIELDS);
    expect(body.review).toMatchObject({
      user: "Rosa D.",
      rating: 5,
      comment: "Excelente calidad y buen precio.", // trimmed (D11)
      helpful_count: 0,
      verified_purchase: false,
      is_own: true,
    });
    expect(Date.parse(body.review.date_created)).not.toBeNaN();
    expect(body.summary).toEqual({ average: 5, count: 1, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 1 } });
    expect(body.message).toBe("Review submitted successfully");

    const read = await own(product.id, access);
    expect(read.status).toBe(200);
    expect((await read.json()).review).toEqual(body.review);

    const changed = await update(product.id, access, { rating: 2, comment: "Cambié de opinión, se rompió pronto." });
    expect(changed.status).toBe(200);
    const changedBody = await changed.json();
    expect(changedBody.review).toMatchObject({
      id: body.review.id,
      rating: 2,
      comment: "Cambié de opinión, se rompió pronto.",
    });
    expect(changedBody.summary).toEqual({ average: 2, count: 1, distribution: { 1: 0, 2: 1, 3: 0, 4: 0, 5: 0 } });
    expect(changedBody.message).toBe("Review updated successfully");

    const deleted = await remove(product.id, access);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({
      summary: { average: null, count: 0, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } },
      message: "Review deleted successfully",
    });
    expect((await own(product.id, access)).status).toBe(404);
    expect((await remove(product.id, access)).status).toBe(404);
    expect((await update(product.id, access)).status).toBe(404);
    // A new review may be written after deleting the old one.
    expect((await create(product.id, access)).status).toBe(201);
  });

  it("§7.3 lists publicly, filters by star row (floor) and marks the caller's own review", async () => {
    const product = await insertProduct(database.db);
    const ana = await signedIn();
    const luis = await signedIn();
    const eva = await signedIn();
    await create(product.id, ana.access, { rating: 5, comment: "Muy bueno, lo recomiendo." });
    await create(product.id, luis.access, { rating: 3, comment: "Regular, esperaba más." });
    // A rating of 4.5 written directly (older data): it counts under 4 stars.
    await database.db
      .insert(reviews)
      .values({ productId: product.id, userId: eva.user.id, rating: "4.5", comment: "Casi perfecto." });

    const all = await list(product.id);
    expect(all.reviews).toHaveLength(3);
    expect(all.reviews.every((r: { is_own: boolean }) => r.is_own === false)).toBe(true);
    expect(all.summary).toEqual({ average: 4.2, count: 3, distribution: { 1: 0, 2: 0, 3: 1, 4: 1, 5: 1 } });
    const lowest = await list(product.id, "?sort=lowest");
    expect(lowest.reviews.map((r: { rating: number }) => r.rating)).toEqual([3, 4.5, 5]);

    const mine = await list(product.id, "", luis.access);
    expect(mine.reviews.filter((r: { is_own: boolean }) => r.is_own).map((r: { rating: number }) => r.rating)).toEqual([
      3,
    ]);
    // A bad token on a public call is ignored, not a 401.
    expect((await list(product.id, "", "garbage")).reviews).toHaveLength(3);

    const four = await request("GET", `/api/reviews/filter-reviews/${product.id}?rating=4`);
    expect(four.status).toBe(200);
    const fourBody = await four.json();
    expect(fourBody.reviews.map((r: { rating: number }) => r.rating)).toEqual([4.5]);
    expect(fourBody.summary.count).toBe(3);
    const two = await (await request("GET", `/api/reviews/filter-reviews/${product.id}?rating=2`)).json();
    expect(two.reviews).toEqual([]);

    for (const bad of ["", "?rating=0", "?rating=6", "?rating=2.5", "?rating=abc", "?rating=4&sort=best"]) {
      const res = await request("GET", `/api/reviews/filter-reviews/${product.id}${bad}`);
      expect(res.status, bad).toBe(400);
      expect(await res.json()).toMatchObject({ error: expect.any(String), details: expect.any(Array) });
    }
    expect((await request("GET", `/api/reviews/get-reviews/${product.id}?sort=best`)).status).toBe(400);
  });

  it("D11 one review per customer and product: a second create is a 409 and changes nothing", async () => {
    const product = await insertProduct(database.db);
    const { user, access } = await signedIn();
    expect((await create(product.id, access)).status).toBe(201);
    const again = await create(product.id, access, { rating: 1, comment: "Otra reseña distinta aquí." });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: "You have already reviewed this product" });
    const es = await create(product.id, access, GOOD, "es");
    expect((await es.json()).error).toBe("Ya escribiste una reseña de este producto");
    const rows = await database.db.select().from(reviews).where(eq(reviews.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].comment).toBe(GOOD.comment);
    // Concurrent creates: exactly one wins.
    const other = await insertProduct(database.db);
    const results = await Promise.all([create(other.id, access), create(other.id, access), create(other.id, access)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it("D11 bounds: rating a whole 1..5, comment 10..500 characters after trimming (400 {error, details})", async () => {
    const product = await insertProduct(database.db);
    const { access } = await signedIn();
    const refused: Array<[unknown, string, string]> = [
      [{ rating: 0, comment: GOOD.comment }, "rating", "Please select a rating"],
      [{ rating: 6, comment: GOOD.comment }, "rating", "Please select a rating"],
      [{ rating: 2.5, comment: GOOD.comment }, "rating", "Please select a rating"],
      [{ comment: GOOD.comment }, "rating", "Please select a rating"],
      [{ rating: "4", comment: GOOD.comment }, "rating", "Please select a rating"],
      [{ rating: null, comment: GOOD.comment }, "rating", "Please select a rating"],
      [{ rating: 4, comment: "123456789" }, "comment", "Comment must be at least 10 characters long"],
      [{ rating: 4, comment: `   ${"a".repeat(9)}   ` }, "comment", "Comment must be at least 10 characters long"],
      [{ rating: 4, comment: "          " }, "comment", "Comment must be at least 10 characters long"],
      [{ rating: 4 }, "comment", "Comment must be at least 10 characters long"],
      [{ rating: 4, comment: ["a".repeat(20)] }, "comment", "Comment must be at least 10 characters long"],
      [{ rating: 4, comment: "a".repeat(501) }, "comment", "Comment must be at most 500 characters long"],
      [
        { rating: 4, comment: "Hola\u0000 mundo cruel" },
        "comment",
        "The comment contains characters that are not allowed",
      ],
    ];
    for (const [body, field, message] of refused) {
      const res = await create(product.id, access, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const json = await res.json();
      expect(json.error, JSON.stringify(body)).toBe(message);
      expect(json.details.map((d: { path: string }) => d.path)).toContain(field);
    }
    const es = await create(product.id, access, { rating: 9, comment: "corto" }, "es");
    const esBody = await es.json();
    expect(esBody.details).toEqual([
      { path: "rating", message: "Selecciona una calificación" },
      { path: "comment", message: "El comentario debe tener al menos 10 caracteres" },
    ]);
    expect((await list(product.id)).summary.count).toBe(0);

    // The bounds themselves are accepted: 10 characters after trimming, and 500.
    expect((await create(product.id, access, { rating: 1, comment: `  ${"b".repeat(10)}  ` })).status).toBe(201);
    const longest = await update(product.id, access, { rating: 5, comment: "c".repeat(500) });
    expect(longest.status).toBe(200);
    expect((await longest.json()).review.comment).toHaveLength(500);
    // Update follows the same rules and leaves the review as it was when refused.
    expect((await update(product.id, access, { rating: 5, comment: "d".repeat(501) })).status).toBe(400);
    expect((await update(product.id, access, { rating: 3, comment: "corto" })).status).toBe(400);
    expect((await (await own(product.id, access)).json()).review).toMatchObject({
      rating: 5,
      comment: "c".repeat(500),
    });
  });

  it("verified purchase: only with a delivered order containing the product, computed at create and update", async () => {
    const product = await insertProduct(database.db);
    const otherProduct = await insertProduct(database.db);
    const { user, access } = await signedIn();
    const order = async (status: "shipping" | "delivered", productId: number) => {
      const [row] = await database.db
        .insert(orders)
        .values({
          transactionId: `tx-${Math.random().toString(36).slice(2)}`,
          userId: user.id,
          status,
          amountCents: 1000,
          goodsCents: 1000,
          shippingName: "Estándar",
          shippingTime: "1-2 días",
          fullName: "Rosa Díaz",
          clientId: "85010112345",
          address: "Calle 23",
          city: "Plaza",
          stateProvinceRegion: "La Habana",
          phoneNumber: "+5355555555",
          deliveryLatitude: 23.1,
          deliveryLongitude: -82.35,
        })
        .returning();
      await database.db
        .insert(orderItems)
        .values({ orderId: row.id, productId, name: "Producto", count: 1, priceCents: 1000 });
      return row;
    };
    // A shipping order with the product and a delivered one with another product: not verified.
    const shipping = await order("shipping", product.id);
    await order("delivered", otherProduct.id);
    const created = await create(product.id, access);
    expect((await created.json()).review.verified_purchase).toBe(false);

    // Once delivered, the next update marks it verified.
    await database.db.update(orders).set({ status: "delivered" }).where(eq(orders.id, shipping.id));
    const updated = await update(product.id, access);
    expect((await updated.json()).review.verified_purchase).toBe(true);

    // Another customer's delivered order does not verify this one's review.
    const luis = await signedIn();
    const luisReview = await create(product.id, luis.access);
    expect((await luisReview.json()).review.verified_purchase).toBe(false);
  });

  it("§6 only the author changes or deletes a review: another customer gets a 404 and nothing changes", async () => {
    const product = await insertProduct(database.db);
    const ana = await signedIn();
    const luis = await signedIn();
    await create(product.id, ana.access, { rating: 5, comment: "La reseña de Ana, intacta." });
    expect((await own(product.id, luis.access)).status).toBe(404);
    const edit = await update(product.id, luis.access, { rating: 1, comment: "Intento cambiar la de Ana." });
    expect(edit.status).toBe(404);
    expect(await edit.json()).toEqual({ error: "You have not reviewed this product" });
    expect((await remove(product.id, luis.access)).status).toBe(404);
    const rows = await database.db.select().from(reviews).where(eq(reviews.productId, product.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: ana.user.id, rating: "5.0", comment: "La reseña de Ana, intacta." });
  });

  it("averages and distribution follow creates, updates and deletes", async () => {
    const product = await insertProduct(database.db);
    const a = await signedIn();
    const b = await signedIn();
    await create(product.id, a.access, { rating: 5, comment: "Cinco estrellas bien dadas." });
    const second = await (await create(product.id, b.access, { rating: 2, comment: "Dos estrellas, flojo." })).json();
    expect(second.summary).toEqual({ average: 3.5, count: 2, distribution: { 1: 0, 2: 1, 3: 0, 4: 0, 5: 1 } });
    const changed = await (await update(product.id, b.access, { rating: 4, comment: "Mejoró con el uso." })).json();
    expect(changed.summary).toEqual({ average: 4.5, count: 2, distribution: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 } });
    const after = await (await remove(product.id, a.access)).json();
    expect(after.summary).toEqual({ average: 4, count: 1, distribution: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 0 } });
    expect((await list(product.id)).summary).toEqual(after.summary);
    // Product cards show the new figures at once (the catalogue cache is dropped on writes, D10).
    const card = await (await request("GET", `/api/product/product/${product.id}`)).json();
    expect(card.product).toMatchObject({ rating: 4, reviews_count: 1 });
  });

  it("unknown product 404, malformed id 400, on every call", async () => {
    const { access } = await signedIn();
    const calls: Array<[string, string, unknown]> = [
      ["GET", "/api/reviews/get-reviews/{id}", undefined],
      ["GET", "/api/reviews/filter-reviews/{id}?rating=3", undefined],
      ["GET", "/api/reviews/get-review/{id}", undefined],
      ["POST", "/api/reviews/create-review/{id}", GOOD],
      ["PUT", "/api/reviews/update-review/{id}", GOOD],
      ["DELETE", "/api/reviews/delete-review/{id}", undefined],
    ];
    for (const [method, path, body] of calls) {
      const missing = await request(method, `${path.replace("{id}", "999999")}`, { token: access, body });
      expect(missing.status, `${method} ${path}`).toBe(404);
      expect(await missing.json()).toEqual({ error: "Producto no encontrado" });
      for (const bad of ["abc", "0", "-1", "1.5", "99999999999"]) {
        const res = await request(method, path.replace("{id}", bad), { token: access, body });
        expect(res.status, `${method} ${path} ${bad}`).toBe(400);
        expect((await res.json()).error).toEqual(expect.any(String));
      }
    }
  });

  it("401 without a valid token on the customer's calls; hostile bodies never a 500", async () => {
    const product = await insertProduct(database.db);
    const { access } = await signedIn();
    for (const [method, path] of [
      ["GET", "get-review"],
      ["POST", "create-review"],
      ["PUT", "update-review"],
      ["DELETE", "delete-review"],
    ]) {
      for (const token of [undefined, "garbage"]) {
        const res = await request(method, `/api/reviews/${path}/${product.id}?lang=en`, {
          token,
          body: method === "POST" || method === "PUT" ? GOOD : undefined,
        });
        expect(res.status, `${method} ${path} ${token}`).toBe(401);
        expect(await res.json()).toMatchObject({ error: expect.any(String), detail: expect.any(String) });
      }
    }
    const hostile: Array<[string | unknown, string | undefined, number]> = [
      ["rating=4&comment=hola", "application/x-www-form-urlencoded", 415],
      ['{"rating": 4, "comment":', undefined, 400],
      ["[]", undefined, 400],
      ["null", undefined, 400],
      [{ rating: 1e308, comment: GOOD.comment }, undefined, 400],
      [{ rating: { $gt: 0 }, comment: GOOD.comment }, undefined, 400],
      [{ rating: 4, comment: { toString: "x" } }, undefined, 400],
      [{ rating: 4, comment: "x".repeat(70 * 1024) }, undefined, 413],
    ];
    for (const [body, contentType, status] of hostile) {
      const res = await request("POST", `/api/reviews/create-review/${product.id}`, {
        token: access,
        body,
        contentType,
      });
      expect(res.status, String(body).slice(0, 40)).toBe(status);
    }
    // Unusual but valid text is stored as written.
    const odd = "Ñandú 🦤 <script>alert(1)</script> ' OR 1=1 --";
    const ok = await create(product.id, access, { rating: 3, comment: odd });
    expect(ok.status).toBe(201);
    expect((await ok.json()).review.comment).toBe(odd);
  });
});
