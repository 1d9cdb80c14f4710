/**
 * OpenAPI schemas of the orders and checkout wire shapes (spec §7.4; decisions “Prices are kept in US cents”, “The wholesale price”-decision “Invoice and reorder”), and the
 * serialiser of an order to its shape. The compile-time checks at the bottom fail the typecheck
 * when a schema and its type in `app/features/orders/types.ts` drift apart.
 */
import { z } from "@hono/zod-openapi";
import { orderStatuses } from "~/db/schema/orders";
import { WHOLESALE_MIN_UNITS } from "~/features/cart/wholesale";
import { centsToUsd } from "~/features/catalog/product-cards.server";
import { isCancellable } from "~/features/orders/status";
import type { OrderDetail, OrderDto, OrderItemDto, ReorderNotAddedDto } from "~/features/orders/types";
import { DELIVERY_OPTIONS, EXPRESS_CUTOFF } from "~/features/shipping/shipping";
import { textInput } from "~/utils/text";
import { CartLineSchema } from "./cart-schemas";
import { ErrorSchema, LangQuery, errorResponse } from "./http";

export const OrderItemSchema = z
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

export const OrderSchema = z
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

/** An order as the API answers it. */
export function serializeOrder(order: OrderDetail): OrderDto {
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

export const ShippingBody = z
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

export const ShippingAnswerSchema = z
  .object({
    success: z.boolean(),
    shipping_cost: z.number().int().nullable().openapi({ description: "Whole CUP; 0 when free (D14)." }),
    error: textInput().nullable(),
    free_shipping: z.boolean().optional(),
    distance_km: z.number().optional().openapi({ description: "Great-circle distance, 1 decimal (D15)." }),
    delivery_option: z.enum(DELIVERY_OPTIONS).optional(),
  })
  .openapi("ShippingCost");

export const CouponRecordSchema = z
  .object({
    name: textInput(),
    discount_percent: z.number().int().nullable(),
    discount_amount: z.number().nullable().openapi({ description: "A fixed USD discount, when not a percentage." }),
    min_total: z.number().openapi({ description: "Minimum goods total, USD (0: none)." }),
    valid_until: textInput().nullable().openapi({ format: "date-time" }),
  })
  .openapi("Coupon");

export const FieldErrorsSchema = z.record(textInput(), z.array(textInput())).openapi("CheckoutFieldErrors", {
  description: 'djoser field errors in the §5 order: `{"first_name": ["First name is required"], ...}`.',
  example: { first_name: ["First name is required"] },
});

export const TotalChangedSchema = ErrorSchema.extend({
  amount: z.number().openapi({ description: "The goods total after coupon now, USD." }),
  shipping_price: z.number().int().openapi({ description: "The shipping now, whole CUP." }),
}).openapi("OrderTotalChanged");

export const NotEnoughStockSchema = ErrorSchema.extend({
  product_id: z.number().int(),
  product_name: textInput(),
  stock: z.number().int(),
}).openapi("OrderNotEnoughStock");

export const ReorderSchema = z
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

/** Answers and parameters the orders and checkout routes share. */
export const unauthorized = errorResponse("No valid access token (`Authorization: JWT <access>`)");
export const LangOnly = z.object({ lang: LangQuery });

// Both directions must be assignable: a field added to or removed from a DTO fails here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <T extends true>(): T | undefined => undefined;
same<Same<z.infer<typeof OrderItemSchema>, OrderItemDto>>();
same<Same<z.infer<typeof OrderSchema>, OrderDto>>();
same<Same<z.infer<typeof ReorderSchema>["not_added"][number], ReorderNotAddedDto>>();
