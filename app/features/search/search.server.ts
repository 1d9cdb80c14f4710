/**
 * Product search (spec §2.12, §7.1, decision “Search forgives the way people type”): PostgreSQL full-text search over both
 * languages, accent- and case-insensitive, with Spanish and English word forms, the shoppers'
 * vocabulary (synonyms and fillers, vocabulary.ts), one slip tolerated in words of four letters or
 * more (typos.ts), partial matches when no product has every word, and a ranking a shopper agrees
 * with (scoreSql, search-ranking.server.ts). The same SQL runs on PGlite and PostgreSQL.
 *
 * The index (`products.search_vector`, the ranking's `head_vector` and `name_words_vector`) and
 * the typo vocabulary (`search_terms`) are maintained by search-index.server.ts.
 */
import { type SQL, and, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { products } from "~/db/schema/catalog";
import { getCategoryBySlug } from "~/features/catalog/categories.server";
import { cached } from "~/features/catalog/catalog-cache.server";
import { onSale, selectProductCards } from "~/features/catalog/product-cards.server";
import { PAGE_SIZE, type Paged, type ProductCardDto } from "~/features/catalog/types";
import type { Language } from "~/i18n/languages";
import { type AnalysedConcept, analyse } from "./search-analysis.server";
import { both, conceptQuery, scoreSql } from "./search-ranking.server";
import { type Lexicon, suggestWord } from "./typos";
import { stockSql } from "~/features/catalog/combos.server";
import { type Concept, headConcept, normalizedWords } from "./vocabulary";

/** Thrown when a search names a category slug that does not exist. */
export class UnknownCategoryError extends Error {
  constructor(readonly slug: string) {
    super(`Unknown category: ${slug}`);
    this.name = "UnknownCategoryError";
  }
}

export type SearchInput = {
  q: string;
  /** `all` (default) or a category or subcategory slug; a category includes its subcategories. */
  category?: string;
  /** 1-based page. */
  page?: number;
  lang: Language;
};

/** What the search page tells the shopper besides the products. */
export type SearchNotes = {
  /**
   * The words the results are for when they are not the query as typed: typo corrections
   * ('trmo' → 'termo'), or, when no product has every word, the words the best match has.
   */
  shownFor: string | null;
  /** True when no product has every word and the results match some of them. */
  partial: boolean;
  /** On zero results: a query one or two slips away that finds products ("did you mean"). */
  suggestion: string | null;
};

export type SearchOutcome = Paged<ProductCardDto> & { notes: SearchNotes };

const NO_NOTES: SearchNotes = { shownFor: null, partial: false, suggestion: null };

/**
 * One page (PAGE_SIZE = 42) of products matching the query (decision “Search forgives the way people type”), most relevant first
 * (scoreSql, then in stock, then ts_rank's weights, best sellers, id). Every concept must match;
 * when no product matches them all, the products that match some (partial). Blank text gives no
 * results. Throws UnknownCategoryError for a category slug that names nothing. The §7.1 calls
 * answer exactly `{ results, count }`.
 */
export async function searchProducts(db: Db, input: SearchInput): Promise<Paged<ProductCardDto>> {
  const { results, count } = await searchWithNotes(db, input);
  return { results, count };
}

/** searchProducts with what the search page says about it (SearchNotes). */
export function searchWithNotes(db: Db, input: SearchInput): Promise<SearchOutcome> {
  // Popular searches repeat: memoise like every catalogue read (invalidated with the catalogue,
  // and by a synonym change).
  const key = `search:${input.lang}:${input.category?.trim() || "all"}:${input.page ?? 1}:${normalizedWords(input.q ?? "").join(" ")}`;
  return cached(db, key, () => runSearch(db, input));
}

async function categoryIdsOf(db: Db, category: string | undefined): Promise<number[] | null> {
  const slug = category?.trim() || "all";
  if (slug === "all") return null;
  const found = await getCategoryBySlug(db, slug);
  if (!found) throw new UnknownCategoryError(slug);
  return [found.category.id, ...found.category.sub_categories.map((s) => s.id)];
}

async function countWhere(db: Db, where: SQL | undefined): Promise<number> {
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(products)
    .where(where);
  return count;
}

/**
 * One page of the products `where` selects, best first, and how many it selects, in one pass:
 * scoreSql, then in stock, then ts_rank's weights (for `rankQuery`), best sellers, id. ts_rank is
 * the costly key, so it is computed in an outer query over the matches already sorted by score and
 * stock: an incremental sort computes it only for the groups the page reaches, not for every match.
 * A page past the end selects nothing and is counted apart.
 *
 * `random_page_cost` 1.1 (for this transaction only) is the usual figure for a catalogue that sits
 * in memory or on SSD: with the default 4, PostgreSQL reads every product and tests the query on
 * each rather than take the matches from the search index, several times slower on a large
 * catalogue (docs/benchmarks.md, search).
 */
async function rankPage(
  db: Db,
  where: SQL | undefined,
  score: SQL,
  rankQuery: SQL,
  limit: number,
  offset: number,
): Promise<{ ids: number[]; count: number }> {
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('random_page_cost', '1.1', true), set_config('jit', 'off', true)`);
    const result = await tx.execute(sql`
      SELECT m.id, m.total FROM (
        SELECT s.*, count(*) OVER () AS total FROM (
          SELECT ${products.id} AS id, ${products.sold} AS sold, ${score} AS score,
            ${stockSql()} > 0 AS in_stock
          FROM ${products} WHERE ${where} OFFSET 0
        ) s
        ORDER BY s.score DESC, s.in_stock DESC
      ) m
      ORDER BY m.score DESC, m.in_stock DESC,
        (SELECT ts_rank(r.search_vector, ${rankQuery}) FROM ${products} r WHERE r.id = m.id) DESC,
        m.sold DESC, m.id
      LIMIT ${limit} OFFSET ${offset}`);
    return (result as unknown as { rows: { id: number; total: number | string }[] }).rows;
  });
  if (rows.length > 0) return { ids: rows.map((r) => Number(r.id)), count: Number(rows[0].total) };
  return { ids: [], count: offset === 0 ? 0 : await countWhere(db, where) };
}

async function runSearch(db: Db, input: SearchInput): Promise<SearchOutcome> {
  const categoryIds = await categoryIdsOf(db, input.category);
  const { concepts, lexicon } = await analyse(db, input.q ?? "");
  if (concepts.length === 0) return { results: [], count: 0, notes: NO_NOTES };

  const page = Number.isSafeInteger(input.page) && (input.page as number) > 0 ? (input.page as number) : 1;
  // Archived products are never found; selectProductCards keeps them out as well.
  const inScope = (match: SQL) =>
    and(
      onSale,
      sql`${products.searchVector} @@ ${match}`,
      categoryIds ? inArray(products.categoryId, categoryIds) : undefined,
    );
  const queries = concepts.map((c) => conceptQuery(c, "match"));
  const all = queries.reduce(both);
  // A partial match must carry enough of the query: the head (the kind of thing asked for) in its
  // name, brand or category, or another of the words, whole as typed or a synonym, in its name
  // ('gafas de sol' is not the solar panels, 'comida pa perros' not a drink whose description
  // says 'comida').
  const headAt = headConcept(input.q ?? "", concepts, input.lang);
  const carried =
    concepts.length > 1
      ? sql`(${sql.join(
          concepts.map((c, i) =>
            i === headAt
              ? sql`${products.searchVector} @@ ${conceptQuery(c, "match", "AB")}`
              : sql`${products.nameWordsVector} @@ ${conceptQuery(c, "simple")}`,
          ),
          sql` OR `,
        )})`
      : undefined;
  const offset = (page - 1) * PAGE_SIZE;
  let where = inScope(all);
  let rankQuery = all;
  let score = scoreSql(concepts, true);
  let ranked = await rankPage(db, where, score, rankQuery, PAGE_SIZE, offset);
  let partial = false;
  // No product has every word; the ones that have some, most words first.
  if (ranked.count === 0 && concepts.length > 1) {
    rankQuery = sql`(${sql.join(queries, sql` || `)})`;
    where = and(inScope(rankQuery), carried);
    score = scoreSql(concepts, false);
    ranked = await rankPage(db, where, score, rankQuery, PAGE_SIZE, offset);
    partial = ranked.count > 0;
  }
  const { ids, count } = ranked;
  if (count === 0) {
    const suggestion = await suggestQuery(db, concepts, lexicon, categoryIds);
    return { results: [], count: 0, notes: { ...NO_NOTES, suggestion } };
  }
  const results =
    ids.length === 0
      ? []
      : await selectProductCards(db, input.lang, {
          where: inArray(products.id, ids),
          orderBy: [sql`array_position(${sql.param(ids)}::int[], ${products.id})`],
          limit: PAGE_SIZE,
        });

  let shownFor: string | null = null;
  if (partial) {
    // The words of the best match (the first of page 1): what the page says the results are for.
    const bestId = offset === 0 ? ids[0] : (await rankPage(db, where, score, rankQuery, 1, 0)).ids[0];
    const [best] = await db
      .select({
        flags: sql<boolean[]>`ARRAY[${sql.join(
          queries.map((q) => sql`${products.searchVector} @@ ${q}`),
          sql`, `,
        )}]`,
      })
      .from(products)
      .where(sql`${products.id} = ${bestId ?? 0}`);
    shownFor = concepts
      .filter((_, i) => best?.flags[i])
      .map(shownWords)
      .join(" ");
  } else if (concepts.some((c) => c.corrected)) {
    shownFor = concepts.map(shownWords).join(" ");
  }
  return { results, count, notes: { shownFor, partial, suggestion: null } };
}

/** A concept as the page shows it: the correction if there was one, else the words as typed. */
const shownWords = (c: Concept) => c.corrected ?? c.typed.join(" ");

/**
 * "Did you mean": the query with each unknown word replaced by the nearest
 * known word (suggestWord), kept only when it finds products in the same scope.
 */
async function suggestQuery(
  db: Db,
  concepts: AnalysedConcept[],
  lexicon: Lexicon,
  categoryIds: number[] | null,
): Promise<string | null> {
  let changed = false;
  const words = concepts.map((c) => {
    if (c.typed.length !== 1) return c.typed.join(" ");
    const near = suggestWord(c.typed[0], lexicon);
    if (!near) return c.typed[0];
    changed = true;
    return near;
  });
  if (!changed) return null;
  const suggestion = words.join(" ");
  const { concepts: again } = await analyse(db, suggestion);
  if (again.length === 0) return null;
  const match = again.map((c) => conceptQuery(c, "match")).reduce(both);
  const where = and(
    onSale,
    sql`${products.searchVector} @@ ${match}`,
    categoryIds ? inArray(products.categoryId, categoryIds) : undefined,
  );
  return (await countWhere(db, where)) > 0 ? suggestion : null;
}

/**
 * `POST /api/product/search-advanced` (§7.1): the same matching as searchProducts, first page.
 * A missing or empty slug means every category.
 */
export function searchAdvanced(
  db: Db,
  input: { search: string; categorySlug?: string | null; lang: Language },
): Promise<Paged<ProductCardDto>> {
  return searchProducts(db, { q: input.search, category: input.categorySlug ?? "all", page: 1, lang: input.lang });
}
