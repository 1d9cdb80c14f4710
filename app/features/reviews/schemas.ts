/**
 * Review inputs shared by the browser and the server (STYLE.md "Validation"). The read side only:
 * how a review list may be sorted and filtered (spec §2.11). The write form (D11) comes with the
 * issue that adds review writing.
 *
 * Browser code imports only the types from here (`import type`), so that zod stays out of the
 * product page's bundle (performance budget); the server parses with the schemas.
 */
import { z } from "zod";

/** §2.11 sort orders: most recent, most helpful, highest rated, lowest rated. */
export const REVIEW_SORTS = ["recent", "helpful", "highest", "lowest"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const DEFAULT_REVIEW_SORT: ReviewSort = "recent";

/** §9: at most 20 reviews are shown. */
export const REVIEW_PAGE_SIZE = 20;

export const ReviewSortSchema = z.enum(REVIEW_SORTS);

/** A star row of the distribution (§2.11): reviews whose rating floors to 1..5. */
export const ReviewRatingFilterSchema = z.coerce.number().int().min(1).max(5);

/** The review list's query (`?sort=helpful&rating=4`). */
export const ReviewListQuerySchema = z.object({
  sort: ReviewSortSchema.default(DEFAULT_REVIEW_SORT),
  rating: ReviewRatingFilterSchema.optional(),
});

export type ReviewListQuery = { sort: ReviewSort; rating?: number };

/**
 * The review list's query from a page URL. Lenient, field by field: a stale or hand-edited link
 * (`?sort=best`, `?rating=9`) falls back to the default for that field instead of failing the
 * product page. The REST API parses `ReviewListQuerySchema` strictly instead.
 */
export function parseReviewListQuery(params: URLSearchParams): ReviewListQuery {
  const sort = ReviewSortSchema.safeParse(params.get("sort"));
  const rawRating = params.get("rating");
  const rating = rawRating ? ReviewRatingFilterSchema.safeParse(rawRating) : null;
  return {
    sort: sort.success ? sort.data : DEFAULT_REVIEW_SORT,
    ...(rating?.success ? { rating: rating.data } : {}),
  };
}
