/**
 * Products asked in the way a clause is said rather than by its keywords: a price asked in a
 * currency ('how much is the Gallo rice in pesos cubanos?'), an ask said after the thing ('tylenol
 * for my grandma, u have it?'), and the words that ask for a product at all. Pure; intents.ts reads
 * the clauses first.
 */
import { type Clause, TOPICAL_SCORE } from "./analysis";
import { type Keyword, type Vocabulary as Known, findKeyword } from "./text";
import { SINGLE_TOPIC_KEYWORDS } from "./known-words";
import { VOCABULARY as V } from "./vocabulary";

/** Words that ask for a product, its price, the cheapest or the biggest. */
const ASKING: readonly Keyword[] = [
  ...V.productCues.cheap,
  ...V.productCues.biggest,
  ...V.productCues.ask,
  ...V.productCues.price,
];

/** Whether the words ask for a product ('tienen', 'cuánto vale', 'el más barato'). */
export const asksForProduct = (words: readonly string[], known: Known) =>
  ASKING.some((k) => findKeyword(words, k, known).length > 0);

const ONE_WORD_KEYWORDS: readonly string[] = SINGLE_TOPIC_KEYWORDS.filter((k) => /^\p{L}+\*?$/u.test(k));
/** Whether the word is, by itself, a topic's keyword ('phone', 'telefono*'). */
export const isOneWordKeyword = (w: string) =>
  ONE_WORD_KEYWORDS.some((k) => (k.endsWith("*") ? w.startsWith(k.slice(0, -1)) : w === k));

/**
 * 'how much is the Gallo rice in pesos cubanos?': a price asked of a product the catalogue names,
 * in a currency, asks for the product (its price is given in USD and CUP), not the exchange rate.
 */
export function pricedInCurrency(clause: Clause, known: Known, catalogueWords: ReadonlySet<string>): Clause {
  const rateOnly = clause.best.length === 1 && clause.best[0] === "rate";
  if (!rateOnly || !V.productCues.price.some((k) => findKeyword(clause.words, k, known).length > 0)) return clause;
  if (!clause.leftover.some((w) => catalogueWords.has(w) && !/^\d+$/.test(w))) return clause;
  return { ...clause, scores: {}, best: [], bestScore: 0, productCue: true };
}

/** 'tylenol for my grandma, u have it?': an ask with nothing of its own asks for the thing just named. */
export function askedAfter(clauses: Clause[]): Clause[] {
  return clauses.map((c, i) => {
    const next = clauses[i + 1];
    const bare = next && next.productCue && next.leftover.length === 0 && next.bestScore < TOPICAL_SCORE;
    return bare && !c.productCue && c.bestScore < TOPICAL_SCORE && c.leftover.length > 0
      ? { ...c, productCue: true }
      : c;
  });
}
