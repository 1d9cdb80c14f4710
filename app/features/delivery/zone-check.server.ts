/**
 * Checkout's refusal of a municipality the store does not deliver to now
 * (docs/decisions/013-delivery-zones.md): the `city` a shopper typed, with its `state`, names a
 * municipality of Cuba; its zone decides whether the order can go there, with express or not and
 * from which goods total. A city that names no known municipality is free text and accepted.
 * create-order is the authority; the checkout page's shipping step asks the same question so the
 * message shows beside the field at once.
 */
import type { Db } from "~/db/client.server";
import { centsToUsd } from "~/features/catalog/product-cards.server";
import type { DeliveryOption } from "~/features/shipping/shipping";
import type { Language } from "~/i18n/languages";
import { formatPrice } from "~/utils/money";
import { municipalityNamed } from "./cuba";
import { type Zone, pauseReason, zoneOf } from "./zones.server";

export type ZoneErrorKey =
  | "checkout.errors.zoneNotServed"
  | "checkout.errors.zonePaused"
  | "checkout.errors.zoneNoExpress"
  | "checkout.errors.zoneMinOrder";

export type ZoneRefusal = {
  field: "city" | "delivery_option";
  error: ZoneErrorKey;
  /** The message's placeholders: `{name}`, and `{reason}` or `{amount}`. */
  values: Record<string, string>;
};

/** The zone of the municipality a shopper typed; undefined when it names none (memoised zones). */
export async function zoneNamed(db: Db, city: string, state?: string): Promise<Zone | undefined> {
  const municipality = municipalityNamed(city, state);
  return municipality ? zoneOf(db, municipality.id) : undefined;
}

/**
 * Why an order cannot go to `zone` (undefined: a city of no known municipality, accepted), or
 * null. `goodsAfterCouponCents` is the goods total as the free-shipping rule computes it.
 */
export function zoneRefusal(
  zone: Zone | undefined,
  order: { option: DeliveryOption; goodsAfterCouponCents: number; lang: Language },
): ZoneRefusal | null {
  if (!zone) return null;
  const name = zone.name;
  if (!zone.served) return { field: "city", error: "checkout.errors.zoneNotServed", values: { name } };
  if (zone.paused) {
    return {
      field: "city",
      error: "checkout.errors.zonePaused",
      values: { name, reason: pauseReason(zone, order.lang) },
    };
  }
  if (order.option === "express" && !zone.express) {
    return { field: "delivery_option", error: "checkout.errors.zoneNoExpress", values: { name } };
  }
  if (order.goodsAfterCouponCents < zone.minOrderCents) {
    const amount = formatPrice(centsToUsd(zone.minOrderCents), "USD", 1, order.lang);
    return { field: "city", error: "checkout.errors.zoneMinOrder", values: { name, amount } };
  }
  return null;
}
