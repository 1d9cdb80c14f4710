/**
 * What the checkout page renders (spec §2.14, §4.5): only the fields it shows, goods as USD numbers
 * for `<Price>` and shipping in whole CUP (decision “Prices are kept in US cents”). Every figure is the server's (decision “The server decides every figure”). Browser-safe.
 */
import type { DeliveryOption } from "~/features/shipping/shipping";

export const CHECKOUT_STEPS = ["shipping", "payment", "review"] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export type CheckoutLineView = {
  id: number;
  productId: number;
  name: string;
  color: string;
  variety: string;
  count: number;
  unitPrice: number;
  lineTotal: number;
};

/** The shipping of the chosen point and option: quoted, not yet known, or failed (400 CUP estimate, §8). */
export type ShippingView =
  | { state: "quoted"; cup: number; free: boolean }
  | { state: "pending" }
  | { state: "estimate"; cup: number; error: string };

export type CheckoutSummaryView = {
  lines: CheckoutLineView[];
  unitCount: number;
  /** Goods at the prices charged, before the coupon (USD). */
  subtotal: number;
  /** Original prices minus what is charged (USD). */
  savings: number;
  discount: number;
  coupon: { name: string; percent: number | null; amount: number | null } | null;
  /** The draft's coupon when it no longer applies (a message key) and its name. */
  couponError: { name: string; error: string; min?: number } | null;
  /** Goods after coupon, USD: create-order's `amount` (decision “What create-order receives”). */
  amount: number;
  shipping: ShippingView;
};

/** The cost of one delivery option for the draft's point: null before a point is chosen. */
export type OptionCost = { ok: true; cup: number; free: boolean } | { ok: false; error: string } | null;
export type OptionCosts = Record<DeliveryOption, OptionCost>;

/** The answer of `/{lang}/checkout/quote`: the costs of a point, or why it cannot be priced. */
export type QuoteAnswer = { ok: true; costs: OptionCosts } | { ok: false; error: string };

/** The values of the shipping form (what was typed is kept on error). */
export type ShippingFormValues = {
  first_name: string;
  last_name: string;
  client_id: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  phone: string;
  place: string;
  delivery_latitude: string;
  delivery_longitude: string;
  delivery_option: DeliveryOption;
  is_gift: boolean;
  gift_message: string;
  save_profile: boolean;
  /** Who receives the order (docs/features.md, "Family recipients"): "self", "new" or a saved recipient's id. */
  recipient: string;
  save_recipient: boolean;
};

/** An order as the confirmation shows it. */
export type PlacedOrderView = {
  transactionId: string;
  fullName: string;
  address: string;
  city: string;
  state: string;
  phone: string;
  option: DeliveryOption;
  shippingCup: number;
  amount: number;
  discount: number;
  couponName: string | null;
  items: Array<{ name: string; color: string; variety: string; count: number; unitPrice: number }>;
};

/** The refusal of a place-order post, as the review step shows it. */
export type PlaceError = {
  error: string;
  values?: Record<string, string | number>;
  /** Where the shopper can fix it. */
  fix?: "shipping" | "cart";
};

/**
 * §5, §9: the gift message's limit, for the form's counter. The same number as the schema's
 * `GIFT_MESSAGE_MAX` (checked by a test), written here so the page does not ship zod for it.
 */
export const GIFT_MESSAGE_LIMIT = 255;

/** A decimal degree as the hidden inputs carry it: 6 decimals (about 10 cm), within the schema's format. */
export const formatCoordinate = (value: number) => value.toFixed(6);
