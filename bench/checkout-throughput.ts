// Part 2 of the checkout bench: create-order throughput on PGlite, alone and after add-item.
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import { openDatabase } from "~/db/client.server";
import { insertProduct } from "../tests/factories";
import { PRICE_CENTS, placeOrder, startApi, stopApi } from "./checkout-api";
import { cpuSeconds, row, type Run } from "./checkout-figures";
import { envFor, prefilledShoppers, shoppers, tempDir } from "./checkout-shoppers";

export async function throughputOnPglite() {
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
