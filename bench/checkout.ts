// Checkout under load (D18), part of `npm run bench`; on its own: `node --import tsx bench/checkout.ts`.
// Figures are printed, never asserted (ARCHITECTURE.md: benchmarks are not timed tests).
// 1. No overselling across processes: BENCH_SHOPPERS (200) shoppers, each with one unit of a product
//    that has BENCH_STOCK (10) in stock, check out at once through two app processes sharing one
//    fresh PostgreSQL database (BENCH_DATABASE_URL, default the local server): orders placed, stock
//    left, refusals, 5xx, checkouts/s and p99.
// 2. create-order throughput on PGlite: 16 shoppers, each with their own cart, refill it and place
//    an order again and again for BENCH_DURATION seconds (default 10): orders/s and p99.
// The app processes run from the sources (bench/api-server.ts), so no build is needed.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { type Db, openDatabase } from "~/db/client.server";
import { orders, products } from "~/db/schema";
import { issueTokens } from "~/features/accounts/accounts.server";
import { mergeCartLine } from "~/features/cart/cart.server";
import { quoteShipping } from "~/features/shipping/shipping";
import { type Env, getEnv } from "~/utils/env.server";
import { insertProduct, insertUser } from "../tests/factories";

const root = path.resolve(import.meta.dirname, "..");
const SECRET_KEY = randomBytes(32).toString("hex");
const POINT = { latitude: 23.1357, longitude: -82.3838 }; // Vedado
const PRICE_CENTS = 1500;
const SHIPPING_CUP = (() => {
  const quote = quoteShipping({ to: POINT, option: "standard", goodsAfterCouponCents: PRICE_CENTS, now: new Date() });
  if (!quote.ok) throw new Error(quote.error);
  return quote.costCup;
})();
const ORDER_BODY = {
  first_name: "Ana",
  last_name: "Pérez",
  client_id: "85010112345",
  address: "Calle 23 #456, Vedado",
  city: "Plaza de la Revolución",
  state: "La Habana",
  zip_code: "10400",
  phone: "+53 5 555 5555",
  shipping_name: "Estándar",
  shipping_time: "1-2 días",
  is_gift: false,
  gift_message: "",
  delivery_latitude: POINT.latitude,
  delivery_longitude: POINT.longitude,
  delivery_option: "standard",
  amount: PRICE_CENTS / 100,
  shipping_price: SHIPPING_CUP,
};

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "tienda-bench-checkout-"));
const envFor = (dataDir: string): Env => getEnv({ DATA_DIR: dataDir, SECRET_KEY } as NodeJS.ProcessEnv);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const ms = (n: number) => Math.round(n * 10) / 10;

/** Shoppers with a token each and, when `count` > 0, that many units of `productId` in their cart. */
async function shoppers(db: Db, env: Env, n: number, productId: number, count: number) {
  const out: Array<{ id: number; access: string }> = [];
  for (let i = 0; i < n; i++) {
    const user = await insertUser(db);
    if (count > 0) {
      const added = await mergeCartLine(db, user.id, { productId, count });
      if (!added.ok) throw new Error(added.error);
    }
    out.push({ id: user.id, access: (await issueTokens({ db, env }, user)).access });
  }
  return out;
}

/** Starts bench/api-server.ts on `port` and resolves once it answers. */
async function startApi(port: number, vars: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/api-server.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), SECRET_KEY, NODE_ENV: "production", DATABASE_URL: "", ...vars },
    // Each order's email is logged to stdout (no SMTP_URL): nobody reads it, so it must not fill a pipe.
    stdio: ["ignore", "ignore", "inherit"],
  });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`bench API server on ${port} exited`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/currency/exchange-rate/`)).ok) return child;
    } catch {
      /* not up yet */
    }
    if (Date.now() - started > 120_000) throw new Error("bench API server did not start in 120 s");
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stopApi(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

async function placeOrder(base: string, access: string) {
  const started = performance.now();
  const res = await fetch(`${base}/api/orders/create-order?lang=en`, {
    method: "POST",
    headers: { authorization: `JWT ${access}`, "content-type": "application/json", "idempotency-key": randomUUID() },
    body: JSON.stringify(ORDER_BODY),
  });
  const body = (await res.json()) as { product_id?: number };
  return { status: res.status, ms: performance.now() - started, body };
}

async function oversellOnPostgres() {
  const shopperCount = Number(process.env.BENCH_SHOPPERS ?? 200);
  const stock = Number(process.env.BENCH_STOCK ?? 10);
  const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `bench_${randomBytes(8).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`\nOversell run skipped: no PostgreSQL at ${adminUrl} (${(error as Error).message})`);
    return;
  }
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dirs = [tempDir(), tempDir(), tempDir()];
  const servers: ChildProcess[] = [];
  try {
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
    await database.migrate();
    const lamp = await insertProduct(database.db, { name: "Lámpara solar", priceCents: PRICE_CENTS, quantity: stock });
    const buyers = await shoppers(database.db, envFor(dirs[0]), shopperCount, lamp.id, 1);

    const ports = [3411, 3412];
    for (const [i, port] of ports.entries()) {
      servers.push(await startApi(port, { DATABASE_URL: url.toString(), DATA_DIR: dirs[i + 1] }));
    }
    const bases = ports.map((p) => `http://127.0.0.1:${p}`);
    // One authenticated read per process first, as a running store would have served already.
    for (const base of bases) {
      await (
        await fetch(`${base}/api/orders/get-orders`, { headers: { authorization: `JWT ${buyers[0].access}` } })
      ).arrayBuffer();
    }
    const started = performance.now();
    const results = await Promise.all(buyers.map((b, i) => placeOrder(bases[i % bases.length], b.access)));
    const seconds = (performance.now() - started) / 1000;

    const [left] = await database.db
      .select({ quantity: products.quantity })
      .from(products)
      .where(eq(products.id, lamp.id));
    const [{ placed }] = await database.db.select({ placed: sql<number>`count(*)::int` }).from(orders);
    const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
    const count = (test: (r: (typeof results)[number]) => boolean) => results.filter(test).length;
    await database.close();

    console.log(
      `\nNo overselling: ${shopperCount} simultaneous checkouts of 1 unit, ${stock} in stock, ` +
        `2 app processes on one PostgreSQL`,
    );
    console.table([
      {
        "201 placed": count((r) => r.status === 201),
        "orders stored": placed,
        "stock left": left.quantity,
        "409 naming the product": count((r) => r.status === 409 && r.body.product_id === lamp.id),
        "other 4xx": count(
          (r) => r.status >= 400 && r.status < 500 && !(r.status === 409 && r.body.product_id === lamp.id),
        ),
        "5xx": count((r) => r.status >= 500),
        "checkouts/s": Math.round(shopperCount / seconds),
        "p50 ms": ms(percentile(latencies, 50)),
        "p99 ms": ms(percentile(latencies, 99)),
      },
    ]);
  } finally {
    for (const server of servers) await stopApi(server);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function throughputOnPglite() {
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  const concurrency = 16;
  const dataDir = tempDir();
  let server: ChildProcess | undefined;
  try {
    // Written before the server starts: PGlite is one process at a time.
    const database = await openDatabase({ dataDir });
    await database.migrate();
    const rice = await insertProduct(database.db, { name: "Arroz 1 kg", priceCents: PRICE_CENTS, quantity: 1_000_000 });
    const buyers = await shoppers(database.db, envFor(dataDir), concurrency, rice.id, 0);
    await database.close();

    const port = 3413;
    server = await startApi(port, { DATA_DIR: dataDir });
    const base = `http://127.0.0.1:${port}`;
    const latencies: number[] = [];
    let failures = 0;
    const deadline = performance.now() + duration * 1000;
    const started = performance.now();
    await Promise.all(
      buyers.map(async (b) => {
        while (performance.now() < deadline) {
          const add = await fetch(`${base}/api/cart/add-item`, {
            method: "POST",
            headers: { authorization: `JWT ${b.access}`, "content-type": "application/json" },
            body: JSON.stringify({ product_id: rice.id, count: 1 }),
          });
          await add.arrayBuffer();
          const order = await placeOrder(base, b.access);
          if (order.status === 201) latencies.push(order.ms);
          else failures++;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    console.log(`\ncreate-order throughput on PGlite: ${concurrency} shoppers, ${duration} s, each refilling its cart`);
    console.table([
      {
        orders: latencies.length,
        failures,
        "orders/s": Math.round(latencies.length / seconds),
        "p50 ms": ms(percentile(latencies, 50)),
        "p99 ms": ms(percentile(latencies, 99)),
      },
    ]);
  } finally {
    if (server) await stopApi(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await oversellOnPostgres();
await throughputOnPglite();
