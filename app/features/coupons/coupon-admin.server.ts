/**
 * Coupons in the back office (spec §7.4 `check-coupon`, §8 Coupon messages;
 * decision “The server decides every figure”). The checkout reads every field at each check (features/coupons/coupons.server.ts), so a
 * coupon saved here applies, expires or stops as edited at once. Shoppers type the code in any
 * case (`findCoupon` compares lower-cased), so two codes that differ only in case are one code:
 * uniqueness is checked case-insensitively. Times are typed as Havana wall-clock times.
 */
import { type SQL, and, count, desc, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { coupons } from "~/db/schema/coupons";
import type { Coupon } from "~/features/coupons/coupons.server";
import { STORE_TIME_ZONE } from "~/utils/dates";
import { type AuditActor, recordAudit } from "~/features/audit/audit.server";
import { checkbox, usdCents, wholeNumber } from "~/features/admin/forms.server";
import { textInput } from "~/utils/text";
import { isRowId } from "~/utils/ids";

export const COUPONS_PAGE_SIZE = 50;
/** The checkout's own bound on a typed code (orders/schemas.ts CouponCodeSchema). */
export const COUPON_CODE_MAX = 64;
export const COUPON_CODE_PATTERN = "[A-Za-z0-9][A-Za-z0-9_\\-]*";
export const MAX_USES_LIMIT = 1_000_000_000;

export type CouponStatus = "active" | "inactive" | "expired" | "notYetValid" | "usedUp";

/** The one word the list shows: why a coupon does or does not apply now (checkCoupon's order). */
export function couponStatus(coupon: Coupon, now = new Date()): CouponStatus {
  if (!coupon.active) return "inactive";
  if (coupon.validUntil && coupon.validUntil < now) return "expired";
  if (coupon.maxUses != null && coupon.uses >= coupon.maxUses) return "usedUp";
  if (coupon.validFrom && coupon.validFrom > now) return "notYetValid";
  return "active";
}

// ------------------------------------------------------------------------------------------------
// Havana wall-clock times (`<input type="datetime-local">` posts "2026-03-01T09:30").

const havanaParts = new Intl.DateTimeFormat("en-CA", {
  timeZone: STORE_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** A moment as Havana's "YYYY-MM-DDTHH:MM" (what a datetime-local input shows). */
export function toHavanaLocal(date: Date): string {
  const part = Object.fromEntries(havanaParts.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`;
}

/**
 * "YYYY-MM-DDTHH:MM" read as a Havana wall-clock time, or null when it is no such time. A time
 * skipped by the spring change (00:00–00:59 in Havana) reads as the hour after it.
 */
export function fromHavanaLocal(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number);
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(asUtc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) {
    return null;
  }
  // Havana is UTC-5 or UTC-4: try both offsets, keep the one that reads back as typed.
  for (const offsetHours of [5, 4]) {
    const candidate = new Date(asUtc + offsetHours * 3_600_000);
    if (toHavanaLocal(candidate) === text) return candidate;
  }
  return new Date(asUtc + 4 * 3_600_000);
}

const localTime = textInput("admin.form.invalid")
  .optional()
  .transform((raw, ctx) => {
    const text = (raw ?? "").trim();
    if (text === "") return null;
    // Some browsers post seconds; a date alone means the start of that day.
    const normalised = /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00` : text.replace(/^(.{16}):\d{2}$/, "$1");
    const date = fromHavanaLocal(normalised);
    if (!date) {
      ctx.addIssue({ code: "custom", message: "admin.coupons.errors.dateTime" });
      return z.NEVER;
    }
    return date;
  });

/**
 * The coupon form. `kind` says which of percent (whole 1–100) or amount (USD, more than 0) is the
 * discount; the other is ignored. The minimum total may be empty (no minimum); maximum uses
 * empty is unlimited.
 */
export const CouponSchema = z
  .object({
    code: textInput("admin.form.invalid")
      .optional()
      .transform((s) => (s ?? "").replaceAll("\u0000", "").trim())
      .pipe(
        textInput()
          .min(1, "admin.form.required")
          .max(COUPON_CODE_MAX, "admin.form.tooLong")
          .regex(new RegExp(`^${COUPON_CODE_PATTERN}$`), "admin.coupons.errors.code"),
      ),
    kind: z.enum(["percent", "amount"], "admin.coupons.errors.kind"),
    percent: textInput().optional(),
    amount: textInput().optional(),
    minTotal: usdCents({ optional: true }),
    validFrom: localTime,
    validUntil: localTime,
    maxUses: wholeNumber(1, MAX_USES_LIMIT, { optional: true }),
    active: checkbox,
  })
  .transform((value, ctx) => {
    let discountPercent: number | null = null;
    let discountCents: number | null = null;
    if (value.kind === "percent") {
      const parsed = wholeNumber(1, 100).safeParse(value.percent);
      if (!parsed.success) {
        const missing = (value.percent ?? "").trim() === "";
        ctx.addIssue({
          code: "custom",
          path: ["percent"],
          message: missing ? "admin.form.required" : "admin.coupons.errors.percent",
        });
      } else discountPercent = parsed.data ?? null;
    } else {
      const parsed = usdCents().safeParse(value.amount);
      if (!parsed.success) {
        ctx.addIssue({ code: "custom", path: ["amount"], message: parsed.error.issues[0].message });
      } else if (!parsed.data || parsed.data <= 0) {
        ctx.addIssue({ code: "custom", path: ["amount"], message: "admin.coupons.errors.amount" });
      } else discountCents = parsed.data;
    }
    if (value.validFrom && value.validUntil && value.validUntil <= value.validFrom) {
      ctx.addIssue({ code: "custom", path: ["validUntil"], message: "admin.coupons.errors.untilBeforeFrom" });
    }
    return {
      name: value.code,
      discountPercent,
      discountCents,
      minTotalCents: value.minTotal ?? 0,
      validFrom: value.validFrom,
      validUntil: value.validUntil,
      maxUses: value.maxUses ?? null,
      active: value.active,
    };
  });
export type CouponInput = z.output<typeof CouponSchema>;

/** What the audit log keeps of a coupon. */
function auditView(coupon: Coupon) {
  return {
    name: coupon.name,
    discountPercent: coupon.discountPercent,
    discountCents: coupon.discountCents,
    minTotalCents: coupon.minTotalCents,
    validFrom: coupon.validFrom,
    validUntil: coupon.validUntil,
    maxUses: coupon.maxUses,
    active: coupon.active,
  };
}

const sameCode = (code: string, except?: number): SQL =>
  except === undefined
    ? sql`lower(${coupons.name}) = lower(${code})`
    : and(sql`lower(${coupons.name}) = lower(${code})`, ne(coupons.id, except))!;

/** PostgreSQL's unique violation (the exact-name constraint), from either driver. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

export type SaveCouponResult = { ok: true; coupon: Coupon } | { ok: false; errors: Record<string, string> };

/** Serialises coupon writes, so two operators cannot create one code in two cases at once. */
const lockCoupons = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('admin.coupons'))`);

/** Creates a coupon (uses 0) with its audit entry; a code taken in any case is refused. */
export async function createCoupon(db: Db, actor: AuditActor, input: CouponInput): Promise<SaveCouponResult> {
  try {
    return await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await lockCoupons(t);
      const [taken] = await tx.select({ id: coupons.id }).from(coupons).where(sameCode(input.name)).limit(1);
      if (taken) return { ok: false as const, errors: { code: "admin.coupons.errors.codeTaken" } };
      const [coupon] = await tx.insert(coupons).values(input).returning();
      await recordAudit(t, {
        actor,
        action: "coupon.create",
        entity: "coupon",
        entityId: coupon.id,
        before: null,
        after: auditView(coupon),
      });
      return { ok: true as const, coupon };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, errors: { code: "admin.coupons.errors.codeTaken" } };
    throw error;
  }
}

/**
 * Saves an edited coupon with its audit entry. `uses` is never written here (only orders move
 * it); maximum uses cannot go below the uses already made. Null when the coupon does not exist.
 */
export async function updateCoupon(
  db: Db,
  actor: AuditActor,
  id: number,
  input: CouponInput,
): Promise<SaveCouponResult | null> {
  try {
    return await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await lockCoupons(t);
      const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for("update");
      if (!before) return null;
      const errors: Record<string, string> = {};
      const [taken] = await tx.select({ id: coupons.id }).from(coupons).where(sameCode(input.name, id)).limit(1);
      if (taken) errors.code = "admin.coupons.errors.codeTaken";
      if (input.maxUses != null && input.maxUses < before.uses) errors.maxUses = "admin.coupons.errors.maxBelowUses";
      if (Object.keys(errors).length > 0) return { ok: false as const, errors };
      const [coupon] = await tx.update(coupons).set(input).where(eq(coupons.id, id)).returning();
      await recordAudit(t, {
        actor,
        action: "coupon.update",
        entity: "coupon",
        entityId: id,
        before: auditView(before),
        after: auditView(coupon),
      });
      return { ok: true as const, coupon };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, errors: { code: "admin.coupons.errors.codeTaken" } };
    throw error;
  }
}

/** One coupon by id, or null (an id that is not a positive whole number is none). */
export async function getCouponById(db: Db, id: number): Promise<Coupon | null> {
  if (!isRowId(id)) return null;
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
  return row ?? null;
}

/** One page (from 1) of coupons, newest first. */
export async function listCoupons(db: Db, opts: { page: number }): Promise<{ rows: Coupon[]; total: number }> {
  const page = Number.isFinite(opts.page) ? Math.max(1, Math.trunc(opts.page)) : 1;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(coupons)
      .orderBy(desc(coupons.createdAt), desc(coupons.id))
      .limit(COUPONS_PAGE_SIZE)
      .offset((page - 1) * COUPONS_PAGE_SIZE),
    db.select({ total: count() }).from(coupons),
  ]);
  return {
    total: Number(total),
    rows: rows.map((row) => ({
      ...row,
      createdAt: new Date(row.createdAt),
      validFrom: row.validFrom && new Date(row.validFrom),
      validUntil: row.validUntil && new Date(row.validUntil),
    })),
  };
}

/** A coupon as the form's fields ("" for an empty one), for the edit page. */
export function couponFormValues(coupon: Coupon): Record<string, string> {
  const money = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
  return {
    code: coupon.name,
    kind: coupon.discountPercent != null ? "percent" : "amount",
    percent: coupon.discountPercent != null ? String(coupon.discountPercent) : "",
    amount: coupon.discountCents != null ? money(coupon.discountCents) : "",
    minTotal: coupon.minTotalCents > 0 ? money(coupon.minTotalCents) : "",
    validFrom: coupon.validFrom ? toHavanaLocal(new Date(coupon.validFrom)) : "",
    validUntil: coupon.validUntil ? toHavanaLocal(new Date(coupon.validUntil)) : "",
    maxUses: coupon.maxUses != null ? String(coupon.maxUses) : "",
    active: coupon.active ? "on" : "",
  };
}
