/**
 * The email of a claim's decision (docs/features.md, "Defect claims"), through the outbox in the language the claim
 * was made in: approved (with the replacement order's id) or rejected (with the operator's note),
 * and a link to the order page where the claim's state shows. Built at send time from the claim.
 */
import { inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { defectClaims } from "~/db/schema/claims";
import { actionEmail } from "~/features/mail/mail.server";
import { transactionIdsOf } from "~/features/orders/replacement.server";
import type { OutboxRenderer, RenderedEmail } from "~/features/outbox/outbox.server";
import { createT } from "~/i18n/i18n";
import { isLanguage } from "~/i18n/languages";
import { localePath } from "~/i18n/links";
import { getMessages } from "~/i18n/messages.server";
import type { Env } from "~/utils/env.server";

export const CLAIM_DECIDED = "claim.decided";

/** What the row carries: the claim, and the shopper as they were when it was decided. */
export type ClaimEmailPayload = { claimId: number; email: string; name: string };

/** The claim emails' outbox renderer. */
export function claimRenderers(env: Pick<Env, "PUBLIC_URL">): Record<string, OutboxRenderer> {
  const render: OutboxRenderer = async (db: Db, rows) => {
    const payloads = rows.map((row) => row.payload as ClaimEmailPayload);
    const ids = payloads.map((p) => Number(p.claimId)).filter(Number.isSafeInteger);
    const claims = ids.length ? await db.select().from(defectClaims).where(inArray(defectClaims.id, ids)) : [];
    const orderIds = await transactionIdsOf(
      db,
      claims.flatMap((c) => [c.orderId, ...(c.replacementOrderId ? [c.replacementOrderId] : [])]),
    );
    const out = new Map<number, RenderedEmail>();
    rows.forEach((row, n) => {
      const payload = payloads[n];
      const claim = claims.find((c) => c.id === Number(payload.claimId));
      if (!claim || claim.status === "pending") return out.set(row.id, null);
      const lang = isLanguage(claim.lang) ? claim.lang : "es";
      const t = createT(getMessages(lang), lang);
      const order = orderIds.get(claim.orderId) ?? "";
      const replacement = claim.replacementOrderId ? (orderIds.get(claim.replacementOrderId) ?? "") : "";
      const approved = claim.status === "approved";
      const paragraphs = approved
        ? [t("claims.email.approved.text", { name: claim.productName, id: replacement })]
        : [t("claims.email.rejected.text", { name: claim.productName })];
      if (claim.note) paragraphs.push(t("claims.email.note", { note: claim.note }));
      const message = actionEmail({
        to: payload.email,
        subject: t(approved ? "claims.email.approved.subject" : "claims.email.rejected.subject", {
          name: claim.productName,
        }),
        greeting: t("claims.email.greeting", { name: payload.name }),
        paragraphs,
        action: {
          label: t("claims.email.action"),
          url: `${env.PUBLIC_URL}${localePath(lang, "/orders")}?order=${encodeURIComponent(approved ? replacement : order)}`,
        },
        footer: t("claims.email.footer"),
      });
      return out.set(row.id, { message, label: `Claim decision email for claim ${claim.id}` });
    });
    return out;
  };
  return { [CLAIM_DECIDED]: render };
}
