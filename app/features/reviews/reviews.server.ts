/**
 * Product reviews, read side (spec §2.11, §3 Review, §7.3 get-reviews / filter-reviews): the
 * rating summary and the sorted, filtered list. The only module that reads the reviews table;
 * the product page and (later) the REST API both call it. Writing, editing and deleting come with
 * the review-writing issue.
 */
import { type SQL, and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { reviews, users } from "~/db/schema";
import { DEFAULT_REVIEW_SORT, REVIEW_PAGE_SIZE, type ReviewSort } from "./schemas";

export type Stars = 1 | 2 | 3 | 4 | 5;

export type ReviewSummary = {
  /** Mean rating rounded to 1 decimal (§2.11); null when there are no reviews (D10). */
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
  opts: { sort?: ReviewSort; rating?: number; limit?: number } = {},
): Promise<ReviewDto[]> {
  const limit = Math.min(Math.max(Math.trunc(opts.limit ?? REVIEW_PAGE_SIZE), 1), 100);
  const where = and(
    eq(reviews.productId, productId),
    opts.rating === undefined ? undefined : sql`${floorRating} = ${Math.trunc(opts.rating)}`,
  );
  // The reviewer's name comes from the users table by join: there is no accounts module to ask
  // yet (STYLE.md would have it call one); only the name parts needed for display are read.
  const rows = await db
    .select({
      id: reviews.id,
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
    .where(where)
    .orderBy(...ORDER[opts.sort ?? DEFAULT_REVIEW_SORT])
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    user: reviewerName(r),
    rating: Number(r.rating),
    comment: r.comment,
    date_created: new Date(r.dateCreated).toISOString(),
    verified_purchase: r.verifiedPurchase,
    helpful_count: r.helpfulCount,
  }));
}

/** "Yanet P." from first and last name; the username when no first name is set. */
export function reviewerName(user: { firstName: string; lastName: string; username: string }): string {
  const first = user.firstName.trim();
  if (!first) return user.username;
  const initial = Array.from(user.lastName.trim())[0];
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}
