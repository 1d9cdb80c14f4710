/**
 * Product reviews (spec §2.11, §3 Review, §7.3, decision “Review comments”): the rating summary, the sorted and filtered
 * list, and a customer's own review with create, update and delete. The only module that touches
 * the reviews table; the product page and the REST API both call it.
 */
import { type SQL, and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { users } from "~/db/schema/accounts";
import { products } from "~/db/schema/catalog";
import { orderItems, orders } from "~/db/schema/orders";
import { reviews } from "~/db/schema/reviews";
import { invalidateCatalog } from "~/features/catalog/catalog-cache.server";
import { DEFAULT_REVIEW_SORT, REVIEW_PAGE_SIZE, type ReviewInput, type ReviewSort } from "./schemas";

export type Stars = 1 | 2 | 3 | 4 | 5;

export type ReviewSummary = {
  /** Mean rating rounded to 1 decimal (§2.11); null when there are no reviews (decision “Real ratings”). */
  average: number | null;
  count: number;
  /** Reviews per star row, using the floor of each rating: a 4.5 counts under 4 (§2.11). */
  distribution: Record<Stars, number>;
};

export type ReviewDto = {
  id: number;
  /** The reviewer as shown: first name and last initial ("Yanet P."), else the username. */
  user: string;
  rating: number;
  comment: string;
  /** ISO 8601. */
  date_created: string;
  verified_purchase: boolean;
  helpful_count: number;
  /** Whether the review is the viewer's own (false for a signed-out viewer). */
  is_own: boolean;
};

const floorRating = sql`floor(${reviews.rating})`;

/** The average, count and 1-5 distribution of a product's reviews (zeros when it has none). */
export async function getReviewSummary(db: Db, productId: number): Promise<ReviewSummary> {
  const star = (n: Stars) => sql<number>`(count(*) filter (where ${floorRating} = ${n}))::int`;
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      // Rounded by PostgreSQL on the exact numeric mean, as the catalogue's card rating is.
      average: sql<string | null>`round(avg(${reviews.rating}), 1)`,
      s1: star(1),
      s2: star(2),
      s3: star(3),
      s4: star(4),
      s5: star(5),
    })
    .from(reviews)
    .where(eq(reviews.productId, productId));
  const count = Number(row?.count ?? 0);
  return {
    average: count > 0 && row?.average != null ? Number(row.average) : null,
    count,
    distribution: {
      1: Number(row?.s1 ?? 0),
      2: Number(row?.s2 ?? 0),
      3: Number(row?.s3 ?? 0),
      4: Number(row?.s4 ?? 0),
      5: Number(row?.s5 ?? 0),
    },
  };
}

/** Newest first breaks every tie, then the id, so that the order is stable between requests. */
const ORDER: Record<ReviewSort, SQL[]> = {
  recent: [desc(reviews.dateCreated), desc(reviews.id)],
  helpful: [desc(reviews.helpfulCount), desc(reviews.dateCreated), desc(reviews.id)],
  highest: [desc(reviews.rating), desc(reviews.dateCreated), desc(reviews.id)],
  lowest: [asc(reviews.rating), desc(reviews.dateCreated), desc(reviews.id)],
};

/**
 * A product's reviews in one of the four §2.11 orders, optionally only those whose rating floors
 * to `rating` (a star row of the distribution), at most `limit` (20 by default, §9).
 */
export async function getProductReviews(
  db: Db,
  productId: number,
  opts: { sort?: ReviewSort; rating?: number; limit?: number; viewerId?: number | null } = {},
): Promise<ReviewDto[]> {
  const limit = Math.min(Math.max(Math.trunc(opts.limit ?? REVIEW_PAGE_SIZE), 1), 100);
  const where = and(
    eq(reviews.productId, productId),
    opts.rating === undefined ? undefined : sql`${floorRating} = ${Math.trunc(opts.rating)}`,
  );
  // The reviewer's name comes from the users table by join: there is no accounts module to ask
  // yet (docs/style.md would have it call one); only the name parts needed for display are read.
  const rows = await selectReviews(db)
    .where(where)
    .orderBy(...ORDER[opts.sort ?? DEFAULT_REVIEW_SORT])
    .limit(limit);
  return rows.map((r) => toDto(r, opts.viewerId ?? null));
}

/** The columns a `ReviewDto` is made of, with the reviewer's name parts. */
function selectReviews(db: Db) {
  return db
    .select({
      id: reviews.id,
      userId: reviews.userId,
      rating: reviews.rating,
      comment: reviews.comment,
      dateCreated: reviews.dateCreated,
      verifiedPurchase: reviews.verifiedPurchase,
      helpfulCount: reviews.helpfulCount,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .$dynamic();
}

type ReviewRow = Awaited<ReturnType<ReturnType<typeof selectReviews>["execute"]>>[number];

function toDto(r: ReviewRow, viewerId: number | null): ReviewDto {
  return {
    id: r.id,
    user: reviewerName(r),
    rating: Number(r.rating),
    comment: r.comment,
    date_created: new Date(r.dateCreated).toISOString(),
    verified_purchase: r.verifiedPurchase,
    helpful_count: r.helpfulCount,
    is_own: viewerId !== null && r.userId === viewerId,
  };
}

// ---------------------------------------------------------------------------------------------
// Writing (decision “Review comments”: one review per customer and product; only its author changes or deletes it).
// Every command is keyed by (user, product): another customer's review is simply not found.

export type ReviewWriteResult =
  | { ok: true; review: ReviewDto }
  | { ok: false; reason: "product_not_found" | "review_not_found" | "already_reviewed" };

/** Whether the product exists (reviews of an unknown product are a 404, not a database error). */
export async function productExists(db: Db, productId: number): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId)).limit(1);
  return Boolean(row);
}

/** The customer's own review of a product, or null. */
export async function getOwnReview(db: Db, userId: number, productId: number): Promise<ReviewDto | null> {
  const [row] = await selectReviews(db)
    .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId)))
    .limit(1);
  return row ? toDto(row, userId) : null;
}

/**
 * A verified purchase: the customer has a delivered order (§4.1 status `delivered`) with this
 * product among its lines. Read here because there is no orders module to ask yet.
 */
function verifiedPurchase(userId: number, productId: number): SQL<boolean> {
  return sql<boolean>`exists (
    select 1 from ${orders} join ${orderItems} on ${orderItems.orderId} = ${orders.id}
    where ${orders.userId} = ${userId} and ${orders.status} = 'delivered' and ${orderItems.productId} = ${productId}
  )`;
}

/**
 * Writes the customer's review of a product. `input` must have been parsed with `ReviewSchema`
 * (decision “Review comments”). A second review of the same product is refused (`already_reviewed`, a 409), also when
 * two requests race: the unique index decides.
 */
export async function createReview(
  db: Db,
  userId: number,
  productId: number,
  input: ReviewInput,
): Promise<ReviewWriteResult> {
  if (!(await productExists(db, productId))) return { ok: false, reason: "product_not_found" };
  const inserted = await db
    .insert(reviews)
    .values({ userId, productId, ...writtenFields(userId, productId, input) })
    .onConflictDoNothing({ target: [reviews.userId, reviews.productId] })
    .returning({ id: reviews.id });
  if (inserted.length === 0) return { ok: false, reason: "already_reviewed" };
  return written(db, userId, productId);
}

/** Changes the customer's own review (rating, comment, and the verified mark recomputed). */
export async function updateReview(
  db: Db,
  userId: number,
  productId: number,
  input: ReviewInput,
): Promise<ReviewWriteResult> {
  if (!(await productExists(db, productId))) return { ok: false, reason: "product_not_found" };
  const updated = await db
    .update(reviews)
    .set(writtenFields(userId, productId, input))
    .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId)))
    .returning({ id: reviews.id });
  if (updated.length === 0) return { ok: false, reason: "review_not_found" };
  return written(db, userId, productId);
}

/** Deletes the customer's own review of a product; false when they have none. */
export async function deleteReview(
  db: Db,
  userId: number,
  productId: number,
): Promise<{ ok: true } | { ok: false; reason: "product_not_found" | "review_not_found" }> {
  if (!(await productExists(db, productId))) return { ok: false, reason: "product_not_found" };
  const deleted = await db
    .delete(reviews)
    .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId)))
    .returning({ id: reviews.id });
  if (deleted.length === 0) return { ok: false, reason: "review_not_found" };
  // Product cards show the average and count (decision “Real ratings”): drop their cached copies.
  invalidateCatalog(db);
  return { ok: true };
}

/** What a create or an update writes: the rating to one decimal, the comment, the verified mark. */
function writtenFields(userId: number, productId: number, input: ReviewInput) {
  return {
    rating: input.rating.toFixed(1),
    comment: input.comment,
    verifiedPurchase: verifiedPurchase(userId, productId),
  };
}

async function written(db: Db, userId: number, productId: number): Promise<ReviewWriteResult> {
  invalidateCatalog(db);
  const review = await getOwnReview(db, userId, productId);
  // Deleted in between by a concurrent request of the same customer.
  return review ? { ok: true, review } : { ok: false, reason: "review_not_found" };
}

/** "Yanet P." from first and last name; the username when no first name is set. */
export function reviewerName(user: { firstName: string; lastName: string; username: string }): string {
  const first = user.firstName.trim();
  if (!first) return user.username;
  const initial = Array.from(user.lastName.trim())[0];
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/** One review as the back office's customer page lists it (docs/features.md, "Customers"): read only. */
export type CustomerReview = {
  id: number;
  productId: number;
  productName: string;
  productNameEn: string | null;
  rating: number;
  comment: string;
  dateCreated: Date;
};

/** A customer's reviews, newest first, at most `limit`, each with its product's names. */
export async function listReviewsByUser(db: Db, userId: number, limit = 100): Promise<CustomerReview[]> {
  const rows = await db
    .select({
      id: reviews.id,
      productId: reviews.productId,
      productName: products.name,
      productNameEn: products.nameEn,
      rating: reviews.rating,
      comment: reviews.comment,
      dateCreated: reviews.dateCreated,
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.userId, userId))
    .orderBy(desc(reviews.dateCreated), desc(reviews.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, rating: Number(row.rating) }));
}
