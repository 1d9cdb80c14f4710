/**
 * Seller applications (spec §2.19, §3, §4.7, §6; D24): stored as `pending` for the operator to
 * approve in the back office (a later issue), acknowledged to the applicant in their language and
 * announced to the sales address. The page action and `POST /api/provider-form/provider-application`
 * both call `submitProviderApplication`, so they share its rate limit and its emails.
 */
import { providerApplications } from "~/db/schema";
import type { Db } from "~/db/client.server";
import { getCompanyInfo } from "~/features/content/content.server";
import { type RateLimitResult, hitRateLimit } from "~/features/rate-limit/rate-limit.server";
import type { Language } from "~/i18n/languages";
import type { Env } from "~/utils/env.server";
import { sendApplicationReceivedEmail, sendSalesNotificationEmail } from "./emails.server";
import type { ProviderApplicationInput } from "./schemas";
import { logger } from "~/utils/logger.server";

export type ProvidersDeps = { db: Db; env: Env };

export type ProviderApplication = typeof providerApplications.$inferSelect;

/**
 * The abuse policy of applications. Only applications that pass validation count (a shopper who
 * mistypes a field, with or without JavaScript, does not use up a try): at most `perIp` per hour
 * from one address (generous because many Cubans share one carrier address behind NAT), and at
 * most `perEmail` per hour to one applicant address, so the form cannot be used to flood
 * someone's mailbox with acknowledgements.
 */
export const PROVIDER_RATE_LIMIT = { perIp: 10, perEmail: 3, windowSeconds: 3600 } as const;

/** Counts one application from `ip` to `email`; refuses when either is over its limit. */
export async function checkProviderRateLimit(
  db: Db,
  opts: { ip: string; email: string; now?: Date },
): Promise<RateLimitResult> {
  const { perIp, perEmail, windowSeconds } = PROVIDER_RATE_LIMIT;
  const [byIp, byEmail] = [
    await hitRateLimit(db, [`provider:ip:${opts.ip}`], { limit: perIp, windowSeconds, now: opts.now }),
    await hitRateLimit(db, [`provider:email:${opts.email.toLowerCase()}`], {
      limit: perEmail,
      windowSeconds,
      now: opts.now,
    }),
  ];
  if (byIp.ok && byEmail.ok) return { ok: true };
  const waits = [byIp, byEmail].flatMap((r) => (r.ok ? [] : [r.retryAfterSeconds]));
  return { ok: false, retryAfterSeconds: Math.max(...waits) };
}

export type SubmitProviderApplicationResult =
  | {
      ok: true;
      application: ProviderApplication;
      /** Settles once both emails are sent or have failed (failures are logged, never thrown). */
      notified: Promise<void>;
    }
  | { ok: false; status: 429; retryAfterSeconds: number };

/**
 * Stores a validated application as `pending` in `lang` (the applicant's language: the page's, or
 * the API's `?lang=` / `language` / Accept-Language), then sends the acknowledgement and the sales
 * notification. Storing comes first: a mail server that is down never loses an application, it
 * only logs the failed email (the operator sees every application in the back office anyway).
 */
export async function submitProviderApplication(
  deps: ProvidersDeps,
  input: ProviderApplicationInput,
  lang: Language,
  opts: { ip: string; now?: Date },
): Promise<SubmitProviderApplicationResult> {
  const limit = await checkProviderRateLimit(deps.db, { ip: opts.ip, email: input.email, now: opts.now });
  if (!limit.ok) return { ok: false, status: 429, retryAfterSeconds: limit.retryAfterSeconds };
  const [application] = await deps.db
    .insert(providerApplications)
    .values({
      businessName: input.businessName,
      contactName: input.contactName,
      email: input.email,
      phone: input.phone,
      address: input.address,
      providerType: input.providerType,
      productCategories: input.productCategories,
      businessDescription: input.businessDescription,
      termsAccepted: input.termsAccepted,
      status: "pending",
      language: lang,
    })
    .returning();
  return { ok: true, application, notified: notifyApplication(deps, application) };
}

/** Both emails, from the next turn of the event loop: the applicant's answer does not wait for SMTP. */
async function notifyApplication(deps: ProvidersDeps, application: ProviderApplication): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  const company = await getCompanyInfo(deps.db, "es").catch(() => null);
  const salesAddress = salesAddressOf(company);
  await Promise.all([
    sendApplicationReceivedEmail(deps.env, application, company).catch((error: unknown) => {
      logger.error({ err: error }, `Provider application ${application.id} acknowledgement email failed`);
    }),
    salesAddress
      ? sendSalesNotificationEmail(deps.env, application, salesAddress, company?.name).catch((error: unknown) => {
          logger.error({ err: error }, `Provider application ${application.id} sales notification email failed`);
        })
      : Promise.resolve(
          logger.warn(
            `Provider application ${application.id}: no sales_email or support_email in company info, nobody notified`,
          ),
        ),
  ]);
}

/**
 * Where new applications are announced: company info's `sales_email`, else its `support_email`;
 * with neither set, nobody (a warning is logged; the application waits in the back office).
 */
export function salesAddressOf(company: { sales_email: string; support_email: string } | null): string | null {
  return company?.sales_email.trim() || company?.support_email.trim() || null;
}
