/**
 * The back office's reports (docs/features.md, "Reports") over a range of Havana days: sales by day and by
 * week, top products, top municipalities, cancellations and the most-wanted out-of-stock products.
 * Read-only. Each query lives with the feature that owns its tables (orders/sales-report.server.ts,
 * stock-alerts/demand.server.ts); this module only adds them up. What counts as a sale is decided
 * there: every order placed in the range except the cancelled ones.
 */
import type { Db } from "~/db/client.server";
import { salesByDay, topMunicipalities, topProducts } from "~/features/orders/sales-report.server";
import { mostWantedOutOfStock } from "~/features/stock-alerts/demand.server";
import type { Language } from "~/i18n/languages";
import { addDays, havanaDayStart } from "~/utils/dates";
import { type DateRange, dayNumber, shiftDay, weekOf } from "./range";
import type { Reports, SalesRow } from "./tables";

/** Rows of the ranked reports. */
export const TOP_LIMIT = 10;

const emptyRow = (label: string): SalesRow => ({
  label,
  orders: 0,
  placed: 0,
  cancelled: 0,
  goodsCents: 0,
  shippingCup: 0,
});

function add(row: SalesRow, day: { placed: number; cancelled: number; goodsCents: number; shippingCup: number }) {
  row.placed += day.placed;
  row.cancelled += day.cancelled;
  row.orders += day.placed - day.cancelled;
  row.goodsCents += day.goodsCents;
  row.shippingCup += day.shippingCup;
}

/** Every report of `range` (valid: see range.ts), names in `lang`; `now` is the app's clock. */
export async function loadReports(db: Db, range: DateRange, lang: Language, now = new Date()): Promise<Reports> {
  const instants = { start: havanaDayStart(range.from), end: havanaDayStart(addDays(range.to, 1)) };
  const [sales, products, municipalities, wanted] = await Promise.all([
    salesByDay(db, instants, now),
    topProducts(db, instants, TOP_LIMIT, now),
    topMunicipalities(db, instants, TOP_LIMIT, now),
    mostWantedOutOfStock(db, lang, TOP_LIMIT),
  ]);
  // Every day of the range, those without orders at zero, so the chart shows the gaps.
  const byDay = new Map(sales.map((day) => [day.day, day]));
  const span = (dayNumber(range.to) ?? 0) - (dayNumber(range.from) ?? 0) + 1;
  const days: SalesRow[] = [];
  const weeks: SalesRow[] = [];
  const totals = emptyRow("");
  for (let i = 0; i < span; i += 1) {
    const label = shiftDay(range.from, i);
    const row = emptyRow(label);
    const figures = byDay.get(label);
    if (figures) add(row, figures);
    days.push(row);
    // Weeks run Monday to Sunday; the first and last may be cut by the range.
    const week = weekOf(label);
    if (weeks.at(-1)?.label !== week) weeks.push(emptyRow(week));
    add(weeks[weeks.length - 1], row);
    add(totals, row);
  }
  return { range, days, weeks, totals, products, municipalities, wanted };
}
