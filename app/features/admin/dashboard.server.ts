/**
 * The back office's dashboard: what needs the operator's attention now. Each figure comes from the
 * feature that owns its table (orders, catalog, providers), a few small indexed queries in all.
 *
 * Days are Havana days (`utils/dates.ts`): "today" starts at midnight in Havana, "this week" is
 * today and the six days before it.
 */
import type { Db } from "~/db/client.server";
import { type LowStockProduct, lowStockProducts } from "~/features/catalog/low-stock.server";
import {
  type PeriodSummary,
  type WaitingOrders,
  periodSummary,
  waitingOrders,
} from "~/features/orders/order-stats.server";
import { type PendingApplications, pendingApplications } from "~/features/providers/provider-counts.server";
import { addDays, havanaDate } from "~/utils/dates";

export const WAITING_LIMIT = 10;
export const LOW_STOCK_LIMIT = 20;
export const LATEST_APPLICATIONS = 5;
/** "This week": today and the days before it, Havana days. */
export const WEEK_DAYS = 7;

export type Dashboard = {
  today: PeriodSummary;
  week: PeriodSummary;
  waiting: WaitingOrders;
  lowStock: LowStockProduct[];
  applications: PendingApplications;
};

/** Everything the dashboard shows, as of `now`. */
export async function getDashboard(db: Db, now: Date = new Date()): Promise<Dashboard> {
  const today = havanaDate(now);
  const weekFrom = addDays(today, -(WEEK_DAYS - 1));
  const [todaySummary, week, waiting, lowStock, applications] = await Promise.all([
    periodSummary(db, today, today),
    periodSummary(db, weekFrom, today),
    waitingOrders(db, WAITING_LIMIT),
    lowStockProducts(db, LOW_STOCK_LIMIT),
    pendingApplications(db, LATEST_APPLICATIONS),
  ]);
  return { today: todaySummary, week, waiting, lowStock, applications };
}
