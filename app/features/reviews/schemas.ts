/**
 * Review inputs shared by the browser and the server (docs/style.md "Validation"): how a review list
 * may be sorted and filtered (spec §2.11) and the review form (decision “Review comments”).
 *
 * Browser code imports only types from here (`import type`), so that zod stays out of the product
 * page's bundle (performance budget); the limits the browser checks live in `limits.ts` and are
 * shared with the schema below, which the action and the API parse with.
 */
import { z } from "zod";
import { COMMENT_MAX, COMMENT_MIN, RATING_MAX, RATING_MIN, REVIEW_ERRORS, type ReviewFieldErrors } from "./limits";
import { textInput } from "~/utils/text";

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

/** decision “Review comments”: a whole number of stars, 1 to 5 (§9 labels terrible..excellent). */
export const ReviewRatingSchema = z
  .number({ error: REVIEW_ERRORS.rating })
  .int({ error: REVIEW_ERRORS.rating })
  .min(RATING_MIN, { error: REVIEW_ERRORS.rating })
  .max(RATING_MAX, { error: REVIEW_ERRORS.rating });

/**
 * decision “Review comments”: required; 10 to 500 characters once trimmed (counted in UTF-16 units, as the browser's
 * `maxlength` and counter do). A NUL character cannot be stored in PostgreSQL text: refused.
 */
export const ReviewCommentSchema = textInput({ error: REVIEW_ERRORS.commentShort })
  .trim()
  .min(COMMENT_MIN, { error: REVIEW_ERRORS.commentShort })
  .max(COMMENT_MAX, { error: REVIEW_ERRORS.commentLong })
  .refine((text) => !text.includes("\u0000"), { error: REVIEW_ERRORS.commentInvalid });

/** The review form and the create/update body (§7.3 `rating`, `comment`). */
export const ReviewSchema = z.object({ rating: ReviewRatingSchema, comment: ReviewCommentSchema });
export type ReviewInput = z.infer<typeof ReviewSchema>;

/**
 * The form's fields as posted (strings) in the shape `ReviewSchema` parses: a rating that is not
 * a plain whole number stays a string, so that the schema refuses it with the decision “Review comments” message.
 */
export function reviewFormInput(formData: FormData): { rating: unknown; comment: unknown } {
  const rating = formData.get("rating");
  const comment = formData.get("comment");
  return {
    rating: typeof rating === "string" && /^\d{1,2}$/.test(rating) ? Number(rating) : (rating ?? undefined),
    comment: typeof comment === "string" ? comment : undefined,
  };
}

/** Field name -> translation key of its first error, for showing next to the fields. */
export function reviewFieldErrors(error: z.ZodError): ReviewFieldErrors {
  const out: ReviewFieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if ((field === "rating" || field === "comment") && !out[field]) out[field] = issue.message;
  }
  return out;
}
