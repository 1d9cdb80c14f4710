/**
 * The shape of an order as the orders feature hands it to pages, the REST API (§7.4), emails and
 * the invoice (decision “Invoice and reorder”). Money follows decision “Prices are kept in US cents”: goods in integer USD cents, shipping in whole CUP.
 * Browser-safe: types only.
 */
import type { OrderStatus } from "~/db/schema/orders";
import type { DeliveryOption } from "~/features/shipping/shipping";
import type { Language } from "~/i18n/languages";

// DeliveryOption is defined once, with the shipping rules (decisions “Shipping price and the express cut-off”, “Delivery estimates”).
export type { DeliveryOption, OrderStatus };

export type OrderLine = {
  /** Null when the product has since been deleted (the line keeps its name and price). */
  productId: number | null;
  name: string;
  variety: string;
  color: string;
  count: number;
  /** Unit price actually charged (wholesale when it applied, decision “The wholesale price”), USD cents. */
  priceCents: number;
};

export type OrderStatusEntry = { status: OrderStatus; date: Date; note: string };

export type OrderDetail = {
  transactionId: string;
  status: OrderStatus;
  dateIssued: Date;
  /** Goods after coupon, USD cents (`amount` of §7.4, decision “What create-order receives”). */
  amountCents: number;
  /** Goods before coupon, USD cents. */
  goodsCents: number;
  discountCents: number;
  couponName: string | null;
  /** Whole CUP (decisions “Prices are kept in US cents”, “Shipping price and the express cut-off”). */
  shippingPriceCup: number;
  shippingName: string;
  shippingTime: string;
  deliveryOption: DeliveryOption;
  /** CUP per USD when the order was placed (invoice totals in CUP use it). */
  exchangeRate: number;
  fullName: string;
  /** Identity card number (§3 Checkout form `clientId`). */
  clientId: string;
  address: string;
  city: string;
  stateProvinceRegion: string;
  postalZipCode: string;
  country: string;
  phoneNumber: string;
  deliveryLatitude: number;
  deliveryLongitude: number;
  isGift: boolean;
  giftMessage: string;
  paymentType: "cash";
  /** The language the order was placed in: its emails and default invoice use it. */
  language: Language;
  items: OrderLine[];
  /** Oldest first; the first entry is `not_processed` at placing time. */
  history: OrderStatusEntry[];
};

/** Who an order email goes to. */
export type OrderRecipient = { email: string; firstName: string; username: string };

// ---------------------------------------------------------------------------------------------
// Wire shapes of the REST API (§7.4), in the spec's field names: USD as numbers with at most 2
// decimals, shipping in whole CUP (decision “Prices are kept in US cents”). server/api/order-schemas.ts checks its schemas against them.

export type OrderItemDto = {
  /** Null when the product was deleted since. */
  product_id: number | null;
  name: string;
  variety: string;
  color: string;
  count: number;
  /** Unit price charged, USD. */
  price: number;
};

export type OrderDto = {
  transaction_id: string;
  status: OrderStatus;
  date_issued: string;
  amount: number;
  subtotal: number;
  discount: number;
  coupon_name: string | null;
  shipping_price: number;
  shipping_name: string;
  shipping_time: string;
  delivery_option: DeliveryOption;
  exchange_rate: number;
  full_name: string;
  client_id: string;
  address: string;
  city: string;
  state_province_region: string;
  postal_zip_code: string;
  country: string;
  phone_number: string;
  delivery_latitude: number;
  delivery_longitude: number;
  is_gift: boolean;
  gift_message: string;
  payment_type: "cash";
  language: Language;
  can_cancel: boolean;
  order_items: OrderItemDto[];
  /** Oldest first. */
  status_history: Array<{ status: string; date: string }>;
};

/** Why a line of an order was not put back in the cart, or was with fewer units (decision “Invoice and reorder”). */
export type ReorderSkipReason = "productGone" | "outOfStock" | "optionGone" | "capped";

/** A line reorder did not add, or capped, with why in the request's language. */
export type ReorderNotAddedDto = {
  product_id: number | null;
  name: string;
  variety: string;
  color: string;
  count: number;
  in_cart: number;
  reason: ReorderSkipReason;
  error: string;
};
