/**
 * The shape of an order as the orders feature hands it to pages, the REST API (§7.4), emails and
 * the invoice (D20). Money follows D1: goods in integer USD cents, shipping in whole CUP.
 * Browser-safe: types only.
 */
import type { OrderStatus } from "~/db/schema";
import type { DeliveryOption } from "~/features/shipping/shipping";
import type { Language } from "~/i18n/languages";

// DeliveryOption is defined once, with the shipping rules (D15, D16).
export type { DeliveryOption, OrderStatus };

export type OrderLine = {
  /** Null when the product has since been deleted (the line keeps its name and price). */
  productId: number | null;
  name: string;
  variety: string;
  color: string;
  count: number;
  /** Unit price actually charged (wholesale when it applied, D13b), USD cents. */
  priceCents: number;
};

export type OrderStatusEntry = { status: OrderStatus; date: Date; note: string };

export type OrderDetail = {
  transactionId: string;
  status: OrderStatus;
  dateIssued: Date;
  /** Goods after coupon, USD cents (`amount` of §7.4, D18b). */
  amountCents: number;
  /** Goods before coupon, USD cents. */
  goodsCents: number;
  discountCents: number;
  couponName: string | null;
  /** Whole CUP (D1, D15). */
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
