/**
 * Defect claims, the operator's side (docs/product-decisions.md, "Returns and warranty"): the back
 * office lists claims and decides each pending one. Approving places a replacement order of the
 * claimed line at zero cost (the orders feature places it, taking the stock) in the same
 * transaction as the decision: when the stock is short nothing changes and the operator is told.
 * Rejecting needs a note. Either way the shopper is emailed (outbox) and an audit entry is written.
 */
import { count, desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { type ClaimStatus, defectClaims } from "~/db/schema/claims";
import { getUserById } from "~/features/accounts/accounts.server";
import { type AuditActor, recordAudit } from "~/features/audit/audit.server";
import { invalidateStock } from "~/features/catalog/catalog-cache.server";
import { withRetry } from "~/db/retry.server";
import { type ReplacementResult, placeReplacementOrder, transactionIdsOf } from "~/features/orders/replacement.server";
import { enqueueEmail } from "~/features/outbox/outbox.server";
import { outboxMailer } from "~/features/outbox/mailer.server";
import type { Env } from "~/utils/env.server";
import { type ClaimRow, type ClaimView, toClaimView } from "./claims.server";
import { CLAIM_DECIDED, type ClaimEmailPayload } from "./emails.server";
import type { ClaimDecision } from "./schemas";

/** A claim as the back office shows it: with its order and its customer. */
export type AdminClaim = ClaimView & { orderTransactionId: string; customerEmail: string };

export const ADMIN_CLAIMS_PAGE_SIZE = 50;

async function adminViews(db: Db, rows: ClaimRow[]): Promise<AdminClaim[]> {
  const ids = await transactionIdsOf(
    db,
    rows.flatMap((row) => [row.orderId, ...(row.replacementOrderId ? [row.replacementOrderId] : [])]),
  );
  const users = new Map<number, string>();
  for (const userId of new Set(rows.map((row) => row.userId))) {
    users.set(userId, (await getUserById(db, userId))?.email ?? "");
  }
  return rows.map((row) => ({
    ...toClaimView(row, ids),
    orderTransactionId: ids.get(row.orderId) ?? "",
    customerEmail: users.get(row.userId) ?? "",
  }));
}

/** One page of claims, newest first, optionally of one status, with the number pending. */
export async function listClaims(
  db: Db,
  opts: { status?: ClaimStatus; page?: number } = {},
): Promise<{ claims: AdminClaim[]; pending: number }> {
  const page = Math.max(1, Math.trunc(opts.page ?? 1));
  const where = opts.status ? eq(defectClaims.status, opts.status) : undefined;
  const [rows, [{ pending }]] = await Promise.all([
    db
      .select()
      .from(defectClaims)
      .where(where)
      .orderBy(desc(defectClaims.createdAt), desc(defectClaims.id))
      .limit(ADMIN_CLAIMS_PAGE_SIZE)
      .offset((page - 1) * ADMIN_CLAIMS_PAGE_SIZE),
    db.select({ pending: count() }).from(defectClaims).where(eq(defectClaims.status, "pending")),
  ]);
  return { claims: await adminViews(db, rows), pending: Number(pending) };
}

/** One claim for the back office, or null. */
export async function getClaim(db: Db, id: number): Promise<AdminClaim | null> {
  const [row] = await db.select().from(defectClaims).where(eq(defectClaims.id, id)).limit(1);
  if (!row) return null;
  const [view] = await adminViews(db, [row]);
  return view;
}

export type DecideResult =
  | { ok: true; claim: AdminClaim; notified: Promise<void> }
  | { ok: false; status: 404; error: "claims.errors.notFound" }
  | { ok: false; status: 409; error: "claims.errors.decided"; current: ClaimStatus }
  | {
      ok: false;
      status: 409;
      error: Extract<ReplacementResult, { ok: false }>["error"];
      product: { id: number | null; name: string; stock: number };
    };

type Refusal = Extract<DecideResult, { ok: false }>;

/** Thrown inside the transaction to roll it back and answer `result`. */
class Rollback extends Error {
  constructor(readonly result: Refusal) {
    super("rollback");
  }
}

/**
 * Decides pending claim `id` (an operator's action: the caller has checked the role). `now` is the
 * decision's time (tests pass a clock).
 */
export async function decideClaim(
  deps: { db: Db; env: Env },
  id: number,
  decision: ClaimDecision,
  actor: AuditActor,
  opts: { now?: Date } = {},
): Promise<DecideResult> {
  const { db } = deps;
  const now = opts.now ?? new Date();
  let outcome: { replaced: boolean };
  try {
    outcome = await withRetry(() =>
      db.transaction(async (tx) => {
        const handle = tx as unknown as Db;
        const [row] = await tx.select().from(defectClaims).where(eq(defectClaims.id, id)).limit(1).for("update");
        if (!row) throw new Rollback({ ok: false, status: 404, error: "claims.errors.notFound" });
        if (row.status !== "pending") {
          throw new Rollback({ ok: false, status: 409, error: "claims.errors.decided", current: row.status });
        }
        let replacementOrderId: number | null = null;
        let replacement: string | null = null;
        if (decision.decision === "approve") {
          const placed = await placeReplacementOrder(
            handle,
            row.orderId,
            {
              productId: row.productId,
              name: row.productName,
              variety: row.variety,
              color: row.color,
              count: row.count,
            },
            row.id,
          );
          if (!placed.ok) throw new Rollback(placed);
          replacementOrderId = placed.orderId;
          replacement = placed.transactionId;
        }
        const status: ClaimStatus = decision.decision === "approve" ? "approved" : "rejected";
        await tx
          .update(defectClaims)
          .set({ status, note: decision.note, replacementOrderId, decidedAt: now })
          .where(eq(defectClaims.id, row.id));
        const user = await getUserById(handle, row.userId);
        if (user) {
          const payload: ClaimEmailPayload = {
            claimId: row.id,
            email: user.email,
            name: user.firstName || user.username,
          };
          await enqueueEmail(handle, CLAIM_DECIDED, payload);
        }
        await recordAudit(handle, {
          actor,
          action: `claim.${decision.decision}`,
          entity: "claim",
          entityId: row.id,
          before: { status: row.status },
          after: { status, note: decision.note, replacement },
        });
        return { replaced: replacementOrderId !== null };
      }),
    );
  } catch (error) {
    if (error instanceof Rollback) return error.result;
    throw error;
  }
  if (outcome.replaced) invalidateStock(db);
  const claim = await getClaim(db, id);
  if (!claim) throw new Error("decided claim vanished");
  return { ok: true, claim, notified: outboxMailer(deps).flush() };
}
