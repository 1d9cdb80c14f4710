/**
 * What the audit page shows: one page of `listAudit` (audit.server.ts) turned into
 * plain rows, dates in Havana time and each changed field's values as short text.
 */
import { asc } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import type { Language } from "~/i18n/languages";
import { AUDIT_PAGE_SIZE, auditChanges, listAudit } from "./audit.server";
import { adminDateTime } from "~/features/admin/format.server";

/** Longest value shown in full; longer ones are cut with an ellipsis. */
const VALUE_MAX = 200;
export const AUDIT_QUERY_MAX = 200;

export type AuditRow = {
  id: number;
  when: string;
  iso: string;
  who: string;
  /** The role the change was made with (decision 016): a staff role, "cli", or "" when unknown. */
  role: string;
  action: string;
  entity: string;
  entityId: string;
  /** `null` stands for no value (the page says "(empty)"). */
  changes: Array<{ field: string; before: string | null; after: string | null }>;
};

function valueText(value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > VALUE_MAX ? `${text.slice(0, VALUE_MAX - 1)}…` : text;
}

/** The kinds of record the log holds, for the filter (the entity index serves it). */
export async function auditEntities(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ entity: auditLog.entity }).from(auditLog).orderBy(asc(auditLog.entity));
  return rows.map((row) => row.entity);
}

export async function auditPage(
  db: Db,
  lang: Language,
  opts: { page: number; entity: string; q: string },
): Promise<{ rows: AuditRow[]; total: number; pageCount: number }> {
  const { entries, total } = await listAudit(db, {
    page: opts.page,
    pageSize: AUDIT_PAGE_SIZE,
    entity: opts.entity || undefined,
    q: opts.q || undefined,
  });
  return {
    total,
    pageCount: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
    rows: entries.map((entry) => ({
      id: entry.id,
      when: adminDateTime(entry.createdAt, lang),
      iso: entry.createdAt.toISOString(),
      who: entry.actorEmail,
      role: entry.actorRole,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId,
      changes: auditChanges(entry.before, entry.after).map((change) => ({
        field: change.field,
        before: valueText(change.before),
        after: valueText(change.after),
      })),
    })),
  };
}
