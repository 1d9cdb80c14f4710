// Checkout under load (decision “The server decides every figure”), part of `npm run bench`; on its own: `node --import tsx bench/checkout.ts`.
// Figures are printed, never asserted (ARCHITECTURE.md: benchmarks are not timed tests).
// 1. No overselling across processes: BENCH_SHOPPERS (200) shoppers, each with one unit of a product
//    that has BENCH_STOCK (10) in stock, check out at once through two app processes sharing one
//    fresh PostgreSQL database (BENCH_DATABASE_URL, default the local server): orders placed, stock
//    left, refusals, 5xx, checkouts/s and p99.
// 2. create-order throughput on PGlite, 16 shoppers at a time, each with its own cart, for
//    BENCH_DURATION seconds (default 10) each way:
//    a. create-order alone (the figure): the carts are filled before the server starts, one
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
import { oversellOnPostgres } from "./checkout-oversell";
import { statementsPerOrder } from "./checkout-statements";
import { throughputOnPglite } from "./checkout-throughput";

const parts = new Set((process.env.BENCH_PARTS ?? "oversell,pglite,statements").split(",").map((p) => p.trim()));
if (parts.has("oversell")) await oversellOnPostgres();
if (parts.has("pglite")) await throughputOnPglite();
if (parts.has("statements")) await statementsPerOrder();
