/**
 * What the orders page renders (order-page-view.server.ts builds it): dates are written on the
 * server (one ICU, no hydration mismatch), money stays in numbers and is formatted in the visitor's
 * currency at the order's own rate (decision “Prices are kept in US cents”).
 */
import type { DeliveryOption, OrderStatus } from "./types";

export type StepState = "done" | "current" | "upcoming";
export type TrackStep = { status: OrderStatus; state: StepState; date: string | null; iso: string | null };

export type OrderRowView = {
  id: string;
  status: OrderStatus;
  date: string;
  iso: string;
  /** Goods after coupon, USD. */
  goodsUsd: number;
  shippingCup: number;
  /** CUP per USD of the order. */
  rate: number;
  itemCount: number;
};

export type OrderDetailView = OrderRowView & {
  dateTime: string;
  subtotalUsd: number;
  discountUsd: number;
  couponName: string | null;
  deliveryOption: DeliveryOption;
  /** The delivery estimate's words (decision “Delivery estimates”), written on the server like the dates. */
  estimate: string;
  fullName: string;
  clientId: string;
  address: string;
  city: string;
  province: string;
  zip: string;
  country: string;
  phone: string;
  latitude: number;
  longitude: number;
  /** `23.11360, -82.36660`, as the invoice writes it. */
  point: string;
  isGift: boolean;
  giftMessage: string;
  lines: Array<{ name: string; color: string; variety: string; count: number; unitUsd: number }>;
  steps: TrackStep[];
  cancellable: boolean;
};
