/**
 * The checkout calls of spec §7.4 (§4.5, §5 Checkout, §8; decision “The wholesale price”-decisions “What create-order receives”, “Cash on delivery only”): calculate-shipping,
 * check-coupon and create-order. Thin adapters over `~/features/orders/quote.server` and
 * `~/features/orders/create.server`, which recompute every figure (decision “The server decides every figure”); this file parses, calls
 * and serialises in the spec's field names (server/api/order-schemas.ts).
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import type { Db } from "~/db/client.server";
import { getCartTotals } from "~/features/cart/cart-lines.server";
import { centsToUsd } from "~/features/catalog/product-cards.server";
import { checkCoupon, findCoupon } from "~/features/coupons/coupons.server";
import { type CreateOrderResult, createOrder } from "~/features/orders/create.server";
import { calculateShipping } from "~/features/orders/quote.server";
import { CheckoutSchema, CouponCodeSchema, checkoutFieldErrors } from "~/features/orders/schemas";
import { EXPRESS_CUTOFF, SHIPPING_TEXT_VALUES } from "~/features/shipping/shipping";
import { interpolate } from "~/i18n/i18n";
import type { Language } from "~/i18n/languages";
import type { Env } from "~/utils/env.server";
import { formatPrice } from "~/utils/money";
import { textInput } from "~/utils/text";
import { type ApiUserEnv, messageFor, requestLanguage } from "./auth-user";
import { ErrorSchema, LangQuery, type createRouter, errorResponse, jsonContent, requireJson } from "./http";
import {
  CouponRecordSchema,
  FieldErrorsSchema,
  LangOnly,
  NotEnoughStockSchema,
  OrderSchema,
  ShippingAnswerSchema,
  ShippingBody,
  TotalChangedSchema,
  serializeOrder,
  unauthorized,
} from "./order-schemas";

const tags = ["orders"];
const security = [{ jwt: [] }];

/** decision “What create-order receives” `Idempotency-Key`: visible ASCII, as the IETF draft's examples (a UUID fits). */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** A translated message with its `{placeholders}` filled (the shipping ones, such as the express cut-off, always). */
const text = (lang: Language, key: string, values?: Record<string, string | number>) =>
  interpolate(messageFor(lang, key), { ...SHIPPING_TEXT_VALUES, ...values });

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
    const message = result.values
      ? text(lang, result.error, result.values)
      : couponText(lang, result.error, result.couponMinTotalCents);
    return c.json({ [result.field]: [message] }, 400);
  }
  return c.json({ error: text(lang, result.error) }, 400);
}

/** calculate-shipping answers a bad request in its own shape (§7.4 `{success, shipping_cost, error}`). */
function shippingProblem(error: z.ZodError, lang: Language) {
  const first = error.issues[0];
  // A body that is not an object, or a field without a message key, reads as "no location".
  const key =
    first && first.path.length > 0 && first.message.includes(".") ? first.message : "shipping.errors.invalidLocation";
  return { success: false, shipping_cost: null, error: text(lang, key) };
}

/** create-order answers a bad body djoser-style: every broken field with its first message, in §5 order. */
function checkoutProblem(error: z.ZodError, lang: Language): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(checkoutFieldErrors(error)).map(([field, key]) => [field, [text(lang, key)]]),
  );
}

/**
 * Adds the calculate-shipping, check-coupon and create-order routes to the orders group's router
 * `app`, behind its token guard `auth`.
 */
export function addCheckoutRoutes(
  app: ReturnType<typeof createRouter>,
  deps: { db: Db; env: Env },
  auth: MiddlewareHandler<ApiUserEnv>,
): void {
  const { db } = deps;

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
      if (!quote.ok) return c.json({ success: false, shipping_cost: null, error: text(lang, quote.error) }, 400);
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
}
