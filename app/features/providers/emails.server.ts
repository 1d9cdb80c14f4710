/**
 * The emails of a seller application (§4.7), all sent through the outbox: the
 * acknowledgement to the applicant, in the applicant's language, with the review timeframe and what
 * comes next; the notice to the sales address, in Spanish (the operator's language), with every
 * field of the application; and the operator's decision, in the applicant's language.
 */
import { inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { providerApplications } from "~/db/schema/providers";
import type { CompanyInfoDto } from "~/features/catalog/types";
import { getCompanyInfo } from "~/features/content/content.server";
import { type EmailSection, type MailMessage, actionEmail } from "~/features/mail/mail.server";
import type { OutboxRenderer, RenderedEmail } from "~/features/outbox/outbox.server";
import { type TFunction, createT } from "~/i18n/i18n";
import { type Language, isLanguage } from "~/i18n/languages";
import { localePath } from "~/i18n/links";
import { getMessages } from "~/i18n/messages.server";
import type { Env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { formatTimeframe } from "./process";
import type { ProviderApplication } from "./application";

type Company = Pick<CompanyInfoDto, "name" | "sales_email"> | null;

const typeName = (t: TFunction, type: string) =>
  t(type === "warehouse" ? "sell.type.warehouse" : "sell.type.local").toLocaleLowerCase();

/** The application's fields as rows, labelled in `t`'s language. */
function detailsSection(t: TFunction, application: ProviderApplication, title: string): EmailSection {
  const row = (label: string, value: string) => ({ label, value });
  return {
    title,
    layout: "details",
    rows: [
      row(t("sell.email.reference"), String(application.id)),
      row(t("sell.field.businessName"), application.businessName),
      row(t("sell.field.contactName"), application.contactName),
      row(t("sell.field.email"), application.email),
      row(t("sell.field.phone"), application.phone),
      row(t("sell.field.address"), application.address),
      row(t("sell.field.providerType"), typeName(t, application.providerType)),
      row(t("sell.field.productCategories"), application.productCategories),
      row(t("sell.field.businessDescription"), application.businessDescription),
    ],
  };
}

/** The acknowledgement to the applicant, in the application's language. */
export function applicationReceivedEmail(
  application: ProviderApplication,
  company: Company,
  publicUrl: string,
): MailMessage {
  const lang: Language = isLanguage(application.language) ? application.language : "es";
  const t = createT(getMessages(lang), lang);
  const name = company?.name || t("site.name");
  const salesEmail = company?.sales_email.trim();
  return actionEmail({
    to: application.email,
    subject: t("sell.email.subject", { name, id: application.id }),
    greeting: t("email.greeting", { name: application.contactName }),
    paragraphs: [
      t("sell.email.intro", { name, type: typeName(t, application.providerType) }),
      t("sell.email.review", { time: formatTimeframe(t, "review") }),
      t("sell.email.next", { interview: formatTimeframe(t, "interview"), setup: formatTimeframe(t, "setup") }),
    ],
    sections: [detailsSection(t, application, t("sell.email.summary"))],
    action: { label: t("sell.email.action"), url: `${publicUrl}${localePath(lang, "/sell-with-us")}` },
    footer: salesEmail ? t("sell.email.footer", { email: salesEmail, name }) : t("sell.email.footerNoEmail", { name }),
  });
}

/** The notice to the sales team, in Spanish; its button answers the applicant by email. */
export function salesNotificationEmail(application: ProviderApplication, to: string, storeName?: string): MailMessage {
  const t = createT(getMessages("es"), "es");
  const name = storeName || t("site.name");
  const section = detailsSection(t, application, t("sell.email.summary"));
  section.rows.push({
    label: t("sell.email.sales.language"),
    value: t(application.language === "en" ? "language.en" : "language.es"),
  });
  return actionEmail({
    to,
    subject: t("sell.email.sales.subject", { business: application.businessName, id: application.id }),
    greeting: t("sell.email.sales.greeting"),
    paragraphs: [
      t("sell.email.sales.intro", {
        contact: application.contactName,
        type: typeName(t, application.providerType),
      }),
      t("sell.email.sales.review", { time: formatTimeframe(t, "review") }),
    ],
    sections: [section],
    action: { label: t("sell.email.sales.action"), url: `mailto:${application.email}` },
    footer: t("sell.email.sales.footer", { name }),
  });
}

/** What the decision email needs of company info: its name and how to reach sales. */
type DecisionCompany = Pick<CompanyInfoDto, "name" | "sales_email" | "sells_phone"> | null;

/**
 * The operator's answer to the applicant in the application's language: an
 * approval welcomes them with the next steps; a rejection says why and how to reach sales. The
 * operator's note is quoted in both (required for a rejection, optional for an approval).
 */
export function applicationDecisionEmail(
  application: ProviderApplication,
  decision: "approved" | "rejected",
  company: DecisionCompany,
  publicUrl: string,
): MailMessage {
  const lang: Language = isLanguage(application.language) ? application.language : "es";
  const t = createT(getMessages(lang), lang);
  const name = company?.name || t("site.name");
  const salesEmail = company?.sales_email.trim() ?? "";
  const salesPhone = company?.sells_phone.trim() ?? "";
  const note = application.reviewNote.trim();
  const sellUrl = `${publicUrl}${localePath(lang, "/sell-with-us")}`;
  const contact = salesEmail
    ? salesPhone
      ? t("email.seller.contactBoth", { email: salesEmail, phone: salesPhone })
      : t("email.seller.contactEmail", { email: salesEmail })
    : salesPhone
      ? t("email.seller.contactPhone", { phone: salesPhone })
      : t("email.seller.contactPage");
  const noteSection: EmailSection[] = note
    ? [{ title: t("email.seller.noteTitle"), layout: "details", rows: [{ label: note }] }]
    : [];
  const footer = salesEmail
    ? t("sell.email.footer", { email: salesEmail, name })
    : t("sell.email.footerNoEmail", { name });
  if (decision === "approved") {
    return actionEmail({
      to: application.email,
      subject: t("email.seller.approved.subject", { name, id: application.id }),
      greeting: t("email.greeting", { name: application.contactName }),
      paragraphs: [
        t("email.seller.approved.intro", { name, type: typeName(t, application.providerType) }),
        t("email.seller.approved.next", {
          interview: formatTimeframe(t, "interview"),
          setup: formatTimeframe(t, "setup"),
        }),
        contact,
      ],
      sections: noteSection,
      action: { label: t("email.seller.approved.action"), url: sellUrl },
      footer,
    });
  }
  return actionEmail({
    to: application.email,
    subject: t("email.seller.rejected.subject", { name, id: application.id }),
    greeting: t("email.greeting", { name: application.contactName }),
    paragraphs: [t("email.seller.rejected.intro", { name, business: application.businessName }), contact],
    sections: noteSection,
    action: salesEmail
      ? { label: t("email.seller.rejected.action"), url: `mailto:${salesEmail}` }
      : { label: t("sell.email.action"), url: sellUrl },
    footer,
  });
}

export const SELLER_RECEIVED = "seller.received";
export const SELLER_SALES_NOTICE = "seller.sales";
export const SELLER_DECISION = "seller.decision";

/** What a seller email row carries: the application, and for a decision the decision told. */
export type SellerEmailPayload = { applicationId: number; decision?: "approved" | "rejected" };

/**
 * Where new applications are announced: company info's `sales_email`, else its `support_email`;
 * with neither set, nobody (a warning is logged; the application waits in the back office).
 */
export function salesAddressOf(company: { sales_email: string; support_email: string } | null): string | null {
  return company?.sales_email.trim() || company?.support_email.trim() || null;
}

/**
 * The seller emails' outbox renderers: each message is built at send time from the application
 * and the company details as they are then (a row whose application is gone sends nothing).
 */
export function sellerRenderers(env: Env): Record<string, OutboxRenderer> {
  const renderer =
    (
      build: (application: ProviderApplication, payload: SellerEmailPayload, db: Db) => Promise<RenderedEmail>,
    ): OutboxRenderer =>
    async (db, rows) => {
      const ids = [...new Set(rows.map((row) => (row.payload as SellerEmailPayload).applicationId))];
      const found = await db.select().from(providerApplications).where(inArray(providerApplications.id, ids));
      const byId = new Map(found.map((application) => [application.id, application]));
      const out = new Map<number, RenderedEmail>();
      for (const row of rows) {
        const payload = row.payload as SellerEmailPayload;
        const application = byId.get(payload.applicationId);
        out.set(row.id, application ? await build(application, payload, db) : null);
      }
      return out;
    };
  const languageOf = (application: ProviderApplication): Language =>
    isLanguage(application.language) ? application.language : "es";
  return {
    [SELLER_RECEIVED]: renderer(async (application, _payload, db) => ({
      message: applicationReceivedEmail(application, await getCompanyInfo(db, "es"), env.PUBLIC_URL),
      label: `Provider application ${application.id} acknowledgement email`,
    })),
    [SELLER_SALES_NOTICE]: renderer(async (application, _payload, db) => {
      const company = await getCompanyInfo(db, "es");
      const to = salesAddressOf(company);
      if (!to) {
        logger.warn(
          `Provider application ${application.id}: no sales_email or support_email in company info, nobody notified`,
        );
        return null;
      }
      return {
        message: salesNotificationEmail(application, to, company?.name),
        label: `Provider application ${application.id} sales notification email`,
      };
    }),
    [SELLER_DECISION]: renderer(async (application, payload, db) => {
      const decision = payload.decision ?? (application.status === "approved" ? "approved" : "rejected");
      const company = await getCompanyInfo(db, languageOf(application));
      return {
        message: applicationDecisionEmail(application, decision, company, env.PUBLIC_URL),
        label: `Provider application ${application.id} decision email`,
      };
    }),
  };
}
