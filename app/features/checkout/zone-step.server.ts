/**
 * The shipping step's zone check (docs/decisions/013-delivery-zones.md): the municipality typed in City,
 * with its province, asked of its zone as create-order will ask it, so the refusal shows beside
 * the field (or the delivery option) while what was typed stays in the form. create-order stays
 * the authority; this only says it earlier.
 */
import type { Db } from "~/db/client.server";
import { zoneNamed, zoneRefusal } from "~/features/delivery/zone-check.server";
import type { DeliveryOption } from "~/features/shipping/shipping";
import { createT } from "~/i18n/i18n";
import type { Language } from "~/i18n/languages";
import { getMessages } from "~/i18n/messages.server";

/**
 * The field error (its message translated, placeholders filled) of an order to `city`, or null.
 * `goodsAfterCouponCents` is asked only of a zone with a minimum order.
 */
export async function zoneFieldErrors(
  db: Db,
  at: { city: string; state: string; option: DeliveryOption },
  goodsAfterCouponCents: () => Promise<number>,
  lang: Language,
): Promise<Record<string, string> | null> {
  const zone = await zoneNamed(db, at.city, at.state);
  if (!zone) return null;
  const goods = zone.minOrderCents > 0 ? await goodsAfterCouponCents() : 0;
  const refusal = zoneRefusal(zone, { option: at.option, goodsAfterCouponCents: goods, lang });
  if (!refusal) return null;
  return { [refusal.field]: createT(getMessages(lang), lang)(refusal.error, refusal.values) };
}
