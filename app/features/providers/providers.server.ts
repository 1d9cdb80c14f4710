/**
 * Seller applications (spec §2.19, §3, §4.7, §6; decision “The back office”): stored as `pending` for the operator to
 * approve in the back office (a later issue), acknowledged to the applicant in their language and
 * announced to the sales address. The page action and `POST /api/provider-form/provider-application`
 * both call `submitProviderApplication`, so they share its rate limit and its emails.
 */
import { providerApplications } from "~/db/schema/providers";
import type { Db } from "~/db/client.server";
import { enqueueEmail } from "~/features/outbox/outbox.server";
import { outboxMailer } from "~/features/outbox/mailer.server";
import { type RateLimitResult, hitRateLimit } from "~/features/rate-limit/rate-limit.server";
import type { Language } from "~/i18n/languages";
import type { Env } from "~/utils/env.server";
import { SELLER_RECEIVED, SELLER_SALES_NOTICE, type SellerEmailPayload } from "./emails.server";
import type { ProviderApplication } from "./application";
import type { ProviderApplicationInput } from "./schemas";

export type ProvidersDeps = { db: Db; env: Env };

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
      /** Settles once the outbox has tried both emails (a failure is logged and retried, never thrown). */
      notified: Promise<void>;
    }
  | { ok: false; status: 429; retryAfterSeconds: number };

/**
 * Stores a validated application as `pending` in `lang` (the applicant's language: the page's, or
 * the API's `?lang=` / `language` / Accept-Language), with the acknowledgement and the sales
 * notification in the outbox.
 */
export async function submitProviderApplication(
  deps: ProvidersDeps,
  input: ProviderApplicationInput,
  lang: Language,
  opts: { ip: string; now?: Date },
): Promise<SubmitProviderApplicationResult> {
  const limit = await checkProviderRateLimit(deps.db, { ip: opts.ip, email: input.email, now: opts.now });
  if (!limit.ok) return { ok: false, status: 429, retryAfterSeconds: limit.retryAfterSeconds };
  // The application and its two emails are one write; the emails leave after commit, so a mail
  // server that is down or stalled never loses an application nor holds the applicant's answer.
  const application = await deps.db.transaction(async (tx) => {
    const [row] = await tx
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
    const payload: SellerEmailPayload = { applicationId: row.id };
    await enqueueEmail(tx as unknown as Db, SELLER_RECEIVED, payload);
    await enqueueEmail(tx as unknown as Db, SELLER_SALES_NOTICE, payload);
    return row;
  });
  return { ok: true, application, notified: outboxMailer(deps).flush() };
}
