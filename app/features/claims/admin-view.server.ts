/**
 * The back office's view of claims (docs/features.md, "Defect claims"): rows of the list and one claim, written in
 * the operator's language, and the decision form read into a decision.
 */
import type { Db } from "~/db/client.server";
import { type ClaimStatus, claimStatuses } from "~/db/schema/claims";
import type { AuditActor } from "~/features/audit/audit.server";
import type { Language } from "~/i18n/languages";
import type { Env } from "~/utils/env.server";
import { parseRowId } from "~/utils/ids";
import { type AdminClaim, decideClaim, getClaim, listClaims } from "./decide.server";
import { claimItemView } from "./page-view";
import { ClaimDecisionSchema } from "./schemas";

const adminView = (claim: AdminClaim, lang: Language) => ({
  ...claimItemView(claim, lang),
  orderId: claim.orderTransactionId,
  customer: claim.customerEmail,
});
export type AdminClaimView = ReturnType<typeof adminView>;

/** The list page: claims of `status` (a query value; anything else is all), newest first. */
export async function adminClaimsPage(db: Db, statusParam: string | null, lang: Language) {
  const status = claimStatuses.find((s) => s === statusParam);
  const { claims, pending } = await listClaims(db, { status });
  return {
    status: status ?? null,
    statuses: claimStatuses,
    pending,
    claims: claims.map((claim) => adminView(claim, lang)),
  };
}

/** One claim for its page, or null (an unknown or malformed id). */
export async function adminClaimPage(db: Db, idParam: string, lang: Language): Promise<AdminClaimView | null> {
  const id = parseRowId(idParam);
  const claim = id === null ? null : await getClaim(db, id);
  return claim && adminView(claim, lang);
}

export type DecisionFormResult =
  | { ok: true; status: ClaimStatus; replacementId: string | null }
  | {
      ok: false;
      status: 400 | 404 | 409;
      errors: Record<string, string>;
      formError?: string;
      values?: Record<string, string | number>;
      note: string;
    };

/** Reads the decision form and decides the claim (the caller has checked the operator). */
export async function submitDecisionForm(
  deps: { db: Db; env: Env },
  idParam: string,
  form: FormData,
  actor: AuditActor,
): Promise<DecisionFormResult> {
  const rawNote = form.get("note");
  const note = typeof rawNote === "string" ? rawNote.slice(0, 2000) : "";
  const id = parseRowId(idParam);
  if (id === null) return { ok: false, status: 404, errors: {}, formError: "admin.claims.notFound", note };
  const parsed = ClaimDecisionSchema.safeParse({ decision: form.get("decision") ?? undefined, note });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "decision")] ??= issue.message;
    return { ok: false, status: 400, errors, note };
  }
  if (parsed.data.decision === "reject" && !parsed.data.note) {
    return { ok: false, status: 400, errors: { note: "claims.errors.noteRequired" }, note };
  }
  const result = await decideClaim(deps, id, parsed.data, actor);
  if (result.ok) {
    void result.notified;
    return { ok: true, status: result.claim.status, replacementId: result.claim.replacementTransactionId };
  }
  if (result.status === 404) return { ok: false, status: 404, errors: {}, formError: "admin.claims.notFound", note };
  if (result.error === "claims.errors.decided")
    return { ok: false, status: 409, errors: {}, formError: result.error, note };
  return {
    ok: false,
    status: 409,
    errors: {},
    formError: "admin.claims.outOfStock",
    values: { name: result.product.name, stock: result.product.stock },
    note,
  };
}
