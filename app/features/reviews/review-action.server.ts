/**
 * The review forms of the product page (§2.11, decision “Review comments”): one `intent` each, parsed with the same
 * `ReviewSchema` as the REST API, for the signed-in customer only (the route guards that).
 */
import type { Db } from "~/db/client.server";
import { REVIEW_INTENTS, type ReviewActionData, type ReviewIntent } from "./limits";
import { createReview, deleteReview, updateReview } from "./reviews.server";
import { ReviewSchema, reviewFieldErrors, reviewFormInput } from "./schemas";
import { logger } from "~/utils/logger.server";

/** §8 error texts, by intent, when the write fails for an unexpected reason. */
const FAILED: Record<ReviewIntent, string> = {
  "review-create": "reviews.errors.submit",
  "review-update": "reviews.errors.update",
  "review-delete": "reviews.errors.delete",
};

const SUCCESS: Record<ReviewIntent, string> = {
  "review-create": "reviews.success.created",
  "review-update": "reviews.success.updated",
  "review-delete": "reviews.success.deleted",
};

/** Whether a posted `intent` is one of the review forms'. */
export function isReviewIntent(value: unknown): value is ReviewIntent {
  return typeof value === "string" && (REVIEW_INTENTS as readonly string[]).includes(value);
}

/**
 * Runs one review form for `userId` on `productId` and says what to answer: the HTTP status and
 * the data the form shows (field errors, a form error, or the success message key).
 */
export async function runReviewIntent(
  db: Db,
  opts: { userId: number; productId: number; intent: ReviewIntent; formData: FormData },
): Promise<{ status: number; data: ReviewActionData }> {
  const { userId, productId, intent, formData } = opts;
  try {
    if (intent === "review-delete") {
      const result = await deleteReview(db, userId, productId);
      if (!result.ok) return { status: 404, data: { intent, ok: false, formError: "reviews.api.notFound" } };
      return { status: 200, data: { intent, ok: true, message: SUCCESS[intent] } };
    }
    const parsed = ReviewSchema.safeParse(reviewFormInput(formData));
    if (!parsed.success) {
      const rating = formData.get("rating");
      const comment = formData.get("comment");
      return {
        status: 400,
        data: {
          intent,
          ok: false,
          fieldErrors: reviewFieldErrors(parsed.error),
          values: {
            rating: typeof rating === "string" ? rating.slice(0, 2) : "",
            comment: typeof comment === "string" ? comment.slice(0, 2000) : "",
          },
        },
      };
    }
    const result =
      intent === "review-create"
        ? await createReview(db, userId, productId, parsed.data)
        : await updateReview(db, userId, productId, parsed.data);
    if (result.ok)
      return { status: intent === "review-create" ? 201 : 200, data: { intent, ok: true, message: SUCCESS[intent] } };
    const formError =
      result.reason === "already_reviewed"
        ? "reviews.api.exists"
        : result.reason === "product_not_found"
          ? "reviews.api.productNotFound"
          : "reviews.api.notFound";
    return { status: result.reason === "already_reviewed" ? 409 : 404, data: { intent, ok: false, formError } };
  } catch (error) {
    logger.error({ err: error }, `Review ${intent} of product ${productId} failed`);
    return { status: 500, data: { intent, ok: false, formError: FAILED[intent] } };
  }
}
