// The store at business size (targets), on PostgreSQL: `node --import tsx bench/scale.ts`
// (build first; BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local server: a PostgreSQL
// whose user may create databases). For each size, the demo store and then BENCH_PRODUCTS (50,000)
// products with BENCH_ORDERS (500,000) orders (two lines each, 5,000 customers) bulk-inserted with
// generate_series into a throwaway database, the production build is started on it (BENCH_PORT,
// default 3300) and measured:
// - p95 of anonymous pages from the page cache (a listing, a search, a product page), 8 clients;
//   and of the same pages rendered (a new query string each time: a miss), one at a time;
// - p95 of the back office's orders list (first page, a status filter, a search), signed in;
// - create-order p99 through the API, 8 shoppers at a time, BENCH_CHECKOUTS (400) orders;
// - requests/s of the anonymous home for a gzip-only client against the product API (autocannon,
//   16 connections, BENCH_DURATION (5) s each): target ≥ 1×;
// - the server's RSS after the load and its peak.
// Then how each figure grows from the demo store to that size. Targets: pages and the orders list
// p95 ≤ 50 ms, create-order p99 ≤ 150 ms, RSS ≤ 600 MB. Figures are printed, never asserted.
import { Secret, TOTP } from "otpauth";
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
// autocannon ships no types: the one call this file makes, typed here.
const { default: autocannon } = (await import("autocannon" as string)) as {
  default: (opts: { url: string; connections: number; duration: number; headers: Record<string, string> }) => Promise<{
    requests: { average: number };
  }>;
};
import { sql } from "drizzle-orm";
import pg from "pg";
import { type Db, openDatabase } from "~/db/client.server";
import { seedDemoStore } from "~/db/seed/seed.server";
import { newSessionId, signToken } from "~/features/accounts/tokens.server";
import { refreshSearchIndex } from "~/features/search/search-index.server";
import { quoteShipping } from "~/features/shipping/shipping";
import { CHECKOUT_ADDRESS } from "../tests/factories";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");

const baseUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 500_000);
const CUSTOMERS = 5_000;
const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 400);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 3300);
const SECRET_KEY = randomBytes(32).toString("hex");
const BROWSER = {
  Accept: "text/html",
  "Accept-Encoding": "gzip, deflate, br",
  "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/120",
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;
};
const round = (n: number) => Math.round(n * 10) / 10;

async function admin(query: string) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/**
 * The demo store, then `products` more products and `orders` orders (two lines each). Also used
 * by bench/search.ts.
 */
export async function build(db: Db, products: number, orders: number) {
  await seedDemoStore(db, { media: null });
  if (products > 0) {
    // Copies of the demo products (their names, categories and prices), numbered.
    await db.execute(sql`
      insert into products (category_id, name, name_en, description, description_en, price_cents,
        original_price_cents, quantity, sold, brand, model, shop_city, image_url, date_created)
      select p.category_id, p.name || ' ' || g.n, p.name_en || ' ' || g.n, p.description, p.description_en,
        p.price_cents + g.n % 100, p.original_price_cents + g.n % 100, 50 + g.n % 200, (g.n * 7) % 500,
        p.brand, p.model, p.shop_city, p.image_url, now() - (g.n * interval '3 minutes')
      from generate_series(1, ${Math.ceil(products / 200)}) as g(n)
      cross join lateral (select * from products where archived_at is null order by id limit 200) p
      limit ${products}`);
    await refreshSearchIndex(db);
  }
  if (orders > 0) {
    await db.execute(sql`
      insert into users (email, username, first_name, last_name, is_active)
      select 'cliente' || n || '@correo.cu', 'cliente' || n, 'Cliente', 'Número ' || n, true
      from generate_series(1, ${CUSTOMERS}) as n`);
    const statuses = sql.raw(`array['not_processed','processed','shipping','delivered','cancelled']`);
    const names = sql.raw(`array['José Martínez','María Pérez','Yanet Castro','Raúl Núñez','Ana Rodríguez']`);
    await db.execute(sql`
      insert into orders (transaction_id, user_id, status, amount_cents, goods_cents, shipping_price_cup,
        shipping_name, shipping_time, delivery_option, exchange_rate, full_name, client_id, address, city,
        state_province_region, phone_number, delivery_latitude, delivery_longitude, date_issued)
      select md5('order' || n), (select max(id) from users) - (n % ${CUSTOMERS}), (${statuses})[1 + n % 5],
        500 + (n * 37) % 20000, 500 + (n * 37) % 20000, (n % 4) * 250, 'Estándar', '1-2 días',
        case when n % 7 = 0 then 'express' else 'standard' end, 390, (${names})[1 + n % 5] || ' ' || n,
        '85010112345', 'Calle ' || (n % 200) || ' #' || n, 'Plaza de la Revolución', 'La Habana',
        '+53 5 ' || lpad(((n::bigint * 7919) % 10000000)::text, 7, '0'), 23.1, -82.38, now() - (n * interval '1 minute')
      from generate_series(1, ${orders}) as n`);
    await db.execute(sql`
      insert into order_items (order_id, product_id, name, count, price_cents)
      select o.id, (select min(id) from products) + (o.id * 13 + k) % ${products || 200}, 'Producto', 1 + k, 1500
      from orders o cross join generate_series(0, 1) as k`);
  }
  await db.execute(sql`analyze`);
}

function startServer(databaseUrl: string, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(buildDir, "server/index.js")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SECRET_KEY,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT: "100000",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return (async () => {
    const started = Date.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error("the server exited");
      if (
        (await fetch(`http://127.0.0.1:${PORT}/readyz`).then(
          (r) => r.status,
          () => 0,
        )) === 200
      )
        return child;
      if (Date.now() - started > 300_000) throw new Error("the server did not start in 300 s");
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
}

/** Latencies of `count` GETs of `pathFor(i)`, `clients` at a time. */
async function timeGets(
  pathFor: (i: number) => string,
  count: number,
  clients: number,
  headers: Record<string, string>,
) {
  const times: number[] = [];
  let next = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < count) {
        const i = next++;
        const started = performance.now();
        const res = await fetch(`http://127.0.0.1:${PORT}${pathFor(i)}`, { headers });
        await res.arrayBuffer();
        times.push(performance.now() - started);
        if (!res.ok) failures++;
      }
    }),
  );
  if (failures) console.warn(`  ${failures} of ${count} GETs of ${pathFor(0)} failed`);
  return round(percentile(times, 95));
}

/**
 * The operator's cookies, signed in through the login form, then past two-factor (decision 017):
 * the bench's fresh database has the operator not enrolled, so it enrols with a code computed by
 * the TOTP library from the secret the enrol page shows.
 */
async function operatorCookie(): Promise<string> {
  const body = new URLSearchParams({ email: "operador@tienda.cu", password: "Malecon2026!" });
  const res = await fetch(`http://127.0.0.1:${PORT}/es/login`, { method: "POST", body, redirect: "manual" });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => /^(access|refresh)=./.test(c))
    .join("; ");
  const base = `http://127.0.0.1:${PORT}`;
  const page = await (await fetch(`${base}/es/two-factor/enrol`, { headers: { Cookie: cookie } })).text();
  const input = /<input[^>]*id="totp-secret"[^>]*>/.exec(page)?.[0] ?? "";
  const secret = /value="([A-Z2-7 ]+)"/.exec(input)?.[1]?.replace(/ /g, "");
  if (!secret) throw new Error("bench: the operator's two-factor enrol page showed no secret");
  const code = new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate();
  await fetch(`${base}/es/two-factor/enrol`, {
    method: "POST",
    body: new URLSearchParams({ code, next: "/es/admin" }),
    headers: { Cookie: cookie, Origin: base },
    redirect: "manual",
  });
  return cookie;
}

/** p99 of create-order with `CHECKOUTS` shoppers, each with one unit in its cart, 8 at a time. */
async function createOrderP99(db: Db): Promise<number> {
  const tag = randomUUID().slice(0, 8);
  const rows = (await db.execute(sql`
    with product as (select id, price_cents from products where archived_at is null and quantity > 0
        and wholesale_price_cents is null and price_cents between 1000 and 4000 order by id limit 1),
      made as (insert into users (email, username, is_active, token_version)
        select 'shop-' || ${tag} || '-' || n || '@correo.cu', 'shop-' || ${tag} || '-' || n, true, 0
        from generate_series(1, ${CHECKOUTS}) as n returning id, token_version),
      cart as (insert into carts (user_id) select id from made returning id),
      line as (insert into cart_items (cart_id, product_id, count) select cart.id, product.id, 1 from cart, product)
    select made.id, made.token_version as "tokenVersion", product.price_cents as "priceCents" from made, product`)) as unknown as {
    rows: Array<{ id: number; tokenVersion: number; priceCents: number }>;
  };
  await db.execute(sql`update products set quantity = 1000000 where id = (select product_id from cart_items limit 1)`);
  const priceCents = rows.rows[0].priceCents;
  const point = { latitude: CHECKOUT_ADDRESS.delivery_latitude, longitude: CHECKOUT_ADDRESS.delivery_longitude };
  const quote = quoteShipping({ to: point, option: "standard", goodsAfterCouponCents: priceCents, now: new Date() });
  if (!quote.ok) throw new Error(quote.error);
  const body = JSON.stringify({
    ...CHECKOUT_ADDRESS,
    delivery_option: "standard",
    amount: priceCents / 100,
    shipping_price: quote.costCup,
  });
  const tokens = await Promise.all(rows.rows.map((user) => signToken(SECRET_KEY, "access", user, newSessionId())));
  const times: number[] = [];
  let next = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < tokens.length) {
        const access = tokens[next++];
        const started = performance.now();
        const res = await fetch(`http://127.0.0.1:${PORT}/api/orders/create-order?lang=es`, {
          method: "POST",
          headers: {
            authorization: `JWT ${access}`,
            "content-type": "application/json",
            "idempotency-key": randomUUID(),
          },
          body,
        });
        await res.arrayBuffer();
        times.push(performance.now() - started);
        if (res.status !== 201) failures++;
      }
    }),
  );
  if (failures) console.warn(`  ${failures} of ${tokens.length} orders failed`);
  return round(percentile(times, 99));
}

async function requestsPerSecond(url: string, headers: Record<string, string>) {
  const result = await autocannon({ url, connections: 16, duration: DURATION, headers });
  return Math.round(result.requests.average);
}

const memory = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const mb = (field: string) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
  return { rss: mb("VmRSS"), peak: mb("VmHWM") };
};

async function measureSize(label: string, products: number, orders: number) {
  const throwaway = await throwawayDatabase();
  const url = new URL(throwaway.url);
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tienda-bench-scale-"));
  let child: ChildProcess | undefined;
  try {
    await database.migrate();
    const built = performance.now();
    await build(database.db, products, orders);
    console.log(`\n${label}: built in ${round((performance.now() - built) / 1000)} s`);
    child = await startServer(url.toString(), dataDir);
    const home = await (await fetch(`http://127.0.0.1:${PORT}/es/`, { headers: BROWSER })).text();
    const listing = /href="(\/es\/shop\/[^"/]+\/[^"/]+)"/.exec(home)?.[1] ?? "/es/shop";
    const product = /href="(\/es\/product\/\d+)"/.exec(home)?.[1] ?? "/es/product/1";
    const cookie = await operatorCookie();
    const warm = async (p: string) => {
      await (await fetch(`http://127.0.0.1:${PORT}${p}`, { headers: BROWSER })).arrayBuffer();
      return timeGets(() => p, 400, 8, BROWSER);
    };
    const miss = (p: string) => timeGets((i) => `${p}${p.includes("?") ? "&" : "?"}bench=${i}`, 40, 1, BROWSER);
    const figures: Record<string, number> = {
      "listing p95 ms (cached)": await warm(listing),
      "search p95 ms (cached)": await warm("/es/search?q=arroz"),
      "product page p95 ms (cached)": await warm(product),
      "listing p95 ms (rendered)": await miss(listing),
      "search p95 ms (rendered)": await miss("/es/search?q=arroz"),
      "product page p95 ms (rendered)": await miss(product),
      "orders list p95 ms (first page)": await timeGets(() => "/es/admin/orders", 60, 2, {
        ...BROWSER,
        Cookie: cookie,
      }),
      "orders list p95 ms (status filter)": await timeGets(() => "/es/admin/orders?status=shipping", 60, 2, {
        ...BROWSER,
        Cookie: cookie,
      }),
      "orders list p95 ms (search a name)": await timeGets(() => "/es/admin/orders?q=raul%20nunez", 60, 2, {
        ...BROWSER,
        Cookie: cookie,
      }),
      "create-order p99 ms": await createOrderP99(database.db),
    };
    // create-order dropped the cached pages: warm the home again for the throughput comparison.
    await (await fetch(`http://127.0.0.1:${PORT}/es/`, { headers: BROWSER })).arrayBuffer();
    const gzipHome = await requestsPerSecond(`http://127.0.0.1:${PORT}/es/`, { ...BROWSER, "Accept-Encoding": "gzip" });
    const api = await requestsPerSecond(`http://127.0.0.1:${PORT}/api/product/latest`, { "Accept-Encoding": "gzip" });
    figures["home, gzip-only client, req/s"] = gzipHome;
    figures["product API req/s"] = api;
    figures["gzip home ÷ API"] = round(gzipHome / Math.max(api, 1));
    const { rss, peak } = memory(child.pid as number);
    figures["server RSS MB (after)"] = rss;
    figures["server RSS MB (peak)"] = peak;
    return figures;
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child?.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
    await database.close();
    await throwaway.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Creates a throwaway database on the benchmark's PostgreSQL; `drop` removes it. */
export async function throwawayDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bench_scale_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

// Run only as a script (bench/search.ts imports build and throwawayDatabase).
if (process.argv[1]?.endsWith("scale.ts")) await main();

async function main() {
  if (!fs.existsSync(path.join(buildDir, "server/index.js")))
    throw new Error(`No build in ${buildDir}: run npm run build first`);
  const small = await measureSize("demo store", 0, 0);
  const large = await measureSize(`${PRODUCTS} products, ${ORDERS} orders`, PRODUCTS, ORDERS);
  console.log(
    `\nThe store at scale on PostgreSQL (targets: pages and orders list p95 ≤ 50 ms from the cache, create-order p99 ≤ 150 ms, RSS ≤ 600 MB, gzip home ≥ 1× the API)`,
  );
  console.table(
    Object.keys(small).map((measure) => ({
      measure,
      demo: small[measure],
      [`${PRODUCTS / 1000}k/${ORDERS / 1000}k`]: large[measure],
      growth: small[measure] ? `${round(large[measure] / small[measure])}×` : "",
    })),
  );
}
