/**
 * Orders, shipping and coupon calls of spec §7.4 (§3 Order, §4.1, §4.5, §5 Checkout, §8; decision “Prices are kept in US cents”,
 * decision “The wholesale price”-decision “Cash on delivery only”), plus the invoice and reorder calls of decision “Invoice and reorder”: the route group, with the orders' own
 * calls (get-orders, get-order, cancel-order, reorder, invoice) here and the checkout's in
 * checkout.ts. Thin adapters over `~/features/orders`; the wire shapes are in order-schemas.ts:
 * USD as numbers with at most 2 decimals, shipping in whole CUP (decision “Prices are kept in US cents”). Every call is the signed-in
 * customer's own (another customer's order is a 404, decision “Order ids are unguessable and private”) and is never stored by a cache.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { Db } from "~/db/client.server";
import { getCompanyInfo } from "~/features/content/content.server";
import { renderInvoicePdf } from "~/features/orders/invoice.server";
import { getOrder, listOrders } from "~/features/orders/orders.server";
import { reorder } from "~/features/orders/reorder.server";
import { cancelOrder } from "~/features/orders/status.server";
import { interpolate } from "~/i18n/i18n";
import { type Language, parseLanguage } from "~/i18n/languages";
import type { Env } from "~/utils/env.server";
import { textInput } from "~/utils/text";
import { messageFor, requestLanguage, requireApiUser } from "./auth-user";
import { serializeCartLine } from "./cart-schemas";
import { addCheckoutRoutes } from "./checkout";
import { PRIVATE_NO_STORE, createRouter, errorResponse, jsonContent } from "./http";
import { LangOnly, OrderSchema, ReorderSchema, serializeOrder, unauthorized } from "./order-schemas";

const tags = ["orders"];
const security = [{ jwt: [] }];

const notFound = errorResponse("Order not found (also another customer's order, D19)");
const TransactionParams = z.object({
  transactionId: textInput().openapi({
    param: { name: "transactionId", in: "path" },
    example: "4f6c2a9e0b1d4e7f8a9b0c1d2e3f4a5b",
  }),
});

/** Personal answers: no cache keeps them, errors and 401s included. */
const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  c.res.headers.set("Cache-Control", PRIVATE_NO_STORE);
};

/** The orders, shipping and coupon routes, built around the group's token guard. */
export function createOrderRoutes(deps: { db: Db; env: Env }) {
  const { db } = deps;
  const app = createRouter();
  for (const path of ["/api/orders/*", "/api/coupons/*"]) app.use(path, noStore);
  // decision “Tokens in cookies” and the issue: a missing or forged token is a 401 with a JSON `detail` (djoser's shape).
  const auth = requireApiUser(deps, { style: "api" });

  // The checkout's calls first: the OpenAPI document lists the routes in the order they are added.
  addCheckoutRoutes(app, deps, auth);

  const listRoute = createRoute({
    method: "get",
    path: "/api/orders/get-orders",
    tags,
    summary: "The customer's orders, newest first",
    security,
    middleware: [auth] as const,
    request: { query: LangOnly },
    responses: { 200: jsonContent(z.object({ orders: z.array(OrderSchema) }), "The orders"), 401: unauthorized },
  });

  const getRoute = createRoute({
    method: "get",
    path: "/api/orders/get-order/{transactionId}",
    tags,
    summary: "One of the customer's orders",
    security,
    middleware: [auth] as const,
    request: { params: TransactionParams, query: LangOnly },
    responses: { 200: jsonContent(OrderSchema, "The order"), 401: unauthorized, 404: notFound },
  });

  const cancelRoute = createRoute({
    method: "patch",
    path: "/api/orders/cancel-order/{transactionId}",
    tags,
    summary: "Cancels the order while it is not_processed or processed (§4.1); its units go back in stock",
    description: "Any body is ignored. Later, cancellation goes through customer service (409).",
    security,
    middleware: [auth] as const,
    request: { params: TransactionParams, query: LangOnly },
    responses: {
      200: jsonContent(OrderSchema, "The cancelled order"),
      401: unauthorized,
      404: notFound,
      409: errorResponse("Already shipping, delivered or cancelled: contact customer service"),
    },
  });

  const reorderRoute = createRoute({
    method: "post",
    path: "/api/orders/reorder/{transactionId}",
    tags,
    summary: "Puts the order's still-available lines back in the cart, capped at stock (D20)",
    security,
    middleware: [auth] as const,
    request: { params: TransactionParams, query: LangOnly },
    responses: {
      200: jsonContent(ReorderSchema, "The cart, and the lines not added (or capped) with why"),
      401: unauthorized,
      404: notFound,
    },
  });

  const invoiceRoute = createRoute({
    method: "get",
    path: "/api/orders/invoice/{transactionId}",
    tags,
    summary: "The order's invoice as a PDF (D20), in `lang` (default: the order's language)",
    security,
    middleware: [auth] as const,
    request: {
      params: TransactionParams,
      query: z.object({
        lang: textInput()
          .optional()
          .openapi({
            param: { name: "lang", in: "query" },
            description: "`en` or `es`; default the order's language.",
          }),
      }),
    },
    responses: {
      200: {
        content: { "application/pdf": { schema: textInput().openapi({ type: "string", format: "binary" }) } },
        description: "The PDF, as an attachment named after the transaction id",
      },
      401: unauthorized,
      404: notFound,
    },
  });

  app.openapi(listRoute, async (c) =>
    c.json({ orders: (await listOrders(db, c.var.apiUser.id)).map(serializeOrder) }, 200),
  );

  app.openapi(getRoute, async (c) => {
    const order = await getOrder(db, c.var.apiUser.id, c.req.valid("param").transactionId);
    if (!order) return c.json({ error: messageFor(requestLanguage(c), "orders.errors.notFound") }, 404);
    return c.json(serializeOrder(order), 200);
  });

  app.openapi(cancelRoute, async (c) => {
    const lang = requestLanguage(c);
    const result = await cancelOrder(deps, c.var.apiUser.id, c.req.valid("param").transactionId);
    if (result.ok) return c.json(serializeOrder(result.order), 200);
    if (result.status === 404) return c.json({ error: messageFor(lang, result.error) }, 404);
    const status = messageFor(lang, `invoice.status.${result.from}`);
    return c.json({ error: interpolate(messageFor(lang, "orders.errors.cannotCancel"), { status }) }, 409);
  });

  app.openapi(reorderRoute, async (c) => {
    const lang = requestLanguage(c);
    const result = await reorder(db, c.var.apiUser.id, c.req.valid("param").transactionId, lang);
    if (!result) return c.json({ error: messageFor(lang, "orders.errors.notFound") }, 404);
    return c.json(
      {
        cart: result.cart.map(serializeCartLine),
        not_added: result.notAdded.map((line) => ({
          product_id: line.productId,
          name: line.name,
          variety: line.variety,
          color: line.color,
          count: line.count,
          in_cart: line.inCart,
          reason: line.reason,
          error: interpolate(messageFor(lang, `orders.reorder.${line.reason}`), { count: line.inCart }),
        })),
      },
      200,
    );
  });

  app.openapi(invoiceRoute, async (c) => {
    const order = await getOrder(db, c.var.apiUser.id, c.req.valid("param").transactionId);
    if (!order) return c.json({ error: messageFor(requestLanguage(c), "orders.errors.notFound") }, 404);
    const asked = c.req.valid("query").lang;
    const lang: Language = asked === undefined ? order.language : parseLanguage(asked);
    const company = await getCompanyInfo(db, lang);
    const pdf = await renderInvoicePdf(order, { lang, company: company ?? undefined });
    const name = `${lang === "en" ? "invoice" : "factura"}-${order.transactionId}.pdf`;
    return c.body(new Uint8Array(pdf), 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${name}"`,
    });
  });

  return app;
}
