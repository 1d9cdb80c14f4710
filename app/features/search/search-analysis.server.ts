/**
 * Query analysis for product search: the shopper's text split into concepts (vocabulary.ts), slips
 * corrected against the catalogue's known words (typos.ts), and each word looked up as the search
 * index stores it (unaccented, stop words found).
 */
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { searchTerms } from "~/db/schema/search";
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

/** One word of an alternative as the database unaccents it, and whether it is a stop word. */
export type WordForm = { word: string; stop: boolean };

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
