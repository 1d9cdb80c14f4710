/**
 * The asker's own order as the assistant writes it: number, date, status, total, what it holds,
 * where it goes, its estimate while it is open, whether it can still be cancelled, and links to
 * the order and its invoice. Pure: the order was read for the asker only (engine.server.ts).
 */
import { isCancellable, isFinished } from "~/features/orders/status";
import type { OrderDetail } from "~/features/orders/types";
import { deliveryEstimate } from "~/features/shipping/shipping";
import { createT, translate } from "~/i18n/i18n";
import { localePath } from "~/i18n/links";
import { getMessages } from "~/i18n/messages.server";
import { STORE_TIME_ZONE } from "~/utils/dates";
import { formatPrice } from "~/utils/money";
import type { Facts } from "./facts";
import { PHRASEBOOKS } from "./replies";

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
  const total = `${formatPrice(goods, "USD", facts.rate, lang)} (${formatPrice(goods, "CUP", order.exchangeRate, lang)})${shipping}`;
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
    lines.push(`${book.orderEstimate}: ${deliveryEstimate(createT(messages, lang), order.deliveryOption)}.`);
  }
  if (withCancel) lines.push(book.orderCancellable(isCancellable(order.status)));
  const id = encodeURIComponent(order.transactionId);
  lines.push(`[${book.orderLink}](${localePath(lang, "/orders")}?order=${id})`);
  lines.push(`[${book.invoiceLink}](${localePath(lang, `/orders/${id}/invoice`)})`);
  return lines.join(" ");
}
