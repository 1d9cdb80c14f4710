/**
 * The one order view: what the orders page, the back office, the PDF invoice
 * and the order emails show of an order, in one language. A pure function of the stored order and
 * its lines: money stays exact (USD cents, whole CUP) beside its written form, so every consumer
 * says the same amounts in the same words (decisions “Prices are kept in US cents”, “Invoice and reorder”). The REST API keeps its own wire shape (§7.4):
 * it has no words in it, only the stored numbers.
 */
import { deliveryEstimate } from "~/features/shipping/shipping";
import { type TFunction, createT } from "~/i18n/i18n";
import type { Language } from "~/i18n/languages";
import { getMessages } from "~/i18n/messages.server";
import { describeVariant, formatDeliveryPoint, formatOrderDate, getOrderCupTotals } from "./format";
import { formatCup, formatUsdCents } from "~/utils/money";
import { isCancellable } from "./status";
import type { DeliveryOption, OrderDetail, OrderLine, OrderStatus } from "./types";

export type OrderViewLine = OrderLine & {
  /** Colour and variety as the customer chose them (`Color: rojo`), none when the line has neither. */
  variant: string[];
  /** The line's amount, `priceCents × count`, USD cents. */
  amountCents: number;
  unit: string;
  amount: string;
};

/** The totals, in the order the invoice and the confirmation email list them. */
export type OrderTotalKey = "subtotal" | "discount" | "goodsTotal" | "shipping" | "total" | "totalCup";
export type OrderTotalRow = { key: OrderTotalKey; label: string; value: string; strong: boolean };

/** The delivery details, in the order the invoice and the confirmation email list them. */
export type OrderDeliveryKey =
  | "fullName"
  | "identityCard"
  | "phone"
  | "address"
  | "city"
  | "province"
  | "zip"
  | "country"
  | "deliveryPoint";
export type OrderDeliveryField = { key: OrderDeliveryKey; label: string; value: string };

export type OrderView = {
  lang: Language;
  id: string;
  status: OrderStatus;
  statusLabel: string;
  /** When the order was placed, Havana time, written out (`15 de marzo de 2026 a las 2:05 p.m.`). */
  date: string;
  dateIso: string;
  deliveryOption: DeliveryOption;
  deliveryOptionLabel: string;
  /** The delivery estimate's words (decision “Delivery estimates”). */
  estimate: string;
  cancellable: boolean;
  lines: OrderViewLine[];
  /** Exact amounts: goods in USD cents, shipping and the CUP totals in whole CUP (decision “Prices are kept in US cents”). */
  money: {
    goodsCents: number;
    discountCents: number;
    amountCents: number;
    shippingCup: number;
    exchangeRate: number;
    goodsCup: number;
    totalCup: number;
  };
  /** The same amounts written out in `lang`. */
  text: {
    goods: string;
    /** The discount as a negative amount; null when the order had neither discount nor coupon. */
    discount: string | null;
    /** `Cupón BIENVENIDO10` or `Descuento`; null with `discount`. */
    discountLabel: string | null;
    amount: string;
    /** The shipping in CUP, or the words for free shipping. */
    shipping: string;
    /** The shipping in CUP; null when it was free. */
    shippingCup: string | null;
    /** Goods in USD plus shipping in CUP (`$12.50 + 250 CUP`). */
    total: string;
    totalCup: string;
    rate: string;
    /** How the CUP total was reached, at the order's own rate. */
    rateNote: string;
  };
  totals: OrderTotalRow[];
  delivery: {
    fullName: string;
    clientId: string;
    phone: string;
    address: string;
    city: string;
    province: string;
    zip: string;
    country: string;
    latitude: number;
    longitude: number;
    /** `23.11360, -82.36660`: the point picked on the map. */
    point: string;
  };
  deliveryFields: OrderDeliveryField[];
  gift: { isGift: boolean; message: string };
};

function lineView(t: TFunction, lang: Language, line: OrderLine): OrderViewLine {
  const amountCents = line.priceCents * line.count;
  return {
    ...line,
    variant: describeVariant(t, line),
    amountCents,
    unit: formatUsdCents(line.priceCents, lang),
    amount: formatUsdCents(amountCents, lang),
  };
}

function moneyText(t: TFunction, lang: Language, order: OrderDetail, totalCup: number): OrderView["text"] {
  const usd = (cents: number) => formatUsdCents(cents, lang);
  const shippingCup = order.shippingPriceCup > 0 ? formatCup(order.shippingPriceCup, lang) : null;
  const shipping = shippingCup ?? t("invoice.shippingFree");
  const discounted = order.discountCents > 0 || Boolean(order.couponName);
  return {
    goods: usd(order.goodsCents),
    discount: discounted ? usd(-order.discountCents) : null,
    discountLabel: !discounted
      ? null
      : order.couponName
        ? t("invoice.coupon", { name: order.couponName })
        : t("invoice.discount"),
    amount: usd(order.amountCents),
    shipping,
    shippingCup,
    total: shippingCup
      ? t("invoice.totalMixed", { usd: usd(order.amountCents), cup: shippingCup })
      : usd(order.amountCents),
    totalCup: formatCup(totalCup, lang),
    rate: String(order.exchangeRate),
    rateNote: t("invoice.rateNote", { usd: usd(order.amountCents), rate: String(order.exchangeRate), shipping }),
  };
}

function totalRows(t: TFunction, text: OrderView["text"]): OrderTotalRow[] {
  const row = (key: OrderTotalKey, label: string, value: string, strong = false) => ({ key, label, value, strong });
  return [
    row("subtotal", t("invoice.subtotal"), text.goods),
    ...(text.discount !== null && text.discountLabel !== null
      ? [row("discount", text.discountLabel, text.discount)]
      : []),
    row("goodsTotal", t("invoice.goodsTotal"), text.amount, true),
    row("shipping", t("invoice.shipping"), text.shipping),
    row("total", t("invoice.total"), text.total, true),
    row("totalCup", t("invoice.totalCup"), text.totalCup, true),
  ];
}

function deliveryFields(t: TFunction, delivery: OrderView["delivery"]): OrderDeliveryField[] {
  const field = (key: OrderDeliveryKey, label: string, value: string) => ({ key, label, value });
  return [
    field("fullName", t("invoice.fullName"), delivery.fullName),
    field("identityCard", t("invoice.identityCard"), delivery.clientId),
    field("phone", t("invoice.phone"), delivery.phone),
    field("address", t("invoice.address"), delivery.address),
    field("city", t("invoice.city"), delivery.city),
    field("province", t("invoice.province"), delivery.province),
    ...(delivery.zip ? [field("zip", t("invoice.zip"), delivery.zip)] : []),
    field("country", t("invoice.country"), delivery.country),
    field("deliveryPoint", t("invoice.deliveryPoint"), delivery.point),
  ];
}

/** The view of `order` in `lang` (which need not be the language the order was placed in). */
export function orderView(order: OrderDetail, lang: Language): OrderView {
  const t = createT(getMessages(lang), lang);
  const { goodsCup, totalCup } = getOrderCupTotals(order);
  const text = moneyText(t, lang, order, totalCup);
  const delivery = {
    fullName: order.fullName,
    clientId: order.clientId,
    phone: order.phoneNumber,
    address: order.address,
    city: order.city,
    province: order.stateProvinceRegion,
    zip: order.postalZipCode,
    country: order.country,
    latitude: order.deliveryLatitude,
    longitude: order.deliveryLongitude,
    point: formatDeliveryPoint(order),
  };
  return {
    lang,
    id: order.transactionId,
    status: order.status,
    statusLabel: t(`invoice.status.${order.status}`),
    date: formatOrderDate(order.dateIssued, lang),
    dateIso: order.dateIssued.toISOString(),
    deliveryOption: order.deliveryOption,
    deliveryOptionLabel: t(`invoice.option.${order.deliveryOption}`),
    estimate: deliveryEstimate(t, order.deliveryOption),
    cancellable: isCancellable(order.status),
    lines: order.items.map((line) => lineView(t, lang, line)),
    money: {
      goodsCents: order.goodsCents,
      discountCents: order.discountCents,
      amountCents: order.amountCents,
      shippingCup: order.shippingPriceCup,
      exchangeRate: order.exchangeRate,
      goodsCup,
      totalCup,
    },
    text,
    totals: totalRows(t, text),
    delivery,
    deliveryFields: deliveryFields(t, delivery),
    gift: { isGift: order.isGift, message: order.giftMessage },
  };
}
