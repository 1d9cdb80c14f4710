/**
 * `GET /metrics` in Prometheus' text format (docs/operations.md, "Metrics"): request durations by
 * route pattern and status class, the page cache's hits and misses, the outbox's backlog and the
 * age of its oldest unsent email, orders placed and cancelled, the database pool's connections and
 * waiting requests, and Node.js' own (event-loop lag, memory, CPU, GC).
 *
 * Never to the public: it answers a request made on loopback to this process directly (one that
 * came through a proxy, which says so with `X-Forwarded-For`, `Forwarded` or `X-Real-IP`, is not
 * loopback even when the proxy runs on this host), or one with `Authorization: Bearer METRICS_TOKEN`.
 * Anyone else gets the ordinary 404.
 */
import { timingSafeEqual } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { Counter, Gauge, Histogram, collectDefaultMetrics } from "prom-client";
import type { Database } from "~/db/client.server";
import { outboxBacklog } from "~/features/outbox/outbox.server";
import { metricsRegistry } from "~/utils/metrics.server";
import { logger } from "~/utils/logger.server";
import { notFound } from "./api/http";
import type { PageCache } from "./page-cache/store";

collectDefaultMetrics({ register: metricsRegistry });

const requestDuration = new Histogram({
  name: "tienda_http_request_duration_seconds",
  help: "Time to answer a request, by method, route pattern and status class.",
  labelNames: ["method", "route", "status_class"] as const,
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/** Page sections: the first segment after the language (a fixed set, from app/routes.ts). */
const SECTION = /^[a-z][a-z-]{0,39}$/;

/**
 * The route pattern of a request, with a bounded set of values: the API's own patterns
 * (`/api/products/:productId`), `/:lang/<section>[/*]` for pages, `/assets/*` and `/media/*`; any
 * 404 is `unmatched`, so scanners' paths never become label values.
 */
export function routeLabel(c: Context, status: number): string {
  if (status === 404) return "unmatched";
  // The handler's pattern: the last route matched that is not a middleware (`ALL`) or a wildcard.
  const handler = [...matchedRoutes(c)].reverse().find((r) => r.method !== "ALL" && !r.path.includes("*"));
  if (handler) return handler.path;
  const path = c.req.path.replace(/\.data$/, "");
  if (path.startsWith("/assets/")) return "/assets/*";
  if (path.startsWith("/media/")) return "/media/*";
  const [, lang, section, ...rest] = path.split("/");
  if (lang === "es" || lang === "en") {
    if (!section) return "/:lang/";
    if (!SECTION.test(section)) return "/:lang/*";
    return `/:lang/${section}${rest.some(Boolean) ? "/*" : ""}`;
  }
  if (path === "/" || /^\/[\w.-]+$/.test(path)) return path.length <= 40 ? path : "other";
  return "other";
}

/** Times every request (the first middleware after the request id: it sees the final answer). */
export const httpMetrics: MiddlewareHandler = async (c, next) => {
  const end = requestDuration.startTimer();
  try {
    await next();
  } finally {
    const status = c.res.status;
    end({ method: c.req.method, route: routeLabel(c, status), status_class: `${Math.floor(status / 100)}xx` });
  }
};

/** Replaces a metric of the same name (a test builds several apps in one process). */
function fresh<T>(name: string, make: () => T): T {
  metricsRegistry.removeSingleMetric(name);
  return make();
}

/** The metrics read from the process's parts when scraped. */
function registerCollectors(database: Database, pageCache: PageCache | null) {
  const registers = [metricsRegistry];
  if (pageCache) {
    fresh(
      "tienda_page_cache_requests_total",
      () =>
        new Counter({
          name: "tienda_page_cache_requests_total",
          help: "Anonymous page requests the page cache answered (hit) or rendered (miss).",
          labelNames: ["result"] as const,
          registers,
          collect() {
            this.reset();
            this.inc({ result: "hit" }, pageCache.stats.hits);
            this.inc({ result: "miss" }, pageCache.stats.misses);
          },
        }),
    );
    fresh(
      "tienda_page_cache_bytes",
      () =>
        new Gauge({
          name: "tienda_page_cache_bytes",
          help: "Memory the kept pages take.",
          registers,
          collect() {
            this.set(pageCache.bytes);
          },
        }),
    );
  }
  const backlog = () =>
    outboxBacklog(database.db).catch((error: unknown) => {
      logger.warn({ err: error }, "Metrics: could not read the outbox backlog");
      return null;
    });
  fresh(
    "tienda_outbox_unsent_emails",
    () =>
      new Gauge({
        name: "tienda_outbox_unsent_emails",
        help: "Emails in the outbox not yet accepted by the mail server.",
        registers,
        async collect() {
          const found = await backlog();
          if (found) this.set(found.unsent);
        },
      }),
  );
  fresh(
    "tienda_outbox_oldest_unsent_age_seconds",
    () =>
      new Gauge({
        name: "tienda_outbox_oldest_unsent_age_seconds",
        help: "How long the oldest unsent email has waited (0 when none waits).",
        registers,
        async collect() {
          const found = await backlog();
          if (found) this.set(found.oldestAgeSeconds);
        },
      }),
  );
  const pool = database.poolStats;
  if (pool) {
    fresh(
      "tienda_db_pool_connections",
      () =>
        new Gauge({
          name: "tienda_db_pool_connections",
          help: "The PostgreSQL pool's connections, busy or idle.",
          labelNames: ["state"] as const,
          registers,
          collect() {
            const { total, idle } = pool();
            this.set({ state: "busy" }, total - idle);
            this.set({ state: "idle" }, idle);
          },
        }),
    );
    fresh(
      "tienda_db_pool_waiting_requests",
      () =>
        new Gauge({
          name: "tienda_db_pool_waiting_requests",
          help: "Queries waiting for a free connection of the PostgreSQL pool.",
          registers,
          collect() {
            this.set(pool().waiting);
          },
        }),
    );
  }
}

/** Whether `address` is this host's loopback (IPv4 127/8, IPv6 ::1, or IPv4-mapped 127/8). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === "::1" || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);
}

const PROXY_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"];

/** Whether this request may read the metrics (module doc). */
export function mayScrape(c: Context, token: string | undefined): boolean {
  const authorization = c.req.header("authorization");
  if (token && authorization) {
    const given = Buffer.from(authorization);
    const expected = Buffer.from(`Bearer ${token}`);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
  }
  if (PROXY_HEADERS.some((name) => c.req.header(name) !== undefined)) return false;
  try {
    return isLoopback(getConnInfo(c).remote.address);
  } catch {
    return false;
  }
}

/** The `/metrics` route over `database` and `pageCache` (null where there is none). */
export function createMetricsRoutes(
  deps: { database: Database; pageCache: PageCache | null },
  token: string | undefined,
): Hono {
  registerCollectors(deps.database, deps.pageCache);
  const app = new Hono();
  app.get("/metrics", async (c) => {
    if (!mayScrape(c, token)) return notFound(c);
    const body = await metricsRegistry.metrics();
    return c.body(body, 200, { "Content-Type": metricsRegistry.contentType, "Cache-Control": "no-store" });
  });
  return app;
}
