/**
 * The search index (decision “Search forgives the way people type”): what a search matches and ranks by, computed once per product
 * when the catalogue changes rather than per matching row at query time. `products.search_vector`
 * is the weighted document a search matches; `head_vector` (the product's kind) and
 * `name_words_vector` (the names' own words, unstemmed) are what the ranking compares
 * (search.server.ts, scoreSql); `search_terms` is the typo vocabulary. All are maintained by
 * `refreshSearchIndex` and `indexProducts`, which every catalogue write (seed, operator edits) calls.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { invalidateCatalog } from "~/features/catalog/catalog-cache.server";
import { isRowId } from "~/utils/ids";
import { MAX_TYPO_WORD_LENGTH } from "./typos";

/**
 * The weighted document of one product (joined as `p`, its category `c`, the category's parent
 * `pc`): name A, brand and category names B, description and features C, in Spanish and English
 * stemmed forms, plus a 'simple' (unstemmed) copy of names, brand and category names. The simple
 * copy is what finds 'té' (unaccented 'te' is a Spanish stop word) and brand names the stemmers
 * would mangle. Everything is lower-cased and unaccented first, as the query side is (decision “Search forgives the way people type”).
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

/** The names' own words, unstemmed (an exact word beats a plural or stem of another). */
const nameWordsSql = sql`to_tsvector('simple', f_unaccent(lower(p.name || ' ' || coalesce(p.name_en, ''))))`;

/**
 * The head of each name, the product's kind. Spanish names start with it: the Spanish name up to
 * its first preposition or number ('Atún en aceite Calvo' → 'atún', 'Pasta dental Colgate 100 ml'
 * → 'pasta dental colgate'). English names end with it: the last word before a preposition, leaving out sizes, models
 * and units ('Calvo Tuna in Oil 160 g' → 'tuna', 'Spigen Protective Phone Case' → 'case').
 * A word after it is packaging, an ingredient or a use, weaker than the kind. Stored unstemmed and
 * stemmed in both languages. Migration 0009 filled existing rows with this same expression.
 */
const spanishHead = sql`regexp_replace(regexp_replace(f_unaccent(lower(p.name)),
    '\\m(de|del|en|con|para|sin|por|y|e|o|a)\\M.*$', ''), '\\S*[0-9].*$', '')`;
const englishHead = sql`coalesce(substring(regexp_replace(regexp_replace(regexp_replace(
    f_unaccent(lower(coalesce(p.name_en, ''))),
    '\\m(in|with|for|of|and|without|or|to)\\M.*$', ''),
    '\\S*[0-9]\\S*', ' ', 'g'),
    '\\m(gb|tb|mb|kg|g|mg|mcg|ml|l|w|kw|wh|btu|cm|mm|count|pack|rolls|x)\\M', ' ', 'g')
  from '(\\S+)\\s*$'), '')`;
const headText = sql`${spanishHead} || ' ' || ${englishHead}`;
const headSql = sql`(to_tsvector('simple', ${headText}) || to_tsvector('spanish', ${headText}) || to_tsvector('english', ${headText}))`;

/** Sets every vector of the products `where` selects (joined as `p`, `c`, `pc`). */
const reindexSql = (where?: SQL) => sql`
  UPDATE products p
  SET search_vector = ${documentSql}, head_vector = ${headSql}, name_words_vector = ${nameWordsSql}
  FROM categories c LEFT JOIN categories pc ON pc.id = c.parent_id
  WHERE c.id = p.category_id${where ? sql` AND ${where}` : sql``}`;

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
 * Rebuilds the products' vectors and the typo vocabulary (`search_terms`) (decision “Search forgives the way people type”).
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
    await tx.execute(reindexSql());
    await tx.execute(sql`DELETE FROM search_terms`);
    // Words only archived products hold leave the vocabulary on a rebuild.
    await tx.execute(vocabularySql(sql`p.archived_at IS NULL`));
  });
  invalidateCatalog(db);
}

/**
 * Reindexes these products and adds their words to the typo vocabulary, on the handle given: pass
 * a transaction (`tx as unknown as Db`) to index a product in the same transaction that saves it
 * (the back office). The caller invalidates the catalogue cache after commit.
 */
export async function indexProducts(db: Db, productIds: number[]): Promise<void> {
  const ids = [...new Set(productIds.filter(isRowId))];
  if (ids.length === 0) return;
  const idList = sql`p.id = ANY(${sql.param(ids)}::int[])`;
  await db.execute(reindexSql(idList));
  await db.execute(vocabularySql(idList));
}
