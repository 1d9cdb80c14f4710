/**
 * The reports' daily rollups (migration 0021, docs/decisions/018-report-rollups.md): which days of
 * a range are read from `sales_daily*` and which from the orders themselves, and the lazy filler.
 *
 * A day is rolled up once it is closed: strictly before yesterday in Havana by the app's clock.
 * Yesterday and today stay live: they are where orders still change (status, a late line), so a
 * rollup of them would be forgotten again at once, and reading them live costs two days of orders.
 *
 * Concurrency. Each chunk of days is filled in one transaction holding the advisory lock
 * `hashtext('orders.sales_rollup')` exclusively, and the days to fill are looked up again inside
 * it. The triggers on `orders` and `order_items` take the same lock shared (held to the writer's
 * commit) before deleting a day's rows. So:
 * - two fillers take turns, and the second finds the first's days filled: no day twice;
 * - a filler that starts while a writer's transaction is open waits for its commit, then (READ
 *   COMMITTED: every statement a new snapshot) reads the order as changed;
 * - a writer whose trigger fires during a fill waits for the fill's commit, then deletes the rows
 *   it wrote (its DELETE's new snapshot sees them), so figures from before the change never stay.
 * A writer that changed a row but whose trigger has not run yet is not seen by the filler, and its
 * trigger deletes the day afterwards. This needs the writers at READ COMMITTED (the app's only
 * level): a REPEATABLE READ writer's snapshot could miss a fill committed while it waited.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { STORE_TIME_ZONE, addDays, havanaDate } from "~/utils/dates";
import type { Instants } from "./sales-report.server";

/** Days filled per transaction: a month of orders, so writers never wait long for the lock. */
const CHUNK_DAYS = 31;

/** The span of closed Havana days wholly inside a range (`first` to `last`, inclusive), if any. */
export type RolledSpan = { first: string; last: string } | null;

/**
 * The days of `instants` read from the rollup: those wholly inside the range and closed at `now`.
 * Days are cut with Intl's Havana calendar, as the database's `at time zone` cuts them.
 */
export function rolledSpan({ start, end }: Instants, now: Date): RolledSpan {
  let first = havanaDate(start);
  // `start` inside a day (not its first instant): that day is read live.
  if (havanaDate(new Date(start.getTime() - 1)) === first) first = addDays(first, 1);
  let last = havanaDate(new Date(end.getTime() - 1));
  if (havanaDate(end) === last) last = addDays(last, -1);
  const lastClosed = addDays(havanaDate(now), -2);
  if (last > lastClosed) last = lastClosed;
  return first <= last ? { first, last } : null;
}

const utc = (day: string, hours: number) => new Date(Date.parse(`${day}T00:00:00Z`) + hours * 3_600_000).toISOString();

/** The order's Havana day, as the reports group them. */
const dayOf = (alias: string) => `(${alias}.date_issued at time zone '${STORE_TIME_ZONE}')::date`;
export const orderDay = (alias: string) => sql.raw(dayOf(alias));

/** The span's days without a `sales_daily` row (an integer series: the planner knows its length). */
const missingDays = (first: string, last: string) => sql`
  select ${first}::date + n as day from generate_series(0, ${dayCount(first, last) - 1}) as n
  where not exists (select 1 from sales_daily s where s.day = ${first}::date + n)`;

const dayCount = (first: string, last: string) => (Date.parse(last) - Date.parse(first)) / 86_400_000 + 1;

/** The columns of the orders the reports read, and the order's Havana day. */
const LIVE_COLUMNS = sql.raw(
  `o.id, o.status, o.amount_cents, o.shipping_price_cup, o.city, o.state_province_region, ${dayOf("o")} as day`,
);

/**
 * A `live` CTE: the range's orders not rolled up, as constant windows of `date_issued` (so the
 * planner estimates them from its statistics): the range's head and tail outside the span, and
 * each of `missing`, the span's days not filled. Havana is 4 or 5 hours behind UTC, so a day `d`
 * lies within d 03:00 UTC to d+1 06:00 UTC: the windows are that wide, and the day is compared.
 */
export function liveOrders({ start, end }: Instants, span: RolledSpan, missing: string[]): SQL {
  const window = (from: string, to: string, picks: SQL) =>
    sql`select ${LIVE_COLUMNS} from orders o
      where o.date_issued >= ${from}::timestamptz and o.date_issued < ${to}::timestamptz and ${picks}`;
  if (!span) return sql`live as (${window(start.toISOString(), end.toISOString(), sql`true`)})`;
  const { first, last } = span;
  const headEnd = new Date(Math.min(end.getTime(), Date.parse(utc(first, 6)))).toISOString();
  const tailStart = new Date(Math.max(start.getTime(), Date.parse(utc(addDays(last, 1), 3)))).toISOString();
  const windows = [
    window(start.toISOString(), headEnd, sql`${orderDay("o")} < ${first}::date`),
    window(tailStart, end.toISOString(), sql`${orderDay("o")} > ${last}::date`),
    ...missing.map((day) => window(utc(day, 3), utc(day, 30), sql`${orderDay("o")} = ${day}::date`)),
  ];
  return sql`live as (${sql.join(windows, sql` union all `)})`;
}

/** The rollup rows to read: the span's days (those not filled have none). */
export const rolledDays = (span: RolledSpan) =>
  span ? sql`day >= ${span.first}::date and day <= ${span.last}::date` : sql`false`;

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** The span's days not filled, oldest first. */
async function missingIn(db: Db, span: RolledSpan): Promise<string[]> {
  if (!span) return [];
  const result = await db.execute(
    sql`select to_char(day, 'YYYY-MM-DD') as day from (${missingDays(span.first, span.last)}) m order by 1`,
  );
  return rowsOf<{ day: string }>(result).map((row) => String(row.day));
}

/**
 * Runs `read` on the range (`live`: the orders not rolled up; the rollup's rows to read), the
 * closed days filled first. The read's two statements share one snapshot (REPEATABLE READ): a day
 * is either in the rollup or read live, never both nor neither, whatever a writer does between
 * them. Days forgotten after the fill are read live.
 */
export async function readWithRollup<T>(
  db: Db,
  instants: Instants,
  now: Date,
  read: (tx: Db, live: SQL, rolled: SQL) => Promise<T>,
): Promise<T> {
  const span = rolledSpan(instants, now);
  await fillSalesRollup(db, span);
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    const missing = await missingIn(tx, span);
    return read(tx, liveOrders(instants, span, missing), rolledDays(span));
  });
}

/**
 * Fills the span's days not yet rolled up, a chunk at a time (see the concurrency note above). One
 * query when every day is filled, the usual case.
 */
export async function fillSalesRollup(db: Db, span: RolledSpan): Promise<void> {
  if (!span) return;
  const missing = await missingIn(db, span);
  let from = 0;
  while (from < missing.length) {
    const first = missing[from];
    const last = addDays(first, CHUNK_DAYS - 1) < span.last ? addDays(first, CHUNK_DAYS - 1) : span.last;
    await db.transaction(async (tx) => fillChunk(tx as unknown as Db, first, last));
    while (from < missing.length && missing[from] <= last) from += 1;
  }
}

async function fillChunk(tx: Db, first: string, last: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('orders.sales_rollup'))`);
  // The chunk's orders by day, only those of days still missing (looked up under the lock).
  const chunkOrders = sql`missing as (${missingDays(first, last)})`;
  const within = sql`o.date_issued >= ${utc(first, 3)}::timestamptz and o.date_issued < ${utc(addDays(last, 1), 6)}::timestamptz
    and ${orderDay("o")} in (select day from missing)`;
  await tx.execute(sql`with ${chunkOrders}
    delete from sales_daily_products where day in (select day from missing)`);
  await tx.execute(sql`with ${chunkOrders}
    delete from sales_daily_places where day in (select day from missing)`);
  await tx.execute(sql`with ${chunkOrders}
    insert into sales_daily_products (day, product_id, name_key, name, units, revenue)
    select ${orderDay("o")}, i.product_id, case when i.product_id is null then i.name end, min(i.name),
      sum(i.count), sum(i.count::bigint * i.price_cents)
    from orders o join order_items i on i.order_id = o.id
    where ${within} and o.status <> 'cancelled'
    group by 1, i.product_id, case when i.product_id is null then i.name end`);
  await tx.execute(sql`with ${chunkOrders}
    insert into sales_daily_places (day, city, province, orders, goods)
    select ${orderDay("o")}, o.city, o.state_province_region, count(*), sum(o.amount_cents)
    from orders o where ${within} and o.status <> 'cancelled'
    group by 1, o.city, o.state_province_region`);
  // Last, as it marks the days filled: a zero row for a day without orders.
  await tx.execute(sql`with ${chunkOrders}
    insert into sales_daily (day, placed, cancelled, goods_cents, shipping_cup)
    select m.day, coalesce(f.placed, 0), coalesce(f.cancelled, 0), coalesce(f.goods, 0), coalesce(f.shipping, 0)
    from missing m left join (
      select ${orderDay("o")} as day, count(*) as placed,
        count(*) filter (where o.status = 'cancelled') as cancelled,
        sum(o.amount_cents) filter (where o.status <> 'cancelled') as goods,
        sum(o.shipping_price_cup) filter (where o.status <> 'cancelled') as shipping
      from orders o where ${within} group by 1
    ) f on f.day = m.day`);
}
