/**
 * The decision “Review comments” limits and message keys of the review form, without zod: the browser imports these for
 * its live checks and counter (the product page's JavaScript budget has no room for zod), and
 * `schemas.ts` builds the authoritative schema from the same numbers.
 */

export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** decision “Review comments”: trimmed comment length. */
export const COMMENT_MIN = 10;
export const COMMENT_MAX = 500;

/** Translation keys of the decision “Review comments” messages (product.es.ts / product.en.ts). */
export const REVIEW_ERRORS = {
  rating: "reviews.errors.rating",
  commentShort: "reviews.errors.commentShort",
  commentLong: "reviews.errors.commentLong",
  commentInvalid: "reviews.errors.commentInvalid",
} as const;

export type ReviewFieldErrors = Partial<Record<"rating" | "comment", string>>;

/**
 * The browser's copy of the decision “Review comments” rules (the server parses `ReviewSchema`, which uses the same
 * limits): the first error of each field as a translation key.
 */
export function checkReview(input: { rating: number | null; comment: string }): ReviewFieldErrors {
  const errors: ReviewFieldErrors = {};
  if (
    input.rating === null ||
    !Number.isInteger(input.rating) ||
    input.rating < RATING_MIN ||
    input.rating > RATING_MAX
  ) {
    errors.rating = REVIEW_ERRORS.rating;
  }
  const length = input.comment.trim().length;
  if (length < COMMENT_MIN) errors.comment = REVIEW_ERRORS.commentShort;
  else if (length > COMMENT_MAX) errors.comment = REVIEW_ERRORS.commentLong;
  return errors;
}

/** The `intent` of each review form posted to the product page's action (docs/style.md). */
export const REVIEW_INTENTS = ["review-create", "review-update", "review-delete"] as const;
export type ReviewIntent = (typeof REVIEW_INTENTS)[number];

/**
 * What the product page's action answers a review form (with JavaScript, read by the fetcher;
 * without, by `useActionData` after an error). Messages are translation keys.
 */
export type ReviewActionData =
  | { intent: ReviewIntent; ok: true; message: string }
  | {
      intent: ReviewIntent | null;
      ok: false;
      fieldErrors?: ReviewFieldErrors;
      formError?: string;
      /** What was typed, to fill the form again when it comes back without JavaScript. */
      values?: { rating: string; comment: string };
    };

/** The fetcher key shared by the review form and the panel that shows its outcome. */
export const REVIEW_FETCHER_KEY = "review";
