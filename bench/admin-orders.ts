// The back office's orders list with 10,000 orders (target: first page under
// 100 ms server time on PGlite), part of `npm run bench`; on its own:
// `node --import tsx bench/admin-orders.ts`. Seeds an in-memory PGlite database with the
// migrations, 500 customers and BENCH_ORDERS (10,000) orders spread over a year in one
// generate_series statement each, then times `listAdminOrders` (the page's one row query and one
// count) BENCH_RUNS (30) times per case after a warm-up. Figures are printed, never asserted.
import { sql } from "drizzle-orm";
import { openDatabase } from "~/db/client.server";
import { type OrderFilters, listAdminOrders, parseOrderFilters } from "~/features/orders/admin-list.server";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const CUSTOMERS = 500;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
const ms = (n: number) => Math.round(n * 10) / 10;

const database = await openDatabase({ dataDir: null });
try {
  await database.migrate();
  const { db } = database;
  const seedStart = performance.now();
  await db.execute(sql`
    insert into users (email, username, first_name, last_name, is_active)
    select 'cliente' || n || '@correo.cu', 'cliente' || n, 'Cliente', 'Número ' || n, true
    from generate_series(1, ${CUSTOMERS}) as n`);
  const names = ["José Martínez", "María Pérez", "Yanet Castro", "Raúl Núñez", "Ana Rodríguez", "Ernesto Peña"];
  const statuses = ["not_processed", "processed", "shipping", "delivered", "cancelled"];
  await db.execute(sql`
    insert into orders (
      transaction_id, user_id, status, amount_cents, goods_cents, shipping_price_cup, shipping_name,
      shipping_time, delivery_option, exchange_rate, full_name, client_id, address, city,
      state_province_region, phone_number, delivery_latitude, delivery_longitude, date_issued
    )
    select
      md5('order' || n),
      (select min(id) from users) + (n % ${CUSTOMERS}),
      (${sql.raw(`array[${statuses.map((s) => `'${s}'`).join(",")}]`)})[1 + (n % 5)],
      500 + (n * 37) % 20000, 500 + (n * 37) % 20000, (n % 4) * 250, 'Estándar', '1-2 días',
      case when n % 7 = 0 then 'express' else 'standard' end, 390,
      (${sql.raw(`array[${names.map((s) => `'${s}'`).join(",")}]`)})[1 + (n % 6)] || ' ' || n,
      '85010112345', 'Calle ' || (n % 200) || ' #' || n, 'Plaza de la Revolución', 'La Habana',
      '+53 5 ' || lpad(((n * 7919) % 10000000)::text, 7, '0'), 23.1, -82.38,
      now() - (n * interval '52 minutes')
    from generate_series(1, ${ORDERS}) as n`);
  await db.execute(sql`analyze orders`);
  await db.execute(sql`analyze users`);
  console.log(
    `\nBack-office orders list: ${ORDERS} orders seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (PGlite, in memory)`,
  );

  const [{ id: someId }] = (
    (await db.execute(
      sql`select transaction_id as id from orders order by id desc limit 1 offset 4321`,
    )) as unknown as {
      rows: Array<{ id: string }>;
    }
  ).rows;
  const cases: Array<[string, OrderFilters]> = [
    ["first page, no filter", parseOrderFilters(new URLSearchParams())],
    ["page 100, no filter", parseOrderFilters(new URLSearchParams("p=100"))],
    ["status = shipping", parseOrderFilters(new URLSearchParams("status=shipping"))],
    ["status + date range", parseOrderFilters(new URLSearchParams("status=processed&from=2026-01-01&to=2026-12-31"))],
    ["search: order id prefix", parseOrderFilters(new URLSearchParams(`q=${someId.slice(0, 8)}`))],
    ["search: name (accents off)", parseOrderFilters(new URLSearchParams("q=raul nunez"))],
    ["search: phone digits", parseOrderFilters(new URLSearchParams("q=5 123"))],
    ["search: email", parseOrderFilters(new URLSearchParams("q=cliente42@correo"))],
  ];
  const rows: Array<Record<string, string | number>> = [];
  for (const [name, filters] of cases) {
    for (let i = 0; i < 3; i++) await listAdminOrders(db, filters); // warm-up
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      total = (await listAdminOrders(db, filters)).total;
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    rows.push({
      case: name,
      matches: total,
      "median ms": ms(percentile(times, 50)),
      "p95 ms": ms(percentile(times, 95)),
    });
  }
  console.log(`${RUNS} runs each (rows query + count); target: first page < 100 ms`);
  console.table(rows);
} finally {
  await database.close();
}
