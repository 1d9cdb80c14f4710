// Checkout under load (D18), part of `npm run bench`; on its own: `node --import tsx bench/checkout.ts`.
// Figures are printed, never asserted (ARCHITECTURE.md: benchmarks are not timed tests).
// 1. No overselling across processes: BENCH_SHOPPERS (200) shoppers, each with one unit of a product
//    that has BENCH_STOCK (10) in stock, check out at once through two app processes sharing one
//    fresh PostgreSQL database (BENCH_DATABASE_URL, default the local server): orders placed, stock
//    left, refusals, 5xx, checkouts/s and p99.
// 2. create-order throughput on PGlite, 16 shoppers at a time, each with its own cart, for
//    BENCH_DURATION seconds (default 10) each way:
//    a. create-order alone (the issue's figure): the carts are filled before the server starts, one
//       shopper per order (BENCH_MAX_RATE, default 400, orders/s worth of them), so only
//       create-order reaches the server: orders/s, p50 and p99, after BENCH_WARMUP (200) orders
//       that are not counted;
//    b. as a shopper does it: each of 16 shoppers refills its cart through add-item, then orders,
//       again and again; orders/s counts both requests, p50/p99 are create-order's.
// 3. SQL statements per order on PGlite, counted in this process (app.fetch, no HTTP): those of the
//    create-order request (transaction statements included) and those the outbox sender spends on
//    each confirmation email (claim, reading the orders, marking sent), over 64 orders placed 16 at
//    a time. Counts, not timings: the same on any machine.
// BENCH_PARTS picks parts: `oversell`, `pglite`, `statements` (all by default), comma-separated.
// The app processes run from the sources (bench/api-server.ts through tsx), so no build is
// needed; tsx only transpiles at load, and the same code bundled and run by plain node (as the
// production build is) measured the same within noise (BENCH_API=bundle runs it that way).
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { type Db, openDatabase } from "~/db/client.server";
import { cartItems, carts, orders, products, users } from "~/db/schema";
import { issueTokens } from "~/features/accounts/accounts.server";
import { mergeCartLine } from "~/features/cart/cart.server";
import { newSessionId, signToken } from "~/features/accounts/tokens.server";
import { quoteShipping } from "~/features/shipping/shipping";
import { type Env, getEnv } from "~/utils/env.server";
import { CHECKOUT_ADDRESS, insertProduct, insertUser } from "../tests/factories";

const root = path.resolve(import.meta.dirname, "..");
const SECRET_KEY = randomBytes(32).toString("hex");
const POINT = { latitude: CHECKOUT_ADDRESS.delivery_latitude, longitude: CHECKOUT_ADDRESS.delivery_longitude };
const PRICE_CENTS = 1500;
const SHIPPING_CUP = (() => {
  const quote = quoteShipping({ to: POINT, option: "standard", goodsAfterCouponCents: PRICE_CENTS, now: new Date() });
  if (!quote.ok) throw new Error(quote.error);
  return quote.costCup;
})();
const ORDER_BODY = {
  ...CHECKOUT_ADDRESS,
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

let bundled: string | undefined;

/**
 * How to run bench/api-server.ts: through tsx (default), or with BENCH_API=bundle bundled by
 * esbuild (the app's sources in one file, packages left to node_modules) and run by plain node.
 */
async function apiServerArgs(): Promise<string[]> {
  if (process.env.BENCH_API !== "bundle") return ["--import", "tsx", "bench/api-server.ts"];
  if (!bundled) {
    const outfile = path.join(root, "node_modules", ".cache", "bench-api-server.mjs");
    const esbuild = await import("esbuild");
    await esbuild.build({
      entryPoints: [path.join(root, "bench/api-server.ts")],
      outfile,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      define: { "process.env.NODE_ENV": '"production"' },
      logLevel: "error",
    });
    bundled = outfile;
  }
  return [bundled];
}

/** Starts bench/api-server.ts on `port` and resolves once it answers. */
async function startApi(port: number, vars: Record<string, string>): Promise<ChildProcess> {
  // BENCH_NODE_ARGS: extra node flags for the app processes, e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`.
  const flags = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...flags, ...(await apiServerArgs())], {
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

    const ports = (process.env.BENCH_PG_PORTS ?? "3411,3412").split(",").map(Number);
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

/**
 * `n` shoppers, each with a token and one unit of `productId` in their own cart, written in a few
 * statements (the pool of part 2a runs to thousands).
 */
async function prefilledShoppers(db: Db, env: Env, n: number, productId: number) {
  const tag = randomBytes(4).toString("hex");
  const out: Array<{ id: number; access: string }> = [];
  for (let from = 0; from < n; from += 1000) {
    const size = Math.min(1000, n - from);
    const made = await db
      .insert(users)
      .values(
        Array.from({ length: size }, (_, i) => ({
          email: `bench-${tag}-${from + i}@example.cu`,
          username: `bench-${tag}-${from + i}`,
          isActive: true,
        })),
      )
      .returning({ id: users.id, tokenVersion: users.tokenVersion });
    const cartRows = await db
      .insert(carts)
      .values(made.map((u) => ({ userId: u.id })))
      .returning({ id: carts.id });
    await db.insert(cartItems).values(cartRows.map((c) => ({ cartId: c.id, productId, count: 1 })));
    for (const user of made) {
      out.push({ id: user.id, access: await signToken(env.SECRET_KEY, "access", user, newSessionId()) });
    }
  }
  return out;
}

type Run = {
  orders: number;
  failures: number;
  seconds: number;
  latencies: number[];
  requests: number;
  /** CPU seconds the server process used during the run (Linux), or null. */
  cpu: number | null;
};

/** User + system CPU seconds of a process so far, from /proc (Linux); null elsewhere. */
function cpuSeconds(pid: number | undefined): number | null {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

function row(label: string, run: Run) {
  run.latencies.sort((a, b) => a - b);
  return {
    run: label,
    orders: run.orders,
    failures: run.failures,
    "orders/s": Math.round(run.orders / run.seconds),
    "requests/s": Math.round(run.requests / run.seconds),
    "p50 ms": ms(percentile(run.latencies, 50)),
    "p99 ms": ms(percentile(run.latencies, 99)),
    // What the numbers above cost the server, whatever else the machine is doing.
    "server CPU ms/order": run.cpu === null || run.orders === 0 ? "n/a" : ms((run.cpu * 1000) / run.orders),
  };
}

async function throughputOnPglite() {
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  const maxRate = Number(process.env.BENCH_MAX_RATE ?? 400);
  const concurrency = 16;
  const dataDir = tempDir();
  let server: ChildProcess | undefined;
  try {
    // Written before the server starts: PGlite is one process at a time.
    const database = await openDatabase({ dataDir });
    await database.migrate();
    const env = envFor(dataDir);
    const rice = await insertProduct(database.db, {
      name: "Arroz 1 kg",
      priceCents: PRICE_CENTS,
      quantity: 10_000_000,
    });
    const warmUp = Number(process.env.BENCH_WARMUP ?? 200);
    const pool = await prefilledShoppers(database.db, env, warmUp + Math.ceil(duration * maxRate), rice.id);
    const refillers = await shoppers(database.db, env, concurrency, rice.id, 0);
    await database.close();

    const port = Number(process.env.BENCH_PGLITE_PORT ?? 3413);
    server = await startApi(port, { DATA_DIR: dataDir });
    const base = `http://127.0.0.1:${port}`;
    // Warm-up, not counted: a running store has compiled its hot paths already. The first
    // second of a cold process serves create-order several times slower (JIT, lazy imports).
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < Math.min(warmUp, pool.length)) await placeOrder(base, pool[next++].access);
      }),
    );

    // a. create-order alone: 16 at a time, each order by the next shopper of the pool.
    const alone: Run = { orders: 0, failures: 0, seconds: 0, latencies: [], requests: 0, cpu: null };
    let cpuBefore = cpuSeconds(server.pid);
    let deadline = performance.now() + duration * 1000;
    let started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < deadline && next < pool.length) {
          const order = await placeOrder(base, pool[next++].access);
          alone.requests++;
          if (order.status === 201) alone.latencies.push(order.ms);
          else if (alone.failures++ === 0) console.log(`first failure: ${order.status} ${JSON.stringify(order.body)}`);
        }
      }),
    );
    alone.seconds = (performance.now() - started) / 1000;
    alone.cpu = cpuBefore === null ? null : (cpuSeconds(server.pid) ?? cpuBefore) - cpuBefore;
    alone.orders = alone.latencies.length;
    if (next >= pool.length) console.log(`(the pool of ${pool.length} shoppers ran out: raise BENCH_MAX_RATE)`);

    // b. each shopper refills its own cart through the API, then orders.
    const refilled: Run = { orders: 0, failures: 0, seconds: 0, latencies: [], requests: 0, cpu: null };
    cpuBefore = cpuSeconds(server.pid);
    deadline = performance.now() + duration * 1000;
    started = performance.now();
    await Promise.all(
      refillers.map(async (b) => {
        while (performance.now() < deadline) {
          const add = await fetch(`${base}/api/cart/add-item`, {
            method: "POST",
            headers: { authorization: `JWT ${b.access}`, "content-type": "application/json" },
            body: JSON.stringify({ product_id: rice.id, count: 1 }),
          });
          await add.arrayBuffer();
          const order = await placeOrder(base, b.access);
          refilled.requests += 2;
          if (order.status === 201) refilled.latencies.push(order.ms);
          else if (refilled.failures++ === 0)
            console.log(`first failure: ${order.status} ${JSON.stringify(order.body)}`);
        }
      }),
    );
    refilled.seconds = (performance.now() - started) / 1000;
    refilled.cpu = cpuBefore === null ? null : (cpuSeconds(server.pid) ?? cpuBefore) - cpuBefore;
    refilled.orders = refilled.latencies.length;

    console.log(
      `\ncreate-order throughput on PGlite: ${concurrency} shoppers at a time, each with its own cart, ${duration} s each` +
        (process.env.BENCH_API === "bundle" ? " (app bundled, plain node)" : " (app from the sources, tsx)"),
    );
    console.table([
      row("a. create-order alone (carts filled before)", alone),
      row("b. add-item then create-order", refilled),
    ]);
  } finally {
    if (server) await stopApi(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Part 3: every statement PGlite runs, counted by wrapping its client's `query` (also inside
 * transactions), split between the create-order requests and the outbox sender's passes.
 */
async function statementsPerOrder() {
  const { PGlite } = await import("@electric-sql/pglite");
  const { createServerApp } = await import("../server/app");
  const { outboxMailer } = await import("~/features/outbox/mailer.server");
  let counted = 0;
  const proto = PGlite.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const original = { query: proto.query, transaction: proto.transaction };
  proto.query = function (this: unknown, ...args: unknown[]) {
    counted++;
    return original.query.apply(this, args);
  };
  proto.transaction = function (this: unknown, callback: unknown) {
    counted += 2; // BEGIN and COMMIT (or ROLLBACK)
    return original.transaction.call(this, (tx: { query: (...a: unknown[]) => unknown }) => {
      const counting = Object.create(tx) as typeof tx;
      counting.query = (...a: unknown[]) => {
        counted++;
        return tx.query(...a);
      };
      return (callback as (t: typeof tx) => unknown)(counting);
    });
  };
  const dataDir = tempDir();
  const database = await openDatabase({ dataDir: null });
  try {
    await database.migrate();
    const env = envFor(dataDir);
    const app = createServerApp({ db: database.db, env });
    const mailer = outboxMailer({ db: database.db, env });
    const rice = await insertProduct(database.db, { name: "Arroz 1 kg", priceCents: PRICE_CENTS, quantity: 1_000_000 });
    const buyers = await prefilledShoppers(database.db, env, 16 * 5, rice.id);
    const place = (access: string) =>
      app.fetch(
        new Request("http://localhost/api/orders/create-order?lang=en", {
          method: "POST",
          headers: {
            authorization: `JWT ${access}`,
            "content-type": "application/json",
            "idempotency-key": randomUUID(),
          },
          body: JSON.stringify(ORDER_BODY),
        }),
      );
    // A first round not counted: memoised reads (exchange rate, catalogue) fill up.
    await Promise.all(buyers.slice(0, 16).map(async (b) => (await place(b.access)).arrayBuffer()));
    await mailer.flush();
    let requests = 0;
    let sender = 0;
    let placed = 0;
    for (let round = 1; round < 5; round++) {
      counted = 0;
      const answers = await Promise.all(buyers.slice(round * 16, round * 16 + 16).map((b) => place(b.access)));
      placed += answers.filter((a) => a.status === 201).length;
      await Promise.all(answers.map((a) => a.arrayBuffer()));
      requests += counted;
      counted = 0;
      await mailer.flush();
      sender += counted;
    }
    console.log(`
SQL statements per order on PGlite (${placed} orders placed 16 at a time, counted in process)`);
    console.table([
      {
        "create-order request": ms(requests / placed),
        "outbox sender (per email)": ms(sender / placed),
        total: ms((requests + sender) / placed),
      },
    ]);
  } finally {
    Object.assign(proto, original);
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const parts = new Set((process.env.BENCH_PARTS ?? "oversell,pglite,statements").split(",").map((p) => p.trim()));
if (parts.has("oversell")) await oversellOnPostgres();
if (parts.has("pglite")) await throughputOnPglite();
if (parts.has("statements")) await statementsPerOrder();
