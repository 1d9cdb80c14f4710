/**
 * Shipping rules (spec §4.5, §8 Shipping, §9; decisions “Free standard shipping”, “Shipping price and the express cut-off”, “Delivery estimates”): the price of a delivery from the
 * dispatch point to the point the shopper picked, in whole CUP (decision “Prices are kept in US cents”). Pure and browser-safe: the
 * checkout page shows the same figures the server charges, and the help pages quote the same
 * constants. The server recomputes everything at create-order (decision “The server decides every figure”); the clock is a parameter so
 * that tests can set the hour in Havana.
 */
import type { MessageKey, TFunction } from "~/i18n/i18n";
import { STORE_TIME_ZONE } from "~/utils/dates";

export const DELIVERY_OPTIONS = ["standard", "express"] as const;
export type DeliveryOption = (typeof DELIVERY_OPTIONS)[number];

export type LatLng = { latitude: number; longitude: number };

/** decision “Shipping price and the express cut-off”: where deliveries leave from, by default central Havana. */
export const DISPATCH_POINT: LatLng = { latitude: 23.1136, longitude: -82.3666 };
/** §9, decision “Shipping price and the express cut-off”: whole CUP per km of great-circle distance. */
export const SHIPPING_RATE_CUP_PER_KM: Record<DeliveryOption, number> = { standard: 80, express: 150 };
/** decision “Free standard shipping”: standard delivery is free from this goods total after coupon (50.00 USD, inclusive). */
export const FREE_SHIPPING_MIN_CENTS = 5000;
/** §4.5, decision “Shipping price and the express cut-off”: express cannot be chosen from this hour (Havana time) until midnight. */
export const EXPRESS_CUTOFF_HOUR = 14;
/** An hour as texts write it: 14 -> "14:00". */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, "0")}:00`;
/** The cut-off as texts write it, "14:00" (Havana time): messages name it `{cutoff}`. */
export const EXPRESS_CUTOFF = hourLabel(EXPRESS_CUTOFF_HOUR);
/** What a shipping message may name, for wherever one is translated (`shipping.errors.expressClosed`). */
export const SHIPPING_TEXT_VALUES = { cutoff: EXPRESS_CUTOFF } as const;
/** §8, §9: what the checkout shows when the calculation fails (the server still computes its own). */
export const FALLBACK_SHIPPING_CUP = 400;
/** Mean Earth radius (IUGG), km. */
const EARTH_RADIUS_KM = 6371.0088;

/**
 * A generous box around the island of Cuba and Isla de la Juventud (Cabo San Antonio to Punta
 * Maisí, Cabo Cruz to the northern keys). It keeps the map and the API to points we can deliver
 * to; the sea inside the box is left to the shopper's eyes, not to geometry.
 */
export const CUBA_BOUNDS = { minLatitude: 19.5, maxLatitude: 23.5, minLongitude: -85.2, maxLongitude: -74.0 };

/**
 * decision “Delivery estimates” estimates, as translation keys: the words of the invoice and emails, so that checkout, the
 * order (`shipping_time`), its documents and the help centre say the same.
 */
export const DELIVERY_ESTIMATE_KEYS = {
  standard: "invoice.estimate.standard",
  express: "invoice.estimate.express",
} as const satisfies Record<DeliveryOption, MessageKey>;

/** The delivery estimate of `option` in `t`'s language, its figures filled from this module. */
export function deliveryEstimate(t: TFunction, option: DeliveryOption): string {
  return t(DELIVERY_ESTIMATE_KEYS[option], { cutoff: EXPRESS_CUTOFF });
}

/** The option's name as shown and stored as the order's `shipping_name` (§3), as translation keys. */
export const DELIVERY_OPTION_KEYS = {
  standard: "invoice.option.standard",
  express: "invoice.option.express",
} as const satisfies Record<DeliveryOption, MessageKey>;

export type ShippingErrorKey =
  | "shipping.errors.invalidLocation"
  | "shipping.errors.outsideCuba"
  | "shipping.errors.invalidOption"
  | "shipping.errors.expressClosed";

export type ShippingQuote =
  | { ok: true; costCup: number; distanceKm: number; free: boolean; option: DeliveryOption }
  | { ok: false; error: ShippingErrorKey };

/** §3 Checkout form `deliveryOption`: standard or express, nothing else. */
export function isDeliveryOption(value: unknown): value is DeliveryOption {
  return value === "standard" || value === "express";
}

/** A real coordinate pair: finite numbers within the globe's ranges. */
export function isValidPoint(point: Partial<LatLng>): point is LatLng {
  const { latitude, longitude } = point;
  return (
    typeof latitude === "number" &&
    typeof longitude === "number" &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180
  );
}

/** Whether a point lies in the box of Cuba (island and Isla de la Juventud), bounds inclusive. */
export function isInCuba(point: LatLng): boolean {
  return (
    isValidPoint(point) &&
    point.latitude >= CUBA_BOUNDS.minLatitude &&
    point.latitude <= CUBA_BOUNDS.maxLatitude &&
    point.longitude >= CUBA_BOUNDS.minLongitude &&
    point.longitude <= CUBA_BOUNDS.maxLongitude
  );
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** decision “Shipping price and the express cut-off”: great-circle (haversine) distance in km. */
export function distanceKm(from: LatLng, to: LatLng): number {
  const dLat = toRadians(to.latitude - from.latitude);
  const dLon = toRadians(to.longitude - from.longitude);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(from.latitude)) * Math.cos(toRadians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

const havanaClock = new Intl.DateTimeFormat("en-US", {
  timeZone: STORE_TIME_ZONE,
  hour: "numeric",
  minute: "numeric",
  hourCycle: "h23",
});

/** The wall-clock hour and minute in Havana at `now`, whatever the server's or browser's zone. */
export function havanaTime(now: Date): { hour: number; minute: number } {
  const parts = havanaClock.formatToParts(now);
  const part = (type: "hour" | "minute") => Number(parts.find((p) => p.type === type)?.value ?? 0);
  // Some engines write midnight as 24 even with h23.
  return { hour: part("hour") % 24, minute: part("minute") };
}

/** §4.5, decisions “Shipping price and the express cut-off”, “Delivery estimates”: express is offered until 13:59 Havana time and refused from 14:00. */
export function isExpressAvailable(now: Date): boolean {
  return havanaTime(now).hour < EXPRESS_CUTOFF_HOUR;
}

/** Minutes from a Havana time of day to the express cut-off; none once it has passed. */
export function minutesBeforeExpressCutoff(time: { hour: number; minute: number }): number | undefined {
  const left = EXPRESS_CUTOFF_HOUR * 60 - (time.hour * 60 + time.minute);
  return left > 0 ? left : undefined;
}

/** Decision “Free standard shipping”: standard delivery is free when the goods after coupon reach 50.00 USD. */
export function isFreeStandard(goodsAfterCouponCents: number): boolean {
  return goodsAfterCouponCents >= FREE_SHIPPING_MIN_CENTS;
}

/**
 * decision “Shipping price and the express cut-off” price of one delivery, whole CUP: `ceil(km * 80)` standard, `ceil(km * 150)` express; decision “Free standard shipping”
 * standard is free when the goods after coupon reach 50.00 USD (express never is). Refuses a
 * point that is not a coordinate or not in Cuba, an unknown option, and express from 14:00 in
 * Havana. `from` is the dispatch point (decision “Shipping price and the express cut-off” default).
 */
export function quoteShipping(input: {
  to: Partial<LatLng>;
  option: unknown;
  goodsAfterCouponCents: number;
  now: Date;
  from?: LatLng;
}): ShippingQuote {
  const { to, option } = input;
  if (!isValidPoint(to)) return { ok: false, error: "shipping.errors.invalidLocation" };
  if (!isInCuba(to)) return { ok: false, error: "shipping.errors.outsideCuba" };
  if (!isDeliveryOption(option)) return { ok: false, error: "shipping.errors.invalidOption" };
  if (option === "express" && !isExpressAvailable(input.now))
    return { ok: false, error: "shipping.errors.expressClosed" };
  const km = distanceKm(input.from ?? DISPATCH_POINT, to);
  const free = option === "standard" && isFreeStandard(input.goodsAfterCouponCents);
  // Rounded to a micro-km first, so that float noise (2.0000000001 km) does not add a whole CUP.
  const costCup = free ? 0 : Math.ceil(Number((km * SHIPPING_RATE_CUP_PER_KM[option]).toFixed(6)));
  return { ok: true, costCup, distanceKm: km, free, option };
}
