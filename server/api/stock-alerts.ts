/**
 * Back-in-stock alerts (docs/features.md): `POST /api/products/{id}/stock-alerts` subscribes (signed
 * in: the account's address at once, 201; signed out: `{email}`, kept until the emailed link
 * confirms it, 202), `DELETE` ends the signed-in shopper's. Thin adapters over
 * `~/features/stock-alerts`; an in-stock product takes no alert (409).
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AccountsDeps } from "~/features/accounts/accounts.server";
import { outboxMailer } from "~/features/outbox/mailer.server";
import { checkAlertEmail } from "~/features/stock-alerts/form.server";
import { subscribe, unsubscribe } from "~/features/stock-alerts/subscriptions.server";
import { textInput } from "~/utils/text";
import { getApiUser, messageFor, requestLanguage, requireApiUser } from "./auth-user";
import { optionalJson } from "./cart";
import { ErrorSchema, LangQuery, createRouter, errorResponse, jsonContent } from "./http";
import { MAX_ROW_ID } from "~/utils/ids";
import { clientIp } from "../proxy";

const tags = ["stock-alerts"];

const ProductIdParam = z.coerce
  .number()
  .int()
  .min(1)
  .max(MAX_ROW_ID)
  .openapi({ param: { name: "id", in: "path" }, example: 1 });

const Params = z.object({ id: ProductIdParam });
const Query = z.object({ lang: LangQuery });

const SubscribeBody = z
  .object({
    email: textInput().optional().openapi({
      description: "Signed out: the address to alert (a confirmation email goes there first).",
      example: "ana@example.com",
    }),
  })
  .openapi("StockAlertRequest");

const Subscribed = z
  .object({
    status: z.enum(["subscribed", "pending"]),
    product_id: z.number().int(),
    detail: textInput(),
  })
  .openapi("StockAlert");

const rateLimitedResponse = jsonContent(
  ErrorSchema.extend({ detail: textInput() }),
  "Too many subscriptions from this address or to this email; see Retry-After",
);

const subscribeRoute = createRoute({
  method: "post",
  path: "/api/products/{id}/stock-alerts",
  tags,
  summary: "Asks for one email when an out-of-stock product is back",
  description:
    "With `Authorization: JWT <access>` the account's address is subscribed at once (201). Without it, " +
    "`{email}` is kept unconfirmed and a confirmation link is emailed in `lang` (202, double opt-in): only " +
    "confirmed subscriptions are notified. When the product's stock goes from 0 to more, each gets one " +
    "email in its language and the subscription ends.",
  security: [{ jwt: [] }],
  middleware: [optionalJson] as const,
  request: {
    params: Params,
    query: Query,
    body: { content: { "application/json": { schema: SubscribeBody } }, required: false },
  },
  responses: {
    201: jsonContent(Subscribed, "Signed in: subscribed"),
    202: jsonContent(Subscribed, "Signed out: pending the emailed confirmation"),
    400: errorResponse("The id is not a positive integer; email missing or invalid when signed out"),
    401: errorResponse("An Authorization header whose token is not valid"),
    404: errorResponse("Product not found"),
    409: errorResponse("The product is in stock: nothing to wait for"),
    413: errorResponse("Body over 64 KB"),
    415: errorResponse("A body that is not JSON"),
    429: rateLimitedResponse,
  },
});

const unsubscribeRouteOf = (auth: ReturnType<typeof requireApiUser>) =>
  createRoute({
    method: "delete",
    path: "/api/products/{id}/stock-alerts",
    tags,
    summary: "Ends the signed-in shopper's alert for a product",
    security: [{ jwt: [] }],
    middleware: [auth] as const,
    request: { params: Params, query: Query },
    responses: {
      200: jsonContent(z.object({ status: z.literal("unsubscribed"), product_id: z.number().int() }), "Ended"),
      400: errorResponse("The id is not a positive integer"),
      401: errorResponse("No valid access token (`Authorization: JWT <access>`)"),
      404: errorResponse("No alert of yours for this product"),
    },
  });

const fieldError = (c: Context, message: string) =>
  c.json({ error: `email: ${message}`, details: [{ path: "email", message }] }, 400);

/** The stock-alert routes. */
export function createStockAlertRoutes(deps: AccountsDeps) {
  const app = createRouter();

  app.openapi(subscribeRoute, async (c) => {
    const lang = requestLanguage(c);
    const productId = c.req.valid("param").id;
    const found = await getApiUser(deps, c.req.raw);
    if (!found.user && found.reason === "invalid") {
      c.header("WWW-Authenticate", 'JWT realm="api"');
      const message = messageFor(lang, "accounts.errors.tokenInvalid");
      return c.json({ error: message }, 401);
    }
    const user = found.user;
    let email = user?.email ?? "";
    if (!user) {
      const checked = checkAlertEmail(c.req.valid("json")?.email);
      if (!checked.ok) return fieldError(c, messageFor(lang, checked.error));
      email = checked.email;
    }
    const result = await subscribe(deps.db, { productId, email, userId: user?.id ?? null, lang }, { ip: clientIp(c) });
    if (!result.ok) {
      const message = messageFor(lang, `stockAlerts.errors.${result.error}`);
      if (result.error === "rateLimited") {
        c.header("Retry-After", String(result.retryAfterSeconds ?? 60));
        return c.json({ error: message, detail: message }, 429);
      }
      return c.json({ error: message }, result.error === "notFound" ? 404 : 409);
    }
    if (result.status === "pending") {
      void outboxMailer(deps).flush();
      const detail = messageFor(lang, "stockAlerts.form.pending").replace("{email}", email);
      return c.json({ status: "pending" as const, product_id: productId, detail }, 202);
    }
    const detail = messageFor(lang, "stockAlerts.form.subscribed").replace("{email}", email);
    return c.json({ status: "subscribed" as const, product_id: productId, detail }, 201);
  });

  app.openapi(unsubscribeRouteOf(requireApiUser(deps, { style: "api" })), async (c) => {
    const lang = requestLanguage(c);
    const productId = c.req.valid("param").id;
    const ended = await unsubscribe(deps.db, productId, c.var.apiUser.email);
    if (ended === 0) return c.json({ error: messageFor(lang, "stockAlerts.errors.notSubscribed") }, 404);
    return c.json({ status: "unsubscribed" as const, product_id: productId }, 200);
  });

  return app;
}
