/**
 * The SQL of a product search's matching and ranking: each concept's tsquery in the forms the
 * tests need, and the score that orders the matches (scoreSql).
 */
import { type SQL, sql } from "drizzle-orm";
import { products } from "~/db/schema/catalog";
import type { AnalysedConcept, WordForm } from "./search-analysis.server";

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

/**
 * tsqueries joined as PostgreSQL's `||` (op `|`) or `&&` (`&`) joins them, left to right: an empty
 * one (a stop word's stem) drops out, and none at all is the empty query.
 */
function joinQueries(parts: string[], op: "|" | "&"): string {
  const kept = parts.filter((p) => p !== "");
  return kept.length === 1 ? kept[0] : kept.map((p) => `( ${p} )`).join(` ${op} `);
}

/** The tsquery of one word: its unstemmed, Spanish and English forms, and maybe a prefix. */
function wordQuery(form: WordForm, stemmed: boolean, prefix: boolean): string {
  const { simple, spanish, english } = form.tsquery;
  const parts = [simple];
  if (stemmed && !form.stop) parts.push(spanish, english);
  // 'caf' finds 'café' and 'cafetera' (decision “Search forgives the way people type”: short words match exactly or by prefix). A stop word
  // gets no prefix, or 'té' would bring every 'televisor'.
  if (prefix && !form.stop && form.tsquery.prefix !== null) parts.push(form.tsquery.prefix);
  return joinQueries(parts, "|");
}

/**
 * A concept's tsquery: any alternative, each alternative every one of its words. Built from the
 * words' tsqueries (search-analysis.server.ts) and sent as one bound value: a short statement that
 * PostgreSQL plans quickly, the same query as the text search functions would build in SQL.
 */
export function conceptQuery(concept: AnalysedConcept, mode: Mode, weights?: "A" | "AB"): SQL {
  const corrected = concept.corrected ? 1 : 0;
  const alternatives = concept.forms.filter((_, i) =>
    mode === "typed" ? i <= corrected : mode !== "exact" || !corrected || i !== 1,
  );
  const query = joinQueries(
    alternatives.map((words, i) => {
      const typed = i === 0;
      const stemmed = mode !== "simple" && mode !== "typed";
      return joinQueries(
        words.map((w) => wordQuery(w, stemmed, mode === "match" && typed)),
        "&",
      );
    }),
    "|",
  );
  return sql`${weights ? weighted(query, weights) : query}::tsquery`;
}

/**
 * The query restricted to lexemes of these weights (`'tv':*` → `'tv':*AB`): what
 * `ts_filter(search_vector, '{a,b}') @@ query` tests, without building the filtered vector of
 * every row (every lexeme of the index has positions, so the two agree). A lexeme is written
 * quoted, with `'` and `\` doubled.
 */
function weighted(query: string, weights: "A" | "AB"): string {
  return query.replace(/'(?:[^'\\]|''|\\.)*'(:\*)?/g, (operand, prefix?: string) =>
    prefix ? `${operand}${weights}` : `${operand}:${weights}`,
  );
}

export const both = (a: SQL, b: SQL) => sql`((${a}) && (${b}))`;

// ---------------------------------------------------------------------------------------------
// Ranking

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
export function scoreSql(concepts: AnalysedConcept[], everyMatches: boolean): SQL {
  const parts = concepts.map((c) => {
    const bonus = sql`(CASE WHEN ${products.headVector} @@ ${conceptQuery(c, "stemmed")} THEN 16 ELSE 0 END)
      + (CASE WHEN ${products.nameWordsVector} @@ ${conceptQuery(c, "typed")} THEN 8 ELSE 0 END)
      + (CASE WHEN ${products.nameWordsVector} @@ ${conceptQuery(c, "simple")} THEN 4 ELSE 0 END)
      + (CASE WHEN ${products.searchVector} @@ ${conceptQuery(c, "match", "A")} THEN 2 ELSE 0 END)
      + (CASE WHEN ${products.searchVector} @@ ${conceptQuery(c, "exact")} THEN 1 ELSE 0 END)`;
    // When the search selects only products that match every concept, the test is known true.
    return everyMatches
      ? sql`(1000 + ${bonus})`
      : sql`(CASE WHEN ${products.searchVector} @@ ${conceptQuery(c, "match")} THEN 1000 + ${bonus} ELSE 0 END)`;
  });
  return sql`(${sql.join(parts, sql` + `)})`;
}
