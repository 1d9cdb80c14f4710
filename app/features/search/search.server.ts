/**
 * Product search (spec §2.12, §7.1, D12, issue 23): PostgreSQL full-text search over both
 * languages, accent- and case-insensitive, with Spanish and English word forms, the shoppers'
 * vocabulary (synonyms and fillers, vocabulary.ts), one slip tolerated in words of four letters or
 * more (typos.ts), partial matches when no product has every word, and a ranking a shopper agrees
 * with (scoreSql). The same SQL runs on PGlite and PostgreSQL.
 *
 * The index (`products.search_vector`, the ranking's `head_vector` and `name_words_vector`) and
 * the typo vocabulary (`search_terms`) are maintained by search-index.server.ts.
 */
import { type SQL, and, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { products, searchTerms } from "~/db/schema";
import { settingMemo } from "~/features/cache/settings-memo.server";
import { cached } from "~/features/catalog/catalog-cache.server";
import { getCategoryBySlug } from "~/features/catalog/categories.server";
import { onSale, selectProductCards } from "~/features/catalog/product-cards.server";
import { PAGE_SIZE, type Paged, type ProductCardDto } from "~/features/catalog/types";
import type { Language } from "~/i18n/languages";
import { searchVocabulary } from "./synonyms.server";
import { type Lexicon, buildLexicon, correctWord, suggestWord } from "./typos";
import { type Concept, MAX_QUERY_WORDS, headConcept, normalizedWords, queryConcepts } from "./vocabulary";

// ---------------------------------------------------------------------------------------------
// Query analysis

/** The catalogue's known words (names, brands, category names) and the vocabulary's, in memory. */
const lexiconMemo = settingMemo(async (db: Db): Promise<Lexicon> => {
  const [terms, vocabulary] = await Promise.all([
    db.select({ term: searchTerms.term }).from(searchTerms),
    searchVocabulary(db),
  ]);
  return buildLexicon(
    [...terms.map((t) => t.term), ...[...vocabulary.words].filter((w) => w.length >= 3), ...vocabulary.fillers],
    [...vocabulary.synonyms].map(([phrase, others]) => [phrase, ...others]),
  );
});

/** One word of an alternative as the database unaccents it, and whether it is a stop word. */
type WordForm = { word: string; stop: boolean };

/** A concept with its alternatives' words looked up (stop words found, unaccented as the index). */
type AnalysedConcept = Concept & {
  /** The typed alternative, then the correction, then the synonyms (stop words left out of phrases). */
  forms: WordForm[][];
  /** A single stop word ('de', 'té'): optional unless the query has nothing else. */
  stop: boolean;
};

/**
 * Splits user text into at most MAX_QUERY_WORDS distinct lower-case, accent-free words of letters
 * and digits (the memo key of a search, and the chat's word splitter).
 */
export function queryWords(q: string): string[] {
  return [...new Set(normalizedWords(q))].slice(0, MAX_QUERY_WORDS);
}

async function analyse(db: Db, q: string): Promise<{ concepts: AnalysedConcept[]; lexicon: Lexicon }> {
  const [vocabulary, lexicon] = await Promise.all([searchVocabulary(db), lexiconMemo.get(db)]);
  // A word some product has as it is (in a description too: 'hielo' is not a slip of 'hilo') is
  // what the shopper meant, never corrected.
  const slips = queryWords(q).filter((w) => !vocabulary.fillers.has(w) && correctWord(w, lexicon));
  const meant = new Set<string>();
  if (slips.length > 0) {
    const found = await db.execute(sql`
      SELECT w FROM unnest(${sql.param(slips)}::text[]) AS u(w)
      WHERE EXISTS (SELECT 1 FROM products p WHERE p.search_vector @@ (
        plainto_tsquery('simple', w) || plainto_tsquery('spanish', w) || plainto_tsquery('english', w)))`);
    for (const row of (found as unknown as { rows: { w: string }[] }).rows) meant.add(row.w);
  }
  const concepts = queryConcepts(q, vocabulary, (word) => (meant.has(word) ? null : correctWord(word, lexicon)));
  const words = [...new Set(concepts.flatMap((c) => c.alternatives.flat()))];
  if (words.length === 0) return { concepts: [], lexicon };
  // Only these words ever reach SQL, as bound parameters; they hold letters and digits only.
  const result = await db.execute(sql`
    SELECT w AS typed, f_unaccent(w) AS word,
      (length(to_tsvector('spanish', f_unaccent(w))) = 0 OR length(to_tsvector('english', f_unaccent(w))) = 0) AS stop
    FROM unnest(${sql.param(words)}::text[]) AS u(w)`);
  const rows = (result as unknown as { rows: { typed: string; word: string; stop: boolean }[] }).rows;
  const looked = new Map(rows.map((r) => [r.typed, { word: r.word.trim(), stop: r.stop }]));
  const analysed = concepts
    .map((concept) => {
      const forms = concept.alternatives
        .map((alternative) => {
          const all = alternative.map((w) => looked.get(w) ?? { word: w, stop: false }).filter((f) => f.word);
          const content = all.filter((f) => !f.stop);
          return content.length > 0 ? content : all;
        })
        .filter((alternative) => alternative.length > 0);
      const stop = forms[0]?.length === 1 && forms[0][0].stop && concept.typed.length === 1;
      return { ...concept, forms, stop };
    })
    .filter((c) => c.forms.length > 0);
  const content = analysed.filter((c) => !c.stop);
  return { concepts: content.length > 0 ? content : analysed, lexicon };
}

/** Which forms of a concept a test uses, and how they are matched. */
type Mode =
  /** What a product must match: every form, stemmed in both languages; typed words also by prefix. */
  | "match"
  /** Every form, stemmed, no prefix: a product's kind (the head of its name). */
  | "stemmed"
  /** The words as typed and their synonyms, stemmed, no prefix or correction. */
  | "exact"
  /** Every form as a whole unstemmed word: 'tablet' is not 'tablets'. */
  | "simple"
  /** The words as typed (or their correction) as whole unstemmed words, no synonym. */
  | "typed";

/** The tsquery of one word: its unstemmed, Spanish and English forms, and maybe a prefix. */
function wordQuery(form: WordForm, stemmed: boolean, prefix: boolean): SQL {
  const parts: SQL[] = [sql`plainto_tsquery('simple', ${form.word})`];
  if (stemmed && !form.stop) {
    parts.push(sql`plainto_tsquery('spanish', ${form.word})`, sql`plainto_tsquery('english', ${form.word})`);
  }
  // 'caf' finds 'café' and 'cafetera' (D12: short words match exactly or by prefix). A stop word
  // gets no prefix, or 'té' would bring every 'televisor'. Only plain letters and digits reach
  // to_tsquery's syntax (unaccent can turn '¼' into ' 1/4').
  if (prefix && !form.stop && form.word.length >= 2 && /^[\p{L}\p{N}]+$/u.test(form.word)) {
    parts.push(sql`to_tsquery('simple', ${`${form.word}:*`})`);
  }
  return sql`(${sql.join(parts, sql` || `)})`;
}

/** A concept's tsquery: any alternative, each alternative every one of its words. */
function conceptQuery(concept: AnalysedConcept, mode: Mode): SQL {
  const corrected = concept.corrected ? 1 : 0;
  const alternatives = concept.forms.filter((_, i) =>
    mode === "typed" ? i <= corrected : mode !== "exact" || !corrected || i !== 1,
  );
  return sql`(${sql.join(
    alternatives.map((words, i) => {
      const typed = i === 0;
      const stemmed = mode !== "simple" && mode !== "typed";
      return sql`(${sql.join(
        words.map((w) => wordQuery(w, stemmed, mode === "match" && typed)),
        sql` && `,
      )})`;
    }),
    sql` || `,
  )})`;
}

const both = (a: SQL, b: SQL) => sql`((${a}) && (${b}))`;

// ---------------------------------------------------------------------------------------------
// Ranking (issue 23 point 3)

/**
 * A product's score for the concepts (higher first): 1000 for each concept it matches (so a
 * partial match ranks by how many), and for each: 16 when the concept is the product's kind (the
 * head of a name, stemmed: 'aceite' → oils before tuna in oil), 8 when a name holds the words as
 * typed (or their correction) as whole words ('tablet' before 'tablets', 'zapatos' before its
 * synonym 'tenis'), 4 when it holds them or a synonym so, 2 when a name matches at all (prefix,
 * stem), 1 when the words as typed or their synonyms match anywhere (not only by a prefix or a
 * correction: a name beats a description, which beats a guess). `everyMatches` when the products
 * scored are known to match every concept (not a partial search).
 */
function scoreSql(concepts: AnalysedConcept[], everyMatches: boolean): SQL {
  const names = sql`ts_filter(${products.searchVector}, '{a}')`;
  const parts = concepts.map((c) => {
    const bonus = sql`(CASE WHEN ${products.headVector} @@ ${conceptQuery(c, "stemmed")} THEN 16 ELSE 0 END)
      + (CASE WHEN ${products.nameWordsVector} @@ ${conceptQuery(c, "typed")} THEN 8 ELSE 0 END)
      + (CASE WHEN ${products.nameWordsVector} @@ ${conceptQuery(c, "simple")} THEN 4 ELSE 0 END)
      + (CASE WHEN ${names} @@ ${conceptQuery(c, "match")} THEN 2 ELSE 0 END)
      + (CASE WHEN ${products.searchVector} @@ ${conceptQuery(c, "exact")} THEN 1 ELSE 0 END)`;
    // When the search selects only products that match every concept, the test is known true.
    return everyMatches
      ? sql`(1000 + ${bonus})`
      : sql`(CASE WHEN ${products.searchVector} @@ ${conceptQuery(c, "match")} THEN 1000 + ${bonus} ELSE 0 END)`;
  });
  return sql`(${sql.join(parts, sql` + `)})`;
}

// ---------------------------------------------------------------------------------------------
// Search

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

/** What the search page tells the shopper besides the products (issue 23 points 2 and 4). */
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
 * One page (PAGE_SIZE = 42) of products matching the query (D12, issue 23), most relevant first
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
    await tx.execute(sql`SET LOCAL random_page_cost = 1.1`);
    const result = await tx.execute(sql`
      SELECT m.id, m.total FROM (
        SELECT s.*, count(*) OVER () AS total FROM (
          SELECT ${products.id} AS id, ${products.sold} AS sold, ${score} AS score,
            ${products.quantity} > 0 AS in_stock
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
  // Archived products (issue 12) are never found; selectProductCards keeps them out as well.
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
              ? sql`ts_filter(${products.searchVector}, '{a,b}') @@ ${queries[i]}`
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
  // Issue 23 point 2: no product has every word; the ones that have some, most words first.
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
 * "Did you mean" (issue 23 point 4): the query with each unknown word replaced by the nearest
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
