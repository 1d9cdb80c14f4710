/**
 * The back office's audit log (decision “The back office”): every change an operator (or the operator command)
 * makes is written here — who, when, what, before → after — and the back office shows it. An
 * entry is written with the same handle as the change, so inside `db.transaction` both commit or
 * roll back together. Secrets (password hashes, tokens) never reach the log: see `redact`.
 */
import { type SQL, and, asc, count, desc, eq, ilike, inArray, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { escapeLike } from "~/utils/text";

export type AuditEntry = {
  id: number;
  actorId: number | null;
  actorEmail: string;
  /** The role the change was made with (decision 016): a staff role, or "cli" for the command line. */
  actorRole: string;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
  createdAt: Date;
};

/**
 * Who made a change and with which role (decision 016): a staff member's account
 * (`staffActor` in app/features/admin/guard.server.ts), or `{ id: null, email: "cli:<os user>",
 * role: "cli" }` for the command line.
 */
export type AuditActor = { id: number | null; email: string; role: string };

export type AuditInput = {
  actor: AuditActor;
  /** What was done, e.g. "operator.grant", "order.status". */
  action: string;
  /** What it was done to, e.g. "user", "order". */
  entity: string;
  entityId?: string | number;
  before?: unknown;
  after?: unknown;
};

export const AUDIT_PAGE_SIZE = 50;

/** Keys whose values are never logged: passwords, hashes, tokens, secrets, API keys. */
const SECRET_KEY = /pass(word)?|hash|token|secret|api_?key/i;

/**
 * A copy of `value` without any key named like a secret, at any depth, as JSON would store it
 * (dates become ISO strings, undefined disappears). The key is dropped, not masked: the log does
 * not even say that a password changed to what, only that the record changed.
 */
export function redact(value: unknown): unknown {
  if (value === undefined) return null;
  return strip(JSON.parse(JSON.stringify(value)) as unknown);
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => !SECRET_KEY.test(key))
        .map(([key, inner]) => [key, strip(inner)]),
    );
  }
  return value;
}

/** Writes one entry. Pass the transaction handle (`tx as unknown as Db`) to commit it with the change. */
export async function recordAudit(db: Db, entry: AuditInput): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    actorRole: entry.actor.role,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined ? "" : String(entry.entityId),
    before: redact(entry.before),
    after: redact(entry.after),
  });
}

/**
 * One page (from 1) of the log, newest first, with the number of matching entries. `entity`
 * keeps one kind of record; `q` matches the actor's email, the action, the entity or its id,
 * case-insensitively, anywhere in the text.
 */
export async function listAudit(
  db: Db,
  opts: { page: number; pageSize?: number; entity?: string; q?: string },
): Promise<{ entries: AuditEntry[]; total: number }> {
  const pageSize = Math.max(1, Math.min(Math.trunc(opts.pageSize ?? AUDIT_PAGE_SIZE), 500));
  const page = Number.isFinite(opts.page) ? Math.max(1, Math.trunc(opts.page)) : 1;
  const filters: SQL[] = [];
  if (opts.entity) filters.push(eq(auditLog.entity, opts.entity));
  const q = opts.q?.replaceAll("\u0000", "").trim();
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    filters.push(
      or(
        ilike(auditLog.actorEmail, pattern),
        ilike(auditLog.action, pattern),
        ilike(auditLog.entity, pattern),
        ilike(auditLog.entityId, pattern),
      )!,
    );
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { entries: rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) })), total: Number(total) };
}

export type AuditChange = { field: string; before: unknown; after: unknown };

/**
 * The fields that differ between `before` and `after`, for display: a shallow comparison of two
 * records (a missing record, as for a creation or a deletion, counts as empty), each value
 * compared as JSON with its keys sorted (jsonb does not keep key order). Two values that are not
 * records give one change with an empty field name when they differ.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const isRecord = (value: unknown): value is Record<string, unknown> =>
    value !== null && typeof value === "object" && !Array.isArray(value);
  const absent = (value: unknown) => value === null || value === undefined;
  if ((isRecord(before) || absent(before)) && (isRecord(after) || absent(after))) {
    const b = (before ?? {}) as Record<string, unknown>;
    const a = (after ?? {}) as Record<string, unknown>;
    const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    return fields
      .filter((field) => stableJson(b[field]) !== stableJson(a[field]))
      .map((field) => ({ field, before: b[field] ?? null, after: a[field] ?? null }));
  }
  return stableJson(before) === stableJson(after) ? [] : [{ field: "", before: before ?? null, after: after ?? null }];
}

function stableJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, inner: unknown) =>
    inner !== null && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : 1)))
      : inner,
  );
}

/** Who made each of these records (`entityIds` of one `entity`, by one `action`): entity id to actor email. */
export async function auditActors(
  db: Db,
  of: { entity: string; action: string },
  entityIds: string[],
): Promise<Map<string, string>> {
  if (entityIds.length === 0) return new Map();
  const rows = await db
    .select({ entityId: auditLog.entityId, actorEmail: auditLog.actorEmail })
    .from(auditLog)
    .where(and(eq(auditLog.entity, of.entity), eq(auditLog.action, of.action), inArray(auditLog.entityId, entityIds)))
    .orderBy(asc(auditLog.id));
  return new Map(rows.map((row) => [row.entityId, row.actorEmail]));
}
