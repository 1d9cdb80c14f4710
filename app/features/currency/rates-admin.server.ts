/**
 * The exchange rate in the back office (decisions “Prices are kept in US cents”, “One exchange rate”): the current rate, its history
 * and a new rate with its date and source. The rate travels as a decimal string from the form to
 * `numeric(10,2)` and never through a float. "Current" is what currency.server.ts serves: the
 * newest effective date (then the newest entry). So a new rate's date can be neither in the future
 * (it would be current at once, before its day) nor before the current rate's date (it would never
 * be current: the storefront would not follow, which is not what "set a new rate" means).
 */
import { count, desc, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { exchangeRates } from "~/db/schema/currency";
import { invalidateCatalog } from "~/features/catalog/catalog-cache.server";
import { havanaDate } from "~/utils/dates";
import { type AuditActor, auditActors, recordAudit } from "~/features/audit/audit.server";
import { requiredText } from "~/features/admin/forms.server";
import { textInput } from "~/utils/text";

export const RATES_PAGE_SIZE = 50;
/** Sensible bounds for CUP per USD (decision “One exchange rate”): a typo of a digit too many or too few is refused. */
export const RATE_MIN_CENTS = 100; // 1.00
export const RATE_MAX_CENTS = 10_000_000; // 100000.00
export const RATE_SOURCE_MAX = 120;

export type RateRow = {
  id: number;
  /** As stored, two decimals ("390.50"). */
  rate: string;
  effectiveDate: string;
  source: string;
  createdAt: Date;
  /** The operator who entered it (from the audit log); null for a rate entered otherwise (seed). */
  enteredBy: string | null;
};

/**
 * A rate typed as `390`, `390.5`, `390,50` (at most 2 decimals) as a normalised decimal string
 * ("390.50"), checked against the bounds in whole cents: no float ever holds it.
 */
export const rateText = textInput("admin.form.invalid")
  .optional()
  .transform((raw, ctx) => {
    const text = (raw ?? "").replaceAll("\u0000", "").trim();
    if (text === "") {
      ctx.addIssue({ code: "custom", message: "admin.form.required" });
      return z.NEVER;
    }
    const match = /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(text);
    const cents = match ? Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0")) : NaN;
    if (!match || !(cents >= RATE_MIN_CENTS && cents <= RATE_MAX_CENTS)) {
      ctx.addIssue({ code: "custom", message: "admin.rates.errors.rate" });
      return z.NEVER;
    }
    return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
  });

/** A real calendar day written YYYY-MM-DD (what `<input type="date">` posts). */
export function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

export const RateSchema = z.object({
  rate: rateText,
  effectiveDate: textInput("admin.form.invalid")
    .optional()
    .transform((raw, ctx) => {
      const text = (raw ?? "").trim();
      if (text === "") {
        ctx.addIssue({ code: "custom", message: "admin.form.required" });
        return z.NEVER;
      }
      if (!isCalendarDay(text)) {
        ctx.addIssue({ code: "custom", message: "admin.rates.errors.date" });
        return z.NEVER;
      }
      return text;
    }),
  source: requiredText(RATE_SOURCE_MAX),
});
export type RateInput = z.output<typeof RateSchema>;

/** The current rate as stored (same order as getExchangeRate), or null when none was ever set. */
export async function currentRate(db: Db): Promise<RateRow | null> {
  const { rows } = await listRates(db, { page: 1, pageSize: 1 });
  return rows[0] ?? null;
}

/** One page (from 1) of the history, the current rate first, with who entered each. */
export async function listRates(
  db: Db,
  opts: { page: number; pageSize?: number },
): Promise<{ rows: RateRow[]; total: number }> {
  const pageSize = opts.pageSize ?? RATES_PAGE_SIZE;
  const page = Number.isFinite(opts.page) ? Math.max(1, Math.trunc(opts.page)) : 1;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: exchangeRates.id,
        rate: exchangeRates.rate,
        effectiveDate: exchangeRates.effectiveDate,
        source: exchangeRates.source,
        createdAt: exchangeRates.createdAt,
      })
      .from(exchangeRates)
      .orderBy(desc(exchangeRates.effectiveDate), desc(exchangeRates.createdAt), desc(exchangeRates.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(exchangeRates),
  ]);
  const enteredBy = await auditActors(
    db,
    { entity: "exchange_rate", action: "rate.create" },
    rows.map((row) => String(row.id)),
  );
  return {
    total: Number(total),
    rows: rows.map((row) => ({
      ...row,
      enteredBy: enteredBy.get(String(row.id)) ?? null,
      rate: formatStored(row.rate),
      effectiveDate: String(row.effectiveDate),
      createdAt: new Date(row.createdAt),
    })),
  };
}

/** "390.5" or "390.50" from either driver, as "390.50" (string work, no float). */
function formatStored(rate: string): string {
  const [whole, fraction = ""] = String(rate).split(".");
  return `${whole}.${fraction.padEnd(2, "0").slice(0, 2)}`;
}

export type CreateRateResult = { ok: true; row: RateRow } | { ok: false; errors: Record<string, string> };

/**
 * Records a new current rate with its audit entry in one transaction, then drops the cached rate
 * so every CUP price the storefront shows next uses it. Refuses (field errors) a date after today
 * in Havana or before the current rate's date.
 */
export async function createRate(
  db: Db,
  actor: AuditActor,
  input: RateInput,
  now = new Date(),
): Promise<CreateRateResult> {
  const today = havanaDate(now);
  if (input.effectiveDate > today) return { ok: false, errors: { effectiveDate: "admin.rates.errors.future" } };
  const result = await db.transaction(async (tx) => {
    // One new rate at a time: two operators saving together are put in order.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('admin.exchange_rate'))`);
    const current = await currentRate(tx as unknown as Db);
    if (current && input.effectiveDate < current.effectiveDate) {
      return { ok: false as const, errors: { effectiveDate: "admin.rates.errors.beforeCurrent" } };
    }
    const [row] = await tx
      .insert(exchangeRates)
      .values({ rate: input.rate, effectiveDate: input.effectiveDate, source: input.source })
      .returning();
    await recordAudit(tx as unknown as Db, {
      actor,
      action: "rate.create",
      entity: "exchange_rate",
      entityId: row.id,
      before: current ? { rate: current.rate, effectiveDate: current.effectiveDate, source: current.source } : null,
      after: { rate: formatStored(row.rate), effectiveDate: String(row.effectiveDate), source: row.source },
    });
    return {
      ok: true as const,
      row: {
        id: row.id,
        rate: formatStored(row.rate),
        effectiveDate: String(row.effectiveDate),
        source: row.source,
        createdAt: new Date(row.createdAt),
        enteredBy: actor.email,
      },
    };
  });
  // Prices in CUP on every page change: drops the rate memo and the page cache (all processes).
  if (result.ok) invalidateCatalog(db);
  return result;
}
