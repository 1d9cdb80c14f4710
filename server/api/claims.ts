/**
 * Defect claims of an order (docs/product-decisions.md, "Returns and warranty"):
 * `GET /api/orders/{transactionId}/claims` shows, for one of the signed-in shopper's orders, each
 * line (under warranty? claimable now?), the window after delivery and the claims made;
 * `POST` opens a claim, as `multipart/form-data` (`line`, `description` and up to three `photos`
 * files, like the back office's image uploads). Another shopper's order is a 404. Thin adapters
 * over `~/features/claims`.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import type { Db } from "~/db/client.server";
import { type ClaimView, type OrderClaims, createClaim, getOrderClaims } from "~/features/claims/claims.server";
import { ClaimFormSchema } from "~/features/claims/schemas";
import { isPickedFile } from "~/features/media/upload.server";
import { mediaStore } from "~/features/media/store.server";
import type { Env } from "~/utils/env.server";
import { textInput } from "~/utils/text";
import { messageFor, requestLanguage, requireApiUser } from "./auth-user";
import { ErrorSchema, PRIVATE_NO_STORE, createRouter, errorResponse, jsonContent } from "./http";
import { LangOnly, unauthorized } from "./order-schemas";

const tags = ["claims"];
const security = [{ jwt: [] }];

const Params = z.object({
  transactionId: textInput().openapi({
    param: { name: "transactionId", in: "path" },
    example: "4f6c2a9e0b1d4e7f8a9b0c1d2e3f4a5b",
  }),
});

const ClaimSchema = z
  .object({
    id: z.number().int(),
    line: z.number().int().openapi({ description: "The claimed line's position in `order_items` (0-based)." }),
    product_id: z.number().int().nullable(),
    product_name: textInput(),
    variety: textInput(),
    color: textInput(),
    count: z.number().int(),
    description: textInput(),
    photos: z
      .array(textInput())
      .openapi({ description: "`/media/claims/…webp` URLs (add `?w=160` for a small width)." }),
    status: z.enum(["pending", "approved", "rejected"]),
    note: textInput().openapi({ description: "The store's note on its decision." }),
    replacement_transaction_id: textInput()
      .nullable()
      .openapi({ description: "The zero-cost replacement order of an approved claim." }),
    created_at: textInput(),
    decided_at: textInput().nullable(),
  })
  .openapi("DefectClaim");

const ClaimsSchema = z
  .object({
    transaction_id: textInput(),
    delivered: z.boolean(),
    delivered_at: textInput().nullable(),
    window_ends_at: textInput().nullable().openapi({ description: "Delivery plus DEFECT_REPORT_HOURS." }),
    window_open: z.boolean(),
    lines: z.array(
      z.object({
        line: z.number().int(),
        name: textInput(),
        variety: textInput(),
        color: textInput(),
        count: z.number().int(),
        warranty: z.boolean(),
        can_claim: z.boolean(),
      }),
    ),
    claims: z.array(ClaimSchema),
  })
  .openapi("OrderClaims");

const ClaimUpload = z
  .object({
    line: textInput().optional().openapi({ description: "The line's position (0-based).", example: "0" }),
    description: textInput().optional().openapi({ example: "No enciende al cargarlo." }),
    photos: z
      .any()
      .optional()
      .openapi({ type: "array", items: { type: "string", format: "binary" }, description: "Up to 3 image files." }),
  })
  .openapi("DefectClaimUpload");

const serializeClaim = (claim: ClaimView) => ({
  id: claim.id,
  line: claim.line,
  product_id: claim.productId,
  product_name: claim.productName,
  variety: claim.variety,
  color: claim.color,
  count: claim.count,
  description: claim.description,
  photos: claim.photos,
  status: claim.status,
  note: claim.note,
  replacement_transaction_id: claim.replacementTransactionId,
  created_at: claim.createdAt.toISOString(),
  decided_at: claim.decidedAt?.toISOString() ?? null,
});

const serializeClaims = (state: OrderClaims) => ({
  transaction_id: state.transactionId,
  delivered: state.delivered,
  delivered_at: state.deliveredAt?.toISOString() ?? null,
  window_ends_at: state.windowEndsAt?.toISOString() ?? null,
  window_open: state.windowOpen,
  lines: state.lines.map((line) => ({
    line: line.line,
    name: line.name,
    variety: line.variety,
    color: line.color,
    count: line.count,
    warranty: line.warranty,
    can_claim: line.canClaim,
  })),
  claims: state.claims.map(serializeClaim),
});

const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  c.res.headers.set("Cache-Control", PRIVATE_NO_STORE);
};

/** `{error, details}` of one field, as the validation hook writes it. */
const fieldError = (c: Context, path: string, message: string, status: 400 | 409 = 400) =>
  c.json({ error: message, details: [{ path, message }] }, status);

/** The claim routes. */
export function createClaimRoutes(deps: { db: Db; env: Env }) {
  const app = createRouter();
  app.use("/api/orders/:transactionId/claims", noStore);
  const auth = requireApiUser(deps, { style: "api" });

  const listRoute = createRoute({
    method: "get",
    path: "/api/orders/{transactionId}/claims",
    tags,
    summary: "An order's defect claims, its lines and the claim window",
    security,
    middleware: [auth] as const,
    request: { params: Params, query: LangOnly },
    responses: {
      200: jsonContent(ClaimsSchema, "The order's claims"),
      401: unauthorized,
      404: errorResponse("Order not found (also another customer's order)"),
    },
  });

  const createRouteDef = createRoute({
    method: "post",
    path: "/api/orders/{transactionId}/claims",
    tags,
    summary: "Reports a defect in a line under warranty of a delivered order, within the window",
    description:
      "`multipart/form-data`: `line`, `description` (10 to 1000 characters) and up to 3 `photos` image files " +
      "(each at most 8 MB; stored as WebP). One open claim per line; refused after the window (409).",
    security,
    middleware: [auth] as const,
    request: {
      params: Params,
      query: LangOnly,
      body: { content: { "multipart/form-data": { schema: ClaimUpload } } },
    },
    responses: {
      201: jsonContent(ClaimSchema, "The claim, pending"),
      400: errorResponse("A field is invalid, more than 3 photos, or a file that is not an image"),
      401: unauthorized,
      404: errorResponse("Order not found (also another customer's order)"),
      409: errorResponse("Not delivered, window closed, no warranty, or the line already has a claim"),
      413: errorResponse("Body too large"),
      415: errorResponse("Not multipart/form-data"),
      429: jsonContent(ErrorSchema, "Too many claims; see Retry-After"),
    },
  });

  app.openapi(listRoute, async (c) => {
    const lang = requestLanguage(c);
    const state = await getOrderClaims(deps.db, c.var.apiUser.id, c.req.valid("param").transactionId);
    if (!state) return c.json({ error: messageFor(lang, "claims.errors.notFound") }, 404);
    return c.json(serializeClaims(state), 200);
  });

  app.openapi(createRouteDef, async (c) => {
    const lang = requestLanguage(c);
    const type = c.req.header("content-type") ?? "";
    if (!type.toLowerCase().startsWith("multipart/form-data")) {
      return c.json({ error: messageFor(lang, "claims.errors.multipart") }, 415);
    }
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      return c.json({ error: messageFor(lang, "claims.errors.multipart") }, 415);
    }
    const parsed = ClaimFormSchema.safeParse({
      line: form.get("line") ?? undefined,
      description: typeof form.get("description") === "string" ? form.get("description") : undefined,
    });
    if (!parsed.success) {
      const details = parsed.error.issues.map((issue) => ({
        path: issue.path.map(String).join("."),
        message: messageFor(lang, issue.message),
      }));
      return c.json({ error: details[0].message, details }, 400);
    }
    const photos = form.getAll("photos").filter(isPickedFile);
    const result = await createClaim(
      { db: deps.db, media: mediaStore(deps.env) },
      c.var.apiUser.id,
      c.req.valid("param").transactionId,
      parsed.data,
      photos,
      { lang },
    );
    if (result.ok) return c.json(serializeClaim(result.claim), 201);
    const message = messageFor(lang, result.error);
    if (result.status === 429) {
      c.header("Retry-After", String(result.retryAfterSeconds ?? 60));
      return c.json({ error: message }, 429);
    }
    if (result.status === 404) return c.json({ error: message }, 404);
    if (result.field) return fieldError(c, result.field, message, result.status);
    return c.json({ error: message }, result.status);
  });

  return app;
}
