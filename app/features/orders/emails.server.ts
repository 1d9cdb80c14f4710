/**
 * The order emails in the order's language (§4.1: customers receive e-mail updates on status
 * change): the confirmation when an order is placed and one email per status change. They say what
 * the invoice says (decision “Invoice and reorder”), in the same words.
 */
import { actionEmail, type EmailSection, type MailMessage, sendMail } from "~/features/mail/mail.server";
import { createT } from "~/i18n/i18n";
import { DEFECT_REPORT_HOURS } from "~/features/content/policy";
import { isLanguage, type Language } from "~/i18n/languages";
import { getMessages } from "~/i18n/messages.server";
import type { Env } from "~/utils/env.server";
import type { OrderDetail, OrderRecipient } from "./types";
import { orderView } from "./view.server";

/** The orders page with the order open (it keeps the open order in `?order=`). */
export function orderUrl(publicUrl: string, lang: Language, transactionId: string): string {
  return `${publicUrl}/${lang}/orders?order=${encodeURIComponent(transactionId)}`;
}

function context(order: OrderDetail, recipient: OrderRecipient) {
  const lang: Language = isLanguage(order.language) ? order.language : "es";
  const t = createT(getMessages(lang), lang);
  return {
    lang,
    t,
    view: orderView(order, lang),
    name: recipient.firstName || recipient.username,
    storeName: t("site.name"),
  };
}

type Context = ReturnType<typeof context>;

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function linesSection({ t, view }: Context): EmailSection {
  return {
    title: t("email.order.items"),
    rows: view.lines.map((line) => {
      const details = [...line.variant, t("email.order.unitPrice", { price: line.unit })];
      return { label: `${line.count} × ${line.name} (${details.join(", ")})`, value: line.amount };
    }),
  };
}

function totalsSection({ t, view }: Context): EmailSection {
  return {
    title: t("email.order.totals"),
    rows: [
      ...view.totals.map(({ label, value, strong }) => ({ label, value, ...(strong && { strong }) })),
      { label: view.text.rateNote },
    ],
  };
}

function deliverySection({ t, view }: Context): EmailSection {
  const row = (label: string, value: string) => ({ label, value });
  return {
    title: t("invoice.deliverTo"),
    layout: "details",
    rows: [
      ...view.deliveryFields.map(({ label, value }) => row(label, value)),
      row(t("invoice.deliveryOption"), view.deliveryOptionLabel),
      row(t("invoice.estimate"), view.estimate),
      ...(view.gift.isGift ? [{ label: t("invoice.gift"), strong: true }] : []),
      ...(view.gift.isGift && view.gift.message
        ? [{ label: `${t("invoice.giftMessage")}: “${view.gift.message}”` }]
        : []),
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
    paragraphs: [t("email.order.confirmation.intro", { id, date: c.view.date }), t("email.order.confirmation.next")],
    sections: [linesSection(c), totalsSection(c), deliverySection(c), paymentSection(c)],
    action: { label: t("email.order.action"), url: orderUrl(publicUrl, c.lang, id) },
    footer: t("email.order.footer", { name: c.storeName }),
  });
}

/** What the status email says beyond its first sentence, per status (§4.1, decisions “Returns and warranty”, “Cash on delivery only”). */
function statusParagraphs(order: OrderDetail, { t, view }: Context): string[] {
  switch (order.status) {
    case "shipping":
      return [t("invoice.billsNotice"), t("email.order.status.shippingCancel")];
    case "delivered":
      return [t("email.order.status.deliveredWarranty", { hours: DEFECT_REPORT_HOURS })];
    case "cancelled":
      return [
        view.text.shippingCup
          ? t("email.order.status.cancelledShippingAmount", { shipping: view.text.shippingCup })
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
  const payable = `${c.view.text.totalCup} (${c.view.text.total})`;
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
          { label: t("invoice.date"), value: c.view.date },
          { label: t("invoice.status"), value: c.view.statusLabel, strong: true },
          { label: t("invoice.deliveryOption"), value: c.view.deliveryOptionLabel },
          { label: t("invoice.estimate"), value: c.view.estimate },
          { label: t("invoice.total"), value: c.view.text.total },
          { label: t("invoice.totalCup"), value: c.view.text.totalCup, strong: true },
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
