import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { users } from "~/db/schema/accounts";
import { orderItems, orders } from "~/db/schema/orders";
import { reviews } from "~/db/schema/reviews";
import { insertProduct } from "../../../tests/factories";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import { checkReview } from "./limits";
import {
  createReview,
  deleteReview,
  getOwnReview,
  getProductReviews,
  getReviewSummary,
  reviewerName,
  updateReview,
} from "./reviews.server";
import { ReviewSchema, parseReviewListQuery, reviewFormInput } from "./schemas";

let userSeq = 0;
async function insertUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  userSeq += 1;
  const [row] = await db
    .insert(users)
    .values({ email: `u${userSeq}@example.com`, username: `user${userSeq}`, firstName: "", lastName: "", ...overrides })
    .returning();
  return row;
}

const DAY = 86_400_000;
const T0 = Date.parse("2025-03-01T12:00:00Z");

/** One review per (new) user: rating, days after T0, helpful count. */
async function insertReviews(
  db: Db,
  productId: number,
  specs: Array<{ rating: number; day: number; helpful?: number; comment?: string; verified?: boolean }>,
) {
  const ids: number[] = [];
  for (const spec of specs) {
    const user = await insertUser(db, { firstName: "Ana", lastName: "Pérez" });
    const [row] = await db
      .insert(reviews)
      .values({
        productId,
        userId: user.id,
        rating: spec.rating.toFixed(1),
        comment: spec.comment ?? `Reseña de ${spec.rating} estrellas, día ${spec.day}.`,
        helpfulCount: spec.helpful ?? 0,
        verifiedPurchase: spec.verified ?? false,
        dateCreated: new Date(T0 + spec.day * DAY),
      })
      .returning({ id: reviews.id });
    ids.push(row.id);
  }
  return ids;
}

for (const kind of databaseKinds()) {
  describe(`reviews, read side (§2.11) on ${kind}`, () => {
    let database: Database;
    let db: Db;
    let productId: number;
    let emptyId: number;

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      db = database.db;
      productId = (await insertProduct(db)).id;
      emptyId = (await insertProduct(db)).id;
      // Ratings 5, 4.5, 4, 3, 1.5, 5 on days 1..6; helpful counts chosen to differ from the date order.
      await insertReviews(db, productId, [
        { rating: 5, day: 1, helpful: 3 },
        { rating: 4.5, day: 2, helpful: 10, verified: true },
        { rating: 4, day: 3, helpful: 0 },
        { rating: 3, day: 4, helpful: 7 },
        { rating: 1.5, day: 5, helpful: 7 },
        { rating: 5, day: 6, helpful: 1 },
      ]);
      // Another product's review never leaks into this one's summary or list.
      const other = (await insertProduct(db)).id;
      await insertReviews(db, other, [{ rating: 1, day: 9 }]);
    });
    afterAll(() => database.close());

    it("summarises: average with 1 decimal, count, distribution by the floor of each rating", async () => {
      const summary = await getReviewSummary(db, productId);
      // (5 + 4.5 + 4 + 3 + 1.5 + 5) / 6 = 3.8333… -> 3.8
      expect(summary.average).toBe(3.8);
      expect(summary.count).toBe(6);
      // 4.5 counts under 4 and 1.5 under 1.
      expect(summary.distribution).toEqual({ 1: 1, 2: 0, 3: 1, 4: 2, 5: 2 });
    });

    it("rounds the average half up to 1 decimal", async () => {
      const id = (await insertProduct(db)).id;
      await insertReviews(db, id, [
        { rating: 4, day: 1 },
        { rating: 4.5, day: 2 },
      ]);
      expect((await getReviewSummary(db, id)).average).toBe(4.3); // 4.25 -> 4.3
    });

    it("gives null average, zero count and an empty distribution without reviews (D10)", async () => {
      expect(await getReviewSummary(db, emptyId)).toEqual({
        average: null,
        count: 0,
        distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
      });
      expect(await getProductReviews(db, emptyId)).toEqual([]);
    });

    it("lists the most recent first by default, with the §3 fields", async () => {
      const list = await getProductReviews(db, productId);
      expect(list.map((r) => r.rating)).toEqual([5, 1.5, 3, 4, 4.5, 5]);
      const second = list[4];
      expect(second).toEqual({
        id: expect.any(Number),
        user: "Ana P.",
        rating: 4.5,
        comment: "Reseña de 4.5 estrellas, día 2.",
        date_created: new Date(T0 + 2 * DAY).toISOString(),
        verified_purchase: true,
        helpful_count: 10,
        is_own: false,
      });
    });

    it("sorts by most helpful, then most recent", async () => {
      const list = await getProductReviews(db, productId, { sort: "helpful" });
      expect(list.map((r) => [r.helpful_count, r.rating])).toEqual([
        [10, 4.5],
        [7, 1.5], // day 5 before day 4 at the same count
        [7, 3],
        [3, 5],
        [1, 5],
        [0, 4],
      ]);
    });

    it("sorts by highest rating, then most recent", async () => {
      const list = await getProductReviews(db, productId, { sort: "highest" });
      expect(list.map((r) => r.rating)).toEqual([5, 5, 4.5, 4, 3, 1.5]);
      expect(Date.parse(list[0].date_created)).toBeGreaterThan(Date.parse(list[1].date_created));
    });

    it("sorts by lowest rating, then most recent", async () => {
      const list = await getProductReviews(db, productId, { sort: "lowest" });
      expect(list.map((r) => r.rating)).toEqual([1.5, 3, 4, 4.5, 5, 5]);
      expect(Date.parse(list[4].date_created)).toBeGreaterThan(Date.parse(list[5].date_created));
    });

    it("filters by the floor of the rating (a star row)", async () => {
      expect((await getProductReviews(db, productId, { rating: 4 })).map((r) => r.rating)).toEqual([4, 4.5]);
      expect((await getProductReviews(db, productId, { rating: 5 })).map((r) => r.rating)).toEqual([5, 5]);
      expect((await getProductReviews(db, productId, { rating: 1 })).map((r) => r.rating)).toEqual([1.5]);
      expect(await getProductReviews(db, productId, { rating: 2 })).toEqual([]);
      // Filter and sort together.
      expect((await getProductReviews(db, productId, { rating: 4, sort: "lowest" })).map((r) => r.rating)).toEqual([
        4, 4.5,
      ]);
    });

    it("returns at most 20 reviews by default (§9), the most recent ones", async () => {
      const id = (await insertProduct(db)).id;
      await insertReviews(
        db,
        id,
        Array.from({ length: 25 }, (_, i) => ({ rating: 1 + (i % 5), day: i })),
      );
      const list = await getProductReviews(db, id);
      expect(list).toHaveLength(20);
      expect(list[0].date_created).toBe(new Date(T0 + 24 * DAY).toISOString());
      expect(list[19].date_created).toBe(new Date(T0 + 5 * DAY).toISOString());
      expect((await getReviewSummary(db, id)).count).toBe(25);
      expect(await getProductReviews(db, id, { limit: 3 })).toHaveLength(3);
    });
  });
}

describe("reviewerName", () => {
  it("shows the first name and the last initial, else the username", () => {
    expect(reviewerName({ firstName: "Yanet", lastName: "Pérez", username: "yanetp" })).toBe("Yanet P.");
    expect(reviewerName({ firstName: "Yoandry", lastName: "álvarez", username: "y" })).toBe("Yoandry Á.");
    expect(reviewerName({ firstName: "Osmany", lastName: " ", username: "osmanyl" })).toBe("Osmany");
    expect(reviewerName({ firstName: "  ", lastName: "López", username: "osmanyl" })).toBe("osmanyl");
  });
});

describe("parseReviewListQuery", () => {
  it("reads sort and rating, and falls back field by field on bad values", () => {
    expect(parseReviewListQuery(new URLSearchParams(""))).toEqual({ sort: "recent" });
    expect(parseReviewListQuery(new URLSearchParams("sort=helpful&rating=4"))).toEqual({ sort: "helpful", rating: 4 });
    expect(parseReviewListQuery(new URLSearchParams("sort=best&rating=9"))).toEqual({ sort: "recent" });
    expect(parseReviewListQuery(new URLSearchParams("sort=lowest&rating=2.5"))).toEqual({ sort: "lowest" });
    expect(parseReviewListQuery(new URLSearchParams("rating="))).toEqual({ sort: "recent" });
  });
});

for (const kind of databaseKinds()) {
  describe(`reviews, write side (D11, §6) on ${kind}`, () => {
    let database: Database;
    let db: Db;

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      db = database.db;
    });
    afterAll(() => database.close());

    const input = (rating: number, comment = "Un comentario suficiente.") => ReviewSchema.parse({ rating, comment });

    async function deliveredOrder(userId: number, productId: number, status: "delivered" | "cancelled" = "delivered") {
      const [order] = await db
        .insert(orders)
        .values({
          transactionId: `t-${Math.random().toString(36).slice(2)}`,
          userId,
          status,
          amountCents: 500,
          goodsCents: 500,
          shippingName: "Estándar",
          shippingTime: "1-2 días",
          fullName: "Ana Pérez",
          clientId: "90010112345",
          address: "Calle 10",
          city: "Playa",
          stateProvinceRegion: "La Habana",
          phoneNumber: "+5355555555",
          deliveryLatitude: 23.1,
          deliveryLongitude: -82.4,
        })
        .returning();
      await db.insert(orderItems).values({ orderId: order.id, productId, name: "P", count: 1, priceCents: 500 });
    }

    it("creates one review per customer and product, reads it back as the customer's own", async () => {
      const product = await insertProduct(db);
      const user = await insertUser(db, { firstName: "Yanet", lastName: "Pérez" });
      expect(await getOwnReview(db, user.id, product.id)).toBeNull();
      const created = await createReview(db, user.id, product.id, input(4, "  Buen producto, recomendado.  "));
      expect(created).toMatchObject({
        ok: true,
        review: {
          user: "Yanet P.",
          rating: 4,
          comment: "Buen producto, recomendado.",
          is_own: true,
          verified_purchase: false,
        },
      });
      expect(await getOwnReview(db, user.id, product.id)).toEqual(created.ok && created.review);
      expect(await createReview(db, user.id, product.id, input(1))).toEqual({ ok: false, reason: "already_reviewed" });
      expect(await createReview(db, user.id, 999_999, input(1))).toEqual({ ok: false, reason: "product_not_found" });
      const list = await getProductReviews(db, product.id, { viewerId: user.id });
      expect(list.map((r) => [r.rating, r.is_own])).toEqual([[4, true]]);
      expect((await getProductReviews(db, product.id))[0].is_own).toBe(false);
    });

    it("updates and deletes only the customer's own review", async () => {
      const product = await insertProduct(db);
      const ana = await insertUser(db);
      const luis = await insertUser(db);
      await createReview(db, ana.id, product.id, input(5, "La reseña original de Ana."));
      expect(await updateReview(db, luis.id, product.id, input(1))).toEqual({ ok: false, reason: "review_not_found" });
      expect(await deleteReview(db, luis.id, product.id)).toEqual({ ok: false, reason: "review_not_found" });
      expect(await getOwnReview(db, ana.id, product.id)).toMatchObject({
        rating: 5,
        comment: "La reseña original de Ana.",
      });

      const updated = await updateReview(db, ana.id, product.id, input(3, "Cambio mi opinión."));
      expect(updated).toMatchObject({ ok: true, review: { rating: 3, comment: "Cambio mi opinión." } });
      expect(await deleteReview(db, ana.id, product.id)).toEqual({ ok: true });
      expect(await getOwnReview(db, ana.id, product.id)).toBeNull();
      expect(await deleteReview(db, ana.id, 999_999)).toEqual({ ok: false, reason: "product_not_found" });
    });

    it("marks a verified purchase only with a delivered order containing the product (at create and update)", async () => {
      const product = await insertProduct(db);
      const other = await insertProduct(db);
      const user = await insertUser(db);
      await deliveredOrder(user.id, other.id);
      await deliveredOrder(user.id, product.id, "cancelled");
      const first = await createReview(db, user.id, product.id, input(4));
      expect(first.ok && first.review.verified_purchase).toBe(false);
      await deliveredOrder(user.id, product.id);
      const second = await updateReview(db, user.id, product.id, input(5));
      expect(second.ok && second.review.verified_purchase).toBe(true);
      // A fresh review of a product bought and delivered is verified at once.
      const buyer = await insertUser(db);
      await deliveredOrder(buyer.id, other.id);
      const third = await createReview(db, buyer.id, other.id, input(5));
      expect(third.ok && third.review.verified_purchase).toBe(true);
    });

    it("keeps the average and the distribution in step with creates, updates and deletes", async () => {
      const product = await insertProduct(db);
      const [a, b, c] = [await insertUser(db), await insertUser(db), await insertUser(db)];
      await createReview(db, a.id, product.id, input(5));
      await createReview(db, b.id, product.id, input(4));
      await createReview(db, c.id, product.id, input(1));
      expect(await getReviewSummary(db, product.id)).toEqual({
        average: 3.3,
        count: 3,
        distribution: { 1: 1, 2: 0, 3: 0, 4: 1, 5: 1 },
      });
      await updateReview(db, c.id, product.id, input(2));
      expect(await getReviewSummary(db, product.id)).toEqual({
        average: 3.7,
        count: 3,
        distribution: { 1: 0, 2: 1, 3: 0, 4: 1, 5: 1 },
      });
      await deleteReview(db, a.id, product.id);
      expect(await getReviewSummary(db, product.id)).toEqual({
        average: 3,
        count: 2,
        distribution: { 1: 0, 2: 1, 3: 0, 4: 1, 5: 0 },
      });
      expect((await getProductReviews(db, product.id, { rating: 2 })).map((r) => r.rating)).toEqual([2]);
    });
  });
}

describe("ReviewSchema (D11) and the browser's checkReview agree", () => {
  const cases: Array<[unknown, unknown, { rating?: string; comment?: string }]> = [
    [5, "1234567890", {}],
    [1, `  ${"a".repeat(10)}  `, {}],
    [3, "a".repeat(500), {}],
    [3, "123456789", { comment: "reviews.errors.commentShort" }],
    [3, `    ${"a".repeat(9)}    `, { comment: "reviews.errors.commentShort" }],
    [3, "a".repeat(501), { comment: "reviews.errors.commentLong" }],
    [0, "Comentario correcto.", { rating: "reviews.errors.rating" }],
    [6, "Comentario correcto.", { rating: "reviews.errors.rating" }],
    [2.5, "Comentario correcto.", { rating: "reviews.errors.rating" }],
    [null, "Comentario correcto.", { rating: "reviews.errors.rating" }],
  ];
  it.each(cases)("rating %s, comment %j", (rating, comment, expected) => {
    const parsed = ReviewSchema.safeParse({ rating: rating ?? undefined, comment });
    const serverErrors = parsed.success
      ? {}
      : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
    expect(serverErrors).toEqual(expected);
    expect(checkReview({ rating: rating as number | null, comment: comment as string })).toEqual(expected);
  });

  it("reads the form's fields: a rating that is not a plain whole number stays refused", () => {
    const form = (fields: Record<string, string>) =>
      reviewFormInput(new URLSearchParams(fields) as unknown as FormData);
    expect(form({ rating: "4", comment: "x" })).toEqual({ rating: 4, comment: "x" });
    expect(ReviewSchema.safeParse(form({ rating: "4.0", comment: "Comentario correcto." })).success).toBe(false);
    expect(ReviewSchema.safeParse(form({ rating: "", comment: "Comentario correcto." })).success).toBe(false);
    expect(form({})).toEqual({ rating: undefined, comment: undefined });
  });
});
