/**
 * Seller applications in the back office (spec §2.19, §3 Provider application,
 * §4.7; decision “The back office”): the list by status with search, and the operator's decision. A decision is taken
 * once: the update only touches a row that is still `pending`, so a stale page or a double submit
 * changes nothing. The applicant hears the answer by email in the application's language, and
 * company info's `providers` count (approved applications) follows at once.
 */
import { type SQL, and, asc, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { providerApplications } from "~/db/schema/providers";
import { invalidateCatalog } from "~/features/catalog/catalog-cache.server";
import { enqueueEmail } from "~/features/outbox/outbox.server";
import { outboxMailer } from "~/features/outbox/mailer.server";
import { SELLER_DECISION, type SellerEmailPayload } from "~/features/providers/emails.server";
import type { ProviderApplication } from "~/features/providers/application";
import type { Env } from "~/utils/env.server";
import { type AuditActor, recordAudit } from "~/features/audit/audit.server";
import { escapeLike } from "~/utils/text";
import { optionalText } from "~/features/admin/forms.server";
import { isRowId } from "~/utils/ids";

export const APPLICATION_STATUSES = ["pending", "approved", "rejected"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const APPLICATION_FILTERS = [...APPLICATION_STATUSES, "all"] as const;
export type ApplicationFilter = (typeof APPLICATION_FILTERS)[number];

export const SELLERS_PAGE_SIZE = 50;
export const SELLERS_QUERY_MAX = 200;
export const DECISION_NOTE_MAX = 1000;

export function isApplicationFilter(value: unknown): value is ApplicationFilter {
  return typeof value === "string" && (APPLICATION_FILTERS as readonly string[]).includes(value);
}

export type ApplicationListRow = Pick<
  ProviderApplication,
  | "id"
  | "businessName"
  | "contactName"
  | "email"
  | "phone"
  | "providerType"
  | "status"
  | "createdAt"
  | "reviewedAt"
  | "reviewedBy"
>;

/**
 * One page (from 1) of applications with `status` (or all), matching `q` in the business name,
 * contact name, email or phone (case-insensitive, anywhere). Pending ones oldest first (the
 * operator answers in order); decided ones newest decision first; under "all", pending first.
 * `counts` are per status for the same search, for the tabs.
 */
export async function listApplications(
  db: Db,
  opts: { status: ApplicationFilter; q?: string; page: number },
): Promise<{ rows: ApplicationListRow[]; total: number; counts: Record<ApplicationFilter, number> }> {
  const page = Number.isFinite(opts.page) ? Math.max(1, Math.trunc(opts.page)) : 1;
  const q = opts.q?.replaceAll("\u0000", "").trim().slice(0, SELLERS_QUERY_MAX);
  const search: SQL | undefined = q
    ? or(
        ilike(providerApplications.businessName, `%${escapeLike(q)}%`),
        ilike(providerApplications.contactName, `%${escapeLike(q)}%`),
        ilike(providerApplications.email, `%${escapeLike(q)}%`),
        ilike(providerApplications.phone, `%${escapeLike(q)}%`),
      )
    : undefined;
  const where = opts.status === "all" ? search : and(eq(providerApplications.status, opts.status), search);
  const order =
    opts.status === "pending"
      ? [asc(providerApplications.createdAt), asc(providerApplications.id)]
      : opts.status === "all"
        ? [
            sql`case when ${providerApplications.status} = 'pending' then 0 else 1 end`,
            sql`case when ${providerApplications.status} = 'pending' then ${providerApplications.createdAt} end asc`,
            sql`${providerApplications.reviewedAt} desc nulls last`,
            desc(providerApplications.id),
          ]
        : [sql`${providerApplications.reviewedAt} desc nulls last`, desc(providerApplications.id)];
  const [rows, grouped] = await Promise.all([
    db
      .select({
        id: providerApplications.id,
        businessName: providerApplications.businessName,
        contactName: providerApplications.contactName,
        email: providerApplications.email,
        phone: providerApplications.phone,
        providerType: providerApplications.providerType,
        status: providerApplications.status,
        createdAt: providerApplications.createdAt,
        reviewedAt: providerApplications.reviewedAt,
        reviewedBy: providerApplications.reviewedBy,
      })
      .from(providerApplications)
      .where(where)
      .orderBy(...order)
      .limit(SELLERS_PAGE_SIZE)
      .offset((page - 1) * SELLERS_PAGE_SIZE),
    db
      .select({ status: providerApplications.status, n: count() })
      .from(providerApplications)
      .where(search)
      .groupBy(providerApplications.status),
  ]);
  const counts: Record<ApplicationFilter, number> = { pending: 0, approved: 0, rejected: 0, all: 0 };
  for (const { status, n } of grouped) {
    if (isApplicationFilter(status)) counts[status] = Number(n);
    counts.all += Number(n);
  }
  return {
    rows: rows.map((row) => ({
      ...row,
      createdAt: new Date(row.createdAt),
      reviewedAt: row.reviewedAt && new Date(row.reviewedAt),
    })),
    total: counts[opts.status],
    counts,
  };
}

/** One application by id, or null (an id that is not a positive whole number is none). */
export async function getApplication(db: Db, id: number): Promise<ProviderApplication | null> {
  if (!isRowId(id)) return null;
  const [row] = await db.select().from(providerApplications).where(eq(providerApplications.id, id)).limit(1);
  return row ?? null;
}

/**
 * The decision form: which button was pressed (`intent`) and the note, required for a rejection
 * (the applicant deserves a reason), optional for an approval, at most 1000 characters.
 */
export const DecisionSchema = z
  .object({
    intent: z.enum(["approve", "reject"], "admin.sellers.decision.invalid"),
    note: optionalText(DECISION_NOTE_MAX),
  })
  .superRefine((value, ctx) => {
    if (value.intent === "reject" && value.note === "") {
      ctx.addIssue({ code: "custom", path: ["note"], message: "admin.sellers.decision.noteRequired" });
    }
  });
export type DecisionInput = z.output<typeof DecisionSchema>;

export type DecideResult =
  | {
      ok: true;
      application: ProviderApplication;
      /** Settles once the outbox has tried the applicant's email (a failure is logged and retried). */
      notified: Promise<void>;
    }
  | { ok: false; error: "notFound" }
  | { ok: false; error: "alreadyDecided"; application: ProviderApplication };

/**
 * Approves or rejects a pending application with the operator's note, with its audit entry in the
 * same transaction, the applicant's email in the outbox with them; then drops the catalogue cache
 * (company info's `providers`). The email leaves after the commit: the decision never waits for it.
 */
export async function decideApplication(
  deps: { db: Db; env: Env },
  actor: AuditActor,
  id: number,
  input: DecisionInput,
  now: Date = new Date(),
): Promise<DecideResult> {
  const { db } = deps;
  const status = input.intent === "approve" ? ("approved" as const) : ("rejected" as const);
  const decided = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(providerApplications)
      .set({ status, reviewNote: input.note, reviewedAt: now, reviewedBy: actor.email })
      .where(and(eq(providerApplications.id, id), eq(providerApplications.status, "pending")))
      .returning();
    if (!row) return null;
    await recordAudit(tx as unknown as Db, {
      actor,
      action: input.intent === "approve" ? "seller.approve" : "seller.reject",
      entity: "provider_application",
      entityId: row.id,
      before: { status: "pending" },
      after: { status, reviewNote: row.reviewNote, reviewedBy: row.reviewedBy },
    });
    const payload: SellerEmailPayload = { applicationId: row.id, decision: status };
    await enqueueEmail(tx as unknown as Db, SELLER_DECISION, payload);
    return row;
  });
  if (!decided) {
    const existing = await getApplication(db, id);
    return existing ? { ok: false, error: "alreadyDecided", application: existing } : { ok: false, error: "notFound" };
  }
  invalidateCatalog(db);
  return { ok: true, application: decided, notified: outboxMailer(deps).flush() };
}
