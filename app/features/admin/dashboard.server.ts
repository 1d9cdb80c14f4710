/**
 * The back office's dashboard (issue 12, point 6): what needs the operator's attention now. A few
 * small queries, each on an index: orders by `orders_date_idx` / `orders_status_date_idx`, stock by
 * a scan of the (small) catalogue's quantity, applications by status.
 *
 * Days are Havana days (D15, `utils/dates.ts`): "today" starts at midnight in Havana, "this week"
 * is today and the six days before it. Goods sold is the sum of `amount_cents` (the goods after
 * any coupon, USD; shipping is paid in CUP on delivery and not included) of the orders that are not
 * cancelled.
 */
import { and, asc, count, desc, eq, gte, lt, sum } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { type OrderStatus, orderStatuses, orders, products, providerApplications } from "~/db/schema";
import { STORE_TIME_ZONE, havanaDate } from "~/utils/dates";

/** Below this many units a product is listed as running out (issue 12: "below 5 units"). */
export const LOW_STOCK_BELOW = 5;
export const WAITING_LIMIT = 10;
export const LOW_STOCK_LIMIT = 20;
export const LATEST_APPLICATIONS = 5;
/** "This week": today and the days before it, Havana days. */
export const WEEK_DAYS = 7;

export type StatusCounts = Record<OrderStatus, number>;
export type PeriodSummary = {
  /** First Havana day of the period, YYYY-MM-DD, and the last (today). */
  from: string;
  to: string;
  byStatus: StatusCounts;
  total: number;
  /** Goods after coupons of the period's orders that are not cancelled, USD cents. */
  goodsCents: number;
};

export type Dashboard = {
  today: PeriodSummary;
  week: PeriodSummary;
  waiting: {
    count: number;
    oldest: Array<{ transactionId: string; fullName: string; dateIssued: Date; amountCents: number }>;
  };
  lowStock: Array<{ id: number; name: string; nameEn: string | null; quantity: number }>;
  applications: {
    pending: number;
    latest: Array<{ id: number; businessName: string; providerType: "local" | "warehouse"; createdAt: Date }>;
  };
};

const offsetFormat = new Intl.DateTimeFormat("en-US", { timeZone: STORE_TIME_ZONE, timeZoneName: "longOffset" });

/** Minutes Havana is ahead of UTC at `instant` (negative: -300 in winter, -240 in summer). */
function havanaOffsetMinutes(instant: Date): number {
  const name = offsetFormat.formatToParts(instant).find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}

/** The instant a Havana calendar day (YYYY-MM-DD) begins. */
export function havanaDayStart(day: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  const utcMidnight = Date.UTC(y, m - 1, d);
  // Havana is 4 or 5 hours behind: its midnight is at 04:00 or 05:00 UTC.
  const offset = havanaOffsetMinutes(new Date(utcMidnight + 5 * 3_600_000));
  return new Date(utcMidnight - offset * 60_000);
}

/** The Havana day `days` after (or before, negative) `day`. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function emptyCounts(): StatusCounts {
  return Object.fromEntries(orderStatuses.map((status) => [status, 0])) as StatusCounts;
}

/** The orders of Havana days `from`..`to` by status, and their goods sold. One indexed query. */
async function periodSummary(db: Db, from: string, to: string): Promise<PeriodSummary> {
  const start = havanaDayStart(from);
  const end = havanaDayStart(addDays(to, 1));
  const rows = await db
    .select({
      status: orders.status,
      n: count(),
      goods: sum(orders.amountCents),
    })
    .from(orders)
    .where(and(gte(orders.dateIssued, start), lt(orders.dateIssued, end)))
    .groupBy(orders.status);
  const byStatus = emptyCounts();
  let goodsCents = 0;
  for (const row of rows) {
    byStatus[row.status] = Number(row.n);
    if (row.status !== "cancelled") goodsCents += Number(row.goods ?? 0);
  }
  const total = Object.values(byStatus).reduce((a, b) => a + b, 0);
  return { from, to, byStatus, total, goodsCents };
}

/** Everything the dashboard shows, as of `now`. */
export async function getDashboard(db: Db, now: Date = new Date()): Promise<Dashboard> {
  const today = havanaDate(now);
  const weekFrom = addDays(today, -(WEEK_DAYS - 1));
  const [todaySummary, week, waitingCount, oldest, lowStock, pending, latest] = await Promise.all([
    periodSummary(db, today, today),
    periodSummary(db, weekFrom, today),
    db.select({ n: count() }).from(orders).where(eq(orders.status, "not_processed")),
    db
      .select({
        transactionId: orders.transactionId,
        fullName: orders.fullName,
        dateIssued: orders.dateIssued,
        amountCents: orders.amountCents,
      })
      .from(orders)
      .where(eq(orders.status, "not_processed"))
      .orderBy(asc(orders.dateIssued), asc(orders.id))
      .limit(WAITING_LIMIT),
    db
      .select({ id: products.id, name: products.name, nameEn: products.nameEn, quantity: products.quantity })
      .from(products)
      .where(lt(products.quantity, LOW_STOCK_BELOW))
      .orderBy(asc(products.quantity), asc(products.id))
      .limit(LOW_STOCK_LIMIT),
    db.select({ n: count() }).from(providerApplications).where(eq(providerApplications.status, "pending")),
    db
      .select({
        id: providerApplications.id,
        businessName: providerApplications.businessName,
        providerType: providerApplications.providerType,
        createdAt: providerApplications.createdAt,
      })
      .from(providerApplications)
      .where(eq(providerApplications.status, "pending"))
      .orderBy(desc(providerApplications.createdAt), desc(providerApplications.id))
      .limit(LATEST_APPLICATIONS),
  ]);
  return {
    today: todaySummary,
    week,
    waiting: { count: Number(waitingCount[0]?.n ?? 0), oldest },
    lowStock,
    applications: { pending: Number(pending[0]?.n ?? 0), latest },
  };
}
