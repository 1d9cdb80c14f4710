/**
 * Orders, shipping and coupon calls of spec §7.4 (§3 Order, §4.1, §4.5, §5 Checkout, §8; D1,
 * D13b-D22), plus the invoice and reorder calls of D20. Thin adapters over
 * `~/features/orders/orders.server`, which recomputes every figure (D18); this file parses, calls
 * and serialises in the spec's field names: USD as numbers with at most 2 decimals, shipping in
 * whole CUP (D1). Every call is the signed-in customer's own (another customer's order is a 404,
 * D19) and is never stored by a cache.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import type { Db } from "~/db/client.server";
import { orderStatuses } from "~/db/schema";
import { getCartTotals } from "~/features/cart/cart.server";
import { WHOLESALE_MIN_UNITS } from "~/features/cart/wholesale";
import { centsToUsd } from "~/features/catalog/product-cards.server";
import { getCompanyInfo } from "~/features/content/content.server";
import { checkCoupon, findCoupon } from "~/features/coupons/coupons.server";
import { renderInvoicePdf } from "~/features/orders/invoice.server";
import {
  type CreateOrderResult,
  calculateShipping,
  cancelOrder,
  createOrder,
  getOrder,
  listOrders,
  reorder,
} from "~/features/orders/orders.server";
import { CheckoutSchema, CouponCodeSchema, checkoutFieldErrors } from "~/features/orders/schemas";
import { isCancellable } from "~/features/orders/status";
import type { OrderDetail } from "~/features/orders/types";
import { DELIVERY_OPTIONS, EXPRESS_CUTOFF } from "~/features/shipping/shipping";
import { interpolate } from "~/i18n/i18n";
import { type Language, parseLanguage } from "~/i18n/languages";
import type { Env } from "~/utils/env.server";
import { formatPrice } from "~/utils/money";
import { messageFor, requestLanguage, requireApiUser } from "./auth-user";
import { CartLineSchema, serializeCartLine } from "./cart";
import {
  ErrorSchema,
  LangQuery,
  PRIVATE_NO_STORE,
  createRouter,
  errorResponse,
  jsonContent,
  requireJson,
} from "./http";
import { textInput } from "~/utils/text";

const tags = ["orders"];
const security = [{ jwt: [] }];

// ---------------------------------------------------------------------------------------------
// Wire shapes.

const OrderItemSchema = z
  .object({
    product_id: z.number().int().nullable().openapi({ description: "Null when the product was deleted since." }),
    name: textInput().openapi({ description: "In the language the order was placed in." }),
    variety: textInput(),
    color: textInput(),
    count: z.number().int(),
    price: z
      .number()
      .openapi({ description: `Unit price charged, USD (wholesale from ${WHOLESALE_MIN_UNITS} units, D13b).` }),
  })
  .openapi("OrderItem");

const OrderSchema = z
  .object({
    transaction_id: textInput().openapi({ description: "Random and unguessable (D19).", example: "9f1c…" }),
    status: z.enum(orderStatuses),
    date_issued: textInput().openapi({ format: "date-time" }),
    amount: z.number().openapi({ description: "Goods after coupon, USD (D18b)." }),
    subtotal: z.number().openapi({ description: "Goods before coupon, USD." }),
    discount: z.number().openapi({ description: "Coupon discount, USD." }),
    coupon_name: textInput().nullable(),
    shipping_price: z.number().int().openapi({ description: "Whole CUP (D1, D15)." }),
    shipping_name: textInput(),
    shipping_time: textInput().openapi({ description: "The D16 delivery estimate." }),
    delivery_option: z.enum(DELIVERY_OPTIONS),
    exchange_rate: z.number().openapi({ description: "CUP per USD when the order was placed." }),
    full_name: textInput(),
    client_id: textInput().openapi({ description: "Identity card number." }),
    address: textInput(),
    city: textInput(),
    state_province_region: textInput(),
    postal_zip_code: textInput(),
    country: textInput(),
    phone_number: textInput(),
    delivery_latitude: z.number(),
    delivery_longitude: z.number(),
    is_gift: z.boolean(),
    gift_message: textInput(),
    payment_type: z.literal("cash"),
    language: z.enum(["es", "en"]),
    can_cancel: z.boolean().openapi({ description: "§4.1: while not_processed or processed." }),
    order_items: z.array(OrderItemSchema),
    status_history: z
      .array(z.object({ status: textInput(), date: textInput().openapi({ format: "date-time" }) }))
      .openapi({ description: "Oldest first; the first entry is not_processed at placing time." }),
  })
  .openapi("Order");

function serializeOrder(order: OrderDetail) {
  return {
    transaction_id: order.transactionId,
    status: order.status,
    date_issued: order.dateIssued.toISOString(),
    amount: centsToUsd(order.amountCents),
    subtotal: centsToUsd(order.goodsCents),
    discount: centsToUsd(order.discountCents),
    coupon_name: order.couponName,
    shipping_price: order.shippingPriceCup,
    shipping_name: order.shippingName,
    shipping_time: order.shippingTime,
    delivery_option: order.deliveryOption,
    exchange_rate: order.exchangeRate,
    full_name: order.fullName,
    client_id: order.clientId,
    address: order.address,
    city: order.city,
    state_province_region: order.stateProvinceRegion,
    postal_zip_code: order.postalZipCode,
    country: order.country,
    phone_number: order.phoneNumber,
    delivery_latitude: order.deliveryLatitude,
    delivery_longitude: order.deliveryLongitude,
    is_gift: order.isGift,
    gift_message: order.giftMessage,
    payment_type: order.paymentType,
    language: order.language,
    can_cancel: isCancellable(order.status),
    order_items: order.items.map((item) => ({
      product_id: item.productId,
      name: item.name,
      variety: item.variety,
      color: item.color,
      count: item.count,
      price: centsToUsd(item.priceCents),
    })),
    status_history: order.history.map((h) => ({ status: h.status, date: h.date.toISOString() })),
  };
}

const ShippingBody = z
  .object({
    latitude: z.number({ error: "shipping.errors.invalidLocation" }).openapi({ example: 23.1136 }),
    longitude: z.number({ error: "shipping.errors.invalidLocation" }).openapi({ example: -82.3666 }),
    deliveryOption: textInput({ error: "shipping.errors.invalidOption" })
      .max(20, "shipping.errors.invalidOption")
      .openapi({
        description: `\`standard\` or \`express\` (express is refused from ${EXPRESS_CUTOFF} Havana time).`,
        example: "standard",
      }),
    coupon_name: textInput().max(200).nullable().optional().openapi({
      description: "The coupon of the checkout: free standard delivery counts the goods after it (D14).",
      example: "BIENVENIDO10",
    }),
  })
  .openapi("CalculateShippingRequest");

const ShippingAnswerSchema = z
  .object({
    success: z.boolean(),
    shipping_cost: z.number().int().nullable().openapi({ description: "Whole CUP; 0 when free (D14)." }),
    error: textInput().nullable(),
    free_shipping: z.boolean().optional(),
    distance_km: z.number().optional().openapi({ description: "Great-circle distance, 1 decimal (D15)." }),
    delivery_option: z.enum(DELIVERY_OPTIONS).optional(),
  })
  .openapi("ShippingCost");

const CouponRecordSchema = z
  .object({
    name: textInput(),
    discount_percent: z.number().int().nullable(),
    discount_amount: z.number().nullable().openapi({ description: "A fixed USD discount, when not a percentage." }),
    min_total: z.number().openapi({ description: "Minimum goods total, USD (0: none)." }),
    valid_until: textInput().nullable().openapi({ format: "date-time" }),
  })
  .openapi("Coupon");

const FieldErrorsSchema = z.record(textInput(), z.array(textInput())).openapi("CheckoutFieldErrors", {
  description: 'djoser field errors in the §5 order: `{"first_name": ["First name is required"], ...}`.',
  example: { first_name: ["First name is required"] },
});

const TotalChangedSchema = ErrorSchema.extend({
  amount: z.number().openapi({ description: "The goods total after coupon now, USD." }),
  shipping_price: z.number().int().openapi({ description: "The shipping now, whole CUP." }),
}).openapi("OrderTotalChanged");

const NotEnoughStockSchema = ErrorSchema.extend({
  product_id: z.number().int(),
  product_name: textInput(),
  stock: z.number().int(),
}).openapi("OrderNotEnoughStock");

const ReorderSchema = z
  .object({
    cart: z.array(CartLineSchema),
    not_added: z.array(
      z.object({
        product_id: z.number().int().nullable(),
        name: textInput(),
        variety: textInput(),
        color: textInput(),
        count: z.number().int().openapi({ description: "Units ordered." }),
        in_cart: z.number().int().openapi({ description: "Units of the line now in the cart (capped at stock)." }),
        reason: z.enum(["productGone", "outOfStock", "optionGone", "capped"]),
        error: textInput().openapi({ description: "Why, in the request's language." }),
      }),
    ),
  })
  .openapi("Reorder");

const unauthorized = errorResponse("No valid access token (`Authorization: JWT <access>`)");
const notFound = errorResponse("Order not found (also another customer's order, D19)");
const TransactionParams = z.object({
  transactionId: textInput().openapi({
    param: { name: "transactionId", in: "path" },
    example: "4f6c2a9e0b1d4e7f8a9b0c1d2e3f4a5b",
  }),
});
const LangOnly = z.object({ lang: LangQuery });

/** D18b `Idempotency-Key`: visible ASCII, as the IETF draft's examples (a UUID fits). */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

// ---------------------------------------------------------------------------------------------

/** Personal answers (issue 9): no cache keeps them, errors and 401s included. */
const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  c.res.headers.set("Cache-Control", PRIVATE_NO_STORE);
};

/** A translated message with its `{placeholders}` filled. */
const text = (lang: Language, key: string, values?: Record<string, string | number>) =>
  interpolate(messageFor(lang, key), values);

/** A coupon refusal (§8), with the coupon's minimum goods total in its `{min}`. */
const couponText = (lang: Language, key: string, minCents: number | undefined) =>
  text(lang, key, { min: minCents === undefined ? "" : formatPrice(centsToUsd(minCents), "USD", 1, lang) });

/** create-order refusals in the spec's shapes: field errors djoser-style, the rest `{error}`. */
function refusal(c: Context, lang: Language, result: Extract<CreateOrderResult, { ok: false }>) {
  if (result.status === 409 && result.error === "checkout.errors.totalChanged") {
    return c.json(
      {
        error: text(lang, result.error),
        amount: centsToUsd(result.amountCents),
        shipping_price: result.shippingPriceCup,
      },
      409,
    );
  }
  if (result.status === 409) {
    const { product } = result;
    return c.json(
      {
        error: text(lang, result.error, { name: product.name, stock: product.stock }),
        product_id: product.id,
        product_name: product.name,
        stock: product.stock,
      },
      409,
    );
  }
  if ("field" in result) {
    return c.json({ [result.field]: [couponText(lang, result.error, result.couponMinTotalCents)] }, 400);
  }
  return c.json({ error: text(lang, result.error) }, 400);
}

/** calculate-shipping answers a bad request in its own shape (§7.4 `{success, shipping_cost, error}`). */
function shippingProblem(error: z.ZodError, lang: Language) {
  const first = error.issues[0];
  // A body that is not an object, or a field without a message key, reads as "no location".
  const key =
    first && first.path.length > 0 && first.message.includes(".") ? first.message : "shipping.errors.invalidLocation";
  return { success: false, shipping_cost: null, error: messageFor(lang, key) };
}

/** create-order answers a bad body djoser-style: every broken field with its first message, in §5 order. */
function checkoutProblem(error: z.ZodError, lang: Language): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(checkoutFieldErrors(error)).map(([field, key]) => [field, [messageFor(lang, key)]]),
  );
}

/** The orders, shipping and coupon routes, built around the group's token guard. */
export function createOrderRoutes(deps: { db: Db; env: Env }) {
  const { db } = deps;
  const app = createRouter();
  for (const path of ["/api/orders/*", "/api/coupons/*"]) app.use(path, noStore);
  // D6 and the issue: a missing or forged token is a 401 with a JSON `detail` (djoser's shape).
  const auth = requireApiUser(deps, { style: "api" });

  const shippingRoute = createRoute({
    method: "post",
    path: "/api/orders/calculate-shipping",
    tags,
    summary: "Shipping cost in whole CUP from the dispatch point to a point in Cuba (D14, D15)",
    description:
      "`ceil(km * 80)` standard, `ceil(km * 150)` express; standard is free when the cart's goods after coupon " +
      `reach 50.00 USD. Express is refused from ${EXPRESS_CUTOFF} Havana time. ` +
      "Any refusal is a 400 `{success: false, " +
      "shipping_cost: null, error}` (the client then falls back to 400 CUP, §8).",
    security,
    middleware: [auth, requireJson] as const,
    request: {
      query: LangOnly,
      body: { content: { "application/json": { schema: ShippingBody } }, required: true },
    },
    responses: {
      200: jsonContent(ShippingAnswerSchema, "The cost"),
      400: jsonContent(
        ShippingAnswerSchema,
        `Missing or bad coordinates, a point outside Cuba, an unknown option, or express after ${EXPRESS_CUTOFF}`,
      ),
      401: unauthorized,
      413: errorResponse("Body over 64 KB"),
      415: errorResponse("Not a JSON body"),
    },
  });

  const couponRoute = createRoute({
    method: "get",
    path: "/api/coupons/check-coupon",
    tags: ["coupons"],
    summary: "The coupon of that name, when it applies to the cart now",
    security,
    middleware: [auth] as const,
    request: {
      query: z.object({
        lang: LangQuery,
        coupon_name: textInput()
          .optional()
          .openapi({ param: { name: "coupon_name", in: "query" }, example: "BIENVENIDO10" }),
      }),
    },
    responses: {
      200: jsonContent(CouponRecordSchema, "The coupon"),
      400: errorResponse("'Please enter a coupon code', 'Coupon invalid or expired', or below its minimum total"),
      401: unauthorized,
      404: errorResponse("This coupon does not exist"),
    },
  });

  const createOrderRoute = createRoute({
    method: "post",
    path: "/api/orders/create-order",
    tags,
    summary: "Places the order of the cart (cash on delivery, D22)",
    description:
      "The server recomputes goods, coupon and shipping (D18): when `amount` (goods after coupon, USD) or " +
      "`shipping_price` (whole CUP) differ from its own figures the answer is 409 with the new ones and nothing " +
      "is stored. A line beyond the stock is a 409 naming the product. `delivery_option` defaults to what " +
      "`shipping_name` says ('express' in it means express, else standard). An `Idempotency-Key` header makes " +
      "a retry return the first order (201 again, `Idempotent-Replayed: true`). A placed order empties the cart.",
    security,
    middleware: [auth, requireJson] as const,
    request: {
      query: LangOnly,
      headers: z.object({
        "idempotency-key": textInput()
          .optional()
          .openapi({
            param: { name: "idempotency-key", in: "header" },
            description: "D18b: a retry with the same key returns the first order. 1 to 255 visible ASCII characters.",
            example: "2b0f5d8c-3c55-4b8a-a4a4-8e3f0d6d6c1e",
          }),
      }),
      body: { content: { "application/json": { schema: CheckoutSchema } }, required: true },
    },
    responses: {
      201: jsonContent(OrderSchema, "The order placed (or, on a retry with the same Idempotency-Key, the first one)"),
      400: jsonContent(
        FieldErrorsSchema.or(ErrorSchema),
        'Field errors (`{"field": ["message"]}`, §5 order), or `{error}`: empty cart, bad Idempotency-Key',
      ),
      401: unauthorized,
      409: jsonContent(TotalChangedSchema.or(NotEnoughStockSchema), "The total changed, or not enough stock"),
      413: errorResponse("Body over 64 KB"),
      415: errorResponse("Not a JSON body"),
    },
  });

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

  app.openapi(
    shippingRoute,
    async (c) => {
      const lang = requestLanguage(c);
      const body = c.req.valid("json");
      const quote = await calculateShipping(db, c.var.apiUser.id, {
        latitude: body.latitude,
        longitude: body.longitude,
        deliveryOption: body.deliveryOption,
        couponName: body.coupon_name,
      });
      if (!quote.ok) return c.json({ success: false, shipping_cost: null, error: messageFor(lang, quote.error) }, 400);
      return c.json(
        {
          success: true,
          shipping_cost: quote.costCup,
          error: null,
          free_shipping: quote.free,
          distance_km: Math.round(quote.distanceKm * 10) / 10,
          delivery_option: quote.option,
        },
        200,
      );
    },
    (result, c) => (result.success ? undefined : c.json(shippingProblem(result.error, requestLanguage(c)), 400)),
  );

  app.openapi(couponRoute, async (c) => {
    const lang = requestLanguage(c);
    const name = CouponCodeSchema.safeParse(c.req.valid("query").coupon_name ?? "");
    if (!name.success) {
      // Blank: 'Please enter a coupon code' (§5). Too long or with a NUL: no such coupon can exist.
      const key = name.error.issues[0].message;
      return c.json({ error: messageFor(lang, key) }, key === "coupons.errors.required" ? 400 : 404);
    }
    const { subtotalCents } = await getCartTotals(db, c.var.apiUser.id);
    const check = checkCoupon(await findCoupon(db, name.data), subtotalCents);
    if (!check.ok) {
      const error = couponText(lang, check.error, check.minTotalCents);
      return c.json({ error }, check.error === "coupons.errors.notFound" ? 404 : 400);
    }
    const { coupon } = check;
    return c.json(
      {
        name: coupon.name,
        discount_percent: coupon.discountPercent,
        discount_amount: coupon.discountCents == null ? null : centsToUsd(coupon.discountCents),
        min_total: centsToUsd(coupon.minTotalCents),
        valid_until: coupon.validUntil?.toISOString() ?? null,
      },
      200,
    );
  });

  app.openapi(
    createOrderRoute,
    async (c) => {
      const lang = requestLanguage(c);
      const key = c.req.header("idempotency-key");
      if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
        return c.json({ error: messageFor(lang, "checkout.errors.idempotencyKey") }, 400);
      }
      const result = await createOrder(deps, c.var.apiUser, c.req.valid("json"), { idempotencyKey: key, lang });
      if (!result.ok) return refusal(c, lang, result);
      if (!result.created) c.header("Idempotent-Replayed", "true");
      return c.json(serializeOrder(result.order), 201);
    },
    (result, c) => (result.success ? undefined : c.json(checkoutProblem(result.error, requestLanguage(c)), 400)),
  );

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
    return c.json({ error: text(lang, "orders.errors.cannotCancel", { status }) }, 409);
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
          error: text(lang, `orders.reorder.${line.reason}`, { count: line.inCart }),
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
