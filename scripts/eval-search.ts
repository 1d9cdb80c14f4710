// `npm run eval:search`: how well the store's own search finds what shoppers type.
// Every query of evals/search/queries.jsonl is run through searchProducts — the function behind
// GET /api/product/search, the search-advanced call and the /{lang}/search page — on a fresh
// in-memory PGlite with the demo seed. For each half (dev, heldout) it prints recall@10, the
// zero-result rate on queries whose product the store sells, MRR and p95 latency, plus how often a
// query for something the store does not sell still answers. Failures are listed for the dev half
// only: the held-out half is measured, never looked at (docs/development.md "Evaluation sets").
// `--split dev|heldout|all` (default all). Exits 1 when EVAL_MIN_RECALL is set and the recall of
// the last half run is below it.
import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "~/db/client.server";
import { seedDemoStore } from "~/db/seed/seed.server";
import { searchProducts } from "~/features/search/search.server";
import type { Language } from "~/i18n/languages";
import { type Split, percentile, splitsFromArgs } from "../evals/split";

export type SearchQuery = {
  id: string;
  split: Split;
  lang: Language;
  /** The query as a shopper typed it. */
  q: string;
  /** Whether the store sells what the shopper asks for (false: the right answer is no product). */
  sold: boolean;
  /** Ids of the demo seed's products a shopper would accept for this query. */
  relevant: number[];
  /** What makes the query hard: cuban, typo, noaccent, spanglish, english, brand, filler, plural, notsold, exact. */
  kinds: string[];
};

const root = path.resolve(import.meta.dirname, "..");
export const SEARCH_QUERIES_FILE = path.join(root, "evals", "search", "queries.jsonl");

export function loadSearchQueries(): SearchQuery[] {
  return fs
    .readFileSync(SEARCH_QUERIES_FILE, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as SearchQuery);
}

export type QueryResult = { query: SearchQuery; ids: number[]; count: number; ms: number };

/** recall@10: the share of the relevant products (at most 10 counted) found in the first 10 results. */
export function recallAt10(r: QueryResult): number {
  const top = new Set(r.ids.slice(0, 10));
  const wanted = r.query.relevant;
  return wanted.filter((id) => top.has(id)).length / Math.min(wanted.length, 10);
}

/** 1 / rank of the first relevant product on the first page (0 when none). */
export function reciprocalRank(r: QueryResult): number {
  const rank = r.ids.findIndex((id) => r.query.relevant.includes(id));
  return rank < 0 ? 0 : 1 / (rank + 1);
}

export type HalfFigures = {
  queries: number;
  sold: number;
  recall10: number;
  zeroResultRate: number;
  mrr: number;
  notSoldAnswered: number;
  p95ms: number;
};

export function figures(results: QueryResult[]): HalfFigures {
  const sold = results.filter((r) => r.query.sold);
  const notSold = results.filter((r) => !r.query.sold);
  const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
  return {
    queries: results.length,
    sold: sold.length,
    recall10: mean(sold.map(recallAt10)),
    zeroResultRate: mean(sold.map((r) => (r.count === 0 ? 1 : 0))),
    mrr: mean(sold.map(reciprocalRank)),
    notSoldAnswered: notSold.length === 0 ? 0 : notSold.filter((r) => r.count > 0).length / notSold.length,
    p95ms: percentile(
      results.map((r) => r.ms),
      95,
    ),
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith("eval-search.ts")) {
  const splits = splitsFromArgs(process.argv.slice(2));
  const queries = loadSearchQueries();
  const database = await openDatabase({ dataDir: null });
  try {
    await database.migrate();
    await seedDemoStore(database.db, { media: null });
    const names = new Map<number, string>();
    // One warm-up search so that the first measured query does not pay for connection set-up.
    await searchProducts(database.db, { q: "warm-up", lang: "es" });
    const rows: Array<Record<string, string | number>> = [];
    let last: HalfFigures | null = null;
    for (const split of splits) {
      const results: QueryResult[] = [];
      for (const query of queries.filter((q) => q.split === split)) {
        const start = performance.now();
        const found = await searchProducts(database.db, { q: query.q, lang: query.lang });
        const ms = performance.now() - start;
        for (const p of found.results) names.set(p.id, p.display_name);
        results.push({ query, ids: found.results.map((p) => p.id), count: found.count, ms });
      }
      const f = figures(results);
      last = f;
      if (split === "dev") {
        for (const r of results) {
          const recall = r.query.sold ? recallAt10(r) : r.count === 0 ? 1 : 0;
          if (recall === 1) continue;
          const top = r.ids.slice(0, 10);
          const missing = r.query.relevant.filter((id) => !top.includes(id));
          console.log(`\nMISS ${r.query.id} [${r.query.lang}] "${r.query.q}" (${r.query.kinds.join(", ")})`);
          if (r.query.sold) console.log(`  recall@10 ${pct(recall)}; missing from the top 10: ${missing.join(", ")}`);
          else console.log("  the store does not sell this, yet the search answered");
          console.log(
            `  found ${r.count}: ${top.map((id) => `${id} ${names.get(id) ?? ""}`).join(" | ") || "nothing"}`,
          );
        }
      } else {
        const missed = results.filter((r) => (r.query.sold ? recallAt10(r) < 1 : r.count > 0)).length;
        console.log(`\n${split}: ${missed} queries below full marks (held-out failures are counted, never listed).`);
      }
      rows.push({
        half: split,
        queries: f.queries,
        "sold-product queries": f.sold,
        "recall@10": pct(f.recall10),
        "zero-result rate (sold)": pct(f.zeroResultRate),
        MRR: f.mrr.toFixed(3),
        "not-sold queries answered": pct(f.notSoldAnswered),
        "p95 ms": Math.round(f.p95ms * 10) / 10,
      });
    }
    console.log("\nSearch evaluation (demo store, PGlite in-process):");
    console.table(rows);
    const min = process.env.EVAL_MIN_RECALL;
    process.exitCode = min && last && last.recall10 < Number(min) ? 1 : 0;
  } finally {
    await database.close();
  }
}
