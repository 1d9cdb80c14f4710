/**
 * Review calls of spec §7.3 (§2.11, §6, decision “Review comments”): the public list and star filter, and the signed-in
 * customer's own review (read, create, update, delete). Thin adapters over
 * `~/features/reviews/reviews.server`; the body is parsed with the form's own `ReviewSchema`.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AccountsDeps } from "~/features/accounts/accounts.server";
import {
  type ReviewWriteResult,
  createReview,
  deleteReview,
  getOwnReview,
  getProductReviews,
  getReviewSummary,
  productExists,
  updateReview,
} from "~/features/reviews/reviews.server";
import { REVIEW_SORTS, ReviewRatingFilterSchema, ReviewSchema } from "~/features/reviews/schemas";
import type { MessageKey } from "~/i18n/i18n";
import { getApiUser, messageFor, requestLanguage, requireApiUser } from "./auth-user";
import { LangQuery, PRIVATE_NO_STORE, createRouter, errorResponse, jsonContent, requireJson } from "./http";
import { textInput } from "~/utils/text";
import { MAX_ROW_ID } from "~/utils/ids";

const tags = ["reviews"];

/** Postgres `integer` ids: anything else is a 400, never a database error (500). */
const ProductIdParam = z.coerce
  .number()
  .int()
  .min(1)
  .max(MAX_ROW_ID)
  .openapi({ param: { name: "productId", in: "path" }, example: 1 });

const Params = z.object({ productId: ProductIdParam });

const SortQuery = z
  .enum(REVIEW_SORTS)
  .default("recent")
  .openapi({
    param: { name: "sort", in: "query" },
    description: "recent (default), helpful, highest or lowest (§2.11).",
  });

const RatingQuery = ReviewRatingFilterSchema.openapi({
  param: { name: "rating", in: "query" },
  description: "A star row: reviews whose rating floors to 1..5 (§2.11).",
  example: 4,
});

const ReviewWireSchema = z
  .object({
    id: z.number().int(),
    user: textInput().openapi({
      description: "The reviewer as shown: first name and last initial.",
      example: "Yanet P.",
    }),
    rating: z.number().openapi({ example: 5 }),
    comment: textInput(),
    date_created: textInput().openapi({ description: "ISO 8601", example: "2026-01-15T14:30:00.000Z" }),
    helpful_count: z.number().int(),
    verified_purchase: z.boolean().openapi({ description: "The author has a delivered order containing the product." }),
    is_own: z.boolean().openapi({ description: "The caller's own review (false without a token)." }),
  })
  .openapi("Review");

const SummaryWireSchema = z
  .object({
    average: z.number().nullable().openapi({ description: "1 decimal; null without reviews (D10).", example: 4.3 }),
    count: z.number().int(),
    distribution: z
      .record(z.enum(["1", "2", "3", "4", "5"]), z.number().int())
      .openapi({ description: "Reviews per star row, by the floor of each rating." }),
  })
  .openapi("ReviewSummary");

const ListSchema = z.object({ reviews: z.array(ReviewWireSchema), summary: SummaryWireSchema });
const WrittenSchema = z.object({ review: ReviewWireSchema, summary: SummaryWireSchema, message: textInput() });

const ReviewBody = ReviewSchema.openapi("ReviewRequest", {
  description: "D11: rating a whole number 1..5; comment 10 to 500 characters once trimmed.",
  example: { rating: 5, comment: "Llegó rápido y el café es excelente." },
});

const unauthorized = errorResponse("No valid access token (`Authorization: JWT <access>`)");
const badId = errorResponse("The product id is not a positive integer");
const optionalAuth: Array<Record<string, string[]>> = [{}, { jwt: [] }];

const listRoute = createRoute({
  method: "get",
  path: "/api/reviews/get-reviews/{productId}",
  tags,
  summary: "A product's reviews (at most 20) and its rating summary",
  description: "Public. With a valid access token the caller's own review is marked `is_own`.",
  security: optionalAuth,
  request: { params: Params, query: z.object({ lang: LangQuery, sort: SortQuery }) },
  responses: {
    200: jsonContent(ListSchema, "Reviews and summary"),
    400: badId,
    404: errorResponse("Product not found"),
  },
});

const filterRoute = createRoute({
  method: "get",
  path: "/api/reviews/filter-reviews/{productId}",
  tags,
  summary: "A product's reviews of one star row (the floor of each rating)",
  description: "Public. With a valid access token the caller's own review is marked `is_own`.",
  security: optionalAuth,
  request: { params: Params, query: z.object({ rating: RatingQuery, lang: LangQuery, sort: SortQuery }) },
  responses: {
    200: jsonContent(ListSchema, "Reviews of that star row and the product's summary"),
    400: errorResponse("Bad product id, or rating missing or not 1..5"),
    404: errorResponse("Product not found"),
  },
});

/** The authenticated routes, built around the group's token guard. */
function authRoutes(auth: ReturnType<typeof requireApiUser>) {
  const ownRoute = createRoute({
    method: "get",
    path: "/api/reviews/get-review/{productId}",
    tags,
    summary: "The signed-in customer's own review of a product",
    security: [{ jwt: [] }],
    middleware: [auth] as const,
    request: { params: Params, query: z.object({ lang: LangQuery }) },
    responses: {
      200: jsonContent(z.object({ review: ReviewWireSchema }), "The review"),
      400: badId,
      401: unauthorized,
      404: errorResponse("Product not found, or no review of it by this customer"),
    },
  });

  const writeResponses = {
    400: errorResponse("Invalid rating or comment (D11), or bad product id"),
    401: unauthorized,
    413: errorResponse("Body over 64 KB"),
    415: errorResponse("Not a JSON body"),
  };

  const writeRequest = {
    params: Params,
    query: z.object({ lang: LangQuery }),
    body: { content: { "application/json": { schema: ReviewBody } }, required: true },
  };

  const createReviewRoute = createRoute({
    method: "post",
    path: "/api/reviews/create-review/{productId}",
    tags,
    summary: "Writes the customer's review of a product (one per customer and product)",
    security: [{ jwt: [] }],
    middleware: [auth, requireJson] as const,
    request: writeRequest,
    responses: {
      201: jsonContent(WrittenSchema, "The new review and the product's new summary"),
      ...writeResponses,
      404: errorResponse("Product not found"),
      409: errorResponse("The customer has already reviewed this product"),
    },
  });

  const updateReviewRoute = createRoute({
    method: "put",
    path: "/api/reviews/update-review/{productId}",
    tags,
    summary: "Changes the customer's own review of a product",
    security: [{ jwt: [] }],
    middleware: [auth, requireJson] as const,
    request: writeRequest,
    responses: {
      200: jsonContent(WrittenSchema, "The changed review and the product's new summary"),
      ...writeResponses,
      404: errorResponse("Product not found, or no review of it by this customer"),
    },
  });

  const deleteReviewRoute = createRoute({
    method: "delete",
    path: "/api/reviews/delete-review/{productId}",
    tags,
    summary: "Deletes the customer's own review of a product",
    security: [{ jwt: [] }],
    middleware: [auth] as const,
    request: { params: Params, query: z.object({ lang: LangQuery }) },
    responses: {
      200: jsonContent(z.object({ summary: SummaryWireSchema, message: textInput() }), "Deleted"),
      400: badId,
      401: unauthorized,
      404: errorResponse("Product not found, or no review of it by this customer"),
    },
  });
  return { ownRoute, createReviewRoute, updateReviewRoute, deleteReviewRoute };
}

/** Routes of the reviews group. */
export function createReviewRoutes(deps: AccountsDeps) {
  const { db } = deps;
  const app = createRouter();
  const { ownRoute, createReviewRoute, updateReviewRoute, deleteReviewRoute } = authRoutes(
    requireApiUser(deps, { style: "api" }),
  );
  const error = (c: Context, key: MessageKey) => ({ error: messageFor(requestLanguage(c), key) });

  /** The caller of a public call, when a valid token came along; an invalid one is ignored. */
  const viewerId = async (c: Context) => {
    if (!c.req.header("authorization")) return null;
    const found = await getApiUser(deps, c.req.raw);
    return found.user?.id ?? null;
  };

  const list = async (
    c: Context,
    productId: number,
    query: { sort: (typeof REVIEW_SORTS)[number]; rating?: number },
  ) => {
    const [exists, summary, reviews] = await Promise.all([
      productExists(db, productId),
      getReviewSummary(db, productId),
      getProductReviews(db, productId, { ...query, viewerId: await viewerId(c) }),
    ]);
    // The list changes with the caller's own writes: not cached by browsers or proxies.
    c.header("Cache-Control", PRIVATE_NO_STORE);
    return { exists, body: { reviews, summary } };
  };

  app.openapi(listRoute, async (c) => {
    const { sort } = c.req.valid("query");
    const { exists, body } = await list(c, c.req.valid("param").productId, { sort });
    if (!exists) return c.json(error(c, "reviews.api.productNotFound"), 404);
    return c.json(body, 200);
  });

  app.openapi(filterRoute, async (c) => {
    const { sort, rating } = c.req.valid("query");
    const { exists, body } = await list(c, c.req.valid("param").productId, { sort, rating });
    if (!exists) return c.json(error(c, "reviews.api.productNotFound"), 404);
    return c.json(body, 200);
  });

  const notFound = async (c: Context, productId: number) =>
    error(c, (await productExists(db, productId)) ? "reviews.api.notFound" : "reviews.api.productNotFound");

  app.openapi(ownRoute, async (c) => {
    const { productId } = c.req.valid("param");
    c.header("Cache-Control", PRIVATE_NO_STORE);
    const review = await getOwnReview(db, c.var.apiUser.id, productId);
    if (!review) return c.json(await notFound(c, productId), 404);
    return c.json({ review }, 200);
  });

  /** A write's result as the API answers it: the review and the product's new summary, or an error. */
  const answer = async (c: Context, productId: number, result: ReviewWriteResult, success: MessageKey) => {
    if (result.ok) {
      const summary = await getReviewSummary(db, productId);
      return {
        ok: true as const,
        body: { review: result.review, summary, message: messageFor(requestLanguage(c), success) },
      };
    }
    const key: MessageKey =
      result.reason === "already_reviewed"
        ? "reviews.api.exists"
        : result.reason === "product_not_found"
          ? "reviews.api.productNotFound"
          : "reviews.api.notFound";
    return { ok: false as const, status: result.reason === "already_reviewed" ? 409 : 404, body: error(c, key) };
  };

  app.openapi(createReviewRoute, async (c) => {
    const { productId } = c.req.valid("param");
    const result = await createReview(db, c.var.apiUser.id, productId, c.req.valid("json"));
    const out = await answer(c, productId, result, "reviews.success.created");
    if (out.ok) return c.json(out.body, 201);
    return out.status === 409 ? c.json(out.body, 409) : c.json(out.body, 404);
  });

  app.openapi(updateReviewRoute, async (c) => {
    const { productId } = c.req.valid("param");
    const result = await updateReview(db, c.var.apiUser.id, productId, c.req.valid("json"));
    const out = await answer(c, productId, result, "reviews.success.updated");
    if (out.ok) return c.json(out.body, 200);
    return c.json(out.body, 404);
  });

  app.openapi(deleteReviewRoute, async (c) => {
    const { productId } = c.req.valid("param");
    const result = await deleteReview(db, c.var.apiUser.id, productId);
    if (!result.ok) {
      const key = result.reason === "product_not_found" ? "reviews.api.productNotFound" : "reviews.api.notFound";
      return c.json(error(c, key), 404);
    }
    const summary = await getReviewSummary(db, productId);
    return c.json({ summary, message: messageFor(requestLanguage(c), "reviews.success.deleted") }, 200);
  });

  return app;
}
