/**
 * OpenAPI schemas of the cart's wire shapes in `app/features/cart/types.ts` (spec §7.2), and the
 * line's serialiser (the cart and order calls answer with it). The compile-time checks at the
 * bottom fail the typecheck when a schema and its type drift apart.
 */
import { z } from "@hono/zod-openapi";
import type { CartLine } from "~/features/cart/cart-lines.server";
import type { AppliedCouponDto, CartLineDto, CartTotalsDto } from "~/features/cart/types";
import { centsToUsd } from "~/features/catalog/product-cards.server";
import { WHOLESALE_MIN_UNITS } from "~/features/cart/wholesale";
import { textInput } from "~/utils/text";
import { ProductCardSchema } from "./wire-schemas";

export const CartLineSchema = z
  .object({
    id: z.number().int().openapi({ description: "The cart_item_id of update-item and remove-item." }),
    count: z.number().int(),
    color: textInput().openapi({ description: "In the request's language; empty when the product has none." }),
    variety: textInput(),
    product: ProductCardSchema,
    price: z
      .number()
      .openapi({ description: `Unit price charged: the wholesale price from ${WHOLESALE_MIN_UNITS} units (D13b).` }),
    compare_price: z.number().openapi({ description: "Unit price before any sale (the original price)." }),
    line_total: z.number().openapi({ description: "price * count" }),
    line_compare_total: z.number().openapi({ description: "compare_price * count" }),
    wholesale_applied: z.boolean(),
  })
  .openapi("CartLine");

const CouponSchema = z
  .object({
    name: textInput(),
    discount_percent: z.number().int().nullable(),
    discount_amount: z.number().nullable().openapi({ description: "A fixed USD discount, when not a percentage." }),
  })
  .openapi("AppliedCoupon");

export const TotalsSchema = z
  .object({
    total_cost: z.number().openapi({ description: "What the goods cost: subtotal minus the coupon discount." }),
    total_compare_cost: z.number().openapi({ description: "The goods at their original prices." }),
    subtotal_cost: z.number().openapi({ description: "The goods at the prices charged, before any coupon." }),
    discount: z.number().openapi({ description: "The coupon's discount (0 without a valid coupon)." }),
    savings: z.number().openapi({ description: "total_compare_cost - total_cost: sale, wholesale and coupon." }),
    total_items: z.number().int().openapi({ description: "Number of lines." }),
    total_units: z.number().int(),
    coupon: CouponSchema.nullable().openapi({ description: "The coupon applied, null when none or invalid." }),
    coupon_error: textInput().nullable().openapi({ description: "Why the coupon asked for was not applied." }),
  })
  .openapi("CartTotals");

/** A cart line in the spec's field names, money in USD (decision “Prices are kept in US cents”). */
export function serializeCartLine(line: CartLine): CartLineDto {
  return {
    id: line.id,
    count: line.count,
    color: line.color,
    variety: line.variety,
    product: line.product,
    price: centsToUsd(line.unitPriceCents),
    compare_price: centsToUsd(line.unitComparePriceCents),
    line_total: centsToUsd(line.lineTotalCents),
    line_compare_total: centsToUsd(line.lineCompareTotalCents),
    wholesale_applied: line.wholesaleApplied,
  };
}

// Both directions must be assignable: a field added to or removed from a DTO fails here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <T extends true>(): T | undefined => undefined;
same<Same<z.infer<typeof CartLineSchema>, CartLineDto>>();
same<Same<z.infer<typeof CouponSchema>, AppliedCouponDto>>();
same<Same<z.infer<typeof TotalsSchema>, CartTotalsDto>>();
