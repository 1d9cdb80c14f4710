/**
 * The process's Prometheus metrics registry (docs/operations.md, "Metrics"), and the business
 * counters the feature modules count into. `GET /metrics` (server/metrics.ts) adds the HTTP,
 * page-cache, outbox, database-pool and Node.js runtime metrics and serves them all. Counters are
 * per process, as Prometheus expects: sum them over instances (`sum(rate(...))`).
 */
import { Counter, Registry } from "prom-client";

export const metricsRegistry = new Registry();

export const ordersPlaced = new Counter({
  name: "tienda_orders_placed_total",
  help: "Orders placed through this process (idempotent replays not counted).",
  registers: [metricsRegistry],
});

export const ordersCancelled = new Counter({
  name: "tienda_orders_cancelled_total",
  help: "Orders cancelled through this process, by the customer or an operator.",
  registers: [metricsRegistry],
});
