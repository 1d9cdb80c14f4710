/**
 * How an order's dates, CUP totals, delivery point and line variants are written, in the same words
 * on every page, the invoice and the emails (decisions “Prices are kept in US cents”, “Invoice and reorder”); amounts are written by `formatUsdCents` and
 * `formatCup` in `~/utils/money`. The order view (`view.server.ts`) builds on these; the back
 * office's lists and delivery sheet use them directly. Browser-safe.
 */
import type { TFunction } from "~/i18n/i18n";
import type { Language } from "~/i18n/languages";
import { STORE_TIME_ZONE } from "~/utils/dates";
import type { OrderDetail } from "./types";

const LOCALES: Record<Language, string> = { es: "es-CU", en: "en-US" };

/**
 * The order's date and time in Havana, written out for the language (`15 de marzo de 2026 a las
 * 2:05 p.m.`, `March 15, 2026 at 2:05 PM`). Date and time are formatted apart and joined here: ICU
 * versions disagree on the joiner (Node 24's CLDR writes `…de 2026, 2:05 p.m.` where Node 20 wrote
 * `a las`), and an email or invoice must read the same whatever Node runs it.
 */
const orderDateFormats = new Map<Language, { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();
const DATE_TIME_JOINER: Record<Language, string> = { es: "a las", en: "at" };

export function formatOrderDate(date: Date, lang: Language): string {
  let format = orderDateFormats.get(lang);
  if (!format) {
    const options = { timeZone: STORE_TIME_ZONE } as const;
    format = {
      date: new Intl.DateTimeFormat(LOCALES[lang], { ...options, dateStyle: "long" }),
      time: new Intl.DateTimeFormat(LOCALES[lang], { ...options, timeStyle: "short" }),
    };
    orderDateFormats.set(lang, format);
  }
  const text = `${format.date.format(date)} ${DATE_TIME_JOINER[lang]} ${format.time.format(date)}`;
  // Some ICU versions put narrow no-break spaces before a.m./p.m.; plain spaces read the same everywhere.
  return text.replace(/[\u00a0\u202f]/g, " ");
}

/**
 * The order's totals in CUP at the rate it was placed with (decision “Prices are kept in US cents”): the goods as the site converts a
 * price, `round(usd × rate)`, and the grand total with the shipping, which is charged in CUP.
 */
export function getOrderCupTotals(order: Pick<OrderDetail, "amountCents" | "exchangeRate" | "shippingPriceCup">) {
  const goodsCup = Math.round((order.amountCents / 100) * order.exchangeRate);
  return { goodsCup, totalCup: goodsCup + order.shippingPriceCup };
}

/** `23.11360, -82.36660`: the delivery point picked on the map. */
export function formatDeliveryPoint(order: Pick<OrderDetail, "deliveryLatitude" | "deliveryLongitude">): string {
  return `${order.deliveryLatitude.toFixed(5)}, ${order.deliveryLongitude.toFixed(5)}`;
}

/** Colour and variety of a line as the customer chose them, for tables and emails. */
export function describeVariant(t: TFunction, line: { color: string; variety: string }): string[] {
  return [
    line.color ? t("invoice.color", { color: line.color }) : "",
    line.variety ? t("invoice.variety", { variety: line.variety }) : "",
  ].filter(Boolean);
}
