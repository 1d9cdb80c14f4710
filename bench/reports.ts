// The back office's reports (docs/features.md, "Reports"; target: every report p95 ≤ 200 ms on 500,000 orders,
// PostgreSQL), on its own: `node --import tsx bench/reports.ts`. For each size of BENCH_REPORT_SIZES
// (50,000 and 500,000 orders) it builds a throwaway database (BENCH_DATABASE_URL, else
// TEST_DATABASE_URL, else the local server, as bench/scale.ts), migrates it and fills it with
// generate_series: orders spread evenly over the two years before BENCH_REPORT_END, one in ten
// cancelled, 30 municipalities, one to three lines each over 200 products, a status history row
// each, and 5,000 back-in-stock subscriptions on 40 products out of stock. Then, after VACUUM
// ANALYZE it times the first whole page over the last 365 days, which fills the daily rollups
// (migration 0021) of its closed days; then, after a warm-up, each report's query BENCH_RUNS (20)
// times over the last 30 days and over the last 365 days, and the whole page's loadReports, the
// rollups filled. The clock is 10:00 in Havana the day after BENCH_REPORT_END, so its last day is
// yesterday and read live. Figures are printed, never asserted.
import os from "node:os";
import { sql } from "drizzle-orm";
import { type Db, openDatabase } from "~/db/client.server";
import { salesByDay, topMunicipalities, topProducts } from "~/features/orders/sales-report.server";
import { TOP_LIMIT, loadReports } from "~/features/reports/reports.server";
import { shiftDay } from "~/features/reports/range";
import { mostWantedOutOfStock } from "~/features/stock-alerts/demand.server";
import { addDays, havanaDayStart } from "~/utils/dates";
import { throwawayDatabase } from "./scale";

const SIZES = (process.env.BENCH_REPORT_SIZES ?? "50000,500000").split(",").map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const END = process.env.BENCH_REPORT_END ?? "2026-11-27";
const PRODUCTS = 200;
const CUSTOMERS = 2_000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
const ms = (n: number) => Math.round(n * 10) / 10;

export async function fill(db: Db, orders: number) {
  await db.execute(sql`insert into categories (slug, name, name_en) values ('bench-r', 'Hogar', 'Home')`);
  await db.execute(sql`
    insert into categories (parent_id, slug, name, name_en)
    select id, 'bench-r2', 'Cocina', 'Kitchen' from categories where slug = 'bench-r'`);
  await db.execute(sql`
    insert into products (category_id, name, name_en, description, description_en, price_cents, original_price_cents, quantity)
    select (select id from categories where slug = 'bench-r2'), 'Producto ' || n, 'Product ' || n, 'D', 'D',
      500 + n * 13, 500 + n * 13, case when n <= 40 then 0 else 20 end
    from generate_series(1, ${PRODUCTS}) as n`);
  await db.execute(sql`
    insert into users (email, username, is_active)
    select 'r' || n || '@correo.cu', 'r' || n, true from generate_series(1, ${CUSTOMERS}) as n`);
  const cities = [
    "Plaza de la Revolución",
    "Centro Habana",
    "La Habana Vieja",
    "Playa",
    "Cerro",
    "Diez de Octubre",
    "Marianao",
    "La Lisa",
    "Boyeros",
    "Arroyo Naranjo",
    "Cotorro",
    "San Miguel del Padrón",
    "Guanabacoa",
    "Regla",
    "La Habana del Este",
    "Santiago de Cuba",
    "Camagüey",
    "Holguín",
    "Santa Clara",
    "Cienfuegos",
    "Matanzas",
    "Cárdenas",
    "Pinar del Río",
    "Bayamo",
    "Guantánamo",
    "Las Tunas",
    "Sancti Spíritus",
    "Ciego de Ávila",
    "Artemisa",
    "San José de las Lajas",
  ];
  const end = havanaDayStart(addDays(END, 1)).toISOString();
  // Two years of orders evenly spread, the newest just before the end.
  await db.execute(sql`
    insert into orders (transaction_id, user_id, status, amount_cents, goods_cents, shipping_price_cup,
      shipping_name, shipping_time, full_name, client_id, address, city, state_province_region,
      phone_number, delivery_latitude, delivery_longitude, date_issued)
    select md5('r' || n), (select min(id) from users) + n % ${CUSTOMERS},
      case when n % 10 = 0 then 'cancelled' else (array['not_processed','processed','shipping','delivered'])[1 + n % 4] end,
      500 + (n * 37) % 20000, 500 + (n * 37) % 20000, (n % 4) * 250, 'Estándar', '1-2 días', 'Cliente ' || n,
      '85010112345', 'Calle ' || n, (${sql.raw(`array[${cities.map((c) => `'${c}'`).join(",")}]`)})[1 + n % ${cities.length}],
      'Provincia', '+53 5 5555555', 23.1, -82.38,
      ${end}::timestamptz - n * (interval '730 days' / ${orders})
    from generate_series(1, ${orders}) as n`);
  await db.execute(sql`
    insert into order_items (order_id, product_id, name, count, price_cents)
    select o.id, p.id, p.name, 1 + (o.id + k) % 3, p.price_cents
    from orders o cross join generate_series(0, 2) as k
    join products p on p.id = (select min(id) from products) + (o.id * 7 + k * 31) % ${PRODUCTS}
    where k <= o.id % 3`);
  await db.execute(sql`
    insert into order_status_history (order_id, status, created_at) select id, status, date_issued from orders`);
  await db.execute(sql`
    insert into stock_alerts (product_id, email, lang, confirmed_at)
    select (select min(id) from products) + n % 40, 'espera' || n || '@correo.cu', 'es', now()
    from generate_series(1, 5000) as n`);
  await db.execute(sql`vacuum analyze`);
}

type Row = Record<string, string | number>;
const rows: Row[] = [];

async function time(label: string, size: number, days: number, run: () => Promise<unknown>) {
  await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  rows.push({
    report: label,
    orders: size,
    days,
    "p50 ms": ms(percentile(times, 50)),
    "p95 ms": ms(percentile(times, 95)),
  });
}

// Run only as a script (the figures' database can be built alone: `fill`).
if (process.argv[1]?.endsWith("reports.ts")) await main();

async function main() {
  for (const size of SIZES) {
    const throwaway = await throwawayDatabase();
    const database = await openDatabase({ databaseUrl: throwaway.url, dataDir: null });
    try {
      await database.migrate();
      const { db } = database;
      const started = performance.now();
      await fill(db, size);
      console.log(
        `\nReports: ${size} orders built in ${((performance.now() - started) / 1000).toFixed(1)} s (PostgreSQL)`,
      );
      const now = new Date(havanaDayStart(addDays(END, 1)).getTime() + 10 * 3_600_000);
      const year = { from: shiftDay(END, -364), to: END };
      const coldStart = performance.now();
      await loadReports(db, year, "es", now);
      const cold = ms(performance.now() - coldStart);
      rows.push({
        report: "first whole page, fills the rollup (1 run)",
        orders: size,
        days: 365,
        "p50 ms": cold,
        "p95 ms": cold,
      });
      for (const days of [30, 365]) {
        const range = { from: shiftDay(END, -(days - 1)), to: END };
        const instants = { start: havanaDayStart(range.from), end: havanaDayStart(addDays(range.to, 1)) };
        await time("sales by day/week + cancellations", size, days, () => salesByDay(db, instants, now));
        await time("top products", size, days, () => topProducts(db, instants, TOP_LIMIT, now));
        await time("top municipalities", size, days, () => topMunicipalities(db, instants, TOP_LIMIT, now));
        await time("most-wanted out of stock", size, days, () => mostWantedOutOfStock(db, "es", TOP_LIMIT));
        await time("whole page (loadReports)", size, days, () => loadReports(db, range, "es", now));
      }
    } finally {
      await database.close();
      await throwaway.drop();
    }
  }

  console.log(
    `\nReports on PostgreSQL (${RUNS} runs each after a warm-up; target: every report p95 ≤ 200 ms on 500,000 orders)`,
  );
  console.table(rows);
  console.log(
    `Machine load after the run: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
}
