/**
 * The orders page's view of an order (order-page-view.ts): a row of the list, and the detail with
 * its tracking steps, written in the visitor's language on the server.
 */
import type { Language } from "~/i18n/languages";
import { STORE_TIME_ZONE } from "~/utils/dates";
import { formatOrderDate } from "./format";
import type { OrderDetailView, OrderRowView, StepState, TrackStep } from "./order-page-view";
import { ORDER_PATH, PLACED_STATUS } from "./status";
import type { OrderDetail, OrderStatus } from "./types";
import { orderView } from "./view.server";

function listDate(date: Date, lang: Language): string {
  return new Intl.DateTimeFormat(lang === "en" ? "en-US" : "es-CU", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: STORE_TIME_ZONE,
  }).format(date);
}

/** One order of the list: its id, status, date, money and number of units. */
export function toRow(order: OrderDetail, lang: Language): OrderRowView {
  return {
    id: order.transactionId,
    status: order.status,
    date: listDate(order.dateIssued, lang),
    iso: order.dateIssued.toISOString(),
    goodsUsd: order.amountCents / 100,
    shippingCup: order.shippingPriceCup,
    rate: order.exchangeRate,
    itemCount: order.items.reduce((sum, item) => sum + item.count, 0),
  };
}

/**
 * The timeline of §2.15 'track': the steps reached with their dates, the current one, and the rest
 * of not_processed → processed → shipping → delivered as upcoming; a cancelled order ends at
 * 'cancelled' after the steps it had reached.
 */
function trackSteps(order: OrderDetail, lang: Language): TrackStep[] {
  const reached = (status: OrderStatus) => order.history.filter((h) => h.status === status).at(-1)?.date ?? null;
  const step = (status: OrderStatus, state: StepState): TrackStep => {
    const date =
      state === "upcoming" ? null : (reached(status) ?? (status === PLACED_STATUS ? order.dateIssued : null));
    return { status, state, date: date && formatOrderDate(date, lang), iso: date?.toISOString() ?? null };
  };
  if (order.status === "cancelled") {
    const before = ORDER_PATH.filter((status) => status === PLACED_STATUS || reached(status));
    return [...before.map((status) => step(status, "done")), step("cancelled", "current")];
  }
  const current = ORDER_PATH.indexOf(order.status);
  return ORDER_PATH.map((status, i) => step(status, i < current ? "done" : i === current ? "current" : "upcoming"));
}

/** One order opened in the page: the row plus lines, totals, delivery, gift and tracking. */
export function toDetail(order: OrderDetail, lang: Language): OrderDetailView {
  const view = orderView(order, lang);
  return {
    ...toRow(order, lang),
    dateTime: view.date,
    subtotalUsd: view.money.goodsCents / 100,
    discountUsd: view.money.discountCents / 100,
    couponName: order.couponName,
    deliveryOption: view.deliveryOption,
    estimate: view.estimate,
    ...view.delivery,
    isGift: view.gift.isGift,
    giftMessage: view.gift.message,
    lines: view.lines.map(({ name, color, variety, count, priceCents }) => ({
      name,
      color,
      variety,
      count,
      unitUsd: priceCents / 100,
    })),
    steps: trackSteps(order, lang),
    cancellable: view.cancellable,
  };
}
