// Search speed (targets), part of `npm run bench`; on its own:
// `node --import tsx bench/search.ts`. Every query of evals/search/queries.jsonl (both halves,
// their text only: nothing of them is printed) goes through searchProducts — the function behind
// GET /api/product/search, search-advanced and the search page — one at a time, as one shopper:
// - on the demo store, PGlite in-process (as the store runs by default), each distinct query once:
//   a miss of the memoised search (catalogue reads are memoised 10 s only, so misses are what counts);
// - on PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local server: a user that
//   may create databases), the demo store and then BENCH_PRODUCTS (50,000) products bulk-inserted
//   with generate_series into a throwaway database (bench/scale.ts's build), and how the figure grows.
// Targets: p95 ≤ 30 ms on the demo store, ≤ 80 ms on 50,000 products (misses). Figures are
// printed, never asserted. `BENCH_SEARCH_SKIP_PG=1` measures PGlite only.
import os from "node:os";
import { type Db, openDatabase } from "~/db/client.server";
import { seedDemoStore } from "~/db/seed/seed.server";
import { queryWords } from "~/features/search/search-analysis.server";
import { searchProducts } from "~/features/search/search.server";
import { loadSearchQueries } from "../scripts/eval-search";
import { build, throwawayDatabase } from "./scale";

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (n: number) => Math.round(n * 10) / 10;

// Each distinct query once (the memo key is the normalised words: repeats would be hits).
const seen = new Set<string>();
const queries = loadSearchQueries().filter((q) => {
  const key = `${q.lang}:${queryWords(q.q).join(" ")}`;
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
});

type Figures = { queries: number; "p50 ms": number; "p95 ms": number; "max ms": number };

async function timeQueries(db: Db): Promise<Figures> {
  const times: number[] = [];
  for (const q of queries) {
    const start = performance.now();
    await searchProducts(db, { q: q.q, lang: q.lang });
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return {
    queries: times.length,
    "p50 ms": ms(percentile(times, 50)),
    "p95 ms": ms(percentile(times, 95)),
    "max ms": ms(times.at(-1) ?? 0),
  };
}

/** Each query once on a store already built; one warm-up search first (connection, vocabulary). */
async function measure(db: Db): Promise<Figures> {
  await searchProducts(db, { q: "bench warm-up", lang: "es" });
  return timeQueries(db);
}

async function onPostgres(products: number) {
  const throwaway = await throwawayDatabase();
  const database = await openDatabase({ databaseUrl: throwaway.url, dataDir: null });
  try {
    await database.migrate();
    const started = performance.now();
    await build(database.db, products, 0);
    console.log(
      `PostgreSQL, demo store + ${products} products: built in ${ms((performance.now() - started) / 1000)} s`,
    );
    return await measure(database.db);
  } finally {
    await database.close();
    await throwaway.drop();
  }
}

console.log(
  `Machine: ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
const rows: Array<Record<string, string | number>> = [];
const row = (store: string, database: string, f: Figures) => rows.push({ store, database, ...f });

const pglite = await openDatabase({ dataDir: null });
try {
  await pglite.migrate();
  await seedDemoStore(pglite.db, { media: null });
  row("demo store", "PGlite", await measure(pglite.db));
} finally {
  await pglite.close();
}

if (!process.env.BENCH_SEARCH_SKIP_PG) {
  const small = await onPostgres(0);
  row("demo store", "PostgreSQL", small);
  const large = await onPostgres(PRODUCTS);
  row(`demo + ${PRODUCTS} products`, "PostgreSQL", large);
  console.log(
    `Growth from the demo store to ${PRODUCTS} products (PostgreSQL): p50 ${ms(large["p50 ms"] / Math.max(small["p50 ms"], 0.1))}×, p95 ${ms(large["p95 ms"] / Math.max(small["p95 ms"], 0.1))}×`,
  );
}

console.log("\nSearch (searchProducts over the evaluation queries, each distinct query once, one at a time):");
console.table(rows);
console.log(`Targets: p95 ≤ 30 ms on the demo store, ≤ 80 ms on ${PRODUCTS} products.`);
console.log(
  `Machine load after the run: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
