/**
 * The asker's own order as the assistant writes it: number, date, status, total, what it holds,
 * where it goes, its estimate while it is open, whether it can still be cancelled, and links to
 * the order and its invoice. Pure: the order was read for the asker only (engine.server.ts).
 */
import { FREE_SHIPPING_MIN_CENTS } from "~/features/content/policy";
import { isCancellable, isFinished } from "~/features/orders/status";
import type { OrderDetail } from "~/features/orders/types";
import { deliveryEstimate } from "~/features/shipping/shipping";
import { createT, translate } from "~/i18n/i18n";
import { localePath } from "~/i18n/links";
import { getMessages } from "~/i18n/messages.server";
import type { Language } from "~/i18n/languages";
import { STORE_TIME_ZONE } from "~/utils/dates";
import { formatPrice } from "~/utils/money";
import type { Facts } from "./facts";
import { PHRASEBOOKS } from "./replies";

/**
 * Why the order's standard delivery was charged or free: its goods against the free-delivery
 * threshold ('my order gets free shipping right?', '¿por qué me cobraron el envío?').
 */
export function orderShippingText(order: OrderDetail, facts: Facts): string {
  const goods = formatPrice(order.amountCents / 100, "USD", 1, facts.lang);
  const threshold = formatPrice(FREE_SHIPPING_MIN_CENTS / 100, "USD", 1, facts.lang);
  const shipping = formatPrice(order.shippingPriceCup, "CUP", 1, facts.lang);
  const why =
    order.shippingPriceCup === 0 ? "free" : order.amountCents >= FREE_SHIPPING_MIN_CENTS ? "express" : "under";
  return SHIPPING_WHY[facts.lang]({ goods, threshold, shipping, why });
}

type ShippingWhy = { goods: string; threshold: string; shipping: string; why: "free" | "under" | "express" };
const SHIPPING_WHY: Record<Language, (o: ShippingWhy) => string> = {
  es: (o) =>
    o.why === "free"
      ? `Los productos de este pedido suman ${o.goods}: llegan a ${o.threshold}, así que no pagas envío.`
      : o.why === "express"
        ? `Este pedido va por entrega express, que se cobra siempre: ${o.shipping}.`
        : `Los productos de este pedido suman ${o.goods}, por debajo de ${o.threshold}: por eso el envío no es gratis y se cobra ${o.shipping} (se calcula por la distancia).`,
  en: (o) =>
    o.why === "free"
      ? `This order's goods come to ${o.goods}: that reaches ${o.threshold}, so you pay no shipping.`
      : o.why === "express"
        ? `This order goes by express delivery, which is always charged: ${o.shipping}.`
        : `This order's goods come to ${o.goods}, under ${o.threshold}: that is why shipping is not free and ${o.shipping} is charged (it is worked out from the distance).`,
};

export function orderText(order: OrderDetail, facts: Facts, withCancel: boolean): string {
  const lang = facts.lang;
  const book = PHRASEBOOKS[lang];
  const messages = getMessages(lang);
  const date = new Intl.DateTimeFormat(lang === "es" ? "es-ES" : "en-GB", {
    dateStyle: "long",
    timeZone: STORE_TIME_ZONE,
  }).format(order.dateIssued);
  // Shipping is whole CUP (decision “Prices are kept in US cents”): formatted at a rate of 1 so that it is not converted.
  const shipping = order.shippingPriceCup > 0 ? ` + ${formatPrice(order.shippingPriceCup, "CUP", 1, lang)}` : "";
  // The goods in CUP too, at the rate the order was placed at: what the messenger is paid in cash.
  const goods = order.amountCents / 100;
  // With shipping, the sum in CUP: the cash to have ready ('$23.50 (9,165 CUP) + 240 CUP = 9,405 CUP').
  const goodsCup = Math.round(goods * order.exchangeRate);
  const sum = shipping ? ` = ${formatPrice(goodsCup + order.shippingPriceCup, "CUP", 1, lang)}` : "";
  const total = `${formatPrice(goods, "USD", facts.rate, lang)} (${formatPrice(goods, "CUP", order.exchangeRate, lang)})${shipping}${sum}`;
  const items = order.items.reduce((n, i) => n + i.count, 0);
  const names = order.items.map((i) => `${i.count} × ${i.name}`).join(", ");
  const lines = [
    book.orderStatus({
      label: order.transactionId.slice(0, 8),
      date,
      status: translate(messages, lang, `invoice.status.${order.status}`),
      total,
      items,
      names,
      address: [order.address, order.city].filter(Boolean).join(", "),
    }),
  ];
  if (!isFinished(order.status)) {
    // The delivery chosen is named: 'mi pedido es express, verdad?' is answered by it.
    const option = translate(messages, lang, `invoice.option.${order.deliveryOption}`);
    lines.push(
      `${book.orderEstimate} (${option}): ${deliveryEstimate(createT(messages, lang), order.deliveryOption)}.`,
    );
  }
  if (withCancel) lines.push(book.orderCancellable(isCancellable(order.status)));
  const id = encodeURIComponent(order.transactionId);
  lines.push(`[${book.orderLink}](${localePath(lang, "/orders")}?order=${id})`);
  lines.push(`[${book.invoiceLink}](${localePath(lang, `/orders/${id}/invoice`)})`);
  return lines.join(" ");
}
