/** The account emails (activation, password reset) in the account's language (D4). */
import { actionEmail } from "~/features/mail/mail.server";
import { createT } from "~/i18n/i18n";
import { isLanguage } from "~/i18n/languages";
import { getMessages } from "~/i18n/messages.server";

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
