/**
 * Product search (spec §2.12, §7.1, D12): PostgreSQL full-text search over both languages,
 * accent- and case-insensitive, with Spanish and English word forms and one typo tolerated in
 * longer words. The same SQL runs on PGlite and PostgreSQL.
 *
 * The index lives in `products.search_vector` and the typo vocabulary in `search_terms`; both are
 * maintained by `refreshSearchIndex`, which every catalogue write (seed, operator edits) calls.
 */
import { type SQL, and, asc, desc, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { products } from "~/db/schema";
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

/** Longest query text considered; the rest is ignored (user input: bound the work, D12). */
export const MAX_QUERY_LENGTH = 200;
/** Most words of one query that take part in matching. */
export const MAX_QUERY_WORDS = 8;
/** Words shorter than this get no typo tolerance, only exact or prefix matches (D12). */
const TYPO_MIN_LENGTH = 5;
/** At most this many vocabulary corrections are tried for one misspelt word. */
const MAX_CORRECTIONS = 5;
/** Longest word looked up for corrections (levenshtein() refuses more than 255 characters). */
const MAX_TYPO_WORD_LENGTH = 40;

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

/**
 * Splits user text into at most MAX_QUERY_WORDS distinct lower-case, accent-free words of letters
 * and digits. Only these words ever reach SQL, as bound parameters, and since they contain no
 * tsquery operator characters they are safe inside `to_tsquery` too.
 */
export function queryWords(q: string): string[] {
  const words = q
    .slice(0, MAX_QUERY_LENGTH)
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS);
}

/**
 * Optimal-string-alignment distance capped at 2: one insertion, deletion, substitution or swap of
 * two neighbouring letters counts as one typo ('cafetrea' is one slip away from 'cafetera', though
 * levenshtein() says 2).
 */
export function typoDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 1) return 2;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return Math.min(d[a.length][b.length], 2);
}

type WordInfo = {
  /** The word as the database unaccents it (the same function that built the index). */
  word: string;
  /** A stop word in Spanish or English: optional unless the query has nothing else. */
  stop: boolean;
  /** Vocabulary words one typo away, when the word itself is not in the vocabulary. */
  corrections: string[];
};

async function analyseWords(db: Db, words: string[]): Promise<WordInfo[]> {
  // Candidates are pre-filtered in SQL by length and levenshtein <= 2 (a swap costs 2 there),
  // then kept only when typoDistance() says they are exactly one slip away.
  const result = await db.execute(sql`
    SELECT t.word,
      (length(to_tsvector('spanish', t.word)) = 0 OR length(to_tsvector('english', t.word)) = 0) AS stop,
      CASE WHEN length(t.word) BETWEEN ${TYPO_MIN_LENGTH} AND ${MAX_TYPO_WORD_LENGTH}
            AND NOT EXISTS (SELECT 1 FROM search_terms s WHERE s.term = t.word)
      THEN ARRAY(
        SELECT s.term FROM search_terms s
        WHERE length(s.term) BETWEEN length(t.word) - 1 AND length(t.word) + 1
          AND levenshtein_less_equal(s.term, t.word, 2) <= 2
        ORDER BY levenshtein(s.term, t.word), similarity(s.term, t.word) DESC, s.term
        LIMIT 20)
      ELSE ARRAY[]::text[] END AS candidates
    FROM (SELECT f_unaccent(w) AS word, o FROM unnest(${sql.param(words)}::text[]) WITH ORDINALITY AS u(w, o)) t
    ORDER BY t.o`);
  const rows = (result as unknown as { rows: { word: string; stop: boolean; candidates: string[] | null }[] }).rows;
  return rows.map((r) => ({
    word: r.word,
    stop: r.stop,
    corrections: (r.candidates ?? []).filter((c) => typoDistance(c, r.word) === 1).slice(0, MAX_CORRECTIONS),
  }));
}

/**
 * The tsquery for one word: its Spanish, English and unstemmed forms, then (unless `exact`) a
 * prefix and the typo corrections.
 */
function wordQuery(info: WordInfo, exact: boolean): SQL {
  const forms = exact ? [info.word] : [info.word, ...info.corrections];
  const parts: SQL[] = [];
  for (const form of forms) {
    parts.push(sql`plainto_tsquery('simple', ${form})`);
    if (!info.stop) {
      parts.push(sql`plainto_tsquery('spanish', ${form})`, sql`plainto_tsquery('english', ${form})`);
    }
  }
  // 'caf' finds 'café' and 'cafetera' (D12: short words match exactly or by prefix). A stop word
  // gets no prefix, or 'té' would bring every 'televisor'. Only plain letters and digits reach
  // to_tsquery's syntax (unaccent can turn '¼' into ' 1/4').
  if (!exact && !info.stop && info.word.length >= 2 && /^[\p{L}\p{N}]+$/u.test(info.word)) {
    parts.push(sql`to_tsquery('simple', ${`${info.word}:*`})`);
  }
  return sql`(${sql.join(parts, sql` || `)})`;
}

type BuiltQuery = {
  /** What a product must match: every word, by any form, prefix or correction. */
  match: SQL;
  /** The words as typed (stemmed, no prefix, no correction): ranks exact hits above the rest. */
  exact: SQL;
};

/**
 * The full-text query for user text, or null when nothing searchable is left. Every word that is
 * not a stop word must match (AND); stop words ('de', 'con', 'y') are dropped unless the query is
 * made of nothing else, so that 'leche y pan' still finds milk and bread while 'té' finds tea.
 */
async function buildQuery(db: Db, q: string): Promise<BuiltQuery | null> {
  const words = queryWords(q);
  if (words.length === 0) return null;
  const infos = (await analyseWords(db, words)).filter((i) => i.word.length > 0);
  if (infos.length === 0) return null;
  const content = infos.filter((i) => !i.stop);
  const required = content.length > 0 ? content : infos;
  const all = (exact: boolean) =>
    sql`(${sql.join(
      required.map((i) => wordQuery(i, exact)),
      sql` && `,
    )})`;
  return { match: all(false), exact: all(true) };
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

/**
 * One page (PAGE_SIZE = 42) of products matching the query (D12), most relevant first: products
 * whose name matches every word (as typed before by prefix or correction), then exact matches
 * elsewhere, then by ts_rank (name A > brand/category B > description C), then best sellers,
 * then id. Blank text gives no results. Throws UnknownCategoryError for a
 * category slug that names nothing.
 */
export function searchProducts(db: Db, input: SearchInput): Promise<Paged<ProductCardDto>> {
  // Popular searches repeat: memoise like every catalogue read (invalidated with the catalogue).
  const key = `search:${input.lang}:${input.category?.trim() || "all"}:${input.page ?? 1}:${queryWords(input.q ?? "").join(" ")}`;
  return cached(db, key, () => runSearch(db, input));
}

async function runSearch(db: Db, input: SearchInput): Promise<Paged<ProductCardDto>> {
  const slug = input.category?.trim() || "all";
  let categoryIds: number[] | null = null;
  if (slug !== "all") {
    const found = await getCategoryBySlug(db, slug);
    if (!found) throw new UnknownCategoryError(slug);
    categoryIds = [found.category.id, ...found.category.sub_categories.map((s) => s.id)];
  }
  const query = await buildQuery(db, input.q ?? "");
  if (!query) return { results: [], count: 0 };

  const page = Number.isSafeInteger(input.page) && (input.page as number) > 0 ? (input.page as number) : 1;
  // Archived products (issue 12) are never found; selectProductCards keeps them out as well.
  const matches = and(onSale, sql`${products.searchVector} @@ ${query.match}`);
  const where = categoryIds ? and(matches, inArray(products.categoryId, categoryIds)) : matches;

  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(products)
    .where(where);
  const offset = (page - 1) * PAGE_SIZE;
  if (count === 0 || offset >= count) return { results: [], count };

  const results = await selectProductCards(db, input.lang, {
    where,
    // Name hits first (exact words, then prefixes and corrections), then exact hits elsewhere,
    // then ts_rank's weights (name A > brand and category B > description C).
    orderBy: [
      desc(sql`ts_filter(${products.searchVector}, '{a}') @@ ${query.exact}`),
      desc(sql`ts_filter(${products.searchVector}, '{a}') @@ ${query.match}`),
      desc(sql`${products.searchVector} @@ ${query.exact}`),
      desc(sql`ts_rank(${products.searchVector}, ${query.match})`),
      desc(products.sold),
      asc(products.id),
    ],
    limit: PAGE_SIZE,
    offset,
  });
  return { results, count };
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
