/**
 * Cart calls of spec §7.2 (§4.3, §5 cart quantity, §8 cart messages; decisions “Prices are kept in US cents”, “The wholesale price”, “The server decides every figure”): the
 * signed-in shopper's server cart. Thin adapters over `~/features/cart/` (cart.server, cart-lines.server), which own
 * every rule and every figure (wholesale, totals, coupon); this file parses, calls
 * and serialises in the spec's field names, money as USD numbers with at most 2 decimals (decision “Prices are kept in US cents”).
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AccountsDeps } from "~/features/accounts/accounts.server";
import { type CartResult, addCartLine, emptyCart, removeCartLine, updateCartLine } from "~/features/cart/cart.server";
import { type CartTotals, getCartItemCount, getCartLines, getCartTotals } from "~/features/cart/cart-lines.server";
import type { CartTotalsDto } from "~/features/cart/types";
import { WHOLESALE_MIN_UNITS } from "~/features/cart/wholesale";
import { centsToUsd } from "~/features/catalog/product-cards.server";
import { interpolate } from "~/i18n/i18n";
import type { Language } from "~/i18n/languages";
import { formatPrice } from "~/utils/money";
import { messageFor, requestLanguage, requireApiUser } from "./auth-user";
import { ErrorSchema, LangQuery, createRouter, errorResponse, jsonContent, requireJson } from "./http";
import { CartLineSchema, TotalsSchema, serializeCartLine } from "./cart-schemas";
import { textInput } from "~/utils/text";
import { MAX_ROW_ID } from "~/utils/ids";

const tags = ["cart"];

/** A row id in a JSON body: a whole number, not a numeric string (hostile input is a 400). */
export const RowIdField = z.number().int().min(1).max(MAX_ROW_ID);

/** A row id in the query string (`?cart_item_id=`, `?product_id=`). */
export const RowIdQuery = z.coerce.number().int().min(1).max(MAX_ROW_ID);

/** §5: a quantity is a whole number of at least 1; the stock bound is the feature's check. */
const CountField = z
  .number("cart.errors.invalidCount")
  .int("cart.errors.invalidCount")
  .min(1, "cart.errors.invalidCount")
  .max(MAX_ROW_ID, "cart.errors.invalidCount")
  .openapi({ description: "1 to the product's stock (§5).", example: 2 });

const OptionField = textInput().trim().max(100).nullable().optional();

const AddItemBody = z
  .object({
    product_id: RowIdField.openapi({ example: 1 }),
    count: CountField,
    color: OptionField.openapi({
      description: "One of the product's colours, by its Spanish or English name; the first when absent (§2.10).",
      example: "Rojo",
    }),
    variety: OptionField.openapi({
      description: "One of the product's varieties; the first when absent (§2.10).",
      example: "250 g",
    }),
  })
  .openapi("CartAddItemRequest");

const UpdateItemBody = z
  .object({ cart_item_id: RowIdField.openapi({ example: 1 }), count: CountField })
  .openapi("CartUpdateItemRequest");

const RemoveItemBody = z
  .object({ cart_item_id: RowIdField.optional().openapi({ example: 1 }) })
  .openapi("CartRemoveItemRequest");

const CartSchema = z.object({ cart: z.array(CartLineSchema) });
const CartLineResponseSchema = z.object({
  cart_item: CartLineSchema.openapi({ description: "The line added or changed." }),
  cart: z.array(CartLineSchema).openapi({ description: "The whole cart after the change." }),
});

const ConflictSchema = ErrorSchema.extend({
  cart_item_id: z.number().int().openapi({ description: "The existing line of this product+colour+variety." }),
  count: z.number().int().openapi({ description: "Its current count: update it to count + the added count (§4.3)." }),
}).openapi("CartConflict");

const unauthorized = errorResponse("No valid access token (`Authorization: JWT <access>`)");
const security = [{ jwt: [] }];
const LangOnly = z.object({ lang: LangQuery });

/** A feature error key in the request's language, with its `{stock}` filled in. */
function errorText(lang: Language, result: Extract<CartResult<unknown>, { ok: false }>): string {
  return interpolate(messageFor(lang, result.error), result.values);
}

function serializeTotals(totals: CartTotals, lang: Language): CartTotalsDto {
  let couponError: string | null = null;
  if (totals.couponError) {
    const min = totals.couponMinTotalCents;
    couponError = interpolate(messageFor(lang, totals.couponError), {
      min: min === undefined ? "" : formatPrice(centsToUsd(min), "USD", 1, lang),
    });
  }
  return {
    total_cost: centsToUsd(totals.totalCents),
    total_compare_cost: centsToUsd(totals.compareTotalCents),
    subtotal_cost: centsToUsd(totals.subtotalCents),
    discount: centsToUsd(totals.couponDiscountCents),
    savings: centsToUsd(Math.max(0, totals.compareTotalCents - totals.totalCents)),
    total_items: totals.itemCount,
    total_units: totals.unitCount,
    coupon: totals.coupon && {
      name: totals.coupon.name,
      discount_percent: totals.coupon.discountPercent,
      discount_amount: totals.coupon.discountCents == null ? null : centsToUsd(totals.coupon.discountCents),
    },
    coupon_error: couponError,
  };
}

/**
 * JSON bodies are optional on the DELETE calls (the id may come as a query parameter instead):
 * no body is fine, a body must be JSON (415 otherwise, never silently ignored).
 */
export async function optionalJson(c: Context, next: () => Promise<void>) {
  const raw = c.req.raw;
  const length = Number(raw.headers.get("content-length") ?? "0");
  if (!raw.body || length === 0) {
    // An empty body with a JSON content type (axios does this) is no body, not malformed JSON.
    if (raw.headers.has("content-type")) {
      const headers = new Headers(raw.headers);
      headers.delete("content-type");
      c.req.raw = new Request(raw.url, { method: raw.method, headers, signal: raw.signal });
    }
    return next();
  }
  return requireJson(c, next);
}

/** The cart routes, built around the group's token guard. */
export function createCartRoutes(deps: AccountsDeps) {
  const { db } = deps;
  const app = createRouter();
  const auth = requireApiUser(deps, { style: "api" });

  const addRoute = createRoute({
    method: "post",
    path: "/api/cart/add-item",
    tags,
    summary: "Adds a line (product + colour + variety) to the cart",
    description:
      "409 when the same product, colour and variety is already in the cart: the answer names the line " +
      "(`cart_item_id`, `count`) and nothing changes; the client then calls update-item with the sum (§4.3).",
    security,
    middleware: [auth, requireJson] as const,
    request: {
      query: LangOnly,
      body: { content: { "application/json": { schema: AddItemBody } }, required: true },
    },
    responses: {
      201: jsonContent(CartLineResponseSchema, "The new line and the whole cart"),
      400: errorResponse(
        "Invalid body, 'Product is out of stock', a count above the stock or below 1, or a colour/variety the product lacks",
      ),
      401: unauthorized,
      404: errorResponse("Product not found"),
      409: jsonContent(ConflictSchema, "This item is already in your cart"),
      413: errorResponse("Body over 64 KB"),
      415: errorResponse("Not a JSON body"),
    },
  });

  const itemsRoute = createRoute({
    method: "get",
    path: "/api/cart/cart-items",
    tags,
    summary: `The cart's lines, oldest first, each priced (wholesale from ${WHOLESALE_MIN_UNITS} units, D13b)`,
    security,
    middleware: [auth] as const,
    request: { query: LangOnly },
    responses: { 200: jsonContent(CartSchema, "The lines"), 401: unauthorized },
  });

  const updateRoute = createRoute({
    method: "put",
    path: "/api/cart/update-item",
    tags,
    summary: "Sets a line's count (1 to the product's stock, §5)",
    security,
    middleware: [auth, requireJson] as const,
    request: {
      query: LangOnly,
      body: { content: { "application/json": { schema: UpdateItemBody } }, required: true },
    },
    responses: {
      200: jsonContent(CartLineResponseSchema, "The changed line and the whole cart"),
      400: errorResponse("Invalid body, or a count outside 1..stock"),
      401: unauthorized,
      404: errorResponse("Item not found in cart"),
      413: errorResponse("Body over 64 KB"),
      415: errorResponse("Not a JSON body"),
    },
  });

  const removeRoute = createRoute({
    method: "delete",
    path: "/api/cart/remove-item",
    tags,
    summary: "Removes a line (`cart_item_id` in a JSON body or the query string)",
    security,
    middleware: [auth, optionalJson] as const,
    request: {
      query: z.object({
        lang: LangQuery,
        cart_item_id: RowIdQuery.optional().openapi({ param: { name: "cart_item_id", in: "query" }, example: 1 }),
      }),
      body: { content: { "application/json": { schema: RemoveItemBody } }, required: false },
    },
    responses: {
      200: jsonContent(CartSchema, "The cart after the removal"),
      400: errorResponse("cart_item_id missing or not a positive integer"),
      401: unauthorized,
      404: errorResponse("Item not found in cart"),
      413: errorResponse("Body over 64 KB"),
      415: errorResponse("A body that is not JSON"),
    },
  });

  const totalRoute = createRoute({
    method: "get",
    path: "/api/cart/get-total",
    tags,
    summary: "The cart's totals, with a coupon's discount when `coupon` names a valid one",
    description: "An invalid coupon is reported in `coupon_error` and not applied (D18: the server computes money).",
    security,
    middleware: [auth] as const,
    request: {
      query: z.object({
        lang: LangQuery,
        coupon: textInput()
          .max(200)
          .optional()
          .openapi({ param: { name: "coupon", in: "query" }, example: "BIENVENIDO10" }),
      }),
    },
    responses: {
      200: jsonContent(TotalsSchema, "Totals in USD"),
      400: errorResponse("A coupon parameter over 200 characters"),
      401: unauthorized,
    },
  });

  const itemTotalRoute = createRoute({
    method: "get",
    path: "/api/cart/get-item-total",
    tags,
    summary: "The number of lines in the cart (the header badge)",
    security,
    middleware: [auth] as const,
    request: { query: LangOnly },
    responses: {
      200: jsonContent(z.object({ total_items: z.number().int() }), "The number of lines"),
      401: unauthorized,
    },
  });

  const emptyRoute = createRoute({
    method: "delete",
    path: "/api/cart/empty-cart",
    tags,
    summary: "Removes every line",
    security,
    middleware: [auth] as const,
    request: { query: LangOnly },
    responses: { 200: jsonContent(CartSchema, "The (empty) cart"), 401: unauthorized },
  });

  const linesOf = async (userId: number, lang: Language) =>
    (await getCartLines(db, userId, lang)).map(serializeCartLine);

  app.openapi(addRoute, async (c) => {
    const lang = requestLanguage(c);
    const userId = c.var.apiUser.id;
    const body = c.req.valid("json");
    const result = await addCartLine(db, userId, {
      productId: body.product_id,
      count: body.count,
      color: body.color,
      variety: body.variety,
    });
    if (!result.ok) {
      const error = errorText(lang, result);
      if (result.status === 409) {
        const values = result.values ?? {};
        return c.json({ error, cart_item_id: Number(values.cart_item_id), count: Number(values.count) }, 409);
      }
      return c.json({ error }, result.status);
    }
    const cart = await linesOf(userId, lang);
    const line = cart.find((l) => l.id === result.value.lineId);
    // Removed between the insert and the read (another tab emptied the cart): report it as gone.
    if (!line) return c.json({ error: messageFor(lang, "cart.errors.itemNotFound") }, 404);
    return c.json({ cart_item: line, cart }, 201);
  });

  app.openapi(itemsRoute, async (c) => c.json({ cart: await linesOf(c.var.apiUser.id, requestLanguage(c)) }, 200));

  app.openapi(updateRoute, async (c) => {
    const lang = requestLanguage(c);
    const userId = c.var.apiUser.id;
    const body = c.req.valid("json");
    const result = await updateCartLine(db, userId, body.cart_item_id, body.count);
    if (!result.ok) return c.json({ error: errorText(lang, result) }, result.status as 400 | 404);
    const cart = await linesOf(userId, lang);
    const line = cart.find((l) => l.id === result.value.lineId);
    if (!line) return c.json({ error: messageFor(lang, "cart.errors.itemNotFound") }, 404);
    return c.json({ cart_item: line, cart }, 200);
  });

  app.openapi(removeRoute, async (c) => {
    const lang = requestLanguage(c);
    const userId = c.var.apiUser.id;
    const lineId = c.req.valid("json").cart_item_id ?? c.req.valid("query").cart_item_id;
    if (lineId === undefined) {
      const error = "cart_item_id: Required";
      return c.json({ error, details: [{ path: "cart_item_id", message: "Required" }] }, 400);
    }
    const result = await removeCartLine(db, userId, lineId);
    if (!result.ok) return c.json({ error: errorText(lang, result) }, 404);
    return c.json({ cart: await linesOf(userId, lang) }, 200);
  });

  app.openapi(totalRoute, async (c) => {
    const lang = requestLanguage(c);
    const totals = await getCartTotals(db, c.var.apiUser.id, { lang, couponName: c.req.valid("query").coupon });
    return c.json(serializeTotals(totals, lang), 200);
  });

  app.openapi(itemTotalRoute, async (c) => c.json({ total_items: await getCartItemCount(db, c.var.apiUser.id) }, 200));

  app.openapi(emptyRoute, async (c) => {
    await emptyCart(db, c.var.apiUser.id);
    return c.json({ cart: [] }, 200);
  });

  return app;
}
