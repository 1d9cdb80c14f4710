/**
 * Query analysis for product search: the shopper's text split into concepts (vocabulary.ts), slips
 * corrected against the catalogue's known words (typos.ts), and each word looked up as the search
 * index stores it (unaccented, stop words found).
 */
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { searchTerms } from "~/db/schema/search";
import { onDataChange } from "~/features/cache/changes.server";
import { settingMemo } from "~/features/cache/settings-memo.server";
import { searchVocabulary } from "./synonyms.server";
import { type Lexicon, buildLexicon, correctWord } from "./typos";
import { type Concept, MAX_QUERY_WORDS, normalizedWords, queryConcepts } from "./vocabulary";

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

/**
 * Per-word answers of one database, so that a search asks the database only about words it has
 * not met yet. `catalogue`: the answer depends on the products, so it is dropped with the
 * catalogue's other memoised reads (the one change signal, changes.server.ts) and, like them, after
 * ten seconds (what a missed notification from another process could leave stale); otherwise it
 * depends only on the text search configuration and is kept. At most MAX_MEMO_WORDS words.
 */
function wordMemo<T>(opts: { catalogue: boolean }) {
  const memo = new WeakMap<Db, Map<string, { at: number; value: T }>>();
  if (opts.catalogue) onDataChange((db) => memo.get(db)?.clear());
  return async (db: Db, words: string[], load: (missing: string[]) => Promise<Map<string, T>>) => {
    let known = memo.get(db);
    if (!known) memo.set(db, (known = new Map()));
    const now = Date.now();
    const fresh = (w: string) => {
      const hit = known.get(w);
      return hit !== undefined && (!opts.catalogue || now - hit.at < MEMO_TTL_MS);
    };
    const missing = [...new Set(words.filter((w) => !fresh(w)))];
    if (missing.length > 0) {
      const loaded = await load(missing);
      if (known.size + missing.length > MAX_MEMO_WORDS) known.clear();
      for (const w of missing) if (loaded.has(w)) known.set(w, { at: now, value: loaded.get(w) as T });
    }
    return (w: string) => known.get(w)?.value;
  };
}

const MEMO_TTL_MS = 10_000;
const MAX_MEMO_WORDS = 20_000;

/** Whether some product has the word as it is (in any language's form): never a slip. */
const productHasWord = wordMemo<boolean>({ catalogue: true });
/** How the index stores a word: unaccented, and whether a stemmer drops it as a stop word. */
const indexedForm = wordMemo<WordForm>({ catalogue: false });

/**
 * One word of an alternative as the database unaccents it, whether it is a stop word, and its
 * tsqueries as the database writes them (search-ranking.server.ts combines them): unstemmed,
 * Spanish and English stems (empty for a stop word), and by prefix (null when the word is not of
 * letters and digits alone).
 */
export type WordForm = {
  word: string;
  stop: boolean;
  tsquery: { simple: string; spanish: string; english: string; prefix: string | null };
};

/**
 * Whether a word may match by prefix: two characters or more, letters and digits only (only these
 * reach to_tsquery's syntax: unaccent can turn '¼' into ' 1/4').
 */
const prefixable = (word: string) => word.length >= 2 && /^[\p{L}\p{N}]+$/u.test(word);

/** A concept with its alternatives' words looked up (stop words found, unaccented as the index). */
export type AnalysedConcept = Concept & {
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

export async function analyse(db: Db, q: string): Promise<{ concepts: AnalysedConcept[]; lexicon: Lexicon }> {
  const [vocabulary, lexicon] = await Promise.all([searchVocabulary(db), lexiconMemo.get(db)]);
  // A word some product has as it is (in a description too: 'hielo' is not a slip of 'hilo') is
  // what the shopper meant, never corrected.
  const slips = queryWords(q).filter((w) => !vocabulary.fillers.has(w) && correctWord(w, lexicon));
  const meant = await productHasWord(db, slips, async (missing) => {
    const found = await db.execute(sql`
      SELECT w FROM unnest(${sql.param(missing)}::text[]) AS u(w)
      WHERE EXISTS (SELECT 1 FROM products p WHERE p.search_vector @@ (
        plainto_tsquery('simple', w) || plainto_tsquery('spanish', w) || plainto_tsquery('english', w)))`);
    const has = new Set((found as unknown as { rows: { w: string }[] }).rows.map((r) => r.w));
    return new Map(missing.map((w) => [w, has.has(w)]));
  });
  const concepts = queryConcepts(q, vocabulary, (word) => (meant(word) ? null : correctWord(word, lexicon)));
  const words = [...new Set(concepts.flatMap((c) => c.alternatives.flat()))];
  if (words.length === 0) return { concepts: [], lexicon };
  // Only these words ever reach SQL, as bound parameters; they hold letters and digits only.
  const indexed = await indexedForm(db, words, async (missing) => {
    const result = await db.execute(sql`
      SELECT w AS typed, u.word,
        (length(to_tsvector('spanish', u.word)) = 0 OR length(to_tsvector('english', u.word)) = 0) AS stop,
        plainto_tsquery('simple', u.word)::text AS simple, plainto_tsquery('spanish', u.word)::text AS spanish,
        plainto_tsquery('english', u.word)::text AS english,
        CASE WHEN btrim(u.word) ~ '^[[:alnum:]]+$' THEN to_tsquery('simple', btrim(u.word) || ':*')::text END AS prefix
      FROM unnest(${sql.param(missing)}::text[]) AS t(w), LATERAL (SELECT f_unaccent(w) AS word) u`);
    type Row = { typed: string; word: string; stop: boolean; simple: string; spanish: string; english: string };
    const rows = (result as unknown as { rows: (Row & { prefix: string | null })[] }).rows;
    // The regular expressions of JavaScript and PostgreSQL may disagree on a letter: ask again.
    const unsure = rows.filter((r) => r.prefix === null && prefixable(r.word.trim())).map((r) => r.word.trim());
    const prefixes = new Map<string, string>();
    if (unsure.length > 0) {
      const again = await db.execute(sql`
        SELECT w, to_tsquery('simple', w || ':*')::text AS prefix FROM unnest(${sql.param(unsure)}::text[]) AS t(w)`);
      for (const r of (again as unknown as { rows: { w: string; prefix: string }[] }).rows) prefixes.set(r.w, r.prefix);
    }
    return new Map(
      rows.map(({ typed, word, stop, prefix, ...stems }) => {
        const trimmed = word.trim();
        const byPrefix = prefixable(trimmed) ? (prefix ?? prefixes.get(trimmed) ?? null) : null;
        return [typed, { word: trimmed, stop, tsquery: { ...stems, prefix: byPrefix } }];
      }),
    );
  });
  const analysed = concepts
    .map((concept) => {
      const forms = concept.alternatives
        .map((alternative) => {
          const all = alternative.flatMap((w) => indexed(w) ?? []).filter((f) => f.word);
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
