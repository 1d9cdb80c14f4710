/**
 * What the back office's order page shows (§4.1): one order of `getAdminOrder`
 * (orders.server.ts) written out in the operator's language — lines, money, customer, delivery
 * point, gift and history — with the status moves §4.1 allows from where it is.
 */
import { allowedMoves } from "~/features/orders/status";
import { orderView } from "~/features/orders/view.server";
import type { Language } from "~/i18n/languages";
import { adminDateTime } from "./format.server";
import { type AdminOrder, MOVE_NOTE_MAX, mapLink } from "~/features/orders/admin-list.server";

/** The page's data; `tileUrl` is the map tiles' address (MAP_TILE_URL). */
export function adminOrderPage({ order, email }: AdminOrder, lang: Language, tileUrl: string) {
  const view = orderView(order, lang);
  return {
    id: order.transactionId,
    status: order.status,
    placed: adminDateTime(order.dateIssued, lang),
    placedIso: order.dateIssued.toISOString(),
    moves: allowedMoves(order.status),
    noteMax: MOVE_NOTE_MAX,
    lines: view.lines.map((line, n) => ({
      key: n,
      name: line.name,
      variety: line.variety,
      color: line.color,
      count: line.count,
      unit: line.unit,
      total: line.amount,
    })),
    money: {
      goods: view.text.goods,
      discount: view.text.discount,
      coupon: order.couponName,
      amount: view.text.amount,
      shipping: view.text.shippingCup,
      rate: view.text.rate,
      totalCup: view.text.totalCup,
    },
    customer: {
      name: view.delivery.fullName,
      email,
      phone: view.delivery.phone,
      clientId: view.delivery.clientId,
      address: view.delivery.address,
      city: view.delivery.city,
      province: view.delivery.province,
      zip: view.delivery.zip,
      language: order.language,
    },
    delivery: {
      option: order.deliveryOption,
      shippingName: order.shippingName,
      shippingTime: order.shippingTime,
      latitude: view.delivery.latitude,
      longitude: view.delivery.longitude,
      point: view.delivery.point,
      mapLink: mapLink(order.deliveryLatitude, order.deliveryLongitude),
      tileUrl,
    },
    gift: view.gift,
    // Newest first: the operator wants to know what happened last.
    history: order.history
      .map((entry, n) => ({
        key: n,
        status: entry.status,
        when: adminDateTime(entry.date, lang),
        iso: entry.date.toISOString(),
        note: entry.note,
      }))
      .reverse(),
  };
}

export type AdminOrderPage = ReturnType<typeof adminOrderPage>;
