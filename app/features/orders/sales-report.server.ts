/**
 * The back office's sales figures (docs/features.md, "Reports"), read by app/features/reports: each query of
 * the orders' tables lives here, with the feature that owns them. Read-only.
 *
 * What counts as a sale: an order placed in the range whose status is not `cancelled` (awaiting
 * processing, processed, shipping or delivered). A cancelled order counts only as placed, for the
 * cancellation rate. Goods revenue is `amount_cents` (the goods after any coupon, USD cents, as the
 * dashboard sums it); shipping is `shipping_price_cup` (whole CUP, paid on delivery). A product's
 * revenue is its lines' `count × price_cents` (the unit price charged, before an order's coupon).
 * Days are Havana days: an order belongs to the calendar day of `date_issued` in America/Havana.
 *
 * Each report reads the closed days of its range from the daily rollups (sales-rollup.server.ts,
 * filled on the way) and the rest live, in one snapshot, then adds them up and ranks them as the
 * live query (`…Live`, kept as the reference the tests compare with) does. Ties are broken to the
 * end (product id; province), so both give one order.
 */
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { STORE_TIME_ZONE } from "~/utils/dates";
import { readWithRollup } from "./sales-rollup.server";

/** One Havana day's orders: all placed, cancelled, and the sales' goods (USD cents) and shipping (CUP). */
export type SalesDay = { day: string; placed: number; cancelled: number; goodsCents: number; shippingCup: number };
export type ProductSales = { productId: number | null; name: string; units: number; revenueCents: number };
export type MunicipalitySales = { municipality: string; province: string; orders: number; goodsCents: number };

/** Instants `start` (inclusive) to `end` (exclusive). */
export type Instants = { start: Date; end: Date };

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** The range's orders by Havana day (days without orders absent), oldest first. One index range scan. */
export async function salesByDayLive(db: Db, { start, end }: Instants): Promise<SalesDay[]> {
  const result = await db.execute(sql`
    select to_char((date_issued at time zone ${STORE_TIME_ZONE})::date, 'YYYY-MM-DD') as day,
      count(*) as placed,
      count(*) filter (where status = 'cancelled') as cancelled,
      coalesce(sum(amount_cents) filter (where status <> 'cancelled'), 0) as goods,
      coalesce(sum(shipping_price_cup) filter (where status <> 'cancelled'), 0) as shipping
    from orders
    where date_issued >= ${start.toISOString()} and date_issued < ${end.toISOString()}
    group by 1 order by 1`);
  return salesDays(result);
}

const salesDays = (result: unknown): SalesDay[] =>
  rowsOf<Record<string, string | number>>(result).map((row) => ({
    day: String(row.day),
    placed: Number(row.placed),
    cancelled: Number(row.cancelled),
    goodsCents: Number(row.goods),
    shippingCup: Number(row.shipping),
  }));

/** The `limit` products sold most (units, then revenue) in the range's sales. */
export async function topProductsLive(db: Db, { start, end }: Instants, limit: number): Promise<ProductSales[]> {
  const result = await db.execute(sql`
    select i.product_id, min(i.name) as name, sum(i.count) as units, sum(i.count::bigint * i.price_cents) as revenue
    from orders o join order_items i on i.order_id = o.id
    where o.date_issued >= ${start.toISOString()} and o.date_issued < ${end.toISOString()}
      and o.status <> 'cancelled'
    group by i.product_id, case when i.product_id is null then i.name end
    order by units desc, revenue desc, min(i.name), i.product_id limit ${limit}`);
  return productSales(result);
}

const productSales = (result: unknown): ProductSales[] =>
  rowsOf<Record<string, string | number | null>>(result).map((row) => ({
    productId: row.product_id === null ? null : Number(row.product_id),
    name: String(row.name),
    units: Number(row.units),
    revenueCents: Number(row.revenue),
  }));

/** The `limit` delivery municipalities (city and province of the address) with most sales. */
export async function topMunicipalitiesLive(
  db: Db,
  { start, end }: Instants,
  limit: number,
): Promise<MunicipalitySales[]> {
  const result = await db.execute(sql`
    select city, state_province_region as province, count(*) as orders, sum(amount_cents) as goods
    from orders
    where date_issued >= ${start.toISOString()} and date_issued < ${end.toISOString()} and status <> 'cancelled'
    group by city, state_province_region
    order by orders desc, goods desc, city, province limit ${limit}`);
  return municipalitySales(result);
}

const municipalitySales = (result: unknown): MunicipalitySales[] =>
  rowsOf<Record<string, string | number>>(result).map((row) => ({
    municipality: String(row.city),
    province: String(row.province),
    orders: Number(row.orders),
    goodsCents: Number(row.goods),
  }));

/** The range's orders by Havana day (days without orders absent), oldest first. `now`: the app's clock. */
export function salesByDay(db: Db, instants: Instants, now = new Date()): Promise<SalesDay[]> {
  return readWithRollup(db, instants, now, async (tx, live, rolled) =>
    salesDays(
      await tx.execute(sql`
        with ${live}
        select to_char(day, 'YYYY-MM-DD') as day, sum(placed) as placed, sum(cancelled) as cancelled,
          sum(goods) as goods, sum(shipping) as shipping
        from (
          select day, placed, cancelled, goods_cents as goods, shipping_cup as shipping
          from sales_daily where ${rolled} and placed > 0
          union all
          select day, 1, case when status = 'cancelled' then 1 else 0 end,
            case when status <> 'cancelled' then amount_cents else 0 end,
            case when status <> 'cancelled' then shipping_price_cup else 0 end
          from live
        ) as x
        group by day order by day`),
    ),
  );
}

/** The `limit` products sold most (units, then revenue) in the range's sales. */
export function topProducts(db: Db, instants: Instants, limit: number, now = new Date()): Promise<ProductSales[]> {
  return readWithRollup(db, instants, now, async (tx, live, rolled) =>
    productSales(
      await tx.execute(sql`
        with ${live}
        select product_id, min(name) as name, sum(units) as units, sum(revenue) as revenue
        from (
          select product_id, name_key, name, units, revenue from sales_daily_products where ${rolled}
          union all
          select i.product_id, case when i.product_id is null then i.name end, i.name, i.count::bigint,
            i.count::bigint * i.price_cents
          from live join order_items i on i.order_id = live.id
          where live.status <> 'cancelled'
        ) as x
        group by product_id, name_key
        order by sum(units) desc, sum(revenue) desc, min(name), product_id limit ${limit}`),
    ),
  );
}

/** The `limit` delivery municipalities (city and province of the address) with most sales. */
export function topMunicipalities(
  db: Db,
  instants: Instants,
  limit: number,
  now = new Date(),
): Promise<MunicipalitySales[]> {
  return readWithRollup(db, instants, now, async (tx, live, rolled) =>
    municipalitySales(
      await tx.execute(sql`
        with ${live}
        select city, province, sum(orders) as orders, sum(goods) as goods
        from (
          select city, province, orders, goods from sales_daily_places where ${rolled}
          union all
          select city, state_province_region, 1, amount_cents from live where status <> 'cancelled'
        ) as x
        group by city, province
        order by sum(orders) desc, sum(goods) desc, city, province limit ${limit}`),
    ),
  );
}
