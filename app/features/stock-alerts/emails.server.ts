/**
 * The emails of back-in-stock alerts (docs/features.md, "Back-in-stock alerts"), sent through the outbox in the
 * subscriber's language: the double opt-in confirmation of a signed-out subscription, and the one
 * "it's back" email with the product's link and an unsubscribe link. Built at send time from the
 * product as it is then; a product gone (deleted, archived) sends nothing.
 */
import { getProductCardMap } from "~/features/catalog/product-cards.server";
import { type MailMessage, actionEmail } from "~/features/mail/mail.server";
import type { OutboxRenderer, RenderedEmail } from "~/features/outbox/outbox.server";
import { createT } from "~/i18n/i18n";
import { type Language, isLanguage } from "~/i18n/languages";
import { localePath } from "~/i18n/links";
import { getMessages } from "~/i18n/messages.server";
import type { Env } from "~/utils/env.server";
import { alertLinkUrl } from "./links.server";

export const STOCK_ALERT_CONFIRM = "stock_alert.confirm";
export const STOCK_ALERT_BACK = "stock_alert.back";
/** Sent in bulk when a product comes back: after every other email, at the outbox's bulk rate. */
export const STOCK_ALERT_BULK_KINDS = [STOCK_ALERT_BACK];

/** What both kinds of row carry. */
export type StockAlertPayload = { productId: number; email: string; lang: string };

type Links = Pick<Env, "PUBLIC_URL" | "SECRET_KEYS">;

/** The confirmation asked of a signed-out subscriber. */
export function confirmAlertEmail(env: Links, lang: Language, email: string, product: { id: number; name: string }) {
  const t = createT(getMessages(lang), lang);
  return actionEmail({
    to: email,
    subject: t("stockAlerts.email.confirm.subject", { name: product.name }),
    greeting: t("stockAlerts.email.greeting"),
    paragraphs: [t("stockAlerts.email.confirm.text", { name: product.name })],
    action: {
      label: t("stockAlerts.email.confirm.action"),
      url: alertLinkUrl(env, lang, { purpose: "confirm", productId: product.id, email }),
    },
    footer: t("stockAlerts.email.confirm.footer"),
  });
}

/** The one email of a restock: the product's link, and a link that ends every alert of the address. */
export function backInStockEmail(env: Links, lang: Language, email: string, product: { id: number; name: string }) {
  const t = createT(getMessages(lang), lang);
  const unsubscribe = alertLinkUrl(env, lang, { purpose: "unsubscribe", productId: 0, email });
  return actionEmail({
    to: email,
    subject: t("stockAlerts.email.back.subject", { name: product.name }),
    greeting: t("stockAlerts.email.greeting"),
    paragraphs: [t("stockAlerts.email.back.text", { name: product.name }), t("stockAlerts.email.back.once")],
    action: {
      label: t("stockAlerts.email.back.action"),
      url: `${env.PUBLIC_URL}${localePath(lang, `/product/${product.id}`)}`,
    },
    footer: t("stockAlerts.email.back.footer", { url: unsubscribe }),
  });
}

/** The outbox renderers of both kinds: the products of a batch are read once per language. */
export function stockAlertRenderers(env: Env): Record<string, OutboxRenderer> {
  const renderer =
    (build: (env: Links, lang: Language, email: string, product: { id: number; name: string }) => MailMessage) =>
    (label: string): OutboxRenderer =>
    async (db, rows) => {
      const out = new Map<number, RenderedEmail>();
      const byLang = new Map<Language, typeof rows>();
      for (const row of rows) {
        const { lang } = row.payload as StockAlertPayload;
        const language: Language = isLanguage(lang) ? lang : "es";
        byLang.set(language, [...(byLang.get(language) ?? []), row]);
      }
      for (const [lang, group] of byLang) {
        const ids = group.map((row) => Number((row.payload as StockAlertPayload).productId));
        const cards = await getProductCardMap(db, ids, lang);
        for (const row of group) {
          const payload = row.payload as StockAlertPayload;
          const card = cards.get(Number(payload.productId));
          out.set(
            row.id,
            card
              ? { message: build(env, lang, payload.email, { id: card.id, name: card.display_name }), label: label }
              : null,
          );
        }
      }
      return out;
    };
  return {
    [STOCK_ALERT_CONFIRM]: renderer(confirmAlertEmail)("Stock alert confirmation"),
    [STOCK_ALERT_BACK]: renderer(backInStockEmail)("Back-in-stock alert"),
  };
}
