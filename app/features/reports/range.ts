/**
 * The reports' date range (docs/features.md, "Reports"): `from` and `to` are Havana calendar days
 * (YYYY-MM-DD, both included), read from a plain GET form. Missing values default to the last 30
 * days up to today; a range must run forwards and span at most two years. Browser-safe: the page
 * shows the error keys beside their fields.
 */
export const DEFAULT_DAYS = 30;
/** The longest range, in days (two years, a leap day included). */
export const MAX_SPAN_DAYS = 731;

export type RangeErrorKey = "admin.reports.errors.date" | "admin.reports.errors.order" | "admin.reports.errors.span";
export type RangeErrors = { from?: RangeErrorKey; to?: RangeErrorKey };
export type DateRange = { from: string; to: string };
/** The range as typed (kept in the form) and, when valid, none of the errors. */
export type RangeInput = DateRange & { errors: RangeErrors; ok: boolean };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a valid YYYY-MM-DD, or null. */
export function dayNumber(day: string): number | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(y, m - 1, d);
  const date = new Date(time);
  if (y < 2000 || y > 2999 || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return time / 86_400_000;
}

/** The day `days` after `day` (YYYY-MM-DD). */
export function shiftDay(day: string, days: number): string {
  const n = dayNumber(day) ?? 0;
  return new Date((n + days) * 86_400_000).toISOString().slice(0, 10);
}

/** The range of a query string, `today` being the Havana date. */
export function parseRange(query: URLSearchParams, today: string): RangeInput {
  const from = (query.get("from") ?? "").trim().slice(0, 20) || shiftDay(today, -(DEFAULT_DAYS - 1));
  const to = (query.get("to") ?? "").trim().slice(0, 20) || today;
  const errors: RangeErrors = {};
  const start = dayNumber(from);
  const end = dayNumber(to);
  if (start === null) errors.from = "admin.reports.errors.date";
  if (end === null) errors.to = "admin.reports.errors.date";
  if (start !== null && end !== null) {
    if (start > end) errors.from = "admin.reports.errors.order";
    else if (end - start + 1 > MAX_SPAN_DAYS) errors.to = "admin.reports.errors.span";
  }
  return { from, to, errors, ok: !errors.from && !errors.to };
}

/** The Monday (ISO week start) of `day`'s week. */
export function weekOf(day: string): string {
  const n = dayNumber(day) ?? 0;
  // 1970-01-01 was a Thursday: (n + 3) mod 7 is days since Monday.
  return shiftDay(day, -(((n + 3) % 7) + 7) % 7);
}
