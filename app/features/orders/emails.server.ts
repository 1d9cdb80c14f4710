/**
 * The order emails in the order's language (§4.1: customers receive e-mail updates on status
 * change): the confirmation when an order is placed and one email per status change. They say what
 * the invoice says (D20), in the same words.
 */
import { actionEmail, type EmailSection, type MailMessage, sendMail } from "~/features/mail/mail.server";
import { createT } from "~/i18n/i18n";
import { deliveryEstimate } from "~/features/shipping/shipping";
import { DEFECT_REPORT_HOURS } from "~/features/content/policy";
import { isLanguage, type Language } from "~/i18n/languages";
import { getMessages } from "~/i18n/messages.server";
import type { Env } from "~/utils/env.server";
import {
  describeVariant,
  formatCup,
  formatDeliveryPoint,
  formatOrderDate,
  formatUsdCents,
  getOrderCupTotals,
} from "./invoice.server";
import type { OrderDetail, OrderRecipient } from "./types";

/** The orders page with the order open (it keeps the open order in `?order=`). */
export function orderUrl(publicUrl: string, lang: Language, transactionId: string): string {
  return `${publicUrl}/${lang}/orders?order=${encodeURIComponent(transactionId)}`;
}

function context(order: OrderDetail, recipient: OrderRecipient) {
  const lang: Language = isLanguage(order.language) ? order.language : "es";
  const t = createT(getMessages(lang), lang);
  const { totalCup } = getOrderCupTotals(order);
  const usd = (cents: number) => formatUsdCents(cents, lang);
  const cup = (amount: number) => formatCup(amount, lang);
  const shipping = order.shippingPriceCup > 0 ? cup(order.shippingPriceCup) : t("invoice.shippingFree");
  /** Goods in USD plus shipping in CUP, as the invoice's total row. */
  const total =
    order.shippingPriceCup > 0
      ? t("invoice.totalMixed", { usd: usd(order.amountCents), cup: cup(order.shippingPriceCup) })
      : usd(order.amountCents);
  return {
    lang,
    t,
    usd,
    cup,
    shipping,
    total,
    totalCup: cup(totalCup),
    name: recipient.firstName || recipient.username,
    storeName: t("site.name"),
  };
}

type Context = ReturnType<typeof context>;

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function linesSection(order: OrderDetail, { t, usd }: Context): EmailSection {
  return {
    title: t("email.order.items"),
    rows: order.items.map((line) => {
      const details = [...describeVariant(t, line), t("email.order.unitPrice", { price: usd(line.priceCents) })];
      return {
        label: `${line.count} × ${line.name} (${details.join(", ")})`,
        value: usd(line.priceCents * line.count),
      };
    }),
  };
}

function totalsSection(order: OrderDetail, { t, usd, shipping, total, totalCup }: Context): EmailSection {
  return {
    title: t("email.order.totals"),
    rows: [
      { label: t("invoice.subtotal"), value: usd(order.goodsCents) },
      ...(order.discountCents > 0 || order.couponName
        ? [
            {
              label: order.couponName ? t("invoice.coupon", { name: order.couponName }) : t("invoice.discount"),
              value: usd(-order.discountCents),
            },
          ]
        : []),
      { label: t("invoice.goodsTotal"), value: usd(order.amountCents), strong: true },
      { label: t("invoice.shipping"), value: shipping },
      { label: t("invoice.total"), value: total, strong: true },
      { label: t("invoice.totalCup"), value: totalCup, strong: true },
      { label: t("invoice.rateNote", { usd: usd(order.amountCents), rate: String(order.exchangeRate), shipping }) },
    ],
  };
}

function deliverySection(order: OrderDetail, { t }: Context): EmailSection {
  const row = (label: string, value: string) => ({ label, value });
  return {
    title: t("invoice.deliverTo"),
    layout: "details",
    rows: [
      row(t("invoice.fullName"), order.fullName),
      row(t("invoice.identityCard"), order.clientId),
      row(t("invoice.phone"), order.phoneNumber),
      row(t("invoice.address"), order.address),
      row(t("invoice.city"), order.city),
      row(t("invoice.province"), order.stateProvinceRegion),
      ...(order.postalZipCode ? [row(t("invoice.zip"), order.postalZipCode)] : []),
      row(t("invoice.country"), order.country),
      row(t("invoice.deliveryPoint"), formatDeliveryPoint(order)),
      row(t("invoice.deliveryOption"), t(`invoice.option.${order.deliveryOption}`)),
      row(t("invoice.estimate"), deliveryEstimate(t, order.deliveryOption)),
      ...(order.isGift ? [{ label: t("invoice.gift"), strong: true }] : []),
      ...(order.isGift && order.giftMessage ? [{ label: `${t("invoice.giftMessage")}: “${order.giftMessage}”` }] : []),
    ],
  };
}

function paymentSection({ t }: Context): EmailSection {
  return {
    title: t("invoice.payment"),
    rows: [{ label: capitalize(t("invoice.paymentCash")), strong: true }, { label: t("invoice.billsNotice") }],
  };
}

/** The confirmation of a placed order: lines, totals, delivery, payment and a link to the order. */
export function orderConfirmationEmail(order: OrderDetail, recipient: OrderRecipient, publicUrl: string): MailMessage {
  const c = context(order, recipient);
  const { t } = c;
  const id = order.transactionId;
  return actionEmail({
    to: recipient.email,
    subject: t("email.order.confirmation.subject", { id }),
    greeting: t("email.greeting", { name: c.name }),
    paragraphs: [
      t("email.order.confirmation.intro", { id, date: formatOrderDate(order.dateIssued, c.lang) }),
      t("email.order.confirmation.next"),
    ],
    sections: [linesSection(order, c), totalsSection(order, c), deliverySection(order, c), paymentSection(c)],
    action: { label: t("email.order.action"), url: orderUrl(publicUrl, c.lang, id) },
    footer: t("email.order.footer", { name: c.storeName }),
  });
}

/** What the status email says beyond its first sentence, per status (§4.1, D21, D22). */
function statusParagraphs(order: OrderDetail, { t, cup }: Context): string[] {
  switch (order.status) {
    case "shipping":
      return [t("invoice.billsNotice"), t("email.order.status.shippingCancel")];
    case "delivered":
      return [t("email.order.status.deliveredWarranty", { hours: DEFECT_REPORT_HOURS })];
    case "cancelled":
      return [
        order.shippingPriceCup > 0
          ? t("email.order.status.cancelledShippingAmount", { shipping: cup(order.shippingPriceCup) })
          : t("email.order.status.cancelledShipping"),
      ];
    default:
      return [];
  }
}

/** The email for the order's current status, with the store's note on the move when there is one. */
export function orderStatusEmail(order: OrderDetail, recipient: OrderRecipient, publicUrl: string): MailMessage {
  const c = context(order, recipient);
  const { t } = c;
  const id = order.transactionId;
  const latest = order.history.at(-1);
  const note = latest?.status === order.status ? latest.note.trim() : "";
  const payable = `${c.totalCup} (${c.total})`;
  return actionEmail({
    to: recipient.email,
    subject: t(`email.order.status.subject.${order.status}`, { id }),
    greeting: t("email.greeting", { name: c.name }),
    paragraphs: [
      t(`email.order.status.text.${order.status}`, { id, total: payable, name: c.storeName }),
      ...statusParagraphs(order, c),
      ...(note ? [t("email.order.note", { note })] : []),
    ],
    sections: [
      {
        title: t("email.order.summary"),
        layout: "details",
        rows: [
          { label: t("invoice.orderNumber"), value: id },
          { label: t("invoice.date"), value: formatOrderDate(order.dateIssued, c.lang) },
          { label: t("invoice.status"), value: t(`invoice.status.${order.status}`), strong: true },
          { label: t("invoice.deliveryOption"), value: t(`invoice.option.${order.deliveryOption}`) },
          { label: t("invoice.estimate"), value: deliveryEstimate(t, order.deliveryOption) },
          { label: t("invoice.total"), value: c.total },
          { label: t("invoice.totalCup"), value: c.totalCup, strong: true },
        ],
      },
    ],
    action: { label: t("email.order.action"), url: orderUrl(publicUrl, c.lang, id) },
    footer: t("email.order.footer", { name: c.storeName }),
  });
}

/** Sends the confirmation of a placed order to `recipient`; throws when the mail server refuses it. */
export async function sendOrderConfirmationEmail(
  env: Env,
  order: OrderDetail,
  recipient: OrderRecipient,
): Promise<void> {
  await sendMail(env, orderConfirmationEmail(order, recipient, env.PUBLIC_URL));
}

/** Sends the email for the order's current status (§4.1); throws when the mail server refuses it. */
export async function sendOrderStatusEmail(env: Env, order: OrderDetail, recipient: OrderRecipient): Promise<void> {
  await sendMail(env, orderStatusEmail(order, recipient, env.PUBLIC_URL));
}
