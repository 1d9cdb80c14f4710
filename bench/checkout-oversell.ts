// Part 1 of the checkout bench: no overselling across two app processes on one PostgreSQL.
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "~/db/client.server";
import { products } from "~/db/schema/catalog";
import { orders } from "~/db/schema/orders";
import { insertProduct } from "../tests/factories";
import { PRICE_CENTS, placeOrder, startApi, stopApi } from "./checkout-api";
import { ms, percentile } from "./checkout-figures";
import { envFor, shoppers, tempDir } from "./checkout-shoppers";

export async function oversellOnPostgres() {
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
