/**
 * Product search (spec §2.12, §7.1, D12, issue 23): PostgreSQL full-text search over both
 * languages, accent- and case-insensitive, with Spanish and English word forms, the shoppers'
 * vocabulary (synonyms and fillers, vocabulary.ts), one slip tolerated in words of four letters or
 * more (typos.ts), partial matches when no product has every word, and a ranking a shopper agrees
 * with (scoreSql). The same SQL runs on PGlite and PostgreSQL.
 *
 * The index lives in `products.search_vector` and the typo vocabulary in `search_terms`; both are
 * maintained by `refreshSearchIndex`, which every catalogue write (seed, operator edits) calls.
 */
import { type SQL, and, asc, desc, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { products, searchTerms } from "~/db/schema";
import { settingMemo } from "~/features/cache/settings-memo.server";
import {
  cached,
  getCategoryBySlug,
  invalidateCatalog,
  onSale,
  selectProductCards,
} from "~/features/catalog/catalog.server";
import { PAGE_SIZE, type Paged, type ProductCardDto } from "~/features/catalog/types";
import type { Language } from "~/i18n/languages";
import { isRowId } from "~/utils/ids";
import { searchVocabulary } from "./synonyms.server";
import { type Lexicon, MAX_TYPO_WORD_LENGTH, buildLexicon, correctWord, suggestWord } from "./typos";
import { type Concept, MAX_QUERY_WORDS, headConcept, normalizedWords, queryConcepts } from "./vocabulary";

// The chat's assistant compares words with the same rule (features/chat/assistant).

// ---------------------------------------------------------------------------------------------
// Index maintenance

/**
 * The weighted document of one product (joined as `p`, its category `c`, the category's parent
 * `pc`): name A, brand and category names B, description and features C, in Spanish and English
 * stemmed forms, plus a 'simple' (unstemmed) copy of names, brand and category names. The simple
 * copy is what finds 'té' (unaccented 'te' is a Spanish stop word) and brand names the stemmers
 * would mangle. Everything is lower-cased and unaccented first, as the query side is (D12).
 */
const documentSql = sql`
  setweight(to_tsvector('spanish', f_unaccent(lower(p.name))), 'A') ||
  setweight(to_tsvector('english', f_unaccent(lower(coalesce(p.name_en, '')))), 'A') ||
  setweight(to_tsvector('simple', f_unaccent(lower(p.name || ' ' || coalesce(p.name_en, '')))), 'A') ||
  setweight(to_tsvector('spanish', f_unaccent(lower(
    p.brand || ' ' || c.name || ' ' || coalesce(pc.name, '')))), 'B') ||
  setweight(to_tsvector('english', f_unaccent(lower(
    coalesce(c.name_en, '') || ' ' || coalesce(pc.name_en, '')))), 'B') ||
  setweight(to_tsvector('simple', f_unaccent(lower(
    p.brand || ' ' || c.name || ' ' || coalesce(c.name_en, '') || ' ' ||
    coalesce(pc.name, '') || ' ' || coalesce(pc.name_en, '')))), 'B') ||
  setweight(to_tsvector('spanish', f_unaccent(lower(
    p.description || ' ' || array_to_string(p.features, ' ')))), 'C') ||
  setweight(to_tsvector('english', f_unaccent(lower(
    coalesce(p.description_en, '') || ' ' || array_to_string(p.features_en, ' ')))), 'C')`;

/** Words (3+ characters, at least one letter) of names, brands and category names, both languages. */
const vocabularySql = (where: SQL) => sql`
  INSERT INTO search_terms (term)
  SELECT DISTINCT w FROM (
    SELECT regexp_split_to_table(f_unaccent(lower(
      p.name || ' ' || coalesce(p.name_en, '') || ' ' || p.brand || ' ' ||
      c.name || ' ' || coalesce(c.name_en, '') || ' ' || coalesce(pc.name, '') || ' ' || coalesce(pc.name_en, '')
    )), '[^a-z0-9]+') AS w
    FROM products p
    JOIN categories c ON c.id = p.category_id
    LEFT JOIN categories pc ON pc.id = c.parent_id
    WHERE ${where}
  ) words
  WHERE length(w) BETWEEN 3 AND ${MAX_TYPO_WORD_LENGTH} AND w ~ '[a-z]'
  ON CONFLICT (term) DO NOTHING`;

/**
 * Rebuilds `products.search_vector` and the typo vocabulary (`search_terms`) (D12).
 * Without ids, every product is reindexed and the vocabulary rebuilt from scratch (call after the
 * seed, or after renaming a category); with ids, only those products are reindexed and their
 * words added to the vocabulary (stale words are harmless: they only widen typo corrections).
 */
export async function refreshSearchIndex(db: Db, productIds?: number[]): Promise<void> {
  if (productIds) {
    await db.transaction(async (tx) => indexProducts(tx as unknown as Db, productIds));
    invalidateCatalog(db); // cached searches may now miss or wrongly hit these products
    return;
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      UPDATE products p SET search_vector = ${documentSql}
      FROM categories c LEFT JOIN categories pc ON pc.id = c.parent_id
      WHERE c.id = p.category_id`);
    await tx.execute(sql`DELETE FROM search_terms`);
    // Words only archived products hold leave the vocabulary on a rebuild (issue 12).
    await tx.execute(vocabularySql(sql`p.archived_at IS NULL`));
  });
  invalidateCatalog(db);
}

/**
 * Reindexes these products and adds their words to the typo vocabulary, on the handle given: pass
 * a transaction (`tx as unknown as Db`) to index a product in the same transaction that saves it
 * (the back office, issue 12). The caller invalidates the catalogue cache after commit.
 */
export async function indexProducts(db: Db, productIds: number[]): Promise<void> {
  const ids = [...new Set(productIds.filter(isRowId))];
  if (ids.length === 0) return;
  const idList = sql`p.id = ANY(${sql.param(ids)}::int[])`;
  await db.execute(sql`
    UPDATE products p SET search_vector = ${documentSql}
    FROM categories c LEFT JOIN categories pc ON pc.id = c.parent_id
    WHERE c.id = p.category_id AND ${idList}`);
  await db.execute(vocabularySql(idList));
}

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

/** The names' own words, unstemmed (an exact word beats a plural or stem of another). */
const nameWordsSql = sql`to_tsvector('simple', f_unaccent(lower(${products.name} || ' ' || coalesce(${products.nameEn}, ''))))`;

/**
 * The head of each name, the product's kind. Spanish names start with it: the Spanish name up to
 * its first preposition or number ('Atún en aceite Calvo' → 'atún', 'Pasta dental Colgate 100 ml'
 * → 'pasta dental colgate'). English names end with it: the last word before a preposition, leaving out sizes, models
 * and units ('Calvo Tuna in Oil 160 g' → 'tuna', 'Spigen Protective Phone Case' → 'case').
 * A word after it is packaging, an ingredient or a use, weaker than the kind.
 */
const spanishHead = sql`regexp_replace(regexp_replace(f_unaccent(lower(${products.name})),
    '\\m(de|del|en|con|para|sin|por|y|e|o|a)\\M.*$', ''), '\\S*[0-9].*$', '')`;
const englishHead = sql`coalesce(substring(regexp_replace(regexp_replace(regexp_replace(
    f_unaccent(lower(coalesce(${products.nameEn}, ''))),
    '\\m(in|with|for|of|and|without|or|to)\\M.*$', ''),
    '\\S*[0-9]\\S*', ' ', 'g'),
    '\\m(gb|tb|mb|kg|g|mg|mcg|ml|l|w|kw|wh|btu|cm|mm|count|pack|rolls|x)\\M', ' ', 'g')
  from '(\\S+)\\s*$'), '')`;
const headText = sql`${spanishHead} || ' ' || ${englishHead}`;
const headSql = sql`(to_tsvector('simple', ${headText}) || to_tsvector('spanish', ${headText}) || to_tsvector('english', ${headText}))`;

/**
 * A product's score for the concepts (higher first): 1000 for each concept it matches (so a
 * partial match ranks by how many), and for each: 16 when the concept is the product's kind (the
 * head of a name, stemmed: 'aceite' → oils before tuna in oil), 8 when a name holds the words as
 * typed (or their correction) as whole words ('tablet' before 'tablets', 'zapatos' before its
 * synonym 'tenis'), 4 when it holds them or a synonym so, 2 when a name matches at all (prefix,
 * stem), 1 when the words as typed or their synonyms match anywhere (not only by a prefix or a
 * correction: a name beats a description, which beats a guess).
 */
function scoreSql(concepts: AnalysedConcept[]): SQL {
  const names = sql`ts_filter(${products.searchVector}, '{a}')`;
  const parts = concepts.map(
    (c) => sql`(CASE WHEN ${products.searchVector} @@ ${conceptQuery(c, "match")} THEN 1000
      + (CASE WHEN ${headSql} @@ ${conceptQuery(c, "stemmed")} THEN 16 ELSE 0 END)
      + (CASE WHEN ${nameWordsSql} @@ ${conceptQuery(c, "typed")} THEN 8 ELSE 0 END)
      + (CASE WHEN ${nameWordsSql} @@ ${conceptQuery(c, "simple")} THEN 4 ELSE 0 END)
      + (CASE WHEN ${names} @@ ${conceptQuery(c, "match")} THEN 2 ELSE 0 END)
      + (CASE WHEN ${products.searchVector} @@ ${conceptQuery(c, "exact")} THEN 1 ELSE 0 END)
      ELSE 0 END)`,
  );
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
              : sql`${nameWordsSql} @@ ${conceptQuery(c, "simple")}`,
          ),
          sql` OR `,
        )})`
      : undefined;
  let where = inScope(all);
  let count = await countWhere(db, where);
  let partial = false;
  // Issue 23 point 2: no product has every word; the ones that have some, most words first.
  if (count === 0 && concepts.length > 1) {
    where = and(inScope(sql`(${sql.join(queries, sql` || `)})`), carried);
    count = await countWhere(db, where);
    partial = count > 0;
  }
  if (count === 0) {
    const suggestion = await suggestQuery(db, concepts, lexicon, categoryIds);
    return { results: [], count: 0, notes: { ...NO_NOTES, suggestion } };
  }

  const score = scoreSql(concepts);
  const orderBy = [
    desc(score),
    desc(sql`${products.quantity} > 0`),
    desc(sql`ts_rank(${products.searchVector}, ${partial ? sql`(${sql.join(queries, sql` || `)})` : all})`),
    desc(products.sold),
    asc(products.id),
  ];
  const offset = (page - 1) * PAGE_SIZE;
  const results =
    offset >= count ? [] : await selectProductCards(db, input.lang, { where, orderBy, limit: PAGE_SIZE, offset });

  let shownFor: string | null = null;
  if (partial) {
    // The words of the best match: what the page says the results are for.
    const [best] = await db
      .select({
        flags: sql<boolean[]>`ARRAY[${sql.join(
          queries.map((q) => sql`${products.searchVector} @@ ${q}`),
          sql`, `,
        )}]`,
      })
      .from(products)
      .where(where)
      .orderBy(...orderBy)
      .limit(1);
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
