// Restock alerts (docs/benchmarks.md): 10,000 subscribers to one product are all emailed once,
// without slowing the storefront. Part of `npm run bench`; on its own, after `npm run build`:
// `node --import tsx bench/restock-alerts.ts`. Figures are printed, never asserted.
// 1. A first start of the built server prepares a fresh data directory (migrations, demo store);
//    it is stopped.
// 2. In that database: a product whose last BENCH_RESTOCK_UNITS units a customer's pending order
//    holds (stock 0), BENCH_SUBSCRIBERS (10,000) confirmed subscribers in both languages, and an
//    access token for the customer.
// 3. The server starts again; after a warm-up run, the anonymous home page's p99 is measured
//    BENCH_ROUNDS times (autocannon, 16 connections, BENCH_DURATION seconds each).
// 4. The customer cancels the order through the API: stock goes from 0 to more, the alerts become
//    due in that transaction and are queued and sent after the answer. The home page is measured
//    again at once, while they go out; then the outbox is polled (/metrics) until it is empty, and
//    the home page is measured once more: the runs before and after show the noise.
// 5. The server stops and the database says how many alert emails each address got, how many are
//    unsent and how many subscriptions are left.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "~/db/client.server";
import { type User, issueTokens } from "~/features/accounts/accounts.server";
import { getEnv } from "~/utils/env.server";

// autocannon ships no types: the one call this file makes, typed here (as bench/scale.ts does).
type Latency = { p50: number; p99: number };
const { default: autocannon } = (await import("autocannon" as string)) as {
  default: (opts: { url: string; connections: number; duration: number }) => Promise<{
    requests: { average: number };
    latency: Latency;
    non2xx: number;
    errors: number;
  }>;
};

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000);
const UNITS = Number(process.env.BENCH_RESTOCK_UNITS ?? 3);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
// Runs of each phase: the spread of the runs before and after is the noise "unchanged" is judged by.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PORT = Number(process.env.BENCH_RESTOCK_PORT ?? Number(process.env.BENCH_PORT ?? 3300) + 7);
const BASE = `http://127.0.0.1:${PORT}`;
const SECRET_KEY = "bench-restock-alerts-secret-0123456789";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tienda-bench-alerts-"));

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(buildDir, "server/index.js")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      DATABASE_URL: "",
      SMTP_URL: "",
      SECRET_KEY,
      LOG_LEVEL: "warn",
      PUBLIC_URL: `http://localhost:${PORT}`,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${BASE}/api/currency/exchange-rate/`)).ok) return child;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error("the server did not start in 3 minutes");
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
}

async function homeP99(label: string) {
  const result = await autocannon({ url: `${BASE}/es`, connections: 16, duration: DURATION });
  return {
    home: label,
    "req/s": Math.round(result.requests.average),
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
    errors: result.non2xx + result.errors,
  };
}

async function unsentEmails(): Promise<number> {
  const text = await (await fetch(`${BASE}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith("tienda_outbox_unsent_emails "));
  return Number(line?.split(" ")[1] ?? NaN);
}

if (!fs.existsSync(path.join(buildDir, "server/index.js"))) {
  console.error(`No build found in ${buildDir}: run \`npm run build\` first.`);
  process.exit(1);
}

try {
  await stopServer(await startServer());

  // The scene, written straight into the prepared database.
  const env = getEnv({ ...process.env, DATA_DIR: dataDir, SECRET_KEY, DATABASE_URL: "" });
  const database = await openDatabase({ dataDir });
  const { db } = database;
  const [product] = rows<{ id: number }>(
    await db.execute(sql`update products set quantity = 0 where id = (select min(id) from products where archived_at is null)
      returning id`),
  );
  const [customer] = rows<User>(
    await db.execute(sql`insert into users (email, username, first_name, last_name, is_active)
      values ('cliente-alertas@correo.cu', 'cliente_alertas', 'Cliente', 'Alertas', true) returning *`),
  );
  const user = (await db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, customer.id) })) as User;
  const transactionId = "0123456789abcdef0123456789abcdef";
  const [order] = rows<{ id: number }>(
    await db.execute(sql`
    insert into orders (
      transaction_id, user_id, status, amount_cents, goods_cents, shipping_price_cup, shipping_name,
      shipping_time, delivery_option, exchange_rate, full_name, client_id, address, city,
      state_province_region, phone_number, delivery_latitude, delivery_longitude
    ) values (
      ${transactionId}, ${user.id}, 'not_processed', 1500, 1500, 0, 'Estándar', '1-2 días', 'standard', 390,
      'Cliente Alertas', '85010112345', 'Calle 23 #10', 'Plaza de la Revolución', 'La Habana',
      '+53 5 5551234', 23.1, -82.38
    ) returning id`),
  );
  await db.execute(sql`insert into order_items (order_id, product_id, name, count, price_cents)
    values (${order.id}, ${product.id}, 'Producto', ${UNITS}, 500)`);
  await db.execute(sql`
    insert into stock_alerts (product_id, email, lang, confirmed_at)
    select ${product.id}, 'espera' || n || '@correo.cu', case when n % 3 = 0 then 'en' else 'es' end, now()
    from generate_series(1, ${SUBSCRIBERS}) as n`);
  const { access } = await issueTokens({ db, env }, user);
  await database.close();

  const server = await startServer();
  await homeP99("warm-up"); // a first run compiles the page's code: "before" would be the slower one
  const figures = [];
  for (let round = 1; round <= ROUNDS; round++) figures.push(await homeP99(`before the restock (${round})`));
  const cancelStart = performance.now();
  const cancelled = await fetch(`${BASE}/api/orders/cancel-order/${transactionId}`, {
    method: "PATCH",
    headers: { authorization: `JWT ${access}` },
  });
  const cancelMs = Math.round(performance.now() - cancelStart);
  if (cancelled.status !== 200) throw new Error(`cancel-order answered ${cancelled.status}`);
  const sendStart = performance.now();
  for (let round = 1; round <= ROUNDS; round++) figures.push(await homeP99(`while the alerts go out (${round})`));
  const unsentAfterRounds = await unsentEmails();
  let emptyPolls = 0;
  while (emptyPolls < 3 && performance.now() - sendStart < 15 * 60_000) {
    emptyPolls = (await unsentEmails()) === 0 ? emptyPolls + 1 : 0;
    await new Promise((r) => setTimeout(r, 500));
  }
  const sendSeconds = (performance.now() - sendStart) / 1000;
  for (let round = 1; round <= ROUNDS; round++) figures.push(await homeP99(`after all are sent (${round})`));
  await stopServer(server);

  const check = await openDatabase({ dataDir });
  const [counts] = rows<{ emails: number; addresses: number; unsent: number; most: number }>(
    await check.db.execute(sql`
      select count(*)::int as emails, count(distinct lower(payload->>'email'))::int as addresses,
        count(*) filter (where sent_at is null)::int as unsent,
        coalesce(max(per), 0)::int as most
      from email_outbox
      left join (
        select lower(payload->>'email') as address, count(*) as per from email_outbox
        where kind = 'stock_alert.back' group by 1
      ) as each_address on each_address.address = lower(email_outbox.payload->>'email')
      where kind = 'stock_alert.back' and (payload->>'productId')::int = ${product.id}`),
  );
  const [left] = rows<{ n: number }>(
    await check.db.execute(sql`select count(*)::int as n from stock_alerts where product_id = ${product.id}`),
  );
  await check.close();

  console.log(`\nRestock alerts: ${SUBSCRIBERS} confirmed subscribers, one product back from 0 (PGlite, built server)`);
  console.table(figures);
  console.log(
    `cancel-order (the restock) answered in ${cancelMs} ms; all alerts sent ${sendSeconds.toFixed(1)} s after it ` +
      `(${unsentAfterRounds} still unsent when the runs "while the alerts go out" ended)`,
  );
  console.log(
    `alert emails: ${counts.emails} queued for ${counts.addresses} addresses (most to one address: ${counts.most}), ` +
      `${counts.unsent} unsent; subscriptions left: ${left.n}` +
      (counts.emails === SUBSCRIBERS && counts.addresses === SUBSCRIBERS && counts.most === 1 && counts.unsent === 0
        ? " (each subscriber emailed exactly once)"
        : " (NOT each subscriber exactly once)"),
  );
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
