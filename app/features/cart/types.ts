/**
 * The cart's wire shapes, in the spec's field names (§7.2): what the cart calls answer and the
 * order calls reuse. Money is USD numbers with at most 2 decimals (decision “Prices are kept in US cents”), converted from the
 * feature's integer cents only at the boundary.
 */
import type { ProductCardDto } from "~/features/catalog/types";

export type CartLineDto = {
  /** The cart_item_id of update-item and remove-item. */
  id: number;
  count: number;
  /** In the request's language; empty when the product has none. */
  color: string;
  variety: string;
  product: ProductCardDto;
  /** Unit price charged: the wholesale price from WHOLESALE_MIN_UNITS units (decision “The wholesale price”). */
  price: number;
  /** Unit price before any sale (the original price). */
  compare_price: number;
  line_total: number;
  line_compare_total: number;
  wholesale_applied: boolean;
};

export type AppliedCouponDto = {
  name: string;
  discount_percent: number | null;
  /** A fixed USD discount, when not a percentage. */
  discount_amount: number | null;
};

export type CartTotalsDto = {
  total_cost: number;
  total_compare_cost: number;
  subtotal_cost: number;
  discount: number;
  savings: number;
  total_items: number;
  total_units: number;
  coupon: AppliedCouponDto | null;
  coupon_error: string | null;
};
