import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { type User } from "~/features/accounts/accounts.server";
import { mergeCartLine } from "~/features/cart/cart.server";
import { enqueueEmail } from "~/features/outbox/outbox.server";
import { createOrder } from "~/features/orders/create.server";
import { cancelOrder } from "~/features/orders/status.server";
import type { Env } from "~/utils/env.server";
import { cartCheckoutInput, insertProduct, insertUser } from "../tests/factories";
import { createTestEnv } from "../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../tests/setup/db";
import { createServerApp } from "./app";
import { createMetricsRoutes, isLoopback } from "./metrics";
import { PageCache } from "./page-cache/store";

// Issue 24 point 7: GET /metrics in Prometheus' text format, on loopback or with METRICS_TOKEN,
// never to the public (a request through a proxy is not loopback).

const TOKEN = "metrics-token-0123456789";

describe.each(databaseKinds())("GET /metrics on %s", (kind) => {
  let database: Database;
  let env: Env;
  let app: Hono;
  const pageCache = new PageCache({ maxEntries: 10, maxBytes: 1e7, maxAgeMs: 1e9 });

  /** A request from `ip` (what @hono/node-server passes as bindings), with `headers`. */
  const from = (ip: string, path: string, headers: Record<string, string> = {}) =>
    app.request(new Request(`http://localhost${path}`, { headers }), undefined, {
      incoming: { socket: { remoteAddress: ip, remotePort: 40000, remoteFamily: ip.includes(":") ? "IPv6" : "IPv4" } },
    });
  const scrape = async () => {
    const res = await from("127.0.0.1", "/metrics");
    expect(res.status).toBe(200);
    return res.text();
  };
  /** The value of the sample `name{labels}` (labels as written, in order). */
  const sample = (text: string, series: string) => {
    const line = text.split("\n").find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    env = createTestEnv();
    app = new Hono();
    app.route("/", createMetricsRoutes({ database, pageCache }, TOKEN));
    app.route("/", createServerApp({ db: database.db, env }));
  });
  afterAll(async () => {
    await database.close();
  });

  it("answers loopback and the bearer token; 404 to anyone else and to anything that came through a proxy", async () => {
    expect((await from("127.0.0.1", "/metrics")).status).toBe(200);
    expect((await from("::1", "/metrics")).status).toBe(200);
    expect((await from("::ffff:127.0.0.1", "/metrics")).status).toBe(200);
    const refused = await from("203.0.113.9", "/metrics");
    expect(refused.status).toBe(404);
    expect(await refused.text()).not.toContain("tienda_");
    // A reverse proxy on this host forwards a public client: not loopback.
    for (const header of ["X-Forwarded-For", "Forwarded", "X-Real-IP"]) {
      expect((await from("127.0.0.1", "/metrics", { [header]: "203.0.113.9" })).status, header).toBe(404);
    }
    expect((await from("203.0.113.9", "/metrics", { Authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    expect((await from("203.0.113.9", "/metrics", { Authorization: `Bearer ${TOKEN}x` })).status).toBe(404);
    expect((await from("203.0.113.9", "/metrics", { Authorization: TOKEN })).status).toBe(404);
    const ok = await from("127.0.0.1", "/metrics");
    expect(ok.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.headers.get("cache-control")).toBe("no-store");
    expect(isLoopback("10.0.0.1")).toBe(false);
    expect(isLoopback("127.8.0.1")).toBe(true);
  });

  it("times requests by route pattern and status class, never by raw path", async () => {
    const product = await insertProduct(database.db, { name: "Café Serrano" });
    expect((await from("198.51.100.1", `/api/product/product/${product.id}`)).status).toBe(200);
    expect((await from("198.51.100.1", "/wp-admin/setup-config.php")).status).toBe(404);
    const text = await scrape();
    expect(text).toMatch(
      /tienda_http_request_duration_seconds_count\{method="GET",route="\/api\/product\/product\/:id",status_class="2xx"\} [1-9]/,
    );
    expect(text).toMatch(
      /tienda_http_request_duration_seconds_count\{method="GET",route="unmatched",status_class="4xx"\} [1-9]/,
    );
    expect(text).not.toContain("wp-admin");
    expect(text).not.toContain(`/api/product/product/${product.id}"`);
  });

  it("counts page-cache hits and misses, the outbox backlog and its oldest email's age, orders placed and cancelled", async () => {
    pageCache.stats.hits = 7;
    pageCache.stats.misses = 3;
    let text = await scrape();
    expect(sample(text, 'tienda_page_cache_requests_total{result="hit"}')).toBe(7);
    expect(sample(text, 'tienda_page_cache_requests_total{result="miss"}')).toBe(3);

    const unsentBefore = sample(text, "tienda_outbox_unsent_emails") ?? 0;
    await enqueueEmail(database.db, "test.metrics", {});
    await database.db.execute(
      "update email_outbox set created_at = now() - interval '90 seconds' where kind = 'test.metrics'",
    );
    text = await scrape();
    expect(sample(text, "tienda_outbox_unsent_emails")).toBe(unsentBefore + 1);
    expect(sample(text, "tienda_outbox_oldest_unsent_age_seconds")).toBeGreaterThanOrEqual(89);

    const placedBefore = sample(text, "tienda_orders_placed_total") ?? 0;
    const cancelledBefore = sample(text, "tienda_orders_cancelled_total") ?? 0;
    const user = (await insertUser(database.db, { firstName: "Eva" })) as User;
    const product = await insertProduct(database.db, { name: "Arroz", priceCents: 1500, quantity: 5 });
    await mergeCartLine(database.db, user.id, { productId: product.id, count: 1 });
    const placed = await createOrder(
      { db: database.db, env },
      user,
      await cartCheckoutInput(database.db, user.id, { first_name: "Eva", last_name: "Paz" }),
      { lang: "es" },
    );
    if (!placed.ok) throw new Error(JSON.stringify(placed));
    const cancelled = await cancelOrder({ db: database.db, env }, user.id, placed.order.transactionId);
    expect(cancelled.ok).toBe(true);
    text = await scrape();
    expect(sample(text, "tienda_orders_placed_total")).toBe(placedBefore + 1);
    expect(sample(text, "tienda_orders_cancelled_total")).toBe(cancelledBefore + 1);
  });

  it("reports Node's event-loop lag and, on PostgreSQL, the pool's connections and waiting queries", async () => {
    const text = await scrape();
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    if (kind === "postgres") {
      expect(text).toMatch(/^tienda_db_pool_connections\{state="idle"\} \d+$/m);
      expect(text).toMatch(/^tienda_db_pool_waiting_requests 0$/m);
    } else {
      expect(text).not.toContain("tienda_db_pool_connections");
    }
  });
});
