/** The account emails (activation, password reset) in the account's language (decision “Every message in both languages”), sent through the outbox. */
import { inArray } from "drizzle-orm";
import { users } from "~/db/schema/accounts";
import { actionEmail } from "~/features/mail/mail.server";
import type { OutboxRenderer, RenderedEmail } from "~/features/outbox/outbox.server";
import { createT } from "~/i18n/i18n";
import { isLanguage } from "~/i18n/languages";
import { getMessages } from "~/i18n/messages.server";
import type { Env } from "~/utils/env.server";
import {
  ACTIVATION_LIFETIME_SECONDS,
  type AccountLinkPurpose,
  RESET_LIFETIME_SECONDS,
  accountLink,
  nowSeconds,
} from "./account-links.server";

type Recipient = { email: string; firstName: string; username: string; language: string };

function tFor(user: Recipient) {
  const lang = isLanguage(user.language) ? user.language : "es";
  return createT(getMessages(lang), lang);
}

export function activationEmail(user: Recipient, url: string) {
  const t = tFor(user);
  const name = user.firstName || user.username;
  return actionEmail({
    to: user.email,
    subject: t("email.activation.subject"),
    greeting: t("email.greeting", { name }),
    paragraphs: [t("email.activation.text"), t("email.activation.expiry")],
    action: { label: t("email.activation.action"), url },
    footer: t("email.footer"),
  });
}

export function resetPasswordEmail(user: Recipient, url: string) {
  const t = tFor(user);
  const name = user.firstName || user.username;
  return actionEmail({
    to: user.email,
    subject: t("email.reset.subject"),
    greeting: t("email.greeting", { name }),
    paragraphs: [t("email.reset.text"), t("email.reset.expiry")],
    action: { label: t("email.reset.action"), url },
    footer: t("email.footer"),
  });
}

export const ACCOUNT_ACTIVATION = "account.activation";
export const ACCOUNT_RESET = "account.reset";

/** What an account email row carries: the account, and when its link was issued (seconds). */
export type AccountEmailPayload = { userId: number; issuedAt: number };

/**
 * The account emails' outbox renderers. The link is built at send time from the account as it is
 * then, with the row's issue time, so every try sends the same link; nothing is sent for an
 * account that is gone, an activation of an account already active, or a reset of one that is not.
 * A link whose row waited past most of its lifetime (a mail server down for days) is issued anew.
 */
export function accountRenderers(env: Env): Record<string, OutboxRenderer> {
  const renderer =
    (purpose: AccountLinkPurpose): OutboxRenderer =>
    async (db, rows) => {
      const ids = [...new Set(rows.map((row) => (row.payload as AccountEmailPayload).userId))];
      const found = await db.select().from(users).where(inArray(users.id, ids));
      const byId = new Map(found.map((user) => [user.id, user]));
      const lifetime = purpose === "activation" ? ACTIVATION_LIFETIME_SECONDS : RESET_LIFETIME_SECONDS;
      return new Map(
        rows.map((row): [number, RenderedEmail] => {
          const payload = row.payload as AccountEmailPayload;
          const user = byId.get(payload.userId);
          if (!user || user.isActive !== (purpose === "reset")) return [row.id, null];
          const issuedAt = Math.max(payload.issuedAt, nowSeconds() - Math.floor(lifetime / 2));
          const url = accountLink(env, purpose, user, issuedAt);
          const message = purpose === "activation" ? activationEmail(user, url) : resetPasswordEmail(user, url);
          return [
            row.id,
            {
              message,
              label: `${purpose === "activation" ? "Activation" : "Password reset"} email to user ${user.id}`,
            },
          ];
        }),
      );
    };
  return { [ACCOUNT_ACTIVATION]: renderer("activation"), [ACCOUNT_RESET]: renderer("reset") };
}
